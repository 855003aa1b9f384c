"""Words cut from inside a sentence, the rest of it kept: a sentence ended at the words
quoted ("end the sentence about the umbrella at 'convenience store'", "cut everything after
'four hours'", "just stop it at 'into my shoes'"), words quoted taken out of a sentence
named ("drop 'at half past six' from the tractor sentence", "remove the 'X' at the start
of the second sentence"); the sentence's other words stay, tidied (a capital where the
sentence now opens, no space before its stop). A part described inside a sentence, its
other words to stay ("lose the bit about the baby but keep the rest of that sentence"), is
asked about: the sentence is never deleted whole."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from draftguard.edits._plan import ReplaceOp
from draftguard.understanding._asking import ask
from draftguard.understanding._placing import op_slots, place_phrase

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause
    from draftguard.understanding._locate import PostView, Span
    from draftguard.understanding._types import Interpretation

__all__ = ["cut_inside"]

_STOPS = ".!?"
#: Asked when a part inside a sentence is described, not quoted.
_WHICH_WORDS = ("Which words of that sentence should I cut? Quote them, and I'll keep the "
                "rest of it.")


def cut_inside(turn: Turn, clause: Clause) -> list[Interpretation] | None:
    """The cut inside a sentence `clause` asks for, a question, [] for a clause whose part
    another clause of the message cuts short ("cut the part about X, just stop it at
    'Y'"), else None."""
    view = turn.view
    if view is None:
        return None
    quotes = [t for t in clause.tokens if turn.quote(t) is not None]
    end = _ended_at(turn, clause.tokens)
    if end is not None:
        if any(_shortened(view, h.text, end) == [] for h in view.occurrences(end)):
            return None  # nothing after the words, or no sentence holds them
        return [place_phrase(view, end, lambda a: _shortened(view, a, end))]
    if clause.head_concept != "action.delete":
        return None
    if not quotes:
        if _ended_at(turn, list(turn.doc)) is not None:
            return []  # the part the message then ends at its words
        return [ask(_WHICH_WORDS)] if _rest_kept(turn, clause) else None
    named = any(turn.is_(t, "part.sentence") for t in turn.doc)
    said = turn.quote(quotes[0]) or ""
    if len(quotes) != 1 or not named or not view.occurrences(said) or any(
            s.text.strip() == said.strip() for s in view.sentences) or _describes(
                turn, clause, quotes[0]):
        return None
    if any(_without(view, h.text, said) == [] for h in view.occurrences(said)) or (
            quotes[0].i + 1 < len(turn.doc) and turn.is_(turn.doc[quotes[0].i + 1], "part.")
            and not turn.is_(turn.doc[quotes[0].i + 1], "part.sentence")):
        return None  # ("in the 'X' section, ...": a heading names a part, no words cut)
    return [place_phrase(view, said, lambda a: _without(view, a, said))]


def _ended_at(turn: Turn, tokens: list[Token]) -> str | None:
    """The words quoted that a sentence is to end at: after a verb that ends ("end it at
    'X'", "stop it at 'X'") or after the rest removed ("cut everything after 'X'")."""
    for n, token in enumerate(tokens):
        ends = token.pos_ == "VERB" and any(turn.is_(token, c) for c in (
            "position.last", "cut.short", "edge.close"))
        rest = turn.is_(token, "cut.rest") and any(
            turn.is_(t, "action.delete") for t in tokens[:n])
        if not (ends or rest):
            continue
        later = tokens[n + 1:]
        for m, t in enumerate(later[1:], 1):
            said = turn.quote(t)
            if said is not None and (turn.is_(later[m - 1], "relation.after") or (
                    ends and later[m - 1].lower_ == "at")):
                return said
    return None


def _describes(turn: Turn, clause: Clause, quote: Token) -> bool:
    """Whether `quote` says which sentence is meant ("the sentence that starts with 'X'",
    "the line with 'X' in it"): a sentence's noun after the verb and before it, a verb, a
    preposition or a relative word between them."""
    verb = clause.head.i if clause.head is not None else -1
    before = [t for t in clause.tokens if verb < t.i < quote.i]
    nouns = [n for n, t in enumerate(before) if turn.is_(t, "part.sentence")]
    return bool(nouns) and any(t.pos_ in ("VERB", "AUX", "ADP", "PRON") or t.tag_ == "WDT"
                               for t in before[nouns[0] + 1:])


def _rest_kept(turn: Turn, clause: Clause) -> bool:
    """Whether the message keeps the rest of a sentence ("but keep the rest of that
    sentence"), or names a part at a sentence's edge ("the bit about X at the end of the
    shoes sentence")."""
    doc = turn.doc
    kept = any(turn.is_(t, "action.keep") and any(turn.is_(c, "cut.rest")
                                                   for c in t.subtree) for t in doc)
    edge = any((turn.is_(t, "position.last") or turn.is_(t, "position.first")) and
               t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "of" and any(
                   turn.is_(s, "part.sentence") for s in doc[t.i + 2:t.i + 8])
               for t in clause.tokens)
    return kept or edge


def _at(view: PostView, anchor: str, said: str) -> tuple[int, int, Span] | None:
    """Where the words `said` stand inside `anchor` in the post, and their sentence."""
    start = view.text.find(anchor)
    at = anchor.casefold().find(said.casefold())
    if start < 0 or at < 0:
        return None
    begin = start + at
    sentence = next((s for s in view.sentences if s.start <= begin < s.end and
                     not s.text.lstrip().startswith("#")), None)
    return (begin, begin + len(said), sentence) if sentence is not None else None


def _shortened(view: PostView, anchor: str, said: str) -> list[dict[str, Any]]:
    """The sentence holding `said` ended right after it, with its own stop."""
    found = _at(view, anchor, said)
    if found is None:
        return []
    begin, end, sentence = found
    tail = view.text[begin:sentence.end].rstrip()
    stop = tail[-1] if tail[-1:] in _STOPS else "."
    kept = view.text[begin:end].rstrip(" ,;:")
    return [op_slots(ReplaceOp(anchor=tail, text=kept + stop))] if tail != kept + stop else []


def _without(view: PostView, anchor: str, said: str) -> list[dict[str, Any]]:
    """The words around `said` (a word either side, or the sentence's edge) without it,
    tidied."""
    found = _at(view, anchor, said)
    if found is None:
        return []
    begin, end, sentence = found
    left = view.text.rfind(" ", sentence.start, max(begin - 1, sentence.start))
    left = sentence.start if left < 0 or begin == sentence.start else left + 1
    right = view.text.find(" ", end + 1, sentence.end)
    right = sentence.end if right < 0 else right
    around = view.text[left:right].rstrip()
    kept = (view.text[left:begin] + view.text[end:right]).strip()
    kept = " ".join(kept.split())
    for mark in ",;:" + _STOPS:
        kept = kept.replace(f" {mark}", mark)
    kept = kept.replace(",.", ".").lstrip(",; ")
    if begin == sentence.start and kept:
        kept = kept[0].upper() + kept[1:]
    return [op_slots(ReplaceOp(anchor=around, text=kept))] if kept.strip(_STOPS) else []

"""An answer to the reader's own question, read against the readings it offered (memory).

The question quoted its candidates ("Which sentence do you mean: 1. “...”; 2. “...”?"); the
author answers by what one of them says ("the one w the suitcase"), where it stands ("only
the one outside the library, in the last section"), or with all of them ("both of them").
Each candidate is known by the post's sentence around its words; the answer picks the one it
places or is clearly most like, else nothing is picked and the reader reads the message
afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blogger.reading_places import Place, find_place
from draftguard.edits._plan import DeleteOp, ReplaceOp
from draftguard.language import similarities
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause
from draftguard.understanding._placing import edit_request, op_slots
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._locate import PostView, Span

__all__ = ["discussed", "picked"]

#: The longest answer read as a choice among the offered readings (more is a new message).
MAX_ANSWER_WORDS = 12
#: The cosine the answer must reach with the candidate it picks ("the price one": 0.22
#: with the sentence about the dear tin, 0.06 with the other).
DEFAULT_PICK_SIMILARITY = 0.2
#: How far ahead of the next candidate the picked one must be.
DEFAULT_PICK_MARGIN = 0.08
#: Words that only point at a candidate ("the one with ..."), not what it says.
#: The offered reading each ordinal picks.
_ORDINALS = {"position.first": 0, "position.second": 1, "position.third": 2,
             "position.fourth": 3, "position.fifth": 4, "position.penultimate": -2,
             "position.last": -1}
_WHICH_AGAIN = "Which one do you mean? Say its number in my list, or quote a few of its words."
_NONE_THERE = ("None of the places I listed is in that part. Quote a few words around the "
               "one you mean.")
_POINTING = frozenset({"one", "w", "w/", "with", "only", "just", "that", "bit", "where",
                       "which", "about", "mean", "meant", "i"})


def picked(turn: Turn, *, min_similarity: float = DEFAULT_PICK_SIMILARITY,
           margin: float = DEFAULT_PICK_MARGIN) -> Interpretation | None:
    """The offered reading the answer in `turn` picks, all of them merged ("both of them"),
    else None (no question pending, or the message is a request of its own); an answer
    that only points ("the one in the heading") and picks none is asked about again,
    never read afresh as a request."""
    offered = _offered(turn.memory.candidates)
    words = [t for t in turn.doc if not t.is_punct and not turn.is_(t, "discourse.")]
    if len(offered) < 2 or not words or len(words) > MAX_ANSWER_WORDS or any(
            turn.quote(t) or (turn.is_(t, "action.") and t.pos_ != "NOUN")
            for t in turn.doc):
        return None
    found = _picked(turn, offered, words, min_similarity=min_similarity, margin=margin)
    if found is None and words[0].lower_ in ("the", "that") and len(words) > 1 and \
            words[1].lower_ == "one":
        return ask(_WHICH_AGAIN)
    return found


def _picked(turn: Turn, offered: list[Interpretation], words: list[Token], *,
            min_similarity: float, margin: float) -> Interpretation | None:
    if all(turn.is_(t, "answer.all") or turn.is_(t, "relation.everywhere") or t.lower_ in (
            "of", "them", "the") for t in words):
        return _merged(offered)  # "both of them", "all three"
    view = turn.view
    if view is None or any(c.intent is not Intent.EDIT for c in offered):
        return None
    spans = {i: span for i, c in enumerate(offered) if (span := _context(view, c)) is not None}
    place, said = _place_said(turn, _kept(turn, words))
    region = place.region if place is not None else None
    inside = [i for i, span in spans.items() if region is not None and
              region.start <= span.start and span.end <= region.end]
    if region is not None and spans and not inside:
        return ask(_NONE_THERE)  # "the one in the list": none offered stands there
    # the place narrows the candidates when it holds some ("in the last section" may name
    # a heading's part or the last paragraph); the words said decide among the rest
    kept = inside or list(spans)
    ordinal = _ordinal(turn, said, len(offered))  # "the second, the one about X"
    described = [t for t in said if t.lower_ not in _POINTING and not t.is_stop and
                 not turn.is_(t, "position.")]
    if not described:
        if ordinal is not None:
            return offered[ordinal]
        return offered[inside[0]] if len(inside) == 1 else None
    found = _by_words(turn, view, spans, kept, described, min_similarity=min_similarity,
                      margin=margin)
    if ordinal is not None and found not in (None, ordinal):
        return None  # the number and the words point at two
    chosen = ordinal if ordinal is not None else found
    return offered[chosen] if chosen is not None else None


def _by_words(turn: Turn, view: PostView, spans: dict[int, Span], kept: list[int],
              described: list[Token], *, min_similarity: float, margin: float) -> int | None:
    """The candidate whose sentence alone holds the words `described`, else the one clearly
    most like them (`min_similarity`, ahead by `margin`), else None."""
    named = [i for i in kept if all(view.occurrences(t.text, spans[i]) for t in described)]
    if len(named) == 1:
        return named[0]  # "the one w the suitcase": its words stand in one only
    scores: list[float] = list(similarities(turn.words(described),
                                            [spans[i].text for i in kept])) if kept else []
    ranked = sorted(zip(scores, kept, strict=True), reverse=True)
    if not ranked or ranked[0][0] < min_similarity or (
            len(ranked) > 1 and ranked[0][0] - ranked[1][0] < margin):
        return None
    return ranked[0][1]


def _kept(turn: Turn, words: list[Token]) -> list[Token]:
    """The answer without the one it turns down ("the one under X, not the painting one")."""
    cut = next((n for n, t in enumerate(words) if n > 0 and t.dep_ == "neg"), None)
    return words[:cut] if cut is not None else words


def _ordinal(turn: Turn, said: list[Token], count: int) -> int | None:
    """The offered reading an ordinal in the answer picks ("the second", "2nd one", "the
    last"), else None."""
    found = {_ORDINALS[c] for t in said if (c := turn.concept(t) or "") in _ORDINALS}
    if len(found) != 1:
        return None
    index = found.pop()
    return index % count if -count <= index < count else None


def _offered(candidates: tuple[dict[str, Any], ...]) -> list[Interpretation]:
    try:
        return [Interpretation.model_validate(c) for c in candidates]
    except ValueError:
        return []  # a memory that no longer reads: start afresh


def _place_said(turn: Turn, words: list[Token]) -> tuple[Place | None, list[Token]]:
    """The part of the post the answer names ("in the last section"), and its other words."""
    at = next((n for n, t in enumerate(words) if turn.is_(t, "relation.scope") or
               turn.is_(t, "relation.after")), None)  # "in the X section", "under X"
    if at is None:
        return None, words
    clause = Clause(list(turn.doc), turn.lexicon.terms(turn.doc, typos=False))
    place = find_place(turn, clause, words[at + 1:])
    return (place, words[:at]) if place is not None else (None, words)


def _context(view: PostView, candidate: Interpretation) -> Span | None:
    """The post's sentence holding the candidate's first anchor (the anchor, when longer)."""
    ops = candidate.slots.get("ops")
    if not isinstance(ops, list) or not ops or not isinstance(ops[0], dict):
        return None
    found = view.occurrences(str(ops[0].get("anchor", "")))
    if len(found) != 1:
        return None
    sentence = next((s for s in view.sentences if s.start <= found[0].start < s.end), None)
    if sentence is None:
        return found[0]
    return view.span(min(found[0].start, sentence.start), max(found[0].end, sentence.end))


def _merged(offered: list[Interpretation]) -> Interpretation | None:
    """Every offered edit at once ("both of them"), else None (not all edits)."""
    if any(c.intent is not Intent.EDIT or not isinstance(c.slots.get("ops"), list)
           for c in offered):
        return None
    ops = [op for c in offered for op in c.slots["ops"]]
    slots: dict[str, Any] = {"ops": ops}
    # every place the author asked for, as "everywhere" is: the one-paragraph rule and the
    # small line budget of a single edit do not apply
    slots["scope"] = "multi-paragraph"
    if any(c.slots.get("allow_heading_changes") for c in offered):
        slots["allow_heading_changes"] = True
    return Interpretation(intent=Intent.EDIT, slots=slots)


def discussed(turn: Turn, place: Place | None,
              new: str | None = None) -> list[Interpretation] | None:
    """The sentence the app last quoted in answer to a question, deleted (or replaced by
    `new`), when the author points back at it ("bin it then", "cut that sentence") and it
    still stands once in the post; else None."""
    said, view = turn.memory.discussed, turn.view
    if said is None or view is None or place is not None or len(view.occurrences(said)) != 1:
        return None
    op = DeleteOp(anchor=said) if new is None else ReplaceOp(anchor=said, text=new)
    return [edit_request([op_slots(op)])]


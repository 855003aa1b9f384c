"""A correction stated as a fact, the old value denied, with no edit verb or a vague one:
"Margit brought me honey, not eggs!", "it was Dave who made dumplings, not Tom", "we climbed
it at sunset not at sunrise", "not garlic, it was onions I planted", "the box is now a
bookend. not a doorstop".

The old words are those after "not" (their article or possessive aside); the new ones the
words said in their stead before it: as many, from the same leading word when the old ones
have one ("at sunset not at sunrise", "from a kiosk, not from a shop"), the words a cleft
puts first ("it was Dave who ..."), after "it was" when the denial comes first, else the
word of the old one's kind nearest to it in meaning that the post's sentence does not hold
already. The old words' one place in the post is changed, the post's words around them
kept; where they stand several times, the place whose sentence holds the other words the
message said ("made dumplings") is the one; several such places are asked about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blogger.reading_clefts import cleft_focus
from blogger.reading_said_short import kind_of
from blogger.reading_stated import stated_number
from draftguard.edits._plan import ReplaceOp
from draftguard.language import similarity
from draftguard.understanding._placing import edit_request, op_slots, place_phrase

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._locate import PostView, Span
    from draftguard.understanding._types import Interpretation

__all__ = ["stated_change", "stated_fact", "with_fact"]

#: Words that only point at the old or new words ("not her aunt", "not the first").
_POINTING = ("DET", "PRON")
#: Words a phrase may lead with that the old and new words share ("at", "from", "so").
_LEADING = ("ADP", "ADV")


def stated_fact(turn: Turn) -> list[Interpretation] | None:
    """The post's denied words replaced by those the message states, else None."""
    view = turn.view
    doc = turn.doc
    if view is None or any(turn.quote(t) for t in doc):
        return None
    for i, token in enumerate(doc):
        if token.lower_ != "not":
            continue
        old = _phrase(turn, list(doc[i + 1:]))
        if not old:
            continue
        first = all(t.is_punct or turn.is_(t, "discourse.") for t in doc[token.sent.start:i])
        new = (_affirmed_after(turn, list(doc[i + 1 + len(old):])) if first else []) or \
            _said_before(turn, list(doc[:i]), old, view)
        if new:
            return _replaced(turn, view, old, new, i)
    return None


def stated_change(turn: Turn) -> Interpretation | None:
    """What the author states in place of the post's words with no edit verb: a number
    ("she's 39 now") or a denied phrase ("honey, not eggs"), else None."""
    return stated_number(turn) or next(iter(stated_fact(turn) or []), None)


def with_fact(turn: Turn, found: list[Interpretation] | None, said: list[Token]
              ) -> list[Interpretation] | None:
    """`found` (another frame's reading of "X, not Y"), or the fact stated, when `found`
    is nothing or a question, or when the old words lead with a word said before "not" too
    ("from a kiosk, not from a shop": the new words from that word)."""
    if not any(t.lower_ == "not" for t in said) or (
            found is not None and not any(r.question for r in found) and not _parallel(turn)):
        return found  # (the clause `said` holds the denial)
    fact = stated_fact(turn)
    return fact if fact and not any(r.question for r in fact) else found or fact


def _parallel(turn: Turn) -> bool:
    """Whether the words after "not" lead with a preposition or an adverb said before it
    ("at sunset not at sunrise")."""
    doc = turn.doc
    return any(t.lower_ == "not" and t.i + 2 < len(doc) and doc[t.i + 1].pos_ in _LEADING
               and any(b.lower_ == doc[t.i + 1].lower_ for b in doc[:t.i]) for t in doc)


def _phrase(turn: Turn, after: list[Token]) -> list[Token]:
    """The words after "not" up to a mark or a request's words."""
    out: list[Token] = []
    for t in after:
        if t.is_punct or (turn.is_(t, "discourse.") and not (
                turn.is_(t, "discourse.filler") and t.dep_ == "advmod")) or t.pos_ in (
                "VERB", "AUX", "CCONJ", "SCONJ") or (out and t.pos_ == "PRON"):
            break
        out.append(t)
    return out


def _core(words: list[Token], view: PostView | None = None) -> list[Token]:
    """`words` without the word that leads them ("at", "from", "so"), and without the word
    pointing at them ("her", "the") when the post does not hold them with it ("not her
    aunt": "aunt"); an indefinite article stays ("not a cousin" is no "second cousin")."""
    out = list(words)
    while len(out) > 1 and out[0].pos_ in _LEADING:
        out = out[1:]
    if len(out) > 1 and out[0].pos_ in _POINTING and out[0].lower_ not in ("a", "an") and (
            view is None or not view.occurrences(" ".join(t.text for t in out))):
        out = out[1:]
    return out


def _affirmed_after(turn: Turn, rest: list[Token]) -> list[Token]:
    """"not garlic, it was onions I planted": the words after "it was"."""
    words = [t for t in rest if not t.is_punct]
    if len(words) < 3 or words[0].lower_ not in ("it", "that") or words[1].lemma_ != "be":
        return []
    return _phrase(turn, words[2:])[:3]


def _said_before(turn: Turn, before: list[Token], old: list[Token],
                 view: PostView) -> list[Token]:
    """The words said in the old ones' stead, before "not"."""
    said = [t for t in before if not turn.is_(t, "discourse.")]
    while said and said[-1].is_punct:
        said.pop()
    lead = old[0] if old[0].pos_ in _LEADING and len(old) > 1 else None
    if lead is not None:  # "at sunset not at sunrise": from the same leading word
        at = max((n for n, t in enumerate(said) if t.lower_ == lead.lower_), default=None)
        if at is not None:
            return [t for t in said[at:at + len(old)] if not t.is_punct] if not any(
                t.is_punct for t in said[at:at + len(old)]) else said[at:]
    focus = cleft_focus(said, _core(old)) or _cleft(said)
    if focus:
        return focus
    core = [t for t in _core(old) if t.pos_ not in _POINTING]
    if len(core) != 1:
        return []
    held = _sentence_words(view, turn.words(core))
    kin = [t for t in said if kind_of(t) == kind_of(core[0]) and t.lower_ not in held and
           t.pos_ not in _POINTING]
    if len(kin) <= 1:
        return kin
    scores = [similarity(t.text, core[0].text) for t in kin]
    return [kin[max(range(len(kin)), key=lambda n: scores[n])]]


def _cleft(said: list[Token]) -> list[Token]:
    """"it was Ruth who made the soup": the words between "it was" and "who" or "that"."""
    words = [t for t in said if not t.is_punct]
    if len(words) < 4 or words[0].lower_ != "it" or words[1].lemma_ != "be":
        return []
    end = next((n for n, t in enumerate(words) if t.tag_ in ("WP", "WDT")), None)
    return words[2:end] if end is not None and 2 < end <= 5 else []


def _sentence_words(view: PostView, words: str) -> set[str]:
    """The words of the post's sentences that hold `words`."""
    spans = view.occurrences(words)
    return {w.strip(".,;:!?\"'").casefold() for s in view.sentences
            if any(s.start <= h.start < s.end for h in spans) for w in s.text.split()}


def _replaced(turn: Turn, view: PostView, old: list[Token], new: list[Token],
              at: int) -> list[Interpretation] | None:
    """The old words' place in the post changed to the new ones."""
    old_core, new_core = _core(old, view), _core(new)
    if len(new_core) > 1 and new_core[0].pos_ in _POINTING and old_core[0].pos_ not in \
            _POINTING:
        new_core = new_core[1:]  # ("her uncle" for "aunt")
    if len(old_core) > 1 and old_core[0].pos_ in _POINTING and new_core[0].pos_ not in \
            _POINTING and view.occurrences(turn.words(old_core)):
        old_core = old_core[1:]  # ("bookend" for "a doorstop", "fifth" for "the fourth")
    old_words, new_words = turn.words(old_core), turn.words(new_core)
    if not old_words or not new_words or old_words.casefold() == new_words.casefold():
        return None
    hits = view.occurrences(old_words)
    if not hits:
        return None
    several = len(hits) > 1
    if several:
        hits = _by_context(turn, view, hits, {t.i for t in (*old, *new)} | {at})
    if len(hits) != 1:
        return [_asked(turn, view, old_words, new_words)]
    if not several and view.occurrences(new_words, _sentence_of(view, hits[0])):
        return None  # the new words stand there already: no correction of that place
    anchor = view.unique_anchor(hits[0]).text
    return [edit_request(_made(anchor, old_words, new_words))]


def _made(anchor: str, old: str, new: str) -> list[dict[str, Any]]:
    at = anchor.casefold().find(old.casefold())
    return [op_slots(ReplaceOp(anchor=anchor, text=anchor[:at] + new +
                               anchor[at + len(old):]))]


def _sentence_of(view: PostView, hit: Span) -> Span | None:
    return next((s for s in view.sentences if s.start <= hit.start < s.end), None)


def _by_context(turn: Turn, view: PostView, hits: list[Span], skip: set[int]) -> list[Span]:
    """The places whose sentence holds most of the other words the message said (only
    those, when some do)."""
    said = {t.lemma_.casefold() for t in turn.doc if t.i not in skip and t.is_alpha and
            not t.is_stop and not turn.is_(t, "discourse.") and not turn.is_(t, "action.")}
    said |= {t.text.casefold() for t in turn.doc if t.i not in skip and t.is_alpha and
             not t.is_stop}
    scores = []
    for hit in hits:
        sentence = _sentence_of(view, hit)
        words = {w.strip(".,;:!?\"'").casefold() for w in (sentence.text if sentence else
                                                            "").split()}
        scores.append(len(said & words))
    best = max(scores)
    return [h for h, s in zip(hits, scores, strict=True) if s == best] if best else hits


def _asked(turn: Turn, view: PostView, old: str, new: str) -> Interpretation:
    """One question quoting the places the old words stand, grown by the word after them
    the message said too ("the first" said of a year: "first year")."""
    said = {t.lower_ for t in turn.doc}
    grown = {view.text[h.end:].split(maxsplit=1)[0].strip(".,;:!?").casefold()
             for h in view.occurrences(old) if view.text[h.end:].split()}
    words = old
    more = [w for w in grown if w in said]
    if len(more) == 1:
        words = f"{old} {more[0]}"
        new = f"{new} {more[0]}"

    def make(anchor: str) -> list[dict[str, Any]]:
        return _made(anchor, words, new)
    return place_phrase(view, words, make)

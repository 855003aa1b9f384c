"""A word the author says is misspelt ("fix the spelling of 'recieve'", "'seperate' is
misspelt"): replaced, everywhere it stands, by the English spelling nearest it when one is
clearly the most common of the nearest; else the nearest are offered as a question."""

from __future__ import annotations

from typing import Any

from blogger.reading_turn import Turn
from draftguard.edits._plan import ReplaceOp
from draftguard.language import word_frequency
from draftguard.language._spelling import nearest_spellings
from draftguard.understanding._asking import ask
from draftguard.understanding._placing import Make, op_slots, place_phrase
from draftguard.understanding._types import Interpretation

__all__ = ["DEFAULT_SPELLING_GAP", "spelling_fix"]

#: How much more common (Zipf) the nearest spelling must be than the next nearest to be
#: taken without asking ("receive" 4.9 over "relieve" 3.8 for "recieve").
DEFAULT_SPELLING_GAP = 1.0
#: Spellings offered at most when none is clearly meant.
_OFFERED = 3


def spelling_fix(turn: Turn, *, gap: float = DEFAULT_SPELLING_GAP) -> Interpretation | None:
    """The fix of the one quoted word `turn` says is misspelt, else None (no such word)."""
    view = turn.view
    quoted = [q for t in turn.doc if (q := turn.quote(t)) is not None]
    if view is None or len(quoted) != 1 or len(quoted[0].split()) != 1 or not any(
            turn.is_(t, "fault.spelling") for t in turn.doc):
        return None
    word = quoted[0].strip(" .,!?")
    near = nearest_spellings(word)
    if not near:
        known = word_frequency(word) > 0
        return ask((f"“{word}” is how English spells it" if known else
                    f"I don't know an English word near “{word}”") + ", so I haven't changed "
                   "it. What should it say? Quote it, as in: replace 'X' with 'Y'.")
    ranked = sorted(near, key=word_frequency, reverse=True)
    if len(ranked) == 1 or word_frequency(ranked[0]) - word_frequency(ranked[1]) >= gap:
        return place_phrase(view, word, _replacing(word, ranked[0]), everywhere=True)
    offered = ranked[:_OFFERED]
    listed = "; ".join(f"{i}. “{w}”" for i, w in enumerate(offered, 1))
    return ask(f"“{word}” is near more than one English word. Which did you mean: {listed}?",
               tuple(place_phrase(view, word, _replacing(word, w), everywhere=True)
                     for w in offered))


def _replacing(word: str, spelling: str) -> Make:
    """The ops putting `spelling` where `word` stands in an anchor, its capital kept."""
    def make(anchor: str) -> list[dict[str, Any]]:
        at = anchor.casefold().find(word.casefold())
        if at < 0:
            return [op_slots(ReplaceOp(anchor=anchor, text=spelling))]
        new = spelling[:1].upper() + spelling[1:] if anchor[at].isupper() else spelling
        return [op_slots(ReplaceOp(anchor=anchor,
                                   text=anchor[:at] + new + anchor[at + len(word):]))]
    return make

"""A fact corrected by stating the right number against the post's ("the spring winder was
42 pounds no 38", "where I say it loses two minutes a week, it's more like three", "it was
1985. change it").

Read only when no frame read the message. The number after "no" or "not" is the post's
(the old one), the number after "more like", "actually" or "it was" the right one (the new
one). The old number is found in the post with the words the author said around it, so
the post's own words around it stay; a number said alone is matched to the post's numbers
of its kind (a year for a year). Two places that fit are asked about, never guessed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from blogger.reading_counterparts import number_word
from draftguard.edits._plan import ReplaceOp
from draftguard.understanding._asking import ask
from draftguard.understanding._placing import edit_request, op_slots, place_phrase

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._locate import PostView
    from draftguard.understanding._types import Interpretation

__all__ = ["stated_number"]

#: The most words said beside the old number that may say which of its places is meant.
MAX_CONTEXT_WORDS = 4
#: Words before a number that say it is the right one ("more like three", "it was 1985").
_RIGHT = ("like", "actually", "really")
#: Years a four-figure number may be.
_YEARS = range(1000, 2200)


def stated_number(turn: Turn) -> Interpretation | None:
    """The post's number replaced by the one the author states, else None."""
    view = turn.view
    if view is None:
        return None
    numbers = _numbers(turn)
    old = next((n for n in numbers if _denied(n)), None)
    new = next((n for n in numbers if _affirmed(turn, n)), None)
    if old is not None and new is None:
        new = next((n for n in numbers if n is not old and n[-1].i < old[0].i), None)
    if new is not None and old is None:
        old = next((n for n in numbers if n is not new and n[-1].i < new[0].i), None)
        if old is None and not any(turn.is_(t, "action.replace") for t in turn.doc):
            return None  # "it was 1985" alone tells; "it was 1985. change it" asks
    if new is None or (old is None and not _year(new)):
        return None
    if old is None:
        return _year_replaced(view, turn.words(new))
    return _replaced(turn, view, old, new)


def _numbers(turn: Turn) -> list[list[Token]]:
    """The numbers said, each with the parts a hyphen joins ("forty-one")."""
    out: list[list[Token]] = []
    for tok in turn.doc:
        if not number_word(tok):
            continue
        if out and out[-1][-1].i + 2 == tok.i and turn.doc[tok.i - 1].text == "-" and \
                not turn.doc[tok.i - 1].whitespace_ and not out[-1][-1].whitespace_:
            out[-1].extend([turn.doc[tok.i - 1], tok])  # "forty-one"
        elif tok.lower_ not in ("one", "a") or tok.dep_ == "nummod":  # not "the one w X"
            out.append([tok])
    return out


def _denied(number: list[Token]) -> bool:
    """Whether "no" or "not" stands right before `number` ("42 pounds no 38")."""
    first = number[0]
    return first.i > 0 and first.nbor(-1).lower_ in ("no", "not")


def _affirmed(turn: Turn, number: list[Token]) -> bool:
    """Whether `number` is said to be the right one: after "more like", "actually", or
    "it was" / "it's" ("it's more like three", "it was 1985")."""
    before = [t for t in turn.doc[max(0, number[0].i - 3):number[0].i]
              if t.lower_ not in ("about", "around", "every", "only", "just")]
    if not before:
        return False
    if before[-1].lower_ in _RIGHT:
        return True
    return len(before) >= 2 and before[-1].lemma_ == "be" and before[-2].lower_ in (
        "it", "that", "this")


def _year(number: list[Token]) -> bool:
    return len(number) == 1 and number[0].text.isdigit() and int(number[0].text) in _YEARS


def _year_replaced(view: PostView, new: str) -> Interpretation | None:
    """"it was 1985. change it": the post's one year, else a question naming its years."""
    years = sorted({w for w in re.findall(r"(?<![\w.,])\d{4}(?![\w])", view.text)
                    if int(w) in _YEARS})
    if new in years or not years:
        return None
    if len(years) == 1:
        return _place(view, years[0], new)
    listed = " or ".join(f"“{y}”" for y in years[:4])
    return ask(f"Which year should be {new}: {listed}?", tuple(
        r for y in years[:4] if (r := _place(view, y, new)).question is None))


def _replaced(turn: Turn, view: PostView, old: list[Token], new: list[Token]
              ) -> Interpretation | None:
    """The old number, with the words said around it that find its one place in the post
    ("two minutes a week"), replaced by the new number; the post's words around it stay."""
    old_words, new_words = turn.words(old), turn.words(new)
    if not view.occurrences(old_words):
        return None
    after = [t for t in turn.doc[old[-1].i + 1:old[-1].i + 1 + MAX_CONTEXT_WORDS]]
    cut = next((n for n, t in enumerate(after) if t.is_punct), len(after))
    for n in range(cut, 0, -1):  # the longest stretch that stands once
        more = turn.words(after[:n])
        if len(view.occurrences(f"{old_words} {more}")) == 1:
            return edit_request([op_slots(ReplaceOp(anchor=f"{old_words} {more}",
                                                    text=f"{new_words} {more}"))])
    return _place(view, old_words, new_words)


def _place(view: PostView, old: str, new: str) -> Interpretation:
    def make(anchor: str) -> list[dict[str, Any]]:
        at = anchor.casefold().find(old.casefold())
        text = anchor[:at] + new + anchor[at + len(old):] if at >= 0 else new
        return [op_slots(ReplaceOp(anchor=anchor, text=text))]
    return place_phrase(view, old, make)

"""How many people a planner message says, read on the parse where the words alone do not
settle it: a lone number ("we r 5", "sushi rittenhouse 4 saturday"), of two numbers the one
a correction leaves ("for 5 - no wait, 6", "now 6, not 4"), or people listed ("just me and
my wife")."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING

from event_planning.corrections import NEGATORS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["NOT_PARTY_AFTER", "party_size", "people_listed"]

#: Next to a lone number, words that make it a day, a time, a price or a position.
NOT_PARTY_BEFORE = frozenset({"at", "$", "#", "no", "number", "option", "top", "first",
                              *(m.lower() for m in calendar.month_name if m),
                              *(m.lower() for m in calendar.month_abbr if m)})
NOT_PARTY_AFTER = frozenset({"pm", "am", "p.m.", "a.m.", "o'clock", ":", "/", "th", "st",
                             "nd", "rd", "%", "dollars", "bucks"})


def party_size(doc: Doc, *, max_party: int) -> tuple[int | None, bool]:
    """A lone number that can only be how many: the message's one number, not a day of a
    month, a time or a price; or, of two, the one a correction leaves. The flag: it was a
    correction, which replaces what the words read ("for 5" in "for 5 - no wait, 6")."""
    numbers = [t for t in doc if (t.like_num or any(c.isdigit() for c in t.text))
               and not ordinal(t.lower_)]  # "on the 5th" is a day, not a count
    if not numbers:
        return people_listed(doc), False
    if len(numbers) == 2:
        return _corrected(doc, numbers[0], numbers[1], max_party=max_party), True
    if len(numbers) != 1 or not _count(doc, numbers[0], max_party=max_party):
        return None, False
    return int(numbers[0].text), False


def ordinal(word: str) -> bool:
    """"5th", "23rd": a position or a day of the month, never how many."""
    return word[:-2].isdigit() and word[-2:] in ("st", "nd", "rd", "th")


def _count(doc: Doc, token: Token, *, max_party: int, correcting: bool = False) -> bool:
    """`token` can be how many; `correcting`: after "no" too ("7 no 8")."""
    before = doc[token.i - 1].lower_ if token.i > 0 else ""
    if correcting and before == "no":
        before = ""
    after = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    return (token.text.isdigit() and before not in NOT_PARTY_BEFORE
            and after not in NOT_PARTY_AFTER and 1 <= int(token.text) <= max_party)


def _corrected(doc: Doc, first: Token, second: Token, *, max_party: int) -> int | None:
    """Of two counts, the one left standing: the later denied ("6, not 4"): the first;
    a break or a "no" between them ("5 - no wait, 6", "7 no 8"): the later."""
    if not (_count(doc, first, max_party=max_party)
            and _count(doc, second, max_party=max_party, correcting=True)):
        return None
    between = doc[first.i + 1:second.i]
    if between and (between[-1].lower_ in ("not", "never") or between[-1].dep_ == "neg"):
        return int(first.text)
    if any(t.is_punct or t.lower_ in NEGATORS for t in between):
        return int(second.text)
    return None


#: The speaker, in a list of the people coming.
_SPEAKER = frozenset({"me", "i", "myself"})


def people_listed(doc: Doc) -> int | None:
    """"just me and my wife", "my brother and I": the speaker listed with people each named
    by one singular noun someone has ("my wife", "her husband"): how many they are. A group
    ("the kids") counts no one, so nothing is read."""
    for token in doc:
        if token.lower_ not in _SPEAKER or not token.conjuncts:
            continue
        others = [t for t in token.conjuncts if t.lower_ not in _SPEAKER]
        if all(t.pos_ == "NOUN" and t.morph.get("Number", []) == ["Sing"]
               and any(c.dep_ == "poss" for c in t.children) for t in others):
            return 1 + len(others)
    return None

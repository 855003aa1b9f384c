"""How many people a planner message says, read on the parse where the words alone do not
settle it: a lone number ("we r 5", "sushi rittenhouse 4 saturday"), of two numbers the one
a correction leaves ("for 5 - no wait, 6", "now 6, not 4"), or people listed ("just me and
my wife")."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING

from draftguard.text import number_value
from event_planning.corrections import NEGATORS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["NOT_PARTY_AFTER", "party_size", "people_counted", "people_listed"]

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
    counted = people_counted(doc, max_party=max_party)
    if counted is not None:  # "2 adults and 2 kids": not the "2 adults" the words read
        return counted, True
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


#: Nouns for two people each ("two couples": four).
_PAIRS = frozenset({"couple", "pair"})
#: Before the speaker alone, words that make the speaker the whole party ("just myself").
_ALONE = frozenset({"just", "only"})


def people_counted(doc: Doc, *, max_party: int) -> int | None:
    """The people a message counts in parts: groups listed with their numbers ("2 adults
    and 2 kids": 4), the speaker with a numbered group ("me and 3 mates", "me + 5
    coworkers": 4, 6), numbered pairs ("two couples": 4), or the speaker alone ("just
    myself": 1). Members of the list that are no people (no number, not the speaker) are
    other things listed ("seafood in center city, me and 5 coworkers")."""
    for token in doc:
        if token.lower_ in _SPEAKER and not token.conjuncts and token.i > 0 \
                and doc[token.i - 1].lower_ in _ALONE:
            return 1
        group = [token, *token.conjuncts]
        sizes = [n for n in (_members(t) for t in group) if n is not None]
        speaker = any(t.lower_ in _SPEAKER for t in group)
        numbered = len(sizes) - speaker
        if numbered and (speaker or numbered > 1 or token.lemma_.lower() in _PAIRS):
            total = sum(sizes)
            return total if 1 <= total <= max_party else None
    return None


def _members(token: Token) -> int | None:
    """How many people one member of a list is: the speaker 1, a noun counted by a number
    its number (twice that for pairs), anything else None."""
    if token.lower_ in _SPEAKER:
        return 1
    # A count comes before its noun, which is plural past one ("2 adults", "1 kid"; not
    # "number 1", "option 2").
    numbers = [c for c in token.children if c.dep_ == "nummod" and c.i < token.i
               and (c.text.isdigit() or (c.like_num and c.lower_.isalpha()))]
    if token.pos_ != "NOUN" or len(numbers) != 1:
        return None
    value = number_value(numbers[0].lower_)
    if value is None or (value > 1 and token.morph.get("Number", []) != ["Plur"]):
        return None
    return value * (2 if token.lemma_.lower() in _PAIRS else 1)

"""Weekdays and calendar words in a planner message: the day a venue must be open ("open on
Mondays", "which ones open sundays"), and the words that name a date, never a dish; and, in
a reply, the days a venue is said to close or open, held to the catalogue (`wrong_days`)."""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from event_planning.catalog import Venue

__all__ = ["CALENDAR_WORDS", "WEEKDAYS", "open_day", "wrong_days"]

WEEKDAYS = {name.lower(): name.lower() for name in calendar.day_name}
CALENDAR_WORDS = frozenset({*WEEKDAYS, *(m.lower() for m in calendar.month_name if m),
                            *(m.lower() for m in calendar.month_abbr if m)})


#: Between an open word and its weekday, only words of these kinds ("open on a monday",
#: "open every sunday"); a weekday further on is the dinner's ("serving unagi ..., for a
#: party of three on Saturday").
_BETWEEN = frozenset({"ADP", "DET", "ADV", "PART", "AUX"})
#: How many such words at most.
_MAX_BETWEEN = 3


def open_day(doc: Doc, terms: list[Any]) -> str | None:
    """The weekday a venue must be open ("open on Mondays", "which ones open sundays", "one
    that isn't closed on sundays": a closed day denied): a weekday right after an open word,
    with at most a preposition, an article or an adverb between, or one said before it that
    "that day" after it points back to."""
    days: set[str] = set()
    for term in terms:
        if not (term.concept == "open.open" or (term.concept == "open.closed"
                                                and _denied(doc[term.start]))):
            continue
        for token in doc[term.end:term.end + _MAX_BETWEEN + 1]:
            day = _weekday(token)
            if day is not None:
                days.add(day)
                break
            if token.lemma_.lower() == "day" and token.i > 0 and doc[token.i - 1].pos_ == "DET":
                # "we meet on Tuesdays so it can't be closed that day": the day said before.
                days.update(d for t in doc[:term.start] if (d := _weekday(t)) is not None)
                break
            if token.pos_ not in _BETWEEN:
                break
    return next(iter(days)) if len(days) == 1 else None


def _weekday(token: Token) -> str | None:
    return WEEKDAYS.get(token.lemma_.lower()) or WEEKDAYS.get(token.lower_.rstrip("s"))


def _denied(token: Token) -> bool:
    """`token`, the verb it hangs from or their auxiliaries carry a negation ("isn't
    closed"), or it describes a place the sentence rules out ("anywhere that's shut on
    Mondays is no good", "places closed on sundays won't work")."""
    near = [token, token.head, *(c for t in (token, token.head) for c in t.children
                                 if c.dep_ in ("aux", "auxpass"))]
    return any(c.dep_ == "neg" for t in near for c in t.children) or _ruled_out(token)


def _ruled_out(token: Token) -> bool:
    """`token` is (in a clause describing) the subject of a predicate that rules it out:
    the predicate is negated or says a word of the lexicon's `request.negate_after` ("is no
    good", "is out", "doesn't work")."""
    from event_planning.word_table import request_words  # the planner lexicon's words

    at = token
    while at.dep_ in ("relcl", "acl", "amod", "advcl", "conj", "appos") and at.head is not at:
        at = at.head
    if "subj" not in at.dep_:  # "shut" itself may be the subject, as parsed
        return False
    verb = at.head
    said = " ".join(t.lower_ for t in verb.subtree if t not in set(at.subtree))
    negated = any(c.dep_ == "neg" for c in verb.children)
    return negated or any(f" {w} " in f" {said} " for w in request_words()["negate_after"])


_DAY = "(?<![a-z])(" + "|".join(WEEKDAYS) + ")s?(?![a-z])"
_OPEN_DAY = re.compile(r"\bopen\b(?:\s+on)?((?:\s+(?:and|or|every)?\s*" + _DAY + r")+)")
_OPEN_ALWAYS = re.compile(r"\bopens?\s+(?:every\s+day|daily|seven days|7 days|all week)\b")


@cache
def _closed() -> re.Pattern[str]:
    """A word saying a venue does not open (the lexicon's `reply.closed`), and what
    follows it up to the next clause."""
    from event_planning.venue_dishes import reply_lexicon  # it reads the planner lexicon

    words = sorted(reply_lexicon().words_for("reply.closed"), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b([^;]*)")


def wrong_days(plain: str, venues: Sequence[Venue], *, every: bool) -> list[str]:
    """The closed and open days the sentence states that the venues do not keep ("closed
    on Mondays" holds for each venue when the subject says every one)."""
    wrong: list[str] = []
    for m in _closed().finditer(plain):
        for day in re.findall(_DAY, m.group(1)):
            if not (all if every else any)(day in v.closed_on for v in venues):
                wrong.append(f"closed on {day}")
    for m in _OPEN_DAY.finditer(plain):
        for day in re.findall(_DAY, m.group(1)):
            if all(day in v.closed_on for v in venues):
                wrong.append(f"open on {day}")
    if _OPEN_ALWAYS.search(plain) and all(v.closed_on for v in venues):
        wrong.append("open every day")
    return wrong

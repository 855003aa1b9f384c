"""The day a planner conversation settles on: the day a message states (from the day the
conversation already has, for "make it the day after"), the days to ask between when its
words disagree or name a day gone, and the answer to that question ("the second",
"monday")."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date as Date
from datetime import timedelta
from typing import Any

from draftguard.grounding._dates import WEEKDAYS, days_in_doubt, stated_day
from draftguard.understanding._asking import pick_index
from draftguard.understanding._planner_words import WordTable, taken_back, words_of

__all__ = ["day_answered", "day_picked", "read_day", "weekday_corrected"]

#: Weekdays by name and short name, 0 = Monday ("fri not thurs").
_WEEKDAY_NAMES = {**{w: i for i, w in enumerate(WEEKDAYS)}, "mon": 0, "tue": 1, "tues": 1,
                  "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
                  "sun": 6}


def read_day(rest: str, *, today: Date, known: Date | None,
             words: WordTable | None = None) -> tuple[str | None, list[str]]:
    """(the day `rest` states, ISO, or None; the days to ask between instead, ISO): a
    weekday against its date ("Monday 27 Dec", a Sunday) or a day gone is asked, never
    used as read. Of two weekdays, one taken back ("Friday not Thursday", "saturday
    instead of thursday"), the other is the day (`weekday_corrected`)."""
    doubt = [d.isoformat() for d in days_in_doubt(rest, today=today)]
    day = stated_day(rest, today=today, known=known)
    if day is None and not doubt and words is not None:
        day = weekday_corrected(rest, words, today=today, known=known)
    return (None if doubt or day is None else day.isoformat()), doubt


def weekday_corrected(rest: str, words: WordTable, *, today: Date,
                      known: Date | None) -> Date | None:
    """The day of a weekday said in place of another one the words take back ("Friday
    not Thursday", "wednesday rather than thursday"): that weekday of the week of the day
    the conversation has, when that day is the one taken back, else its next occurrence;
    None unless the message names exactly two weekdays and takes back one."""
    said = words_of(rest.lower())
    named = [(i, _WEEKDAY_NAMES[w]) for i, w in enumerate(said) if w in _WEEKDAY_NAMES]
    if len({d for _, d in named}) != 2:
        return None
    dropped = {d for i, d in named
               if taken_back(words, " ".join(said[:i]), " " + " ".join(said[i + 1:]))}
    if len(dropped) != 1:
        return None
    old = dropped.pop()
    new = next(d for _, d in named if d != old)
    if known is not None and known.weekday() == old:
        moved = known + timedelta(days=new - old)
        if moved >= today:
            return moved
    return today + timedelta(days=(new - today.weekday()) % 7)


def day_picked(text: str, asking: str | None, offered: list[str]) -> str | None:
    """The day of `offered` an answer picks by position ("the second", "2", "yes" to
    one) when the question was about the day (`asking`), else None."""
    at = pick_index(text.split(), len(offered)) if offered and asking == "date" else None
    return offered[at] if at is not None else None


def day_answered(changes: Mapping[str, Any], asking: str | None,
                 offered: list[str]) -> dict[str, Any]:
    """`changes` with the answer to a question between the `offered` days (`asking` the
    day): a day read that is none of them but shares its weekday, or its day of the month,
    with exactly one ("monday" to "Sunday 27 December or Monday 28 December?") is that
    one."""
    said = changes.get("date")
    if asking != "date" or said is None or said in offered:
        return dict(changes)
    day = Date.fromisoformat(said)
    days = [Date.fromisoformat(d) for d in offered]
    for same in ([d for d in days if d.weekday() == day.weekday()],
                 [d for d in days if d.day == day.day]):
        if len(same) == 1:
            return {**changes, "date": same[0].isoformat()}
    return dict(changes)

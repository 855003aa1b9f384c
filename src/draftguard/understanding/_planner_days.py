"""The day a planner conversation settles on: the day a message states (from the day the
conversation already has, for "make it the day after"), the days to ask between when its
words disagree or name a day gone, and the answer to that question ("the second",
"monday")."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date as Date
from typing import Any

from draftguard.grounding._dates import days_in_doubt, stated_day
from draftguard.understanding._asking import pick_index

__all__ = ["day_answered", "day_picked", "read_day"]


def read_day(rest: str, *, today: Date, known: Date | None) -> tuple[str | None, list[str]]:
    """(the day `rest` states, ISO, or None; the days to ask between instead, ISO): a
    weekday against its date ("Monday 27 Dec", a Sunday) or a day gone is asked, never
    used as read."""
    doubt = [d.isoformat() for d in days_in_doubt(rest, today=today)]
    day = stated_day(rest, today=today, known=known)
    return (None if doubt or day is None else day.isoformat()), doubt


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

"""Dates people write ("2026-06-14", "6/14", "June 14th", "14 June", "friday", "tomorrow")."""

from __future__ import annotations

import re
from datetime import date as Date
from datetime import datetime, timedelta

from draftguard.grounding._phrases import has_phrase
from draftguard.grounding._report import Matcher

__all__ = [
    "WEEKDAYS",
    "date_matcher",
    "date_mentioned",
    "parse_day",
    "stated_day",
    "without_dates",
]

MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
RELATIVE_DAYS = {"today": 0, "tonight": 0, "tomorrow": 1}

_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})")
_SLASH = re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b")
_MONTH = "|".join(m[:3] + (m[3:] and f"(?:{m[3:]})?") for m in MONTHS)
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORD}\b{_YEAR}")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH})\b{_YEAR}")


def without_dates(text: str) -> str:
    """`text` with every explicit date blanked, so its digits are not read as counts."""
    for pattern in (_ISO, _SLASH, _MONTH_DAY, _DAY_MONTH):
        text = pattern.sub(" ", text)
    return text


def _month(name: str) -> int:
    return next(i for i, m in enumerate(MONTHS, 1) if m.startswith(name[:3]))


def written_dates(text: str) -> list[tuple[int | None, int, int]]:
    """(year or None, month, day) for every explicit date in `text` (lower case)."""
    found: list[tuple[int | None, int, int]] = []
    for y, m, d in _ISO.findall(text):
        found.append((int(y), int(m), int(d)))
    for m, d, y in _SLASH.findall(text):
        year = int(y) + (2000 if len(y) == 2 else 0) if y else None
        found.append((year, int(m), int(d)))
    for name, d, y in _MONTH_DAY.findall(text):
        found.append((int(y) if y else None, _month(name), int(d)))
    for d, name, y in _DAY_MONTH.findall(text):
        found.append((int(y) if y else None, _month(name), int(d)))
    return found


def parse_day(value: str) -> Date:
    """YYYY-MM-DD, or an ISO timestamp's date part (small models often send one)."""
    text = value.strip()
    try:
        return Date.fromisoformat(text)
    except ValueError:
        return datetime.fromisoformat(text).date()


def date_mentioned(value: str, user_text: str, *, today: Date | None = None) -> bool:
    """The user wrote this date (ISO, 6/14, "June 14th", "14 June"), or named its weekday,
    or said today/tonight/tomorrow and it is that day."""
    when = parse_day(value)
    text = user_text.lower()
    for year, month, day in written_dates(text):
        if (month, day) == (when.month, when.day) and year in (None, when.year):
            return True
    if has_phrase(text, WEEKDAYS[when.weekday()]):
        return True
    now = today or Date.today()
    return any(has_phrase(text, w) and (when - now).days == n for w, n in RELATIVE_DAYS.items())


def date_matcher(*, today: Date | None = None) -> Matcher:
    """`date_mentioned` as a `Matcher`, relative words read against `today`."""
    return lambda value, user_text: date_mentioned(str(value), user_text, today=today)


def _next(month: int, day: int, today: Date) -> Date | None:
    for year in (today.year, today.year + 1):
        try:
            when = Date(year, month, day)
        except ValueError:
            return None
        if when >= today:
            return when
    return None


_WEEKDAY = re.compile(r"(?<![a-z])(next|this|on)?\s*(" + "|".join(WEEKDAYS) + r")s?(?![a-z])")


def stated_day(user_text: str, *, today: Date) -> Date | None:
    """The one day the text names, read against `today`; None when none or several.

    A written date without a year is its next occurrence. A weekday ("friday", "this
    friday") is its next occurrence from today on; "next friday" the first one after today.
    """
    text = user_text.lower()
    days: set[Date] = set()
    for year, month, day in written_dates(text):
        when: Date | None
        if year is None:
            when = _next(month, day, today)
        else:
            try:
                when = Date(year, month, day)
            except ValueError:
                when = None
        if when is None:
            return None
        days.add(when)
    for lead, name in _WEEKDAY.findall(without_dates(text)):
        ahead = (WEEKDAYS.index(name) - today.weekday()) % 7
        if lead == "next" and ahead == 0:
            ahead = 7
        days.add(today + timedelta(days=ahead))
    for word, n in RELATIVE_DAYS.items():
        if has_phrase(text, word):
            days.add(today + timedelta(days=n))
    return days.pop() if len(days) == 1 else None

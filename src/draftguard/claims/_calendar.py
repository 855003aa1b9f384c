"""The dates and clock times a text states, for holding a reply's against the record's.

A date is a day of a month ("16 January", "January 16th", "the fourth of December",
"December the fourth", "2027-01-16"); a time is a clock time ("19:30", "7:30 pm", "7pm",
"half past nine", "at twenty to ten"), kept in minutes after midnight, or after
noon-or-midnight when it has no am/pm (then "7:30" and "19:30" are the same time).
"""

from __future__ import annotations

import calendar
import re

from draftguard.claims._numbers import value_of

__all__ = ["dates_in", "same_time", "time_spans", "times_in"]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
#: Days of a month told as ordinal words ("the fourth", "twenty-first").
_ORDINALS = {w: i for i, w in enumerate((*_UNITS, "tenth", "eleventh", "twelfth", "thirteenth",
                                         "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                                         "eighteenth", "nineteenth", "twentieth"), 1)}
_ORDINALS.update({f"{tens}{sep}{w}": base + i for tens, base in (("twenty", 20), ("thirty", 30))
                  for i, w in enumerate(_UNITS, 1) for sep in ("-", " ") if base + i <= 31})
_ORDINALS["thirtieth"] = 30
_DAY = (r"(\d{1,2}(?:st|nd|rd|th)?|(?:the\s+)?(?:"
        + "|".join(sorted(map(re.escape, _ORDINALS), key=len, reverse=True)) + r"))")
_DAY_MONTH = re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH}\b", re.I)
_MONTH_DAY = re.compile(rf"\b{_MONTH}\s+{_DAY}\b", re.I)


def _day(said: str) -> int:
    """The day of a month in digits ("4th") or words ("the fourth")."""
    low = said.lower().removeprefix("the").strip()
    return _ORDINALS[" ".join(low.split())] if low in _ORDINALS or " ".join(low.split()) in \
        _ORDINALS else int(low.rstrip("stndrh"))
#: A date in ISO form, alone or as a date-time's ("2026-12-08T10:30:00").
_ISO = re.compile(r"\b\d{4}-(\d{2})-(\d{2})(?:\b|(?=T\d))")
#: A clock time, alone or a date-time's ("T10:30:00").
_CLOCK = re.compile(r"(?:\b|(?<=\dT))(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\b\.?)?"
                    r"|\b(\d{1,2})\s*([ap])\.?m\b\.?", re.I)
#: A time in words ("half past nine", "a quarter to 7"): minutes from the hour named.
_WORD_CLOCK = re.compile(r"\b(half|quarter)\s+(past|to)\s+([a-z]+|\d{1,2})\b", re.I)
_PARTS = {"half": 30, "quarter": 15}
#: A time in words with its minutes ("at twenty to ten", "until ten past six"), after a word
#: that puts a time ("at"), so a range ("ten to twelve people") is none.
_MINUTE_CLOCK = re.compile(r"\b(?:at|by|until|till|before|after|around|about|from)\s+"
                           r"(five|ten|twenty|twenty-five|twenty five|\d{1,2})\s+(?:minutes\s+)?"
                           r"(past|to)\s+([a-z]+|\d{1,2})\b", re.I)
#: An hour alone after "at", ending its clause or with "o'clock" ("set off at seven."); in
#: what the record holds, after "at" or "to" anywhere ("Dinner moved to 8"), as it backs.
_AT_HOUR = re.compile(r"\bat\s+([a-z]+|\d{1,2})(?:\s+o'clock\b|(?=\s*(?:[.!?;,]|$)))", re.I)
_AT_HOUR_HELD = re.compile(r"\b(?:at|to)\s+([a-z]+|\d{1,2})\b", re.I)
#: The longest text read.
_MAX_CHARS = 20_000


def _month_told(month: str, day: str) -> bool:
    """A day in words needs its month capitalised ("May first", not "I may second that")."""
    return day[:1].isdigit() or month[:1].isupper()


def dates_in(text: str) -> set[tuple[int, int]]:
    """Every (month, day) `text` states."""
    text = text[:_MAX_CHARS]
    found = {(_MONTHS[m.group(2).lower()], _day(m.group(1))) for m in _DAY_MONTH.finditer(text)
             if _month_told(m.group(2), m.group(1))}
    found |= {(_MONTHS[m.group(1).lower()], _day(m.group(2))) for m in _MONTH_DAY.finditer(text)
              if _month_told(m.group(1), m.group(2))}
    found |= {(int(m.group(1)), int(m.group(2))) for m in _ISO.finditer(text)}
    return {(month, day) for month, day in found if 1 <= day <= 31}


def times_in(text: str, *, held: bool = False) -> set[tuple[int, bool]]:
    """Every clock time `text` states: (minutes after midnight, whether am/pm or a 24-hour
    hour fixed the half of the day); `held`: the record's text, read loosely."""
    out: set[tuple[int, bool]] = set()
    for m in _CLOCK.finditer(text[:_MAX_CHARS]):
        hour = int(m.group(1) or m.group(4))
        minute = int(m.group(2) or 0)
        half = (m.group(3) or m.group(5) or "").lower()
        if hour > 23 or minute > 59:
            continue
        if half:
            hour = hour % 12 + (12 if half == "p" else 0)
        out.add((hour * 60 + minute, bool(half) or hour >= 13 or hour == 0))
    for m in _WORD_CLOCK.finditer(text[:_MAX_CHARS]):
        hour_value = value_of(m.group(3))
        if hour_value is None or not 1 <= hour_value <= 12:
            continue
        sign = 1 if m.group(2).lower() == "past" else -1
        out.add(((int(hour_value) * 60 + sign * _PARTS[m.group(1).lower()]) % 720, False))
    for m in _MINUTE_CLOCK.finditer(text[:_MAX_CHARS]):
        minutes, hour_value = value_of(m.group(1)), value_of(m.group(3))
        if minutes is None or hour_value is None or not 1 <= hour_value <= 12 or \
                not 1 <= minutes <= 30:
            continue
        sign = 1 if m.group(2).lower() == "past" else -1
        out.add(((int(hour_value) * 60 + sign * int(minutes)) % 720, False))
    for m in (_AT_HOUR_HELD if held else _AT_HOUR).finditer(text[:_MAX_CHARS]):
        hour_value = value_of(m.group(1))
        if hour_value is not None and hour_value.is_integer() and 1 <= hour_value <= 12:
            out.add((int(hour_value) % 12 * 60, False))
    return out


def time_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` states a time in words ("half past nine"): its numbers count nothing."""
    return [m.span() for pattern in (_WORD_CLOCK, _MINUTE_CLOCK)
            for m in pattern.finditer(text[:_MAX_CHARS])]


def same_time(a: tuple[int, bool], b: tuple[int, bool]) -> bool:
    """The same clock time, when one of them leaves the half of the day open."""
    if a[1] and b[1]:
        return a[0] == b[0]
    return a[0] % 720 == b[0] % 720

"""Days named by words rather than by a written date: holidays with a fixed date ("new
year's eve"), a count of days or weeks from a relative day ("a week from today", "in 3
days"), and relative day words shortened or misspelt ("tn", "tmrow", "satuday").

Tables, not patterns over the message: each is looked up word for word."""

from __future__ import annotations

import calendar
from datetime import date as Date
from datetime import timedelta

from rapidfuzz.distance import OSA

from draftguard.text import number_value

__all__ = ["HOLIDAYS", "SHORT_RELATIVE", "day_word", "holidays", "offset_days"]

#: Holidays on the same date every year (month, day), by their names without apostrophes.
HOLIDAYS = {
    "new years eve": (12, 31), "new years day": (1, 1), "christmas eve": (12, 24),
    "christmas day": (12, 25), "christmas": (12, 25), "boxing day": (12, 26),
    "valentines day": (2, 14), "valentines": (2, 14), "halloween": (10, 31),
    "independence day": (7, 4), "st patricks day": (3, 17), "new years": (1, 1),
}
#: Relative day words people shorten beyond their vowels ("tn": tonight).
SHORT_RELATIVE = {"tn": "tonight", "tmr": "tomorrow", "tmrw": "tomorrow", "2nite": "tonight",
                  "2day": "today", "2morrow": "tomorrow"}
#: Units of an offset, in days.
_UNITS = {"day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14}
#: What an offset counts from ("a week from today"): days from today.
_FROM = {"today": 0, "now": 0, "tonight": 0, "tomorrow": 1}
_MARKS = ".,;:!?()\"'"
_WEEKDAY_NAMES = tuple(name.lower() for name in calendar.day_name)


def _words(text: str) -> list[str]:
    return [w.strip(_MARKS) for w in text.lower().replace("'", "").split()]


def holidays(text: str, *, today: Date) -> list[Date]:
    """The next date of each fixed-date holiday `text` names ("new year's eve")."""
    words = _words(text)
    found: list[Date] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            name = " ".join(words[i:i + size])
            if len(words[i:i + size]) == size and name in HOLIDAYS:
                month, day = HOLIDAYS[name]
                when = Date(today.year, month, day)
                found.append(when if when >= today else Date(today.year + 1, month, day))
                i += size - 1
                break
        i += 1
    return found


def offset_days(text: str, *, today: Date) -> list[Date]:
    """"a week from today", "two weeks from tomorrow", "in 3 days", "in a fortnight", "a
    fortnight today", "a week on Friday", "tomorrow week", "Friday week": the
    day that many days on. A count with a unit and no "in" before or "from" after it is no
    day ("3 days ago", "for 2 days")."""
    words = _words(text)
    found: list[Date] = []
    for i, word in enumerate(words):
        if word not in _UNITS or i == 0:
            continue
        if word in ("week", "fortnight") and (words[i - 1] in _FROM or words[i - 1] in
                                              _WEEKDAY_NAMES):
            # "tomorrow week", "Friday week": that day, then a week (a fortnight) on.
            ahead = _FROM.get(words[i - 1])
            if ahead is None:
                ahead = (_WEEKDAY_NAMES.index(words[i - 1]) - today.weekday() - 1) % 7 + 1
            found.append(today + timedelta(days=ahead + _UNITS[word]))
            continue
        count = 1 if words[i - 1] in ("a", "an") or word == "fortnight" else \
            number_value(words[i - 1])
        if count is None:
            continue
        start = i - 2
        after = words[i + 1:i + 3]
        if len(after) == 2 and after[0] == "from" and after[1] in _FROM:
            found.append(today + timedelta(days=_FROM[after[1]] + count * _UNITS[word]))
        elif after[:1] and after[0] in _FROM and words[i - 1] in ("a", "an"):
            # "a fortnight today", "a week tomorrow": from that day, "from" left out.
            found.append(today + timedelta(days=_FROM[after[0]] + count * _UNITS[word]))
        elif len(after) == 2 and after[0] == "on" and after[1] in _WEEKDAY_NAMES:
            # "a week on Friday": that span after the coming Friday.
            ahead = (_WEEKDAY_NAMES.index(after[1]) - today.weekday() - 1) % 7 + 1
            found.append(today + timedelta(days=ahead + count * _UNITS[word]))
        elif start >= 0 and words[start] == "in":
            found.append(today + timedelta(days=count * _UNITS[word]))
    return found


def day_word(word: str, names: tuple[str, ...]) -> str | None:
    """The day name (of `names`) a word of six letters or more is one edit from, alone
    ("satuday", "wendsday"; "monday" is exact): a misspelt weekday or relative day."""
    if len(word) < 6 or not word.isalpha() or word in names:
        return None
    near = [n for n in names if OSA.distance(word, n, score_cutoff=1) <= 1]
    return near[0] if len(near) == 1 else None

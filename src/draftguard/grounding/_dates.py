"""Dates people write ("2026-06-14", "6/14", "June 14th", "14 June", "friday", "tomorrow").

Code finds the candidate spans (a written date, a weekday with its "this"/"next"/"on", a
relative day word); `dateparser` reads each span against a fixed `today`. Spans keep the
library away from the rest of the message, where it would read "may" or "second" as dates.
"""

from __future__ import annotations

import re
from datetime import date as Date
from datetime import datetime, timedelta
from functools import lru_cache

from dateparser.date import DateDataParser

from draftguard.grounding._day_words import (
    SHORT_RELATIVE,
    day_after,
    day_word,
    holidays,
    offset_days,
    weekday_by_holiday,
)
from draftguard.grounding._phrases import has_phrase
from draftguard.grounding._report import Matcher

__all__ = [
    "WEEKDAYS",
    "date_matcher",
    "date_mentioned",
    "days_in_doubt",
    "month_days",
    "parse_day",
    "relative_days",
    "stated_day",
    "without_dates",
]

MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
RELATIVE_DAYS = {"today": 0, "tonight": 0, "tomorrow": 1}
#: Parts of a day: "this afternoon" is today ("arvo": afternoon, in Australia).
PARTS_OF_DAY = ("afternoon", "evening", "arvo")

_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})")
_SLASH = re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b")
_MONTH = "|".join(m[:3] + (m[3:] and f"(?:{m[3:]})?") for m in MONTHS)
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORD}\b{_YEAR}")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH})\b{_YEAR}")
#: "on 30-12", "on 12-30": a day and a month joined by a dash, read only after "on" and
#: only when one number cannot be a month (so "on 5-6" and "for 10-12 people" are no date).
_DASHED = re.compile(r"\bon\s+(\d{1,2})-(\d{1,2})\b(?!-)")
_WRITTEN = (_ISO, _SLASH, _MONTH_DAY, _DAY_MONTH, _DASHED)
#: Short day names: each names its day ("sushi. fishtown. 6. fri"); the ones that are also
#: words ("sat", "sun", "wed", "mon") only after "next", "this" or "on".
SHORT_WEEKDAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3,
                  "fri": 4, "sat": 5, "sun": 6}
_SHORT_AND_WORD = frozenset({"mon", "wed", "sat", "sun"})
#: Parts of a day: after a short day name that is also a word, they make it the day ("sat
#: night", "sun lunch", "wed eve").
_DAY_PARTS = frozenset({"night", "nite", "evening", "eve", "morning", "afternoon", "arvo",
                        "lunch", "lunchtime", "dinner", "brunch"})
_WEEKDAY = re.compile(r"(?<![a-z])(?:(next|this|on)\s+)?("
                      + "|".join(sorted((*WEEKDAYS, *SHORT_WEEKDAYS), key=len, reverse=True))
                      + r")s?(?![a-z])")


def _weekday(match: re.Match[str]) -> int | None:
    """The weekday (0 = Monday) a `_WEEKDAY` match names, or None ("we sat outside")."""
    word = match.group(2)
    if word in SHORT_WEEKDAYS:
        alone = not match.group(1) and not _listed(match)
        return None if word in _SHORT_AND_WORD and alone else SHORT_WEEKDAYS[word]
    return WEEKDAYS.index(word)


def _listed(match: re.Match[str]) -> bool:
    """A short day name that is also a word stands as an item of a terse list: it ends its
    clause and follows a number, a number's word or a mark ("steakhouse rittenhouse 2 sat",
    "5 ppl sat", "6ppl, sun"), as the word does not ("we sat outside", "in the sun")."""
    text = match.string
    after = text[match.end():].lstrip()
    before = text[:match.start()].rstrip()
    counted = before.split()[-2:-1]  # "5 ppl sat": the word before "ppl"
    if after.split(" ", 1)[0].strip(_MARKS) in _DAY_PARTS:
        return True  # "sat night", "sun lunch": a part of that day
    return (not after or after[0] in _MARKS) and (
        not before or before[-1].isdigit() or before[-1] in _MARKS
        or (bool(counted) and counted[0].strip(_MARKS).isdigit()))


def without_dates(text: str) -> str:
    """`text` with every explicit date blanked, so its digits are not read as counts."""
    for pattern in _WRITTEN:
        text = pattern.sub(" ", text)
    return text


@lru_cache(maxsize=16)
def _parser(base: Date) -> DateDataParser:
    # Later dates win ("June 14th" in November is next June); English only, which also
    # keeps each read under a millisecond.
    return DateDataParser(languages=["en"], settings={
        "RELATIVE_BASE": datetime.combine(base, datetime.min.time()),
        "PREFER_DATES_FROM": "future",
        "RETURN_AS_TIMEZONE_AWARE": False,
    })


def _read(span: str, base: Date) -> Date | None:
    """The day `dateparser` reads `span` as, from `base` on; None for no single day."""
    data = _parser(base).get_date_data(span)
    if data.date_obj is None or data.period != "day":
        return None
    day: Date = data.date_obj.date()
    return day


def _written_spans(text: str) -> list[tuple[str, bool]]:
    """(span, the year is written) for every explicit date in `text` (lower case)."""
    spans: list[tuple[str, bool]] = []
    for pattern in _WRITTEN:
        for m in pattern.finditer(text):
            if pattern is _DASHED:
                first, second = int(m.group(1)), int(m.group(2))
                day, month = (first, second) if first > 12 else (second, first)
                if (first > 12) != (second > 12) and 1 <= month <= 12 and day <= 31:
                    spans.append((f"{day} {MONTHS[month - 1]}", False))
                continue
            year = m.group(1) if pattern is _ISO else m.group(3)
            spans.append((m.group(), bool(year)))
    return spans


def written_dates(text: str, *, today: Date | None = None) -> list[tuple[int | None, int, int]]:
    """(year or None, month, day) for every explicit date in `text` (lower case)."""
    # A day equal to `today` is its own next occurrence, so read from the day before.
    base = (today or Date.today()) - timedelta(days=1)
    found: list[tuple[int | None, int, int]] = []
    for span, has_year in _written_spans(text):
        day = _read(span, base)
        if day is not None:
            found.append((day.year if has_year else None, day.month, day.day))
    return found


#: After a day of the month's number ("the 5th").
_ORDINAL_ENDINGS = ("st", "nd", "rd", "th")
_MARKS = ".,;:!?()\"'"


def month_days(text: str) -> list[int]:
    """The days of the month `text` (lower case) names alone, without a month: "on the
    5th", "on the 30th", after its weekday, "sat the 5th", or ending a clause ("7. the
    18th", "the 18th, 6 of us"; "the 2nd one" is a position), read by words, after every
    written date is blanked."""
    typed = without_dates(text).split()
    words = [w.strip(_MARKS) for w in typed]
    found: list[int] = []
    for i in range(1, len(words)):
        word = _ORDINAL_WORDS.get(words[i], words[i])
        number, ending = word[:-2], word[-2:]
        ends = i == len(words) - 1 or typed[i][-1] in _MARKS
        # An ordinal word ending a clause is a position as often ("add the second."): a day
        # only after "on" or its weekday ("on the thirteenth", "friday the eighteenth").
        ends = ends and word == words[i]
        lead = ends or (i >= 2 and words[i - 2] in ("on", *WEEKDAYS, *SHORT_WEEKDAYS)) or (
            words[i - 1] in WEEKDAYS)
        # "the 18th"; right after its weekday too ("Date is Thursday, 11th.")
        named = words[i - 1] == "the" or (words[i - 1] in (*WEEKDAYS, *SHORT_WEEKDAYS)
                                          and word == words[i])
        if lead and named and ending in _ORDINAL_ENDINGS and \
                number.isdigit() and 1 <= int(number) <= 31:
            found.append(int(number))
    return found


_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                  "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
                  "sixteenth", "seventeenth", "eighteenth", "nineteenth")
#: A day of the month in words ("the thirteenth", "the twenty-first") -> "13th", "21st".
_ORDINAL_WORDS = {
    **{w: f"{n}{_ORDINAL_ENDINGS[min(n, 4) - 1] if n < 4 else 'th'}"
       for n, w in enumerate(_ORDINAL_UNITS, 1)},
    **{w: f"{n}th" for n, w in enumerate(_ORDINAL_TEENS, 10)},
    "twentieth": "20th", "thirtieth": "30th",
    **{f"{tens}{joint}{w}": f"{base + n}{_ORDINAL_ENDINGS[n - 1] if n < 4 else 'th'}"
       for tens, base in (("twenty", 20), ("thirty", 30)) for joint in ("-", "")
       for n, w in enumerate(_ORDINAL_UNITS, 1) if base + n <= 31},
}


def _skeleton(word: str) -> str:
    """`word` without its vowels, doubled letters once: "tomorrow" -> "tmrw"."""
    out = ""
    for c in word:
        if c not in "aeiou" and not out.endswith(c):
            out += c
    return out


#: A relative day word typed without its vowels ("tmrw", "tnght") -> the word.
_SKELETONS = {_skeleton(w): w for w in RELATIVE_DAYS}


def relative_days(text: str) -> list[str]:
    """The relative day words `text` (lower case) uses, as written or without their
    vowels ("tmrw")."""
    said = {w.strip(_MARKS) for w in text.split()}
    # Typed without its vowels: the word's own skeleton ("tmrow" is "tmrw"), when it has
    # one vowel at most and the skeleton four letters (never "ted" for "today").
    bare = {_skeleton(w) for w in said if sum(c in "aeiou" for c in w) <= 1
            and len(_skeleton(w)) >= 4}
    # A "2" typed for "to" ("2moro", "2morow"): the word it spells, by its skeleton too.
    spelt = {"to" + w[1:] for w in said if w[:1] == "2" and w[1:].isalpha()}
    bare |= {_skeleton(w) for w in spelt}
    # "this afternoon", "this arvo": a part of today.
    parts = ["today" for part in PARTS_OF_DAY if has_phrase(text, f"this {part}")]
    return parts + [w for w in RELATIVE_DAYS if has_phrase(text, w)] + [
        _SKELETONS[w] for w in said | bare if w in _SKELETONS and w not in RELATIVE_DAYS] + [
        SHORT_RELATIVE[w] for w in said | bare if w in SHORT_RELATIVE] + [
        w for w in spelt if w in RELATIVE_DAYS]


def _spelt(text: str) -> str:
    """`text` (lower case) with each misspelt weekday or relative day put right, one edit
    away ("satuday", "wendsday" is two: left)."""
    names = (*WEEKDAYS, *RELATIVE_DAYS)
    return " ".join(day_word(w.strip(_MARKS), names) or w for w in text.split())


def _next_month_day(day: int, today: Date) -> Date:
    """The first date on or after `today` that is the `day`th of its month."""
    year, month = today.year, today.month
    while True:
        try:
            when = Date(year, month, day)
        except ValueError:  # the 31st of a 30-day month
            when = None
        if when is not None and when >= today:
            return when
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


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
    text = _spelt(user_text.lower())
    for year, month, day in written_dates(text, today=today):
        if (month, day) == (when.month, when.day) and year in (None, when.year):
            return True
    if any(_weekday(m) == when.weekday() for m in _WEEKDAY.finditer(text)):
        return True
    now = today or Date.today()
    if any(_next_month_day(day, now) == when for day in month_days(text)):
        return True
    if when in holidays(text, today=now) or when in offset_days(text, today=now) or \
            when in weekday_by_holiday(text, today=now):
        return True
    return any((when - now).days == RELATIVE_DAYS[w] for w in relative_days(text))


def date_matcher(*, today: Date | None = None) -> Matcher:
    """`date_mentioned` as a `Matcher`, relative words read against `today`."""
    return lambda value, user_text: date_mentioned(str(value), user_text, today=today)


def stated_day(user_text: str, *, today: Date, known: Date | None = None) -> Date | None:
    """The one day the text names, read against `today`; None when none or several.

    A written date without a year is its next occurrence. A weekday ("friday", "this
    friday") is its next occurrence from today on; "next friday" the first one after today.
    A day of the month alone ("on the 5th") is the next such date from today on. A weekday
    counted from a holiday ("saturday after xmas") is that day, not the coming Saturday;
    "the day after" with no day after it counts from the day already `known`.
    """
    days = _stated_days(user_text, today=today, known=known)
    return days.pop() if len(days) == 1 else None


def days_in_doubt(user_text: str, *, today: Date) -> tuple[Date, ...]:
    """The days to ask between when the text's own words disagree or name a day gone: a
    weekday beside a written date that is another weekday ("Monday 27 Dec", a Sunday): the
    date as written, then that weekday in the same week; a date with a past year: the same
    day a year on (none for a written date the text agrees with, or for no date)."""
    text = _spelt(user_text.lower())
    written = [d for span, _ in _written_spans(text) if (d := _read(span, today - timedelta(
        days=1))) is not None]
    if len(written) != 1:
        return ()
    when = written[0]
    if when < today:
        ahead = _same_day(when, when.year + 1)
        while ahead is not None and ahead < today:
            ahead = _same_day(ahead, ahead.year + 1)
        return (ahead,) if ahead is not None else ()
    # A weekday said once ("Monday 27 Dec"); not a day of every week ("open mondays").
    named = {w for m in _WEEKDAY.finditer(without_dates(user_text.lower()))
             if (w := _weekday(m)) is not None and m.end(2) == m.end()}
    if len(named) != 1 or when.weekday() in named:
        return ()
    weekday = named.pop()
    shift = (weekday - when.weekday() + 3) % 7 - 3
    other = when + timedelta(days=shift)
    return (when, other) if other >= today else (when,)


def _same_day(day: Date, year: int) -> Date | None:
    try:
        return day.replace(year=year)
    except ValueError:  # the 29th of February
        return None


def _stated_days(user_text: str, *, today: Date, known: Date | None) -> set[Date]:
    text = _spelt(user_text.lower())
    counted = weekday_by_holiday(text, today=today)
    if counted:
        return set(counted)
    days: set[Date] = set(offset_days(text, today=today))
    yesterday = today - timedelta(days=1)
    for span, _ in _written_spans(text):
        when = _read(span, yesterday)
        if when is None:
            return set()
        days.add(when)
    month_dates = {_next_month_day(day, today) for day in month_days(text)}
    if not days and not month_dates:
        # A holiday beside a written date names the occasion, not the day ("the Christmas
        # do on Friday the 18th of December"): alone, it is the day ("christmas eve").
        days.update(holidays(text, today=today))
    # "Saturday Dec 5", "sat the 5th": the weekday of the date written next to it.
    written = {d.weekday() for d in days | month_dates}
    for m in _WEEKDAY.finditer(without_dates(text)):
        weekday = _weekday(m)
        if weekday is None or weekday in written:
            continue
        # "friday" on a Friday is today; "next friday" on a Friday is a week on.
        base = today if m.group(1) == "next" else yesterday
        when = _read(f"{'next ' if m.group(1) == 'next' else ''}{WEEKDAYS[weekday]}", base)
        if when is not None:
            days.add(when)
    # "a week from today" counts from today: today itself is not meant.
    for word in [] if offset_days(text, today=today) else relative_days(text):
        if (when := _read(word, today)) is not None:
            days.add(when)
    days.update(month_dates)
    if not days and (after := day_after(text, known=known)) is not None:
        days.add(after)
    return days

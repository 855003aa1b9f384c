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

__all__ = ["HOLIDAYS", "HOLIDAY_WORDS", "SHORT_RELATIVE", "day_after", "day_word", "holidays",
           "offset_days", "weekday_by_holiday"]

#: Holidays on the same date every year (month, day), by their names without apostrophes.
HOLIDAYS = {
    "new years eve": (12, 31), "new years day": (1, 1), "christmas eve": (12, 24),
    "christmas day": (12, 25), "christmas": (12, 25), "boxing day": (12, 26),
    "valentines day": (2, 14), "valentines": (2, 14), "halloween": (10, 31),
    "independence day": (7, 4), "st patricks day": (3, 17), "new years": (1, 1),
    "hogmanay": (12, 31),
}
#: Words of holiday names as people shorten or nickname them ("xmas eve", "new yrs eve",
#: "chrissie" in Australia), each -> the word of `HOLIDAYS` it stands for.
HOLIDAY_WORDS = {"xmas": "christmas", "x-mas": "christmas", "chrissie": "christmas",
                 "chrissy": "christmas", "crimbo": "christmas", "yrs": "years",
                 "yr": "years", "year": "years", "nye": "new years eve"}
#: Nouns after a holiday's name that make it the name of an occasion, not of its day ("our
#: book club's Christmas do got postponed", "the Christmas party"): no date.
OCCASION_NOUNS = frozenset({"do", "party", "parties", "bash", "drinks", "get-together",
                            "celebration", "outing", "social", "shindig"})
#: Relative day words people shorten beyond their vowels ("tn": tonight).
SHORT_RELATIVE = {"tn": "tonight", "tmr": "tomorrow", "tmrw": "tomorrow", "2nite": "tonight",
                  "2day": "today", "2morrow": "tomorrow", "tonite": "tonight"}
#: Units of an offset, in days.
_UNITS = {"day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14}
#: What an offset counts from ("a week from today"): days from today.
_FROM = {"today": 0, "now": 0, "tonight": 0, "tomorrow": 1}
_MARKS = ".,;:!?()\"'"
_WEEKDAY_NAMES = tuple(name.lower() for name in calendar.day_name)


def _words(text: str) -> list[str]:
    words = [w.strip(_MARKS) for w in text.lower().replace("'", "").replace("’", "").split()]
    return " ".join(HOLIDAY_WORDS.get(w, w) for w in words).split()


def _holiday_spans(words: list[str], today: Date) -> list[tuple[int, int, Date]]:
    """(first word, end, date) of each fixed-date holiday the words name, its next date."""
    found: list[tuple[int, int, Date]] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            name = " ".join(words[i:i + size])
            if len(words[i:i + size]) == size and name in HOLIDAYS:
                month, day = HOLIDAYS[name]
                when = Date(today.year, month, day)
                found.append((i, i + size,
                              when if when >= today else Date(today.year + 1, month, day)))
                i += size - 1
                break
        i += 1
    return found


def holidays(text: str, *, today: Date) -> list[Date]:
    """The next date of each fixed-date holiday `text` names ("new year's eve")."""
    words = _words(text)
    return [when for _, end, when in _holiday_spans(words, today)
            if end >= len(words) or words[end] not in OCCASION_NOUNS]


def _step(day: Date, weekday: int, direction: int) -> Date:
    """The first `weekday` strictly after (`direction` 1) or before (-1) `day`."""
    day += timedelta(days=direction)
    while day.weekday() != weekday:
        day += timedelta(days=direction)
    return day


def weekday_by_holiday(text: str, *, today: Date) -> list[Date]:
    """Days named by a holiday they are counted from: "saturday after xmas" (the first
    Saturday after it), "the wednesday before chrissie", "the day after boxing day", "the
    tuesday between christmas and new year" (that weekday between the two, when there is
    exactly one)."""
    words = _words(text)
    spans = _holiday_spans(words, today)
    found: list[Date] = []
    for n, (start, end, when) in enumerate(spans):
        if start >= 2 and words[start - 1] in ("after", "before"):
            direction = 1 if words[start - 1] == "after" else -1
            lead = words[start - 2]
            if lead in _WEEKDAY_NAMES:
                found.append(_step(when, _WEEKDAY_NAMES.index(lead), direction))
            elif lead == "day" and (start < 3 or words[start - 3] != "every"):
                found.append(when + timedelta(days=direction))
        elif start >= 2 and words[start - 1] == "between" and words[start - 2] in \
                _WEEKDAY_NAMES and n + 1 < len(spans) and spans[n + 1][0] == end + 1 \
                and words[end] == "and":
            later = spans[n + 1][2]
            weekday = _WEEKDAY_NAMES.index(words[start - 2])
            inside = [when + timedelta(days=k) for k in range(1, (later - when).days)
                      if (when + timedelta(days=k)).weekday() == weekday]
            if len(inside) == 1:
                found += inside
    return found


def day_after(text: str, *, known: Date | None) -> Date | None:
    """"make it the day after", "the day before then": a day on from (or back from) the
    day the conversation already has (`known`), when the words name no other day after
    them."""
    if known is None:
        return None
    words = _words(text)
    for i in range(1, len(words) - 1):
        if words[i] == "day" and words[i - 1] == "the" and words[i + 1] in ("after", "before"):
            after = words[i + 2:i + 3]
            if after and after[0] not in ("that", "then", "it"):
                continue  # "the day after christmas": the holiday's
            return known + timedelta(days=1 if words[i + 1] == "after" else -1)
    return None


def offset_days(text: str, *, today: Date) -> list[Date]:
    """"a week from today", "two weeks from tomorrow", "in 3 days", "in a fortnight", "a
    fortnight today", "a week on Friday", "tomorrow week", "Friday week", "the Friday
    after next": the
    day that many days on. A count with a unit and no "in" before or "from" after it is no
    day ("3 days ago", "for 2 days")."""
    words = _words(text)
    found: list[Date] = []
    for i, word in enumerate(words):
        if word == "next" and i >= 2 and words[i - 1] == "after" and \
                words[i - 2] in _WEEKDAY_NAMES:
            # "the Friday after next": a week after the coming Friday.
            coming = (_WEEKDAY_NAMES.index(words[i - 2]) - today.weekday() - 1) % 7 + 1
            found.append(today + timedelta(days=coming + 7))
            continue
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

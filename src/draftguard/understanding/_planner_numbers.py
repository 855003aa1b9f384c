"""Numbers a planner reading leaves unread: a search that ran with one of them unread ("3
of us and 2 kids" read as 3) would be a guess, so the planner asks about it instead.

A number is read when it is the party size (or the numbers add up to it: "2 adults and 2
kids" is 4, "me and 3 mates" 4, "two couples" 4), part of the date read ("the 18th", "in 3
days", a written date), a time ("at 7", "7 pm") or an amount ("$50"). Any other count,
ordinal or number word in a search message is unread."""

from __future__ import annotations

import re
from typing import Any

from draftguard.grounding._dates import without_dates
from draftguard.grounding._numbers import stated_count
from draftguard.text import NUMBER_WORDS, number_value

__all__ = ["numbers_as_digits", "party_size", "unread_numbers"]

_MARKS = ".,;:!?()\"'"
#: Words after a number that make it a time, or a span of days of the date read.
_TIME_AFTER = frozenset({"pm", "am", "p.m.", "a.m.", "o'clock", "oclock"})
_DAYS_AFTER = frozenset({"day", "days", "week", "weeks"})
#: Words after a number that make it an amount or a price level ("two dollar signs").
_AMOUNT_AFTER = frozenset({"dollar", "dollars", "bucks"})
#: Words before a number that make it a time.
_TIME_BEFORE = frozenset({"at", "around", "by"})
#: Number words read as counts ("one" is a pronoun as often: "one place", "the one").
_COUNT_WORDS = frozenset({*NUMBER_WORDS[2:], "dozen"})
#: Before an ordinal, words that make it a day or a position ("the 18th", "on the 2nd");
#: any other ordinal is an occasion's ("our 10th anniversary", "my dad's 70th").
_ORDINAL_LEADS = frozenset({"the", "on"})
_ORDINAL_ENDINGS = ("st", "nd", "rd", "th")


#: The tens in words: "twenty-two" and "twenty two" are one number, 22.
_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                   "ninety"})
_UNITS = frozenset(NUMBER_WORDS[1:10])


def numbers_as_digits(text: str) -> str:
    """`text` (lower case) with each number of tens and units in words ("twenty-two",
    "thirty five") written in digits, so it reads as one number, not as its last word."""
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        tens, dash, unit = word.partition("-")
        core = unit.rstrip(_MARKS)
        if dash and tens in _TENS and core in _UNITS:
            out.append(f"{number_value(tens + ' ' + core)}{unit[len(core):]}")
        elif word in _TENS and i + 1 < len(words) and words[i + 1].rstrip(_MARKS) in _UNITS:
            after = words[i + 1]
            core = after.rstrip(_MARKS)
            out.append(f"{number_value(word + ' ' + core)}{after[len(core):]}")
            i += 1
        else:
            out.append(word)
        i += 1
    return " ".join(out)


def _ordinal(word: str) -> bool:
    return word[:-2].isdigit() and word[-2:] in _ORDINAL_ENDINGS


def unread_numbers(rest: str, values: dict[str, Any], *, corrected: bool = False) -> list[str]:
    """The numbers of `rest` (a message with venue names masked) that no value in `values`
    accounts for, each with the word after it ("2 kids"), for the question. `corrected`:
    the party size was read from a correction ("for 5 - no wait, 6"), which accounts for
    the count it replaced."""
    typed = without_dates(rest).split()
    words = [w.strip(_MARKS) for w in typed]
    found: list[tuple[int, int | None]] = []  # (index, value; None for an ordinal)
    for i, word in enumerate(words):
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if typed[i].startswith("$") or before in _TIME_BEFORE or after in _TIME_AFTER or \
                after in _AMOUNT_AFTER:
            continue
        if _ordinal(word):
            if "date" not in values and before in _ORDINAL_LEADS:
                found.append((i, None))
        elif (word.isdigit() or word in _COUNT_WORDS) and not (
                "date" in values and after in _DAYS_AFTER):
            # "a dozen and a half": 18; "half a dozen": 6.
            scale = 1.5 if words[i + 1:i + 4] == ["and", "a", "half"] else 1.0
            scale /= 2 if words[max(0, i - 2):i] == ["half", "a"] else 1
            value = number_value(word)
            found.append((i, None if value is None else int(value * scale)))
    cardinals = [(i, v) for i, v in found if v is not None]
    unread = [i for i, v in found if v is None]
    party = values.get("party_size")
    counts = [v for _, v in cardinals]
    if party is not None and corrected:
        cardinals = []
    elif party is not None and party in counts:
        cardinals.pop(counts.index(party))
    elif party is not None and sum(counts) in (party, party - 1, party / 2):
        # The numbers the party was counted from ("me and 3 mates": 4, "two couples": 4).
        cardinals = []
    unread += [i for i, _ in cardinals]
    return [" ".join(words[i:i + 2]) for i in sorted(unread)]


_BARE_NUMBER = re.compile(
    r"^(?:(?:actually|make it|make that|now|just|oh|ok|okay|sorry|wait|no|so|um|hmm|"
    r"we'?re|we are|we will be|we'll be|it'?s|it is|there'?ll be|there will be)[\s,]+)*"
    r"(\d{1,3}|" + "|".join(NUMBER_WORDS[1:]) + r")"
    r"(?:[\s,]+(?:now|instead|then|please|actually|total|in total|of us|people))*[\s.!]*$")


#: Units a number measures a span in ("we are 2 hours away", "5 minutes from old city"):
#: never people.
_SPAN_UNITS = frozenset({"minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
                         "day", "days", "week", "weeks", "month", "months", "year", "years",
                         "block", "blocks", "mile", "miles", "km", "stops", "stop"})


def _without_spans(text: str) -> str:
    """`text` with each number of a unit of time or distance left out."""
    words = text.split()
    kept = [w for i, w in enumerate(words)
            if not (i + 1 < len(words) and words[i + 1] in _SPAN_UNITS
                    and (w.isdigit() or w in NUMBER_WORDS))]
    return " ".join(kept)


def party_size(text: str, *, nouns: tuple[str, ...], lead_ins: tuple[str, ...]) -> int | None:
    """The party size `text` states ("8 people", "table for eight", "actually 10"), 1-500."""
    # A clause mark after the number ends it: "a group of 9, next friday"; so does a full
    # stop after a word ("for four."), not after an initial ("s. philly").
    text = re.sub(r"(?<=\d)[.,;!?]+(?=\s|$)|(?<=[a-z]{2})\.(?=\s|$)|[,;!?]+", " ", text)
    size = stated_count(_without_spans(text), nouns=nouns, lead_ins=lead_ins)
    if size is None:
        bare = _BARE_NUMBER.match(text.strip())
        if bare is not None:
            word = bare.group(1)
            size = int(word) if word.isdigit() else NUMBER_WORDS.index(word)
    return size if size is not None and 1 <= size <= 500 else None

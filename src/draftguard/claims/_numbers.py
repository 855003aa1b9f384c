"""Numbers in text, in digits or in words ("16", "sixteen", "five hundred", "+2").

Used on what the session holds (a post, a source, catalogue lines), where the text is not
parsed: a word run is read with `draftguard.text.number_value` (text2num), longest first.
The patterns only find digits and words; nothing here backtracks.
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftguard.text import NUMBER_WORDS, number_value

__all__ = ["UNITS", "counted_in_text", "numbers_of_text", "rounds_to", "told_about", "value_of",
           "with_digits", "word_amounts"]

_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ("hundred", "thousand", "million")
_NUMBER_WORD = frozenset((*NUMBER_WORDS, *_TENS, *_SCALES, "dozen"))
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*|[+-]?\d+(?:[.,]\d+)*")
_MAX_TEXT = 400_000


def value_of(text: str) -> float | None:
    """The number `text` names ("40", "+2", "1,200", "five hundred", "twenty-one")."""
    bare = text.strip().lower()
    if not bare:
        return None
    digits = bare.lstrip("+-").replace(",", "")
    if digits.replace(".", "", 1).isdigit():
        return float(digits)
    value = number_value(bare)
    return float(value) if value is not None else None


_ORDINAL_ENDS = ("st", "nd", "rd", "th")
#: Units an amount is told in with "a" or "an" ("an hour", "half a ton"), each with the
#: smaller unit it is also counted in and how many of those it holds (an hour: 60 minutes).
UNITS: dict[str, tuple[str, float] | None] = {
    "hour": ("minute", 60.0), "minute": None, "ton": None, "tonne": None, "kilo": None,
    "mile": None, "kilometre": None, "kilometer": None, "litre": None, "liter": None,
    "metre": None, "meter": None}
_FRACTIONS = {"half": 0.5, "quarter": 0.25}


def word_amounts(words: list[str], at: int) -> list[tuple[float, str]]:
    """The amount told in words with the "a" or "an" at `at` before a unit: "an hour" (1
    hour), "half an hour" (0.5), "a quarter of an hour" (0.25), "an hour and a half" (1.5);
    an hour is also its minutes (60, 30, 15, 90). [] when `at` starts none."""
    if words[at] not in ("a", "an") or at + 1 >= len(words):
        return []
    unit = words[at + 1].removesuffix("s")
    if unit not in UNITS:
        return []
    value = 1.0
    if at >= 1 and words[at - 1] in _FRACTIONS:
        value = _FRACTIONS[words[at - 1]]
    elif at >= 2 and words[at - 1] == "of":
        if words[at - 2] not in _FRACTIONS:
            return []  # "a third of an hour", "the rest of a mile": another amount
        value = _FRACTIONS[words[at - 2]]
    if words[at + 2:at + 5] == ["and", "a", "half"]:
        value += 0.5
    out = [(value, unit)]
    smaller = UNITS[unit]
    if smaller is not None:
        out.append((value * smaller[1], smaller[0]))
    return out


def _is_word(word: str) -> bool:
    return all(part in _NUMBER_WORD for part in word.split("-"))


@lru_cache(maxsize=256)
def numbers_of_text(text: str) -> frozenset[float]:
    """Every number `text` states: each digit run, each number word, and each run of number
    words as one number ("two hours and six minutes": 2, 6; "five hundred": 5, 100, 500)."""
    found: set[float] = set()
    run: list[str] = []

    def close() -> None:
        if run:
            whole = value_of(" ".join(run))
            if whole is not None:
                found.add(whole)
            run.clear()

    low = text[:_MAX_TEXT].lower()
    for m in _WORD.finditer(low):
        word = m.group()
        if word[0].isdigit() or word[0] in "+-":
            close()
            if low[m.end():m.end() + 2] in _ORDINAL_ENDS and not low[m.end() + 2:][:1].isalpha() \
                    and text[m.end() + 2:m.end() + 4].strip()[:1].isupper():
                continue  # "3rd St" names a street: no count of three ("my 35th birthday" is)
            value = value_of(word)
            if value is not None:
                found.add(value)
        elif _is_word(word):
            run.append(word)
            single = value_of(word)
            if single is not None:
                found.add(single)
        else:
            close()
    close()
    words = [m.group() for m in _WORD.finditer(low)]
    found.update(v for i in range(len(words)) for v, _ in word_amounts(words, i))
    return frozenset(found)


def _tokens(text: str) -> list[tuple[str, float | None]]:
    """The text's words, each run of number words as one, with its value (None: a word)."""
    out: list[tuple[str, float | None]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            out.append((" ".join(run), value_of(" ".join(run))))
            run.clear()

    for m in _WORD.finditer(text[:_MAX_TEXT].lower()):
        word = m.group()
        if word[0].isdigit() or word[0] in "+-":
            close()
            out.append((word, value_of(word)))
        elif _is_word(word):
            run.append(word)
        elif (parts := _counted_compound(word)) is not None:  # "a two-berth cabin"
            close()
            out.extend(parts)
        else:
            close()
            out.append((word, None))
    close()
    return out


def _counted_compound(word: str) -> list[tuple[str, float | None]] | None:
    """A number joined by hyphens to the noun it counts ("two-berth", "three-course"): the
    number, then the noun; None for any other word."""
    parts = word.split("-")
    lead = 0
    while lead < len(parts) - 1 and parts[lead] in _NUMBER_WORD:
        lead += 1
    if lead == 0:
        return None
    number = " ".join(parts[:lead])
    return [(number, value_of(number)), ("-".join(parts[lead:]), None)]


#: How far past "of" a partitive's whole may stand ("three of my eleven bowls").
_PARTITIVE_GAP = 2


@lru_cache(maxsize=256)
def counted_in_text(text: str) -> dict[str, frozenset[float]]:
    """The numbers `text` gives each noun it counts ("carries up to 40 cars": cars, car ->
    40; "three of my eleven bowls": bowls, bowl -> 3, 11), by the word after the number."""
    tokens = _tokens(text)
    found: dict[str, set[float]] = {}
    for i, (_, value) in enumerate(tokens):
        if value is None:
            continue
        span = _years_between(tokens, i)
        if span is not None:  # "from 1961 to 1968": seven years
            found.setdefault("year", set()).add(span)
        values, j = [value], i + 1
        if j < len(tokens) and tokens[j][0] == "of":  # a partitive: the whole's noun
            whole = next((k for k in range(j + 1, min(j + 2 + _PARTITIVE_GAP, len(tokens)))
                          if tokens[k][1] is not None), None)
            if whole is None:
                continue
            values.append(tokens[whole][1] or 0.0)
            j = whole + 1
        if j < len(tokens) and tokens[j][1] is None and tokens[j][0].isalpha():
            noun = tokens[j][0]
            values += _with_parts(tokens, j, value)
            for key in {noun, noun.removesuffix("s")}:
                found.setdefault(key, set()).update(values)
    words = [word for word, _ in tokens]
    for i in range(len(words)):  # "an hour", "half a ton": counts of their units
        for value, unit in word_amounts(words, i):
            for key in (unit, unit + "s"):
                found.setdefault(key, set()).add(value)
    return {k: frozenset(v) for k, v in found.items()}


#: The years a span between two may name ("from 1961 to 1968", "between 1990 and 1995").
_YEARS = range(1000, 2200)


def _years_between(tokens: list[tuple[str, float | None]], at: int) -> float | None:
    """The years from the year at `at` to the year two words on, when the words between
    and before say so ("from 1961 to 1968": 7); None otherwise."""
    if at == 0 or at + 2 >= len(tokens) or tokens[at - 1][0] not in ("from", "between") or \
            tokens[at + 1][0] not in ("to", "and", "until", "till"):
        return None
    start, end = tokens[at][1], tokens[at + 2][1]
    if start is None or end is None or int(start) not in _YEARS or int(end) not in _YEARS:
        return None
    return end - start if end > start and start.is_integer() and end.is_integer() else None


def _with_parts(tokens: list[tuple[str, float | None]], at: int, value: float) -> list[float]:
    """The whole of a count of a unit and its smaller part ("7 hours and 40 minutes": 7.67
    hours), when the unit at `at` is followed by one."""
    part = _PARTS.get(tokens[at][0].removesuffix("s"))
    k = at + 1 + (at + 1 < len(tokens) and tokens[at + 1][0] == "and")
    if part is None or k + 1 >= len(tokens) or tokens[k][1] is None or \
            tokens[k + 1][0].removesuffix("s") != part[0]:
        return []
    return [value + (tokens[k][1] or 0.0) / part[1]]


def with_digits(text: str) -> str:
    """`text` with each run of number words written in digits ("seats five hundred" ->
    "seats 500"); everything else as it was."""
    out: list[str] = []
    last = 0
    run_start: int | None = None
    run_end = 0
    run: list[str] = []

    def close() -> None:
        nonlocal run_start, last
        if run_start is not None:
            value = value_of(" ".join(run))
            if value is not None:
                out.append(text[last:run_start])
                out.append(f"{value:g}")
                last = run_end
            run.clear()
            run_start = None

    for m in _WORD.finditer(text[:_MAX_TEXT]):
        word = m.group().lower()
        if word.isalpha() or ("-" in word and not word[0].isdigit()):
            if _is_word(word):
                if run_start is None:
                    run_start = m.start()
                run.append(word)
                run_end = m.end()
                continue
            if word == "and" and run:
                continue
        close()
    close()
    out.append(text[last:])
    return "".join(out)


#: A unit's smaller part, and how many make one ("7 hours and 40 minutes" is 7.67 hours).
_PARTS = {"hour": ("minute", 60.0), "minute": ("second", 60.0), "week": ("day", 7.0),
          "year": ("month", 12.0)}


def told_about(exact: float, said: float, *, tolerance: float, how: str = "about") -> bool:
    """A number told as rounded (`said`) must be within `tolerance` of `exact` (as a fraction
    of it), and either `exact` rounded to the places it gives or a number of at most two
    significant digits: 473 words are "about 500" and "about 470" at 0.1, not "about 400";
    "roughly 5795" for 5974.8 is neither. A number with decimals gives its places: it must
    be `exact` rounded to them, or the nearest half ("about 2.5" for 2.4); 0.83 is "roughly
    0.8", not "roughly 0.9". A bound (`how`: "under", "over") must also lie on its side:
    7 h 40 min is "under eight hours", not "under seven"."""
    if (how == "under" and said <= exact) or (how == "over" and said >= exact):
        return False
    if abs(said - exact) > tolerance * abs(exact):
        return False
    if said % 1 and how == "about":  # a decimal gives its places: 0.83 is "roughly 0.8"
        return rounds_to(exact, said) or (said * 2 % 1 == 0 and round(exact * 2) / 2 == said)
    digits = f"{said:.6g}".replace(".", "").replace("-", "").strip("0")
    return len(digits) <= 2 or rounds_to(exact, said)


def rounds_to(exact: float, said: float) -> bool:
    """`said` is `exact` rounded to the places `said` gives (291.75 is "292" or "290", not
    "291"; 0.567 is "0.57")."""
    text = f"{said:g}"
    places = len(text.partition(".")[2]) if "." in text else \
        -(len(text) - len(text.rstrip("0")))
    return exact != said and round(exact, places) == said

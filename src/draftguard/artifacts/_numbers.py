"""Numbers as a quiz reads them: the value a numeral says, and the same phrase with another
value, for distractors of a quantity or a date in the answer's own unit and style.

"ninety-two" is 92 and "about 13,200" is 13200; another value is written the way the
answer writes its own ("eleven" -> "nine", "13,200" -> "6,600"), with the answer's other
words kept, so a distractor of "about 13,200" is "about 6,600" and one of "2 September 1666"
is "2 September 1656". Values come from the text's own numbers first; only when the text
has too few are neighbours made (half, double, a step either side; years ten apart).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["clock_options", "counts", "is_year", "number_value", "numbers_in", "with_values"]

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
         "ninety"]
_WORDS = {w: n for n, w in enumerate(_UNITS)} | {w: 10 * n for n, w in enumerate(_TENS) if w}
#: Words that multiply the numeral before them ("two million", "a hundred", "a dozen").
_SCALES = {"dozen": 12, "hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_SCALE_WORDS = "|".join(_SCALES)
#: A numeral: digits with thousands commas and a decimal part, a number word up to 99, or
#: "a"/"an" before a scale word ("more than a hundred stairways" is a count, 100), each
#: with its scale word when one follows ("around two million flowers" is 2,000,000).
_NUMERAL = re.compile(
    r"(?:(?<![\w.,])(?P<digits>\d{1,3}(?:,\d{3})+|\d+)(?P<decimal>\.\d+)?(?![\w,]\d)"
    r"|(?<![\w-])(?P<word>" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")(?:-(?P<unit>"
    + "|".join(u for u in _UNITS[1:10]) + r"))?(?![\w-])"
    r"|(?<![\w-])(?P<article>an?)(?=\s+(?:" + _SCALE_WORDS + r")\b))"
    r"(?:\s+(?P<scale>" + _SCALE_WORDS + r")(?![\w-]))?",
    re.IGNORECASE,
)
_YEARS = range(1000, 2101)
_CLOCK = "o'clock"
_HOURS = 12
#: A value of the text stands in for the answer's only within this factor of it.
_SCALE = 10


def number_value(text: str) -> float | None:
    """The value of the last numeral in `text`, or None when it has none."""
    found = list(_NUMERAL.finditer(text))
    return _value(found[-1]) if found else None


def counts(text: str) -> bool:
    """Whether a phrase states a quantity ("about one millimetre", "23 names"): a wrong
    option for a thing never does, and one for a quantity always does."""
    return number_value(text) is not None


def is_year(text: str) -> bool:
    """Whether a phrase is a year written in digits ("1881"), not a count ("26")."""
    value = number_value(text)
    return (value is not None and text.strip().isdigit() and value == int(value)
            and int(value) in _YEARS)


def numbers_in(texts: Iterable[str]) -> list[float]:
    """Every numeral's value in `texts`, in order, each once."""
    out: list[float] = []
    for text in texts:
        for m in _NUMERAL.finditer(text):
            value = _value(m)
            if value not in out:
                out.append(value)
    return out


def with_values(answer: str, text_values: Sequence[float], count: int) -> list[str]:
    """`answer` with its last numeral replaced by `count` other values: the text's own
    values of the same scale first (years for a year, nearest first), then made
    neighbours."""
    found = list(_NUMERAL.finditer(answer))
    if not found:
        return []
    m = found[-1]
    own = _value(m)
    floor = max((_value(f) for f in found[:-1]), default=0.0)  # "16 to 20": above 16
    words = m.group("digits") is None
    scaled = m.group("scale") is not None  # "a hundred stairways" or "two hundred": plural
    is_year = (own == int(own) and int(own) in _YEARS and not words and not scaled
               and "," not in m.group(0))
    candidates = sorted((v for v in text_values if v != own and v > 0
                         and is_year == (v == int(v) and int(v) in _YEARS)
                         and own / _SCALE <= v <= own * _SCALE), key=lambda v: abs(v - own))
    clock = _CLOCK in answer.casefold()  # "seven o'clock" has neighbours up to twelve
    made = [own - 10, own + 10, own - 5, own + 20] if is_year else [
        own / 2, own * 2, own + max(1, round(own / 4)), own - max(1, round(own / 4)), own * 3]
    if clock:
        made = [own + 2, own - 2, own + 3, own - 3, own + 1, own - 1]
    if scaled:  # neighbours in the answer's own scale: "a hundred" -> "two hundred"
        unit = _SCALES[m.group("scale").lower()]
        inner = own / unit
        step = max(1, round(inner / 4))
        made = [unit * v for v in (inner / 2, inner * 2, inner + step, inner - step, inner * 3,
                                   inner * 5) if v > 0]
    out: list[str] = []
    for value in [*candidates, *made]:
        written = _written(value, m, words)
        if (written is None or value <= floor or (clock and value > _HOURS) or value == own
                or (not scaled and (value == 1) != (own == 1))
                or written.casefold() in m.group(0).casefold()
                or m.group(0).casefold() in written.casefold()):
            continue  # "6" beside "60" reads as the answer cut short; "one parts" is wrong
        option = answer[: m.start()] + written + answer[m.end():]
        if option not in out and option != answer:
            out.append(option)
        if len(out) == count:
            break
    return out


def _value(m: re.Match[str]) -> float:
    scale = _SCALES[m.group("scale").lower()] if m.group("scale") else 1
    if m.group("digits") is not None:
        whole = float(m.group("digits").replace(",", ""))
        return scale * (whole + (float(m.group("decimal")) if m.group("decimal") else 0.0))
    if m.group("article") is not None:
        return float(scale)
    value = _WORDS[m.group("word").lower()]
    if m.group("unit"):
        value += _WORDS[m.group("unit").lower()]
    return float(scale * value)


def _written(value: float, like: re.Match[str], words: bool) -> str | None:
    """`value` written the way `like` writes its numeral (None when it cannot be): in the
    same scale ("a hundred" -> "two hundred", "2 million" -> "4 million")."""
    if like.group("scale"):
        scale_word = like.group("scale")
        inner = _plain(value / _SCALES[scale_word.lower()], like, words)
        return None if inner is None else f"{inner} {scale_word}"
    return _plain(value, like, words)


def _plain(value: float, like: re.Match[str], words: bool) -> str | None:
    if value != int(value):
        decimals = len(like.group("decimal") or "") - 1
        if decimals <= 0:
            return None
        return f"{value:.{decimals}f}"
    n = int(value)
    if words:
        if n >= 100:
            return None
        text = _UNITS[n] if n < 20 else _TENS[n // 10] + (f"-{_UNITS[n % 10]}" if n % 10
                                                          else "")
        source = like.group(0)
        return text.capitalize() if source[:1].isupper() else text
    if "," in like.group("digits"):
        return f"{n:,}"
    return str(n)


# -- clock times -----------------------------------------------------------------------------

#: A time of day: "8:45 a.m.", "10:30 am", "6 p.m.", "7.30pm", or "18:30" on a 24-hour clock.
_CLOCK_TIME = re.compile(
    r"(?<![\w.:,])(?P<hour>\d{1,2})(?:(?P<sep>[:.])(?P<minute>[0-5]\d))?(?![\d,])"
    r"(?:(?P<space>\s?)(?P<half>[ap])(?P<dot>\.?)m\.?(?!\w))?",
    re.IGNORECASE,
)
_DAY = 24 * 60
#: Made neighbours of a time, in minutes: half an hour and an hour either side first.
_CLOCK_STEPS = (30, -30, 60, -60, 15, -15, 90, 120)
_HOUR_STEPS = (60, -60, 120, -120, 180, -180)


def _clock(text: str, half: str = "") -> tuple[int, re.Match[str]] | None:
    """The minutes after midnight of the last time of day in `text`, and its match; a time
    with no "a.m." or "p.m." of its own reads in `half` ("a" or "p") when it is given."""
    found = [m for m in _CLOCK_TIME.finditer(text) if m.group("half") or m.group("sep") == ":"]
    if not found:
        return None
    m = found[-1]
    hour, minute = int(m.group("hour")), int(m.group("minute") or 0)
    side = (m.group("half") or half).lower()
    if side:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if side == "p" else 0)
    if hour > 23:
        return None
    return hour * 60 + minute, m


def clock_options(answer: str, texts: Sequence[str], count: int) -> list[str] | None:
    """Other times of day written as `answer` writes its own ("8:45 a.m." -> "8:15 a.m.",
    "9:45 a.m."; "6 p.m." -> "7 p.m."): the text's own times first, then half an hour and
    an hour either side (whole hours for a time given in hours). None when the answer is no
    time of day (a count, a year: `with_values` writes those)."""
    read = _clock(answer)
    if read is None:
        return None
    own, m = read
    hours_only = m.group("minute") is None
    half = (m.group("half") or "").lower()
    theirs = [c[0] for c in (_clock(t, half) for t in texts) if c is not None]
    steps = _HOUR_STEPS if hours_only else _CLOCK_STEPS
    values = [*sorted(set(theirs), key=lambda v: abs(v - own)), *(own + s for s in steps)]
    out: list[str] = []
    for value in values:
        if value == own or not 0 <= value < _DAY or (hours_only and value % 60):
            continue
        option = answer[: m.start()] + _clock_text(value, m) + answer[m.end():]
        if option not in out:
            out.append(option)
        if len(out) == count:
            break
    return out


def _clock_text(value: int, like: re.Match[str]) -> str:
    """`value` (minutes after midnight) written as `like` writes its time."""
    hour, minute = divmod(value, 60)
    text_minute = f"{like.group('sep')}{minute:02d}" if like.group("minute") else ""
    if not like.group("half"):
        width = len(like.group("hour"))
        return f"{hour:0{width}d}{text_minute}"
    half = "a" if hour < 12 else "p"
    if like.group("half").isupper():
        half = half.upper()
    dot = like.group("dot")
    suffix = f"{half}{dot}{'M' if like.group('half').isupper() else 'm'}{dot}"
    return f"{hour % 12 or 12}{text_minute}{like.group('space')}{suffix}"

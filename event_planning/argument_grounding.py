"""Which search preferences the user's own words support. Pure: no ADK here.

A 135M model fills tool arguments from its schema examples ("italian", "$", "south_philly",
10, "2023-08-25T...") whatever the user said. `ground_preferences` keeps an argument only when
the user's text (the whole session's, so earlier turns count) supports it, and says why each
other one was dropped. Unknown values are left to the tool, which lists the allowed ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date as Date
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from event_planning.catalog import Cuisine, Neighborhood, PriceLevel

__all__ = [
    "GroundingReport",
    "cuisine_grounded",
    "date_grounded",
    "ground_preferences",
    "neighborhood_grounded",
    "party_size_grounded",
    "price_level_grounded",
]

CUISINE_WORDS: dict[Cuisine, tuple[str, ...]] = {
    Cuisine.ITALIAN: ("italian", "pasta", "pizza", "pizzeria", "trattoria", "osteria"),
    Cuisine.AMERICAN: ("american", "burger", "burgers", "diner", "new american"),
    Cuisine.MEXICAN: ("mexican", "taco", "tacos", "taqueria", "burrito", "burritos"),
    Cuisine.CHINESE: ("chinese", "dim sum", "dumplings", "szechuan", "sichuan", "cantonese"),
    Cuisine.VIETNAMESE: ("vietnamese", "pho", "banh mi"),
    Cuisine.JAPANESE: ("japanese", "sushi", "ramen", "izakaya", "omakase"),
    Cuisine.THAI: ("thai",),
    Cuisine.INDIAN: ("indian", "curry", "tandoori", "biryani"),
    Cuisine.FRENCH: ("french", "bistro", "brasserie"),
    Cuisine.MEDITERRANEAN: ("mediterranean", "greek", "middle eastern", "falafel", "mezze"),
    Cuisine.SEAFOOD: ("seafood", "fish", "oyster", "oysters", "crab", "lobster"),
    Cuisine.STEAKHOUSE: ("steakhouse", "steak", "steaks", "chophouse"),
    Cuisine.BBQ: ("bbq", "barbecue", "barbeque", "smokehouse"),
}

PRICE_WORDS: dict[PriceLevel, tuple[str, ...]] = {
    PriceLevel.INEXPENSIVE: ("cheap", "inexpensive", "budget", "affordable", "cheapest"),
    PriceLevel.MODERATE: ("moderate", "moderately priced", "mid range", "mid priced",
                          "reasonable", "reasonably priced"),
    PriceLevel.UPSCALE: ("expensive", "upscale", "fancy", "pricey", "high end"),
    PriceLevel.SPLURGE: ("splurge", "luxury", "luxurious", "lavish", "very expensive"),
}

NEIGHBORHOOD_ALIASES: dict[Neighborhood, tuple[str, ...]] = {
    Neighborhood.SOUTH_PHILLY: ("south philadelphia",),
    Neighborhood.EAST_PASSYUNK: ("passyunk",),
    Neighborhood.CENTER_CITY: ("centre city", "downtown"),
    Neighborhood.RITTENHOUSE: ("rittenhouse square",),
    Neighborhood.NORTHERN_LIBERTIES: ("nolibs", "no libs"),
    Neighborhood.UNIVERSITY_CITY: ("uni city",),
    Neighborhood.GRADUATE_HOSPITAL: ("grad hospital", "g ho"),
}

NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)
NUMBER_WORDS_EXTRA = {"dozen": 12, "couple": 2, "pair": 2}

MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})")
_SLASH = re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b")
_MONTH = "|".join(m[:3] + (m[3:] and f"(?:{m[3:]})?") for m in MONTHS)
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORD}\b{_YEAR}")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH})\b{_YEAR}")


class GroundingReport(BaseModel):
    """`kept`: arguments to apply; `ignored`: argument -> why the user's words do not support it."""

    model_config = ConfigDict(frozen=True)

    kept: dict[str, Any]
    ignored: dict[str, str]


def _words(text: str) -> str:
    """Lower case, `_`/`-` as spaces, single spaces: "South_Philly" and "south-philly" agree."""
    return " ".join(re.sub(r"[_\-]+", " ", text.lower()).split())


def _has_phrase(text: str, phrase: str) -> bool:
    pattern = rf"(?<![a-z0-9]){re.escape(_words(phrase))}(?![a-z0-9])"
    return re.search(pattern, _words(text)) is not None


def cuisine_grounded(value: str, user_text: str) -> bool:
    cuisine = Cuisine(value.strip().lower())
    return any(_has_phrase(user_text, w) for w in (cuisine.value, *CUISINE_WORDS[cuisine]))


def price_level_grounded(value: str, user_text: str) -> bool:
    """Exactly that many `$` in a row (not "$50", an amount), or a word for that level."""
    level = PriceLevel(value.strip())
    if re.search(rf"(?<!\$)\${{{level.level}}}(?![$\d])", user_text):
        return True
    words = PRICE_WORDS[level]
    if level is PriceLevel.UPSCALE:
        # "very expensive" is the splurge level, not this one.
        text = _words(user_text).replace("very expensive", "")
        return any(_has_phrase(text, w) for w in words)
    return any(_has_phrase(user_text, w) for w in words)


def neighborhood_grounded(value: str, user_text: str) -> bool:
    hood = Neighborhood(_words(value).replace(" ", "_"))
    names = (hood.value, *NEIGHBORHOOD_ALIASES.get(hood, ()))
    return any(_has_phrase(user_text, n) for n in names)


def _without_dates(text: str) -> str:
    for pattern in (_ISO, _SLASH, _MONTH_DAY, _DAY_MONTH):
        text = pattern.sub(" ", text)
    return text


def party_size_grounded(value: int | str, user_text: str) -> bool:
    """That number in digits or words (up to twenty, "dozen"); digits inside dates do not count."""
    size = int(value)
    text = _words(_without_dates(user_text.lower()))
    if re.search(rf"(?<![\d$.,]){size}(?![\d])", text):
        return True
    names = [w for w, n in NUMBER_WORDS_EXTRA.items() if n == size]
    if 0 <= size < len(NUMBER_WORDS):
        names.append(NUMBER_WORDS[size])
    return any(_has_phrase(text, n) for n in names)


def _mentioned_dates(text: str) -> list[tuple[int | None, int, int]]:
    """(year or None, month, day) for every explicit date in `text`."""
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


def _month(name: str) -> int:
    return next(i for i, m in enumerate(MONTHS, 1) if m.startswith(name[:3]))


def _as_date(value: str) -> Date:
    text = value.strip()
    try:
        return Date.fromisoformat(text)
    except ValueError:
        return datetime.fromisoformat(text).date()


def date_grounded(value: str, user_text: str, *, today: Date | None = None) -> bool:
    """The user wrote this date (ISO, 6/14, "June 14th", "14 June"), or named its weekday,
    or said today/tonight/tomorrow and it is that day."""
    when = _as_date(value)
    text = user_text.lower()
    for year, month, day in _mentioned_dates(text):
        if (month, day) == (when.month, when.day) and year in (None, when.year):
            return True
    if _has_phrase(text, WEEKDAYS[when.weekday()]):
        return True
    now = today or Date.today()
    relative = {"today": 0, "tonight": 0, "tomorrow": 1}
    return any(_has_phrase(text, w) and (when - now).days == n for w, n in relative.items())


_CHECKS: dict[str, Any] = {
    "cuisine": cuisine_grounded,
    "price_level": price_level_grounded,
    "neighborhood": neighborhood_grounded,
    "party_size": party_size_grounded,
    "date": date_grounded,
}


def ground_preferences(
    args: Mapping[str, Any], user_text: str, *, today: Date | None = None
) -> GroundingReport:
    """Split `args` into what the user's text supports and what it does not (with reasons).

    Values the tool would reject anyway (not a cuisine, not a date) are kept so the tool's
    own error, listing the allowed values, reaches the model.
    """
    kept: dict[str, Any] = {}
    ignored: dict[str, str] = {}
    for name, value in args.items():
        check = _CHECKS.get(name)
        if check is None or value is None:
            kept[name] = value
            continue
        try:
            ok = check(value, user_text, today=today) if name == "date" else check(value, user_text)
        except (ValueError, TypeError):
            kept[name] = value
            continue
        if ok:
            kept[name] = value
        else:
            ignored[name] = f"the user never asked for {name.replace('_', ' ')} {value!r}"
    return GroundingReport(kept=kept, ignored=ignored)

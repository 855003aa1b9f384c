"""Counts people say in digits or words ("8", "eight", "a dozen")."""

from __future__ import annotations

import re

from draftguard.grounding._dates import without_dates
from draftguard.grounding._phrases import has_phrase, normalise_words

__all__ = ["NUMBER_WORDS", "number_mentioned"]

NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)
NUMBER_WORDS_EXTRA = {"dozen": 12, "couple": 2, "pair": 2}


def number_names(n: int) -> list[str]:
    names = [w for w, v in NUMBER_WORDS_EXTRA.items() if v == n]
    if 0 <= n < len(NUMBER_WORDS):
        names.append(NUMBER_WORDS[n])
    return names


def number_mentioned(value: int | str, user_text: str) -> bool:
    """That number in digits or words (up to twenty, "dozen"); digits inside dates and
    amounts ("$50", "1.5") do not count."""
    n = int(value)
    text = normalise_words(without_dates(user_text.lower()))
    if re.search(rf"(?<![\d$.,]){n}(?![\d])", text):
        return True
    return any(has_phrase(text, name) for name in number_names(n))

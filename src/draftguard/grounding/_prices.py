"""Price levels written as dollar signs ("$$$") or as words from a vocabulary."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from draftguard.grounding._phrases import vocabulary_matcher
from draftguard.grounding._report import Matcher

__all__ = ["dollar_level_mentioned", "dollar_levels", "price_level_matcher"]


def dollar_level_mentioned(level: int, user_text: str) -> bool:
    """Exactly `level` `$` in a row, and not an amount ("$50")."""
    return re.search(rf"(?<!\$)\${{{level}}}(?![$\d])", user_text) is not None


def dollar_levels(text: str) -> set[int]:
    """The length of every run of dollar signs in `text` that is not an amount."""
    return {len(m.group()) for m in re.finditer(r"(?<!\$)\$+(?![$\d])", text)}


def price_level_matcher(words: Mapping[str, Iterable[str]]) -> Matcher:
    """A matcher for "$".."$$$$" values: that many dollar signs, or a word for the level
    (`words` maps "$$" to "moderate", ...)."""
    by_words = vocabulary_matcher(words, key=str.strip, include_key=False)
    levels = {str(k).strip() for k in words}

    def supported(value: object, user_text: str) -> bool:
        level = str(value).strip()
        if not level or set(level) != {"$"}:
            raise ValueError(f"{value!r} is not a price level")
        if dollar_level_mentioned(len(level), user_text):
            return True
        return level in levels and by_words(level, user_text)

    return supported

"""Price levels written as dollar signs ("$$$") or as words from a vocabulary."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from draftguard.grounding._phrases import vocabulary_matcher
from draftguard.grounding._report import Matcher
from draftguard.text import number_value

__all__ = ["dollar_level_mentioned", "dollar_levels", "price_level_matcher"]


def dollar_level_mentioned(level: int, user_text: str) -> bool:
    """Exactly `level` `$` in a row, and not an amount ("$50"), or that many signs in words
    ("a two-dollar-sign budget")."""
    return re.search(rf"(?<!\$)\${{{level}}}(?![$\d])", user_text) is not None or \
        level in _signs_in_words(user_text)


def dollar_levels(text: str) -> set[int]:
    """The length of every run of dollar signs in `text` that is not an amount, and every
    count of signs said in words ("two dollar signs", "a 3-dollar-sign place")."""
    return {len(m.group()) for m in re.finditer(r"(?<!\$)\$+(?![$\d])", text)} | \
        _signs_in_words(text)


def _signs_in_words(text: str) -> set[int]:
    """"two dollar signs", "a 3-dollar-sign budget": the count before "dollar sign"."""
    words = "".join(c if c.isalnum() else " " for c in text.lower()).split()
    found: set[int] = set()
    for at in range(1, len(words) - 1):
        if words[at] == "dollar" and words[at + 1] in ("sign", "signs"):
            count = number_value(words[at - 1])
            if count is not None and 1 <= count <= _MAX_SIGNS:
                found.add(count)
    return found


#: The most dollar signs a price level has.
_MAX_SIGNS = 4


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

"""Argument grounding: keep a tool argument only when the user's own words support it.

Small models fill tool arguments from their schema's examples whatever the user said.
`ground_arguments` checks each argument with a `Matcher` and reports, in one line for people,
what it ignored and why. The text matchers here know words, numbers, dates and dollar signs;
a domain brings its vocabulary (cuisines, neighbourhoods) as plain mappings.
"""

from __future__ import annotations

from draftguard.grounding._dates import (
    WEEKDAYS,
    date_matcher,
    date_mentioned,
    parse_day,
    stated_day,
    without_dates,
)
from draftguard.grounding._numbers import NUMBER_WORDS, number_mentioned, stated_count
from draftguard.grounding._phrases import (
    Vocabulary,
    has_phrase,
    mentioned_keys,
    normalise_words,
    vocabulary_matcher,
)
from draftguard.grounding._prices import (
    dollar_level_mentioned,
    dollar_levels,
    price_level_matcher,
)
from draftguard.grounding._report import GroundingReport, Matcher, ground_arguments

__all__ = [
    "NUMBER_WORDS",
    "WEEKDAYS",
    "GroundingReport",
    "Matcher",
    "Vocabulary",
    "date_matcher",
    "date_mentioned",
    "dollar_level_mentioned",
    "dollar_levels",
    "ground_arguments",
    "has_phrase",
    "mentioned_keys",
    "normalise_words",
    "number_mentioned",
    "parse_day",
    "price_level_matcher",
    "stated_count",
    "stated_day",
    "vocabulary_matcher",
    "without_dates",
]

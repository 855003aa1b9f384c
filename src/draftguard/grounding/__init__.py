"""Argument grounding: keep a tool argument only when the user's own words support it.

Small models fill tool arguments from their schema's examples whatever the user said.
`ground_arguments` checks each argument with a `Matcher` and reports, in one line for people,
what it ignored and why. The text matchers here know words, numbers, dates and dollar signs;
a domain brings its vocabulary (cuisines, neighbourhoods) as plain mappings.
"""

from __future__ import annotations

from draftguard.grounding._dates import WEEKDAYS, date_matcher, parse_day
from draftguard.grounding._numbers import number_mentioned
from draftguard.grounding._phrases import Vocabulary, has_phrase, vocabulary_matcher
from draftguard.grounding._prices import dollar_levels, price_level_matcher
from draftguard.grounding._report import GroundingReport, Matcher, ground_arguments

__all__ = [
    "WEEKDAYS",
    "GroundingReport",
    "Matcher",
    "Vocabulary",
    "date_matcher",
    "dollar_levels",
    "ground_arguments",
    "has_phrase",
    "number_mentioned",
    "parse_day",
    "price_level_matcher",
    "vocabulary_matcher",
]

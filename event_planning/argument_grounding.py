"""The planner's vocabulary for argument grounding, the matchers built from it, and the
argument guard's rules.

A 135M model fills tool arguments from its schema examples ("italian", "$", "south_philly",
10, "2023-08-25T...") whatever the user said. `ground_preferences` keeps a search preference
only when the user's text (the whole session's, so earlier turns count) supports it; the
matching itself is `draftguard.grounding`, this module only knows venues.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import date as Date
from typing import Any

from draftguard.grounding import (
    GroundingReport,
    Matcher,
    Vocabulary,
    date_matcher,
    ground_arguments,
    number_mentioned,
    price_level_matcher,
    vocabulary_matcher,
)
from draftguard_adk.agents import ArgumentRule
from event_planning.catalog import Cuisine, Neighborhood, PriceLevel
from event_planning.meaning import FEATURES, MeaningReader
from event_planning.word_table import lexicon_words

__all__ = [
    "CUISINES",
    "CUISINE_NAMES",
    "CUISINE_WORDS",
    "IGNORED_REASONS",
    "NEIGHBORHOODS",
    "NEIGHBORHOOD_ALIASES",
    "NEIGHBORHOOD_NAMES",
    "PRICE_NAMES",
    "PRICE_WORDS",
    "PRICE_WORDS_ONLY",
    "cuisine_grounded",
    "ground_preferences",
    "neighborhood_grounded",
    "preference_matchers",
    "preference_rules",
    "price_level_grounded",
]

#: The words for each cuisine, price level and neighbourhood: the planner's lexicon
#: (`event_planning/lexicon.toml`), one table for the reader and for grounding.
CUISINE_WORDS: dict[Cuisine, tuple[str, ...]] = {
    Cuisine(k): v for k, v in lexicon_words("cuisine").items()}
PRICE_WORDS: dict[PriceLevel, tuple[str, ...]] = {
    PriceLevel(k): v for k, v in lexicon_words("price").items()}
#: A neighbourhood's other names and the landmarks in it ("near city hall": Center City).
NEIGHBORHOOD_ALIASES: dict[Neighborhood, tuple[str, ...]] = {
    Neighborhood(k): v + lexicon_words("landmark").get(k, ())
    for k, v in lexicon_words("neighborhood").items()}


def _by_value(
    table: Mapping[Any, tuple[str, ...]], keys: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Every enum value (as a plain str) -> its other names, none for values without any."""
    return {str(k): tuple(table.get(k, ())) for k in keys}


#: The vocabularies as plain str -> names maps, every enum value present.
CUISINE_NAMES = _by_value(CUISINE_WORDS, Cuisine)
PRICE_NAMES = _by_value(PRICE_WORDS, PriceLevel)
NEIGHBORHOOD_NAMES = _by_value(NEIGHBORHOOD_ALIASES, Neighborhood)

#: The same, compiled for matching.
CUISINES = Vocabulary(CUISINE_NAMES)
NEIGHBORHOODS = Vocabulary(NEIGHBORHOOD_NAMES, join_possessives=True)
PRICE_WORDS_ONLY = Vocabulary(PRICE_NAMES, key=str.strip, include_key=False)

cuisine_grounded: Matcher = vocabulary_matcher(CUISINES)
price_level_grounded: Matcher = price_level_matcher(PRICE_NAMES)
neighborhood_grounded: Matcher = vocabulary_matcher(NEIGHBORHOODS)

#: Why an argument was ignored, as the user reads it.
IGNORED_REASONS = {
    "cuisine": "you never mentioned that cuisine",
    "price_level": "you never mentioned a price",
    "neighborhood": "you never mentioned that neighbourhood",
    "party_size": "you never said how many people",
    "date": "you never mentioned that date",
    "byob": "you never asked for BYOB",
    "outdoor": "you never asked for outdoor seating",
    "wheelchair": "you never asked for wheelchair access",
    "private_room": "you never asked for a private room",
    "open_on": "you never asked for that day",
}


def preference_matchers(*, today: Date | None = None) -> dict[str, Matcher]:
    """search_venues argument -> its matcher; relative dates read against `today`."""
    return {
        "cuisine": cuisine_grounded,
        "price_level": price_level_grounded,
        "neighborhood": neighborhood_grounded,
        "party_size": number_mentioned,
        "date": date_matcher(today=today),
        **{name: feature_matcher(name) for name in (*FEATURES, "open_on")},
    }


def ground_preferences(
    args: Mapping[str, Any], user_text: str, *, today: Date | None = None
) -> GroundingReport:
    """Split search preferences into what the user's text supports and what it does not."""
    return ground_arguments(args, user_text, preference_matchers(today=today),
                            reasons=IGNORED_REASONS)


def preference_rules(*, today: Date | None = None) -> list[ArgumentRule]:
    """The argument guard's rules: each `search_venues` preference, its matcher and reason."""
    return [ArgumentRule("search_venues", name, matcher, IGNORED_REASONS[name])
            for name, matcher in preference_matchers(today=today).items()]


#: How much of a session's text (its end) a grounding check reads for a feature.
GROUNDING_CHARS = 4_000


def feature_matcher(name: str) -> Callable[[Any, str], bool]:
    """A grounding matcher: a search filter (`byob`, ..., `open_on`) is supported only when
    the user's words ask for it (a false filter asks for nothing and always is)."""
    def matches(value: Any, user_text: str) -> bool:
        if value in (None, False):
            return True
        reader = MeaningReader(max_chars=GROUNDING_CHARS)
        said = reader(user_text[-GROUNDING_CHARS:]).values.get(name)
        return said is not None and (said is True or str(said) == str(value).lower())
    return matches

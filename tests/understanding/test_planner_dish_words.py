"""Words hyphened onto a dish the catalogue's venues are known for ("hand-pulled noodles",
"house-made spreads") are part of the dish, not words the planner cannot place: the search
runs with what the message says, and no question about them blocks it."""

from __future__ import annotations

import pytest
from planner_readings import last_reading

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")


@pytest.mark.parametrize(("said", "slots"), [
    ("Hello, we are 9 students and we want to eat soup dumplings and hand-pulled noodles in "
     "Chinatown, on Wednesday 9 December. What places you have?",
     {"cuisine": "chinese", "neighborhood": "chinatown", "party_size": 9, "date": "2026-12-09"}),
    ("we'd love some house-made spreads, mediterranean in fishtown for 4",
     {"cuisine": "mediterranean", "neighborhood": "fishtown", "party_size": 4}),
    ("chinese in chinatown for 7, they do hand-stretched noodles right?",
     {"cuisine": "chinese", "neighborhood": "chinatown", "party_size": 7}),
    ("wood-fired pizza in south philly for 4 please",
     {"cuisine": "italian", "neighborhood": "south_philly", "party_size": 4}),
    ("bone-in steak in rittenhouse for 10",
     {"cuisine": "steakhouse", "neighborhood": "rittenhouse", "party_size": 10}),
])
def test_a_dish_said_with_hyphened_words_searches(said: str, slots: dict[str, object]) -> None:
    [(intent, read, asked)] = last_reading("2026-12-01", said)
    assert (intent, read, asked) == ("search", slots, False)


def test_a_hyphened_phrase_before_no_dish_still_reads_as_before() -> None:
    [(intent, read, asked)] = last_reading("2026-12-01", "a romantic table-for-two in old city")
    assert (intent, read, asked) == ("search", {"neighborhood": "old_city", "party_size": 2},
                                     False)

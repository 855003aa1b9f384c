"""The planner read by class of phrasing, for the classes an end-to-end run in the real app
showed (each on new messages, never the run's own): a dearness denied in words the lexicon
does not hold ("nothing too glitzy") says no price and asks nothing, as a denied price word
does; the plan asked for beside a change to the shortlist is shown too; a venue settled on
in one sentence is the "it" of the next."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Tuesday.
TUESDAY = Date(2027, 3, 2)

THAI = "thai in queen village for 6"  # Lemongrass Lane, Siam Orchid
BOTH = "shortlist siam orchid and lemongrass lane"
STEAK = "steakhouse in rittenhouse, $$$$, for 12"  # Broad Street Chophouse, The Founders Grill
COMPARED = "compare Broad Street Chophouse and The Founders Grill"


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(TUESDAY.isoformat(), *said)


# -- a dearness denied ----------------------------------------------------------------------

@pytest.mark.parametrize(("said", "slots"), [
    ("vietnamese in bella vista for 9 sunday - nothing too glitzy",
     {"cuisine": "vietnamese", "neighborhood": "bella_vista", "party_size": 9}),
    ("italian in south philly for 12 tomorrow, nothing too dressy pls",
     {"cuisine": "italian", "neighborhood": "south_philly", "party_size": 12}),
    ("hiya! after some thai in queen village for 5 of us, nothing too flashy",
     {"cuisine": "thai", "neighborhood": "queen_village", "party_size": 5}),
    ("mexican food in fishtown for 4 people saturday, nothing too spendy",
     {"cuisine": "mexican", "neighborhood": "fishtown", "party_size": 4}),
    ("we want french in rittenhouse for 7, nothing too stuffy",
     {"cuisine": "french", "neighborhood": "rittenhouse", "party_size": 7}),
])
def test_a_dearness_denied_is_no_price_and_no_question(
        said: str, slots: dict[str, Any]) -> None:
    [(intent, got, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert {k: got.get(k) for k in slots} == slots
    assert got.get("price_level") not in ("$$$", "$$$$")

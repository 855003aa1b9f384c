"""The planner read by class of phrasing, for the classes held-out set 7's planner sessions
showed (each on new messages, never the held-out ones): a number of a unit of time ("for
thirty years") is no party; the count after "we'll be" inside a longer sentence is one."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Tuesday.
TUESDAY = Date(2027, 3, 2)


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(TUESDAY.isoformat(), *said)


@pytest.mark.parametrize(("said", "party"), [
    ("for 7, my aunt has lived in that street for 30 years", 7),
    ("9 of us, we have known each other for twelve years", 9),
    ("a table for 4 please, we'll only stay 45 minutes", 4),
])
def test_a_number_of_a_unit_of_time_is_no_party(said: str, party: int) -> None:
    [(_, slots, _)] = _read(said)
    assert slots.get("party_size") == party


def test_a_span_of_time_alone_states_no_party() -> None:
    reading = _read("my grandmother ran a bakery for fifty years, she deserves a treat")
    assert all("party_size" not in slots for _, slots, _ in reading)


@pytest.mark.parametrize(("said", "party"), [
    ("It's my sister's graduation and we'll be twelve altogether.", 12),
    ("there will be 7 of us, mostly cousins, and maybe a dog", 7),
])
def test_the_count_after_we_will_be_inside_a_sentence(said: str, party: int) -> None:
    [(_, slots, _)] = _read(said)
    assert slots.get("party_size") == party


def test_the_count_in_a_long_message_with_a_span_of_time_searches() -> None:
    # A cuisine, a neighbourhood, a count and years worked: one search, no question.
    [(intent, slots, asked)] = _read(
        "Hello! It's my mum's leaving party and we'll be eleven. She adores Thai food and "
        "lives in Fishtown, and she's taught at the same school for thirty years.")
    assert (intent, asked) == ("search", False)
    assert slots.get("party_size") == 11 and slots.get("cuisine") == "thai"

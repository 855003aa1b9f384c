"""The planner read by class of phrasing, for the classes held-out batch 12 showed (each on
new messages, never the held-out ones): counts, days and places said in other words; the
results in view named by what they are; questions that ask nothing of a tool."""

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


# -- class 3: counts, days and places in other words ------------------------------------

@pytest.mark.parametrize(("said", "party"), [
    ("thirty-five people, italian in old city", 35),
    ("we are forty one guests, thai in fishtown", 41),
    ("Twenty-Three of us want bbq in manayunk", 23),
    ("a dozen lasses, mexican in fishtown", 12),
    ("eight mates, bbq in northern liberties", 8),
    ("sushi in chinatown for nine buddies", 9),
    ("14 coworkers and me want french in rittenhouse", 15),
])
def test_a_count_in_words_or_of_people_in_other_words(said: str, party: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert slots.get("party_size") == party


@pytest.mark.parametrize("said", [
    "drinks and dinner for the pals, thai please",
    "a thai dinner with the pals",
])
def test_an_everyday_word_after_the_is_no_shortened_place(said: str) -> None:
    reading = _read(said)
    assert all("neighborhood" not in slots for _, slots, _ in reading)


@pytest.mark.parametrize(("said", "day"), [
    ("thai in fishtown sun lunch", "2027-03-07"),
    ("mexican in manayunk, wed eve", "2027-03-03"),
    ("4 of us, bbq in fishtown, sat evening", "2027-03-06"),
    ("italian in old city tonite", "2027-03-02"),
    ("ramen in chinatown the Thursday after next", "2027-03-11"),
    ("french in rittenhouse, the monday after next", "2027-03-15"),
    ("seafood in old city for Hogmanay", "2027-12-31"),
])
def test_a_day_in_other_words(said: str, day: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert slots.get("date") == day


def test_sat_as_a_verb_is_no_day() -> None:
    [(_, slots, _)] = _read("we sat outside last time, thai in fishtown")
    assert "date" not in slots


@pytest.mark.parametrize("said", [
    "office do, 20 people, private room, tmrw night, old city",
    "patio please, 6 of us, fishtown, sun arvo",
    "crimbo lunch, 12 ppl, private room, center city",
    "team night out for 9, step free, manayunk, thurs eve",
    "tonite, 5 of us, byob, fishtown",
])
def test_the_words_of_a_day_are_no_dish_and_no_unread_clause(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert "date" in slots


# -- class 2: the results in view, named by what they are --------------------------------

#: Italian in Old City: four results (Enoteca Amalfi, Osteria Marchetti, Pastificio Carmela,
#: Trattoria Marchetti).
ITALIAN = "italian in old city"


@pytest.mark.parametrize(("said", "venues"), [
    ("save the last 2", ["Pastificio Carmela", "Trattoria Marchetti"]),
    ("put the last three on the list",
     ["Osteria Marchetti", "Pastificio Carmela", "Trattoria Marchetti"]),
    ("the last two, add them to my list pls", ["Pastificio Carmela", "Trattoria Marchetti"]),
    ("shortlist the first 2", ["Enoteca Amalfi", "Osteria Marchetti"]),
    ("pls keep the last 2 for me", ["Pastificio Carmela", "Trattoria Marchetti"]),
])
def test_a_run_from_either_end_is_one_change_each(said: str, venues: list[str]) -> None:
    reading = _read(ITALIAN, said)
    assert [(i, s.get("venue"), s.get("action"), q) for i, s, q in reading] == [
        ("shortlist", v, "add", False) for v in venues]


def test_compare_the_last_two() -> None:
    [(intent, slots, asked)] = _read(ITALIAN, "compare the last two")
    assert (intent, asked) == ("compare", False)
    assert slots["venues"] == ["Pastificio Carmela", "Trattoria Marchetti"]


@pytest.mark.parametrize("said", [
    "compare the two",
    "ok which of the two is bigger",
    "which of these two costs less?",
    "put both side by side",
    "how do the 2 stack up",
])
def test_two_of_more_results_is_asked_which(said: str) -> None:
    [(_, _, asked)] = _read(ITALIAN, said)
    assert asked


@pytest.mark.parametrize(("said", "venue"), [
    ("the pricier one it is", "Pastificio Carmela"),
    ("Enoteca Amalfi it is then", "Enoteca Amalfi"),
    ("ok, the 2nd place it is", "Osteria Marchetti"),
    ("right, Trattoria Marchetti it is", "Trattoria Marchetti"),
    ("the first one it is so", "Enoteca Amalfi"),
])
def test_settling_on_a_venue_keeps_it(said: str, venue: str) -> None:
    assert _read(ITALIAN, said) == [("shortlist", {"venue": venue, "action": "add"}, False)]


def test_where_it_is_settles_nothing() -> None:
    assert all(i != "shortlist" or q for i, _, q in _read(ITALIAN, "tell me where it is"))


@pytest.mark.parametrize(("said", "venue"), [
    ("the biggest of those, what is it like?", "Osteria Marchetti"),
    ("the priciest of them, more info please", "Pastificio Carmela"),
    ("the roomiest of the lot, details?", "Osteria Marchetti"),
])
def test_the_one_a_measure_picks_out_of_those(said: str, venue: str) -> None:
    assert _read(ITALIAN, said) == [("pick", {"venue": venue}, False)]


def test_which_of_those_still_compares() -> None:
    [(intent, slots, _)] = _read(ITALIAN, "which of those is the biggest")
    assert intent == "compare" and len(slots["venues"]) == 4

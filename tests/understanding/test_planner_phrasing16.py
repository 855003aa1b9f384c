"""The planner read by class of phrasing, for the classes an end-to-end run in the real app
showed (each on new messages, never the run's own): two venues named for one keeping verb
are two keeps; a price said to be acceptable is the price, and a change of place said as a
preference is a new search with the other slots kept."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.language import language_installed
from event_planning.conversation import new_conversation

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Tuesday.
TUESDAY = Date(2027, 3, 2)

THAI = "thai in queen village for 6"  # Lemongrass Lane, Siam Orchid
FRENCH = "french in rittenhouse"  # Bistro Mercier, La Rive Gauche, Le Rive Gauche


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(TUESDAY.isoformat(), *said)


# -- two venues named for one keep -----------------------------------------------------

@pytest.mark.parametrize(("said", "venues"), [
    ("save Lemongrass Lane to my list, and Siam Orchid as well",
     ["Lemongrass Lane", "Siam Orchid"]),
    ("put Siam Orchid on the shortlist, Lemongrass Lane too",
     ["Siam Orchid", "Lemongrass Lane"]),
    ("pls shortlist lemongrass lane and also siam orchid",
     ["Lemongrass Lane", "Siam Orchid"]),
    ("keep Bistro Mercier on my list plus La Rive Gauche too",
     ["Bistro Mercier", "La Rive Gauche"]),
    ("add bistro mercier onto the list, and la rive gauche aswell",
     ["Bistro Mercier", "La Rive Gauche"]),
])
def test_two_venues_named_for_one_keep_are_two_keeps(said: str, venues: list[str]) -> None:
    first = THAI if "orchid" in said.lower() else FRENCH
    reading = _read(first, said)
    assert reading == [("shortlist", {"venue": v, "action": "add"}, False) for v in venues]


# -- a price said acceptable, a place said as a preference --------------------------------

MEXICAN = "cheap mexican ($) in fishtown for 8 on friday"


@pytest.mark.parametrize(("said", "slots"), [
    ("hmm actually Manayunk would work better for us, and $$ is ok",
     {"neighborhood": "manayunk", "price_level": "$$"}),
    ("on second thought old city suits the group more, $$$ is fine by me",
     {"neighborhood": "old_city", "price_level": "$$$"}),
    ("rittenhouse would be better tbh, and $$ works",
     {"neighborhood": "rittenhouse", "price_level": "$$"}),
    ("I think Chinatown would be easier for everybody. $$ is alright",
     {"neighborhood": "chinatown", "price_level": "$$"}),
    ("$$ is fine, and university city would suit us better",
     {"neighborhood": "university_city", "price_level": "$$"}),
])
def test_a_place_preferred_and_a_price_accepted_search_again(
        said: str, slots: dict[str, str]) -> None:
    [(intent, got, asked)] = _read(MEXICAN, said)
    assert (intent, asked) == ("search", False)
    assert {k: got.get(k) for k in slots} == slots
    assert got.get("cuisine") == "mexican"
    assert got.get("party_size") == 8


@pytest.mark.parametrize("said", [
    "old city instead, $$$$ is too much for us",
    "manayunk pls, but $$$ is out of our budget",
    "no $$$$ please, rittenhouse instead",
    "chinatown then, $$$ would be too much",
    "$$$$ is over budget, try university city",
])
def test_a_price_in_signs_taken_back_is_not_searched(said: str) -> None:
    [(intent, got, _)] = _read(MEXICAN, said)
    assert intent == "search"
    assert got.get("price_level") not in ("$$$", "$$$$")


# -- a sight's opening hours are a question about the world -----------------------------

@pytest.mark.parametrize("said", [
    "is Reading Terminal Market open on mondays? we want thai in center city for 4",
    "does the Magic Gardens open on tuesdays, also italian in bella vista for 6 on tuesday",
    "Is Independence Hall open sundays? seafood in old city for 5 sunday",
    "is the liberty bell open on a monday? and french in old city for 2",
    "is city hall open saturdays? chinese in chinatown for 7 on saturday",
])
def test_a_landmarks_opening_day_is_no_venue_filter(said: str) -> None:
    reading = _read(said)
    assert reading and all("open_on" not in slots for _, slots, _ in reading)


@pytest.mark.parametrize("said", [
    "any places near the liberty bell open on mondays? italian for 4",
    "thai near city hall for 4, one that opens on mondays",
])
def test_a_venue_near_a_landmark_open_on_a_day_is_still_a_filter(said: str) -> None:
    reading = _read(said)
    assert any(slots.get("open_on") == "monday" for _, slots, _ in reading)


# -- the place a question asked for is answered: the search runs ------------------------

@pytest.mark.parametrize(("first", "said", "place"), [
    ("somewhere close to the water", "old city, by the old docks", "old_city"),
    ("a spot near the big park pls", "oh I meant Fishtown, next to the old factories",
     "fishtown"),
    ("anywhere near the university", "university city i guess", "university_city"),
    ("somewhere close to the stadiums", "South Philly, down by the sports complex",
     "south_philly"),
    ("near the shops", "my bad, chinatown", "chinatown"),
])
def test_the_place_asked_for_is_searched(first: str, said: str, place: str) -> None:
    [(_, _, asked)] = _read(first)
    assert asked
    [(intent, slots, asked)] = _read(first, said)
    assert (intent, slots.get("neighborhood"), asked) == ("search", place, False)


@pytest.mark.parametrize("said", [
    "can u book the first one for 7?",
    "reserve the second one for 6 pls",
    "could you book that one for 8 for us",
    "book the last one for 9 on saturday",
    pytest.param("pls reserve it for 7, we'll be there by then", marks=pytest.mark.xfail(
        strict=True, reason="a second clause makes the booking a part of its own: it still "
        "searches with 7 as the party")),
])
def test_a_booking_on_a_venue_in_view_searches_nothing_again(said: str) -> None:
    conversation = new_conversation("2026-12-01")
    conversation.commit(conversation.read("dim sum in chinatown for 14 on the 12th of december"))
    reading = conversation.read(said)
    assert [r.intent.value for r in reading.requests] == ["unclear"]
    conversation.commit(reading)
    [search] = conversation.read("actually make it thai").requests
    assert search.intent.value == "search" and search.slots["party_size"] == 14

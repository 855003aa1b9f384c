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


# -- a change to the shortlist and the plan, in one message ---------------------------------

ADD_SIAM = ("shortlist", {"venue": "Siam Orchid", "action": "add"}, False)
ADD_LEMON = ("shortlist", {"venue": "Lemongrass Lane", "action": "add"}, False)
OFF_SIAM = ("shortlist", {"venue": "Siam Orchid", "action": "remove"}, False)
OFF_LEMON = ("shortlist", {"venue": "Lemongrass Lane", "action": "remove"}, False)
PLAN = ("plan", {}, False)


@pytest.mark.parametrize(("said", "listed", "reading"), [
    ("stick lemongrass lane on the list. the plan?", False, [ADD_LEMON, PLAN]),
    ("shortlist siam orchid; plan pls", False, [ADD_SIAM, PLAN]),
    ("save lemongrass lane - and what's the plan so far?", False, [ADD_LEMON, PLAN]),
    ("scrap lemongrass lane, only siam orchid. plan?", True, [OFF_LEMON, PLAN]),
    ("hmm bin siam orchid, keep only lemongrass lane. whats the plan now", True,
     [OFF_SIAM, PLAN]),
    ("Drop Lemongrass Lane pls. our plan?", True, [OFF_LEMON, PLAN]),
])
def test_a_change_to_the_list_and_the_plan_asked_are_both_done(
        said: str, listed: bool, reading: list[Any]) -> None:
    before = [THAI, BOTH] if listed else [THAI]
    assert _read(*before, said) == reading


@pytest.mark.parametrize(("said", "reading"), [
    ("take Siam Orchid off, just Lemongrass Lane", [OFF_SIAM]),
    ("drop lemongrass lane pls, only siam orchid", [OFF_LEMON]),
    ("remove siam orchid - just keep lemongrass lane", [OFF_SIAM]),
    ("ditch siam orchid, only lemongrass lane now", [OFF_SIAM]),
    ("nix Lemongrass Lane, keep just Siam Orchid", [OFF_LEMON]),
])
def test_a_removal_naming_the_one_kept_takes_the_others_off(
        said: str, reading: list[Any]) -> None:
    assert _read(THAI, BOTH, said) == reading


def test_the_one_kept_is_put_on_when_it_is_not_listed_yet() -> None:
    reading = _read(THAI, "shortlist siam orchid", "scrap siam orchid, only lemongrass lane")
    assert reading == [OFF_SIAM, ADD_LEMON]


# -- a venue settled on in one sentence, "it" in the next -----------------------------------

ADD_GRILL = ("shortlist", {"venue": "The Founders Grill", "action": "add"}, False)
ADD_CHOP = ("shortlist", {"venue": "Broad Street Chophouse", "action": "add"}, False)


@pytest.mark.parametrize(("said", "added"), [
    ("Founders Grill wins. save it", ADD_GRILL),
    ("The Founders Grill sounds better. Shortlist it.", ADD_GRILL),
    ("ok broad street chophouse then. pop it on my list pls", ADD_CHOP),
    ("we'll go for Broad Street Chophouse! put it on the shortlist", ADD_CHOP),
    ("hmm i prefer the founders grill. can u add it to the list", ADD_GRILL),
    ("founders grill is the one. keep it", ADD_GRILL),
])
def test_it_after_a_sentence_naming_one_venue_is_that_venue(
        said: str, added: tuple[str, dict[str, str], bool]) -> None:
    reading = _read(STEAK, COMPARED, said)
    assert reading[-1] == added and reading.count(added) == 1
    assert all(not asked for _, _, asked in reading)


@pytest.mark.parametrize("said", [
    "Broad Street Chophouse or The Founders Grill. add it",
    "Broad Street Chophouse and The Founders Grill look good. add it",
])
def test_it_after_a_sentence_naming_two_venues_is_still_asked(said: str) -> None:
    reading = _read(STEAK, COMPARED, said)
    assert ("shortlist", {}, True) in reading
    assert not any(intent == "shortlist" and not asked for intent, _, asked in reading)

"""The planner read by class of phrasing, for the classes held-out batch 10 showed (each on
new messages, never the held-out ones): dishes and landmarks the table names; a question
about the world sets nothing; a venue named by a measure ("the roomier one"); the result
before last and numbers in words; the venue in view as an object beside a position."""

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


@pytest.mark.parametrize(("said", "cuisine"), [
    ("some rigatoni and burrata in bella vista for 3", "italian"),
    ("loaded cheeseburgers and onion rings in fishtown for 5", "american"),
    ("katsudon and miso soup in rittenhouse for 2", "japanese"),
    ("panang and satay in chinatown for 4", "thai"),
    ("palak paneer and paratha in university city for 6", "indian"),
    ("halloumi and tabbouleh in old city for 2", "mediterranean"),
    ("crab cakes and a lobster roll in old city for 2", "seafood"),
    ("cassoulet and tarte tatin in rittenhouse for 2", "french"),
])
def test_a_dish_the_table_names_is_its_cuisine(said: str, cuisine: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots.get("cuisine")) == ("search", False, cuisine)


@pytest.mark.parametrize(("said", "area"), [
    ("pizza near the kimmel center for 4", "center_city"),
    ("tacos by penn treaty park for 3", "fishtown"),
    ("pho close to clark park for 2", "university_city"),
    ("steak near citizens bank park for 6", "south_philly"),
])
def test_a_landmark_names_its_neighbourhood(said: str, area: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots.get("neighborhood")) == ("search", False, area)


def test_a_common_word_is_no_typo_of_a_dish_word() -> None:
    # "better" is one letter from "butter" (of "butter chicken"): a word, not a typo.
    read = _read("thai in fishtown for 4", "you're better at this than my sister")
    assert read == []


@pytest.mark.parametrize("said", [
    "what's the difference between a bistro and a brasserie?",
    "is it polite to leave before dessert?",
    "is the Italian Market worth a visit while we're in town?",
    "is it normal to tip on a set menu?",
])
def test_a_question_about_the_world_sets_nothing_and_picks_nothing(said: str) -> None:
    assert _read("thai in fishtown for 4", "tell me about the first one", said) == []


def test_a_question_about_two_results_still_compares() -> None:
    [(intent, slots, asked)] = _read("thai in center city for 4",
                                     "what's the difference between the first and the second?")
    assert (intent, asked) == ("compare", False) and len(slots["venues"]) == 2


def test_a_venue_named_by_a_measure_is_the_one_the_comparison_picks() -> None:
    from event_planning.conversation import ranked

    results = ["Lemongrass Lane", "Siam Orchid"]
    roomiest = ranked(results, "size")[0]
    [(intent, slots, asked)] = _read("thai in queen village for 9",
                                     "chuck the roomiest one on me list")
    assert (intent, asked) == ("shortlist", False)
    assert slots == {"venue": roomiest[0], "action": "add"} and len(roomiest) == 1


def test_a_measure_on_which_the_results_tie_is_asked_about() -> None:
    [(intent, _, asked)] = _read("thai in queen village for 9",
                                 "tell me about the cheapest one")
    assert (intent, asked) == ("pick", True)  # both are $$: no guess


def test_the_pricey_one_to_take_off_is_of_the_shortlist() -> None:
    from event_planning.catalog import load_catalog

    prices = {v.name: v.price_level for v in load_catalog()}
    [(intent, slots, asked)] = _read("steak in center city for 4", "save the first one",
                                     "italian in bella vista for 4", "save the first one",
                                     "drop the pricey one")
    assert (intent, asked, slots["action"]) == ("shortlist", False, "remove")
    assert prices[slots["venue"]] >= 3


def test_the_latter_and_a_number_in_words_are_results() -> None:
    [(intent, slots, asked)] = _read("french in center city for 12",
                                     "does the latter do a private room?")
    [(_, first, _)] = _read("french in center city for 12", "show me number one")
    assert (intent, asked) == ("pick", False)
    assert slots["venue"] != first["venue"]


def test_a_closing_day_asked_of_the_venue_in_view_is_no_date() -> None:
    [(intent, slots, asked)] = _read("tell me about Siam Orchid", "does it close on tuesdays?")
    assert (intent, slots, asked) == ("pick", {"venue": "Siam Orchid"}, False)


def test_the_venue_in_view_and_a_position_are_two_adds() -> None:
    read = _read("sushi in fishtown for 2", "is the second one any good?",
                 "we'll keep this one, plus the first")
    assert [(i, s["action"], a) for i, s, a in read] == [("shortlist", "add", False)] * 2
    assert len({s["venue"] for _, s, _ in read}) == 2


def test_both_hung_on_the_preposition_still_adds_both() -> None:
    read = _read("sushi in fishtown for 2", "lovely, pop both on my list")
    assert [(i, a) for i, _, a in read] == [("shortlist", False)] * 2


@pytest.mark.parametrize(("said", "day"), [
    ("ramen in fishtown for 2, tomorrow week", "2027-03-10"),  # Wednesday, then a week on
    ("ramen in fishtown for 2, thursday week", "2027-03-11"),  # the coming Thursday + 7
])
def test_a_day_then_week_is_that_day_a_week_on(said: str, day: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["date"]) == ("search", False, day)


@pytest.mark.parametrize(("said", "party"), [
    ("tacos in fishtown: me, my sister, the bride and four of her mates", 7),
    ("pho in chinatown for me, the birthday girl and three of her cousins", 5),
])
def test_a_party_counted_from_the_people_named(said: str, party: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["party_size"]) == ("search", False, party)


def test_the_list_named_alone_asks_to_see_it() -> None:
    assert _read("thai in fishtown for 4", "save the first one", "shortlist?") == [
        ("plan", {}, False)]


def test_the_venue_in_view_and_the_one_a_measure_picks_are_two_adds() -> None:
    read = _read("mexican in south philly for 4", "tell me about the third one",
                 "nice, stick that one and the cheapest on my list")
    assert [(i, a) for i, _, a in read] == [("shortlist", False)] * 2
    assert len({s["venue"] for _, s, _ in read}) == 2


@pytest.mark.parametrize(("said", "level"), [
    ("sushi in old city for 2, a three dollar sign place", "$$$"),
    ("sushi in old city for 2, one-dollar-sign budget please", "$"),
])
def test_dollar_signs_counted_in_words_are_the_price_level(said: str, level: str) -> None:
    from draftguard.grounding._prices import dollar_level_mentioned

    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["price_level"], slots["party_size"]) == (
        "search", False, level, 2)
    assert dollar_level_mentioned(len(level), said)  # the argument guard agrees


def test_a_count_of_dollar_signs_is_no_party() -> None:
    [(intent, slots, asked)] = _read("sushi in old city for 2", "make it two dollar signs")
    assert (intent, asked, slots["party_size"], slots["price_level"]) == (
        "search", False, 2, "$$")

"""The planner read by class of phrasing, for the classes left after held-out batch 7 and the
end-to-end sets (each on new messages, never the held-out ones): a party counted in parts, a
weekday near an open word, a price word used as a verb, days said in other words, venues
placed side by side, price slang, and a courtesy after a request."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.grounding._dates import stated_day
from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Monday.
MONDAY = Date(2026, 12, 14)
_SEARCH = "italian in south philly for 6"


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(MONDAY.isoformat(), *said)


def _searched(said: str) -> dict[str, Any]:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    return slots


@pytest.mark.parametrize(("said", "size"), [
    ("pho in chinatown for 3 adults and 2 children", 5),
    ("sushi in old city for 1 adult and 3 teenagers", 4),
    ("tacos in fishtown for three families of five", 15),
    ("ramen in fishtown, me and my sister and her 2 boys", 4),
    ("bbq in manayunk for 2 couples and my grandad", 5),
    ("thai in fishtown, me plus four workmates", 5),
    ("curry in old city, me, my husband and our three girls", 5),
])
def test_a_party_counted_in_parts_is_their_sum(said: str, size: int) -> None:
    assert _searched(said)["party_size"] == size


@pytest.mark.parametrize("said", ["pho in chinatown for me and the grandkids",
                                  "pho in chinatown for me and my team"])
def test_a_party_of_unknown_parts_is_no_guess(said: str) -> None:
    read = _read(said)
    assert all(slots.get("party_size") is None or asked for _, slots, asked in read)


def test_a_weekday_far_from_an_open_word_is_the_day_of_the_dinner() -> None:
    slots = _searched("sushi in old city, somewhere serving good sashimi, for 4 on Friday")
    assert "open_on" not in slots and slots["date"] == "2026-12-18"
    assert _searched("tacos in fishtown, one that opens on mondays")["open_on"] == "monday"
    slots = _searched("tacos in fishtown for 8, we go on Fridays so it can't be shut that day")
    assert slots["open_on"] == "friday" and "date" not in slots


def test_a_price_word_used_as_a_verb_sets_no_price() -> None:
    slots = _searched("fancy a bit of thai in fishtown for 4?")
    assert "price_level" not in slots
    assert _searched("thai in fishtown for 4, somewhere fancy")["price_level"] == "$$$"


@pytest.mark.parametrize(("said", "day"), [
    ("2morow", Date(2026, 12, 15)),
    ("a week tomorrow", Date(2026, 12, 22)),
    ("a fortnight tomorrow", Date(2026, 12, 29)),
    ("this evening", MONDAY),
    ("thai, 4, fishtown, wed", Date(2026, 12, 16)),
    ("ramen old city 3 sun", Date(2026, 12, 20)),
])
def test_a_day_said_in_other_words(said: str, day: Date) -> None:
    assert stated_day(said, today=MONDAY) == day


@pytest.mark.parametrize("said", ["we sat outside last time", "somewhere in the sun"])
def test_a_short_day_name_that_is_a_word_names_no_day(said: str) -> None:
    assert stated_day(said, today=MONDAY) is None


@pytest.mark.parametrize("said", ["put the first two next to each other",
                                  "put Bar Sorrento up against Cucina Lucia"])
def test_venues_placed_side_by_side_are_compared_not_saved(said: str) -> None:
    [(intent, slots, asked)] = _read(_SEARCH, said)
    assert intent == "compare" and not asked and len(slots["venues"]) == 2


def test_a_venue_put_on_the_list_is_still_saved() -> None:
    [(intent, slots, asked)] = _read(_SEARCH, "put the second one on my list for me")
    assert (intent, slots["action"], asked) == ("shortlist", "add", False)


@pytest.mark.parametrize(("said", "level"), [
    ("mexican in fishtown for 4, nothing that would cost a fortune pls", "$"),
    ("mexican in fishtown for 4, something that won't break the bank please", "$"),
])
def test_a_courtesy_after_a_price_clause_changes_nothing(said: str, level: str) -> None:
    assert _searched(said)["price_level"] == level


@pytest.mark.parametrize("said", ["keep both please", "save both, ta"])
def test_both_of_two_results_are_saved(said: str) -> None:
    read = _read("thai in fishtown for 4", said)  # two results
    assert [(intent, slots["action"], asked) for intent, slots, asked in read] == \
        [("shortlist", "add", False)] * 2


def test_both_of_more_results_is_asked_about() -> None:
    read = _read(_SEARCH, "keep both please")
    assert [(intent, asked) for intent, _, asked in read] == [("shortlist", True)]


@pytest.mark.parametrize("said", ["shortlist pls", "shortlist, thanks"])
def test_a_keeping_word_alone_keeps_the_venue_in_focus(said: str) -> None:
    read = _read(_SEARCH, "tell me about the third one", said)
    assert read == [("shortlist", {"venue": "Cucina Ferrante", "action": "add"}, False)]
    [(intent, _, asked)] = _read(_SEARCH, said)  # nothing in focus: which one?
    assert (intent, asked) == ("shortlist", True)


@pytest.mark.parametrize("said", ["4th one pls", "the fourth one please"])
def test_a_position_with_a_courtesy_is_still_a_pick(said: str) -> None:
    assert _read(_SEARCH, said) == [("pick", {"venue": "Cucina Lucia"}, False)]


def test_a_clause_with_a_word_english_hardly_knows_is_asked_about() -> None:
    [(intent, slots, asked)] = _read("thai in fishtown for 4, where we can take our own plonk")
    assert intent == "search" and asked and "byob" not in slots


def test_someones_people_are_no_dish() -> None:
    read = _read("thai in fishtown for 3", "actually 4, my bandmates are tagging along")
    assert read == [("search", {"cuisine": "thai", "neighborhood": "fishtown",
                                "party_size": 4}, False)]


def test_a_thing_of_ours_beside_a_count_is_no_one_coming() -> None:
    slots = _searched("tacos in fishtown, we're bringing our own beer, 7 people")
    assert slots["party_size"] == 7


def test_a_count_in_words_ending_a_sentence_is_the_party() -> None:
    assert _searched("I would like Thai food in Fishtown, for five.")["party_size"] == 5


@pytest.mark.parametrize(("said", "by"), [
    ("which of them is more cheap?", "price"),
    ("Bar Sorrento or Cucina Lucia, which'd cost us less?", "price"),
    ("Bar Sorrento or Cucina Lucia, which has the most room", "size"),
])
def test_a_comparison_in_other_words(said: str, by: str) -> None:
    [(intent, slots, asked)] = _read(_SEARCH, said)
    assert (intent, slots["by"], asked) == ("compare", by, False)


@pytest.mark.parametrize(("said", "then"), [
    ("take the third one off my list and show me the plan", "plan"),
    ("keep the second one and then show me my shortlist", "plan"),
])
def test_a_venue_change_then_a_request_of_no_venue(said: str, then: str) -> None:
    read = _read(_SEARCH, "save the third one", said)
    assert [intent for intent, _, _ in read] == ["shortlist", then]
    assert not any(asked for _, _, asked in read)


@pytest.mark.parametrize(("said", "size"), [
    ("three more friends are joining, so 9 in all", 9),
    ("make it 5, plus 2 more", 7),
])
def test_people_added_and_a_total(said: str, size: int) -> None:
    read = _read("thai in fishtown for 4", said)
    assert [(intent, slots["party_size"], asked) for intent, slots, asked in read] == \
        [("search", size, False)]


def test_people_added_to_a_party_not_stated_are_asked_about() -> None:
    [(intent, _, asked)] = _read("thai in fishtown for 4", "3 more people are joining us")
    assert (intent, asked) == ("search", True)


def test_a_kind_of_dish_is_the_cuisine_another_dish_names() -> None:
    slots = _searched("pad thai and gaeng som in fishtown for 4")
    assert slots["cuisine"] == "thai"
    [(_, _, asked)] = _read("gaeng som in fishtown for 4")  # alone: which?
    assert asked


def test_who_needs_a_feature_is_no_dish() -> None:
    slots = _searched("thai in fishtown for 5, and nana's in a wheelchair")
    assert slots["wheelchair"] is True and slots["cuisine"] == "thai"
    slots = _searched("birthday for 5 in fishtown, my abuela uses a wheelchair. thai food?")
    assert slots["wheelchair"] is True and slots["cuisine"] == "thai"


# -- which of the results is best -----------------------------------------------------------------

SUSHI = "sushi in fishtown for 2 on wednesday"


@pytest.mark.parametrize(("message", "by"), [
    ("cheapest?", "price"),
    ("which of those is the cheapest", "price"),
    ("the most expensive one?", "price"),
    ("biggest one pls", "size"),
])
def test_the_best_of_the_results_is_a_comparison_not_a_new_price(message: str, by: str) -> None:
    said = _read(SUSHI, message)
    assert [(i, s["by"], q) for i, s, q in said] == [("compare", by, False)]
    assert len(said[0][1]["venues"]) >= 2


def test_asking_for_cheaper_places_searches_again() -> None:
    said = _read(SUSHI, "anything cheaper?")
    assert [(i, s.get("price_level"), q) for i, s, q in said] == [("search", "$", False)]

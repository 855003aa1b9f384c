"""The planner read by class of phrasing, for the classes held-out batch 8's long
conversations showed (each on new messages, never the held-out ones): a first search asked
about keeps what it read, so later turns build on it; a question about the results before
there are any; a new constraint beside a superlative is a new search; a time is no party;
vibe words of price."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.grounding._dates import stated_day
from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Tuesday.
TUESDAY = Date(2027, 3, 2)


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(TUESDAY.isoformat(), *said)


def test_a_search_asked_about_keeps_what_it_read_for_the_next_change() -> None:
    # The first message is asked about (a word nothing explains); the next change searches
    # with everything the first one read, not the change alone.
    [(intent, slots, asked)] = _read("thai in queen village for 5, somewhere zingy")
    assert (intent, asked) == ("search", True)
    [(intent, slots, asked)] = _read("thai in queen village for 5, somewhere zingy",
                                     "make it friday")
    assert (intent, asked) == ("search", False)
    assert slots == {"cuisine": "thai", "neighborhood": "queen_village", "party_size": 5,
                     "date": "2027-03-05"}


def test_a_preference_asked_about_holds_the_others_for_the_answer() -> None:
    first = "italian or thai in old city, 3 of us"
    [(intent, _, asked)] = _read(first)
    assert (intent, asked) == ("preferences", True)
    [(intent, slots, asked)] = _read(first, "thai")
    assert (intent, asked) == ("search", False)
    assert slots == {"cuisine": "thai", "neighborhood": "old_city", "party_size": 3}
    # Not answered: what the question held is dropped, no search runs on it.
    [(intent, slots, asked)] = _read(first, "on saturday")
    assert (intent, slots, asked) == ("preferences", {"date": "2027-03-06"}, False)


@pytest.mark.parametrize("said", ["most affordable?", "which one is the roomiest",
                                  "which of them costs least"])
def test_the_best_of_the_results_before_any_results_is_asked_not_a_price(said: str) -> None:
    requests = _read("hello there", said)
    assert requests and all(asked for _, _, asked in requests)
    assert all("price_level" not in slots for _, slots, _ in requests)


@pytest.mark.parametrize(("said", "wanted"), [
    ("ok which is the cheapest mexican spot in fishtown",
     {"cuisine": "mexican", "neighborhood": "fishtown"}),
    ("what's the biggest japanese place", {"cuisine": "japanese"}),
])
def test_a_superlative_with_a_new_constraint_is_a_new_search(said: str,
                                                             wanted: dict[str, Any]) -> None:
    [(intent, slots, asked)] = _read("italian in center city for 4", said)
    assert (intent, asked) == ("search", False)
    assert wanted.items() <= slots.items()


def test_a_superlative_with_the_constraint_already_searched_still_compares() -> None:
    [(intent, slots, asked)] = _read("italian in center city for 4",
                                     "which italian one is cheapest")
    assert (intent, asked, slots["by"]) == ("compare", False, "price")


@pytest.mark.parametrize("said", ["could you hold a table for nine o'clock",
                                  "we'd eat at about 8 pm, is that ok", "for 7 oclock please"])
def test_a_time_is_no_party_size(said: str) -> None:
    requests = _read("bbq in manayunk for 3", said)
    assert all(slots.get("party_size") in (None, 3) for _, slots, _ in requests)


def test_a_table_of_n_is_the_party() -> None:
    [(intent, slots, asked)] = _read("sushi in rittenhouse, a table of seven on friday")
    assert (intent, asked, slots["party_size"]) == ("search", False, 7)


@pytest.mark.parametrize("said", ["somewhere properly swanky", "we want it to feel bougie",
                                  "a ritzy sort of place", "make it a bit swish", "something chic"])
def test_vibe_words_of_an_upscale_place_are_a_price_not_a_question(said: str) -> None:
    [(intent, slots, asked)] = _read("ramen in university city for 2", said)
    assert (intent, asked, slots["price_level"]) == ("search", False, "$$$")


def test_spending_more_than_usual_is_upscale() -> None:
    [(intent, slots, asked)] = _read("it's a big birthday so we'll splash out - seafood in "
                                     "old city for 5")
    assert (intent, asked, slots["price_level"]) == ("search", False, "$$$")


@pytest.mark.parametrize(("said", "cuisine"), [
    ("ramen and a massive chirashi somewhere in rittenhouse for 2", "japanese"),
    ("gnocchi and the pappardelle somewhere in old city for 4", "italian"),
])
def test_a_dish_of_the_cuisine_already_read_asks_nothing(said: str, cuisine: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["cuisine"]) == ("search", False, cuisine)


def test_a_dish_placed_nowhere_beside_a_cuisine_is_still_asked_about() -> None:
    [(intent, _, asked)] = _read("risotto and a decent borscht somewhere around old city, "
                                 "2 of us")
    assert (intent, asked) == ("search", True)


@pytest.mark.parametrize("said", ["a big bone-in ribeye somewhere in old city for 2",
                                  "a slow-cooked brisket place in manayunk for 4"])
def test_hyphened_words_before_a_food_are_its_name(said: str) -> None:
    [(intent, _, asked)] = _read(said)
    assert (intent, asked) == ("search", False)


@pytest.mark.parametrize(("said", "day"), [("a week on Saturday", Date(2027, 3, 13)),
                                           ("a fortnight on monday", Date(2027, 3, 22))])
def test_a_span_on_a_weekday_counts_from_the_coming_one(said: str, day: Date) -> None:
    assert stated_day(said, today=TUESDAY) == day


@pytest.mark.parametrize(("said", "area"), [
    ("ramen near independence hall for two", "old_city"),
    ("sushi near drexel for 2", "university_city"),
    ("something by city hall, thai, 4 of us", "center_city"),
])
def test_a_landmark_names_its_neighbourhood(said: str, area: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["neighborhood"]) == ("search", False, area)


def test_rm_takes_a_listed_venue_off() -> None:
    said = ("thai in center city for 4", "save the first and the second")
    saved = [s["venue"] for _, s, _ in _read(*said)]
    [(intent, slots, asked)] = _read(*said, f"nah rm {saved[0]}")
    assert (intent, asked, slots) == ("shortlist", False, {"venue": saved[0],
                                                          "action": "remove"})


@pytest.mark.parametrize("said", ["ok never mind the price after all",
                                  "scrap the cost bit"])
def test_the_price_named_and_taken_back_clears_it(said: str) -> None:
    [(intent, slots, asked)] = _read("thai in center city for 4, on a budget", said)
    assert (intent, asked) == ("search", False) and "price_level" not in slots


def test_a_feature_asked_of_a_result_is_about_that_result() -> None:
    said = "my gran is in a wheelchair, does the second one have a ramp"
    [(intent, slots, asked)] = _read("thai in center city for 4", said)
    assert (intent, asked) == ("pick", False) and slots["venue"]
    # Before any results: asked, not a search for the feature.
    [(intent, slots, asked)] = _read("hello", said)
    assert asked and "wheelchair" not in slots


def test_a_three_letter_word_is_no_typo_of_a_dish() -> None:
    # "kao" is one edit from "bao" (Chinese): too little of the word to correct.
    requests = _read("khao man gai and som tam in queen village for 2")
    assert all(slots.get("cuisine") != "chinese" for _, slots, _ in requests)


def test_two_measures_asked_at_once_are_two_comparisons_in_word_order() -> None:
    read = _read("thai in center city for 4", "which one is roomier and which costs less?")
    assert [(i, s["by"], a) for i, s, a in read] == [("compare", "size", False),
                                                      ("compare", "price", False)]


@pytest.mark.parametrize(("said", "size"), [
    ("me plus two from the office want tacos in fishtown", 3),
    ("me + 4, bbq in manayunk", 5),
])
def test_the_speaker_plus_a_bare_count_is_the_party(said: str, size: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["party_size"]) == ("search", False, size)


def test_keeping_the_venue_in_focus_and_asking_for_the_list_does_both() -> None:
    read = _read("thai in center city for 4", "the second one",
                 "pop that on my list and show me what's on it")
    assert [(i, a) for i, _, a in read] == [("shortlist", False), ("plan", False)]
    # What was put on the list, asked about alone, keeps nothing.
    assert all(i != "shortlist" or a for i, _, a in _read(
        "thai in center city for 4", "the second one", "what's on my shortlist now?"))


def test_the_venue_in_focus_and_a_position_are_both_kept() -> None:
    said = ("italian in center city for 4", "tell me about the third one")
    read = _read(*said, "great, pop that on my list, and the second one as well")
    [third] = [s["venue"] for _, s, _ in _read(*said, "add that one")]
    [(i1, s1, a1), (i2, s2, a2)] = read
    assert (i1, s1["venue"], a1) == ("shortlist", third, False)
    assert (i2, a2) == ("shortlist", False) and s2["venue"] != third
    # "that first one" is one venue, not the one in focus too.
    assert len(_read(*said, "put that first one on my list")) == 1


@pytest.mark.parametrize("message", [
    "what does a private room usually cost?",
    "sorry, dumb question, what does BYO stand for?",
    "do thai places normally let you bring wine?",
])
def test_a_question_about_things_in_general_sets_no_preference(message: str) -> None:
    # Found by hand in adk web: "what does private room cost usually?" answered "Noted: a
    # private room."
    assert [r for r in _read(message) if r[0] in ("preferences", "search")] == []


@pytest.mark.parametrize(("message", "slot"), [
    ("any with a private room?", "private_room"),
    ("can we bring our own wine there?", "byob"),
])
def test_a_question_that_asks_for_a_feature_still_sets_it(message: str, slot: str) -> None:
    assert any(slot in slots for _, slots, _ in _read(message))


@pytest.mark.parametrize("message", ["sushi for 3 in fishtown, we're skint this month",
                                     "a curry for four, we're a bit hard up"])
def test_being_short_of_money_is_the_cheap_end(message: str) -> None:
    # held-out end-to-end set 5 (P01, "we're brassic till payday"): searched at any price
    (search,) = [slots for intent, slots, _ in _read(message) if intent == "search"]
    assert search["price_level"] == "$"

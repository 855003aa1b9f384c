"""The planner read by class of phrasing, for the classes seen in held-out end-to-end sessions
and held-out batch 5 (each on new messages, never the held-out ones): a count glued to its
word, a chatty verb that puts a venue on the list, two shortlist changes in one sentence, a
taking verb alone on the venue last kept."""

from __future__ import annotations

import pytest
from test_planner_meaning import _read

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")


@pytest.mark.parametrize(("said", "size"), [
    ("indian in old city 5pax", 5),
    ("tacos in fishtown, party of9", 9),
    ("pizza in south philly x5 at 7pm", 5),
    ("sushi in old city for 3ppl on the 5th", 3),
])
def test_a_count_glued_to_its_word_is_the_party_size(said: str, size: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert intent == "search" and not asked and slots["party_size"] == size


def test_a_time_glued_to_its_number_is_no_party_size() -> None:
    [(_, slots, _)] = _read("thai in fishtown at 8pm")
    assert "party_size" not in slots


@pytest.mark.parametrize("keep", ["pop the second one on my list",
                                  "chuck the second one onto my shortlist"])
def test_a_chatty_verb_that_puts_a_result_on_the_list_adds_it(keep: str) -> None:
    said = _read("bbq in fishtown for 4", keep)
    assert said == [("shortlist", {"venue": "Fishtown Smokehouse", "action": "add"}, False)]


def test_asking_what_is_on_the_list_adds_nothing() -> None:
    said = _read("bbq in fishtown for 4", "save the first one", "whats on my list")
    assert [intent for intent, _, _ in said] == ["plan"]


def test_a_removal_and_an_add_in_one_sentence_are_both_made_in_order() -> None:
    said = _read("thai in fishtown for 4", "save the first one",
                 "get rid of that one and save the second one instead")
    assert said == [("shortlist", {"venue": "Baan Thong Lo", "action": "remove"}, False),
                    ("shortlist", {"venue": "Baan Chiang Mai", "action": "add"}, False)]


@pytest.mark.parametrize("drop", ["ditch that one", "scrap it"])
def test_a_taking_verb_alone_takes_the_venue_last_kept_off(drop: str) -> None:
    said = _read("thai in fishtown for 4", "save the first one", drop)
    assert said == [("shortlist", {"venue": "Baan Thong Lo", "action": "remove"}, False)]


@pytest.mark.parametrize("said", [
    "pho in chinatown for 3, nothing that costs an arm and a leg",
    "ramen in old city for 2, we don't want to blow a fortune",
])
def test_a_denied_expense_is_cheap(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert intent == "search" and not asked and slots["price_level"] == "$"


def test_wanting_to_spend_is_no_cheap_price() -> None:
    [(_, slots, _)] = _read("thai in fishtown for 2, we want to blow a fortune")
    assert slots.get("price_level") != "$"


def test_a_price_word_denied_on_its_verb_sets_no_price() -> None:
    [(intent, slots, _)] = _read("tacos in fishtown for 2, it doesn't have to be fancy")
    assert intent == "search" and "price_level" not in slots


def test_a_clause_naming_the_price_is_compared_with_the_price_words() -> None:
    [(_, slots, _)] = _read("it's mum's 60th, spare no expense: seafood in old city for 8")
    assert slots["price_level"] == "$$$$"

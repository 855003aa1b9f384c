"""The planner read by class of phrasing, for the classes left after held-out batch 5 (each on
new messages, never the held-out ones): several positions in one shortlist change, an act on a
venue no tool does, dishes and price words the lexicon lacks, features in other words."""

from __future__ import annotations

import pytest
from test_planner_meaning import _read

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

_SEARCH = "italian in south philly for 6"


@pytest.mark.parametrize(("said", "venues"), [
    ("save the second and the fourth to my list", ["Bar Sorrento", "Cucina Lucia"]),
    ("stick 2 and 3 on the shortlist", ["Bar Sorrento", "Cucina Ferrante"]),
    ("put the first and last on my list", ["Bar Nonna Rosa", None]),
])
def test_two_positions_in_one_shortlist_change_keep_both(said: str,
                                                         venues: list[str | None]) -> None:
    read = _read(_SEARCH, said)
    assert [intent for intent, _, _ in read] == ["shortlist", "shortlist"]
    assert all(slots["action"] == "add" and not asked for _, slots, asked in read)
    named = [slots["venue"] for _, slots, _ in read]
    assert [v for v, want in zip(named, venues, strict=True) if want is not None] == \
        [v for v in venues if v is not None]
    assert len(set(named)) == 2


def test_two_positions_taken_off_the_list_remove_both() -> None:
    read = _read(_SEARCH, "save the first one", "save the third one",
                 "take the first and the third off my list")
    assert [slots["action"] for _, slots, _ in read] == ["remove", "remove"]


def test_a_position_past_the_results_is_asked_about() -> None:
    read = _read("thai in fishtown for 4", "save the second and the fifth to my list")
    assert [(intent, asked) for intent, _, asked in read] == [("shortlist", True)]


@pytest.mark.parametrize("said", [
    "ring the second one and ask if they can fit us in",
    "could you get us money off at the first one",
    "can you get us a better deal at the second one",
    "pay the deposit for the third one please",
    "phone Bar Sorrento for me",
])
def test_an_act_on_a_venue_no_tool_does_is_no_pick(said: str) -> None:
    read = _read(_SEARCH, said)
    assert [(intent, asked) for intent, _, asked in read] == [("unclear", True)]


@pytest.mark.parametrize("said", ["tell me about the third one", "is Bar Sorrento open on mondays?",
                                  "what do you think of Bar Sorrento"])
def test_asking_about_a_venue_is_still_a_pick(said: str) -> None:
    [(intent, _, asked)] = _read(_SEARCH, said)
    assert intent == "pick" and not asked


@pytest.mark.parametrize(("said", "feature"), [
    ("mexican in fishtown for 14 and we want a room all to ourselves", "private_room"),
    ("chinese in chinatown for 5, no stairs at all please", "wheelchair"),
])
def test_a_feature_said_in_everyday_words_is_searched_for(said: str, feature: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert intent == "search" and not asked and slots[feature] is True


def test_a_clause_of_everyday_words_near_no_one_feature_adds_none() -> None:
    [(intent, slots, asked)] = _read("mexican in fishtown for 6, I need a place for the party")
    assert intent == "search" and not asked
    assert not {"private_room", "byob", "outdoor", "wheelchair"} & slots.keys()


def test_a_clause_near_a_feature_already_read_asks_nothing() -> None:
    [(intent, slots, asked)] = _read(
        "thai in old city for 3, step free access please, my uncle walks with a cane")
    assert intent == "search" and not asked and slots["wheelchair"] is True


@pytest.mark.parametrize(("said", "dish"), [("tteokbokki in old city for 4", "tteokbokki"),
                                            ("bibimbap for 2 in fishtown", "bibimbap")])
def test_a_dish_the_encoder_places_nowhere_is_asked_about_by_name(said: str, dish: str) -> None:
    from event_planning.conversation import new_conversation

    [request] = new_conversation("2026-11-24").read(said).requests
    assert request.question is not None and f'"{dish}"' in request.question
    assert "cuisine" not in request.slots  # what else it said waits for the answer


@pytest.mark.parametrize("said", ["bare-bones thai in fishtown for 4",
                                  "a super-quirky spot in old city for 6, french"])
def test_a_hyphenated_price_word_no_level_is_clearly_near_is_asked_about(said: str) -> None:
    [(_, slots, asked)] = _read(said)
    assert asked and "price_level" not in slots


def test_a_two_word_dish_is_asked_about_whole() -> None:
    from event_planning.conversation import new_conversation

    [request] = new_conversation("2026-11-24").read("bunny chow in old city for 2").requests
    assert request.question is not None and '"bunny chow"' in request.question

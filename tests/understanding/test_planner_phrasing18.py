"""The planner read by class of phrasing (round 18; each on new messages written before the
fix, never the held-out ones): a question about the venue in view is answered from the
catalogue; a result named by what its record says ("the peking duck place"); questions about
the world and complaints set nothing; Scots and learner English; a weekday said in place of
another; the list's name without an article ("add to list"); a dearness denied by the verb
("don't want anything extortionate", "nae need for anything posh")."""

from __future__ import annotations

from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Tuesday.
TUESDAY = "2027-03-02"

#: Golden Crane Pavilion ($$$, 150 seats, soup dumplings), Jade Pearl River House ($, 60,
#: dan dan noodles and Peking duck), Golden Sichuan Lantern ($$$, 28, a lively bar scene),
#: Sichuan Lantern ($, 28).
CHINESE = "chinese in chinatown for 6"
JADE = "tell me about jade pearl river house"
ITALIAN = "italian in south philly for 6 on thursday"  # Thursday 4 March


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(TUESDAY, *said)


# -- class 1: a question about the venue in view ------------------------------------------

@pytest.mark.parametrize("said", [
    "can we bring a bottle of red to that one?",
    "are they shut on tuesdays",
    "would my grandad manage there, he's in a wheelchair",
    "has it got somewhere to sit outdoors?",
    "wud it fit 14 of us",
    "whats the vibe like in there",
    "do they do anything without meat",
    "this restaurant is open in sunday?",
    "could we get a long table for the whole gang there?",
])
def test_a_question_about_the_venue_in_view_is_a_pick_of_it(said: str) -> None:
    assert _read(CHINESE, JADE, said) == [
        ("pick", {"venue": "Jade Pearl River House"}, False)]


@pytest.mark.parametrize("said", [
    "could it squeeze in 30 folk",
    "is that place ok for a wheelchair user?",
    "does this one have a terrace or anything",
    "do they let you bring beer in",
])
def test_a_question_in_other_words_about_the_venue_in_view_is_a_pick_of_it(said: str) -> None:
    thai = "thai in queen village for 6"
    assert _read(thai, "tell me about siam orchid", said) == [
        ("pick", {"venue": "Siam Orchid"}, False)]


@pytest.mark.parametrize("said", [
    "it's 8 of us now",
    "make it 14 people",
])
def test_a_new_party_said_of_the_plans_still_searches(said: str) -> None:
    [(intent, _, asked)] = _read(CHINESE, JADE, said)
    assert intent == "search" and not asked


@pytest.mark.parametrize("said", [
    "is golden sichuan lantern the same as sichuan lantern?",
    "are sichuan lantern and golden sichuan lantern the same place?",
    "golden sichuan lantern - is it related to sichuan lantern",
])
def test_whether_two_venues_are_one_place_shows_both(said: str) -> None:
    [(intent, slots, asked)] = _read(CHINESE, said)
    assert (intent, asked) == ("compare", False)
    assert set(slots["venues"]) == {"Golden Sichuan Lantern", "Sichuan Lantern"}


def test_a_name_inside_another_said_once_names_one() -> None:
    assert _read(CHINESE, "tell me about golden sichuan lantern") == [
        ("pick", {"venue": "Golden Sichuan Lantern"}, False)]


# -- class 2: a result named by what its record says ---------------------------------------

@pytest.mark.parametrize(("said", "reading"), [
    ("the peking duck place sounds good", ("pick", {"venue": "Jade Pearl River House"})),
    ("tell me more about the one with the lively bar",
     ("pick", {"venue": "Golden Sichuan Lantern"})),
    ("the bar one", ("pick", {"venue": "Golden Sichuan Lantern"})),
    ("go with the peking duck one, shortlist it",
     ("shortlist", {"venue": "Jade Pearl River House", "action": "add"})),
    ("which one's the least dear", ("compare", {
        "venues": ["Golden Crane Pavilion", "Jade Pearl River House", "Golden Sichuan Lantern",
                   "Sichuan Lantern"], "by": "price"})),
    ("the biggest of them", ("pick", {"venue": "Golden Crane Pavilion"})),
])
def test_a_result_named_by_its_record_is_that_result(
        said: str, reading: tuple[str, dict[str, Any]]) -> None:
    assert _read(CHINESE, said) == [(*reading, False)]


@pytest.mark.parametrize(("said", "named"), [
    ("the dumpling one", ["Golden Crane Pavilion", "Golden Sichuan Lantern"]),
    ("the noodle place", ["Golden Crane Pavilion", "Jade Pearl River House",
                          "Golden Sichuan Lantern", "Sichuan Lantern"]),
])
def test_a_description_of_several_results_asks_which(said: str, named: list[str]) -> None:
    from event_planning.conversation import new_conversation

    conversation = new_conversation(TUESDAY)
    conversation.commit(conversation.read(CHINESE))
    [request] = conversation.read(said).requests
    assert request.question is not None and request.intent.value == "pick"
    assert all(name in request.question for name in named)


def test_a_description_no_result_fits_is_still_a_new_search() -> None:
    [(intent, slots, _)] = _read(CHINESE, "what about the sushi place")
    assert (intent, slots["cuisine"]) == ("search", "japanese")


# -- class 3: the world, small talk and complaints set nothing ----------------------------

@pytest.mark.parametrize("said", [
    "whats the best way to get to old city from the train station",
    "how do we get to chinatown from 30th street station",
    "how far is fishtown from the airport?",
    "honestly the last app i tried was useless",
    "do they still run the flower show in march?",
    "haha my brother will be late as usual",
])
def test_the_world_and_complaints_ask_nothing_of_the_app(said: str) -> None:
    assert _read(CHINESE, said) == []


def test_a_journey_to_the_venue_in_view_is_no_pick() -> None:
    assert _read(CHINESE, JADE, "how would we get there from the convention center?") == []


@pytest.mark.parametrize(("said", "where"), [
    ("we're coming from fishtown, want thai in old city for 4", "old_city"),
    ("thai for 4 walking distance from city hall", "center_city"),
])
def test_a_place_set_out_from_is_no_place_wished_for(said: str, where: str) -> None:
    [(intent, slots, _)] = _read(said)
    assert (intent, slots["neighborhood"]) == ("search", where)


@pytest.mark.parametrize(("said", "venue"), [
    ("the last one", "Sichuan Lantern"),
    ("tell me about the last restaurant", "Sichuan Lantern"),
    ("the second option looks good", "Jade Pearl River House"),
])
def test_a_position_of_a_result_is_still_that_result(said: str, venue: str) -> None:
    assert _read(CHINESE, said) == [("pick", {"venue": venue}, False)]


# -- class 4: Scots and learner English -----------------------------------------------------

@pytest.mark.parametrize(("said", "slots"), [
    ("we're wantin' italian in south philly for aboot eight o' us",
     {"cuisine": "italian", "neighborhood": "south_philly", "party_size": 8}),
    ("thai in queen village, there's a dozen o' us",
     {"cuisine": "thai", "neighborhood": "queen_village", "party_size": 12}),
    ("we'd like a room tae oursels for the twenty o' us, italian in old city",
     {"cuisine": "italian", "neighborhood": "old_city", "party_size": 20,
      "private_room": True}),
    ("italian in bella vista for 6, nae need for anything posh",
     {"cuisine": "italian", "neighborhood": "bella_vista", "party_size": 6}),
    ("italian in bella vista for 6, dinnae want anything fancy",
     {"cuisine": "italian", "neighborhood": "bella_vista", "party_size": 6}),
    ("thai in fishtown for 4, nae need for owt fancy",
     {"cuisine": "thai", "neighborhood": "fishtown", "party_size": 4}),
    ("seafood in old city for 4, dinnae need it tae be fancy",
     {"cuisine": "seafood", "neighborhood": "old_city", "party_size": 4}),
    ("we are twelve persons, thai food please", {"cuisine": "thai", "party_size": 12}),
    ("we are a group of 7 peoples, japanese in old city",
     {"cuisine": "japanese", "neighborhood": "old_city", "party_size": 7}),
    ("is possible to find mexican in fishtown?",
     {"cuisine": "mexican", "neighborhood": "fishtown"}),
])
def test_regional_and_learner_english_is_read(said: str, slots: dict[str, Any]) -> None:
    assert _read(said) == [("search", slots, False)]


@pytest.mark.parametrize("said", [
    "italian in bella vista for 6, no patio, somewhere posh",
    "italian in bella vista for 6, we don't want thai, something fancy",
])
def test_a_price_wished_beside_a_denial_of_something_else_stands(said: str) -> None:
    [(_, slots, _)] = _read(said)
    assert slots.get("price_level") == "$$$"


# -- class 5: a weekday said in place of another, with another change ------------------------

@pytest.mark.parametrize(("said", "size", "day"), [
    ("saturday instead of thursday, and we're 8 now", 8, "2027-03-06"),
    ("actually wednesday not thursday and there'll be 10 of us", 10, "2027-03-03"),
    ("make it friday rather than thursday, and it's seven people now", 7, "2027-03-05"),
    ("fri not thurs, and it's 5 of us now", 5, "2027-03-05"),
    ("thursday's out, saturday instead", 6, "2027-03-06"),
])
def test_a_weekday_in_place_of_another_is_that_day(said: str, size: int, day: str) -> None:
    [(intent, slots, asked)] = _read(ITALIAN, said)
    assert (intent, slots["party_size"], slots["date"], asked) == ("search", size, day, False)


def test_the_weekday_said_instead_is_of_the_week_of_the_day_it_replaces() -> None:
    [(_, slots, _)] = _read("italian in south philly for 6 on 11 march", "friday not thursday")
    assert slots["date"] == "2027-03-12"


@pytest.mark.parametrize("said", [
    "drop the date and forget about the price",
    "scrap the budget, the day doesn't matter either",
])
def test_two_preferences_cleared_in_one_message(said: str) -> None:
    [(intent, slots, _)] = _read(ITALIAN + ", $$", said)
    assert intent == "search" and "date" not in slots and "price_level" not in slots


# -- class 7: a venue settled on, and the list's name alone ----------------------------------

@pytest.mark.parametrize(("said", "venue"), [
    ("Golden Crane Pavilion then. add to list.", "Golden Crane Pavilion"),
    ("right, golden sichuan lantern. save to list pls", "Golden Sichuan Lantern"),
])
def test_a_venue_settled_on_then_add_to_list_is_one_change(said: str, venue: str) -> None:
    assert _read(CHINESE, said) == [("shortlist", {"venue": venue, "action": "add"}, False)]


# -- class 8: a dearness denied by its verb ------------------------------------------------

@pytest.mark.parametrize("said", [
    "french in rittenhouse for 2, don't want anything extortionate",
    "thai in fishtown for 4, we dont want anywhere too upmarket",
    "italian in bella vista for 8, we aren't after anything lavish",
    "mexican in fishtown for 4, nothing crazy pricey",
    "italian south philly 10 people, nowt too dear",
])
def test_a_dearness_denied_searches_with_no_price_and_asks_nothing(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert "price_level" not in slots


@pytest.mark.parametrize("said", [
    "mexican in fishtown for 4, nothing crazy pricey",
    "italian in bella vista for 6, nae need for anything posh",
    "french in rittenhouse for 2, don't want anything extortionate",
])
async def test_a_search_with_a_price_denied_says_it_ran_with_no_price_level(said: str) -> None:
    from datetime import date

    from chat_turns import calls_of as _calls
    from chat_turns import converse
    from chat_turns import text_of as _text

    _, _, [events] = await converse(date(2027, 3, 2), said)
    [(name, args)] = _calls(events)
    assert name == "search_venues" and "price_level" not in args
    assert "no price level, so every price is in" in _text(events)


async def test_a_search_with_a_price_says_nothing_of_price_levels() -> None:
    from datetime import date

    from chat_turns import converse
    from chat_turns import text_of as _text

    _, _, [events] = await converse(date(2027, 3, 2), "mexican in fishtown for 4, $$")
    assert "no price level" not in _text(events)

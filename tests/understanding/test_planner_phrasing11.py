"""The planner read by class of phrasing, for the classes held-out batch 11 showed (each on
new messages, never the held-out ones): holidays by their nicknames and days counted from
them; written dates with a dash; a weekday that disagrees with its date, and a day gone, are
asked about; "the day after" counts from the day the conversation has; the list asked for by
its name alone."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from planner_readings import last_reading

from draftguard.grounding._dates import date_mentioned, days_in_doubt, stated_day
from draftguard.language import language_installed

#: A Saturday; Christmas 2027 is a Saturday too, New Year's Day 2028 as well.
SATURDAY = Date(2027, 11, 20)


@pytest.mark.parametrize(("said", "day"), [
    ("a table on xmas day", "2027-12-25"),
    ("somewhere for nye", "2027-12-31"),
    ("new year's day brunch", "2028-01-01"),
    ("the friday after xmas", "2027-12-31"),
    ("the monday before christmas", "2027-12-20"),
    ("friday before crimbo", "2027-12-24"),
    ("the day after boxing day", "2027-12-27"),
    ("the thursday between christmas and new year", "2027-12-30"),
    ("on 31-12", "2027-12-31"),
    ("on 12-31", "2027-12-31"),
    ("christmas lunch for the family", "2027-12-25"),
])
def test_a_holiday_by_its_nickname_or_a_day_counted_from_it(said: str, day: str) -> None:
    assert stated_day(said, today=SATURDAY) == Date.fromisoformat(day)
    assert date_mentioned(day, said, today=SATURDAY)


@pytest.mark.parametrize("said", [
    "the office christmas party got moved",  # the occasion, not its day
    "for 5-6 people", "on 5-6",  # a range, or a dash no number of which must be a day
    "the day after",  # nothing to count from
    "the wednesday between christmas and boxing day",  # no Wednesday between them
])
def test_no_day_where_the_words_name_none(said: str) -> None:
    assert stated_day(said, today=SATURDAY) is None


def test_the_day_after_counts_from_the_day_known() -> None:
    assert stated_day("go for the day after then", today=SATURDAY,
                      known=Date(2027, 12, 3)) == Date(2027, 12, 4)
    assert stated_day("no, the day before", today=SATURDAY,
                      known=Date(2027, 12, 3)) == Date(2027, 12, 2)


def test_a_weekday_against_its_date_or_a_day_gone_is_in_doubt() -> None:
    # 24 December 2027 is a Friday: the date as written, then the Tuesday that week.
    assert days_in_doubt("tuesday 24 dec", today=SATURDAY) == (
        Date(2027, 12, 24), Date(2027, 12, 21))
    assert days_in_doubt("friday 24 dec", today=SATURDAY) == ()
    assert days_in_doubt("open mondays, dec 24", today=SATURDAY) == ()
    assert days_in_doubt("on 3 march 2026", today=SATURDAY) == (Date(2028, 3, 3),)


needs_language = pytest.mark.skipif(not language_installed(), reason="needs the language layer")


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(SATURDAY.isoformat(), *said)


@needs_language
def test_a_weekday_against_its_date_is_asked_never_searched() -> None:
    [(_, slots, asked)] = _read("sushi in old city for 4 on tuesday 24 dec")
    assert asked and "date" not in slots


@needs_language
def test_a_day_gone_is_asked_never_searched() -> None:
    [(_, slots, asked)] = _read("sushi in old city for 4 on 3 march 2026")
    assert asked and "date" not in slots


@needs_language
def test_make_it_the_day_after_moves_the_search_a_day() -> None:
    [(intent, slots, asked)] = _read("ramen in chinatown for 3 on dec 9", "ok the day after")
    assert (intent, asked) == ("search", False)
    assert slots["date"] == "2027-12-10" and slots["cuisine"] == "japanese"


@needs_language
def test_a_nickname_of_a_holiday_and_a_day_counted_from_it_search() -> None:
    [(intent, slots, asked)] = _read("pho in chinatown 4ppl the friday after xmas")
    assert (intent, asked) == ("search", False)
    assert slots["date"] == "2027-12-31"


@needs_language
@pytest.mark.parametrize("said", ["list pls", "my list?", "ur list", "what's on me list",
                                  "show us our list"])
def test_the_list_asked_for_by_its_name_shows_the_plan(said: str) -> None:
    assert _read("thai in fishtown for 2", said) == [("plan", {}, False)]


@needs_language
def test_the_plan_asked_for_twice_in_one_message_is_shown_once() -> None:
    assert _read("thai in fishtown for 2",
                 "fine, we'll stay with what's saved. show me our list") == [
        ("plan", {}, False)]


@needs_language
def test_shortlist_alone_of_the_venue_in_view_keeps_it_no_plan() -> None:
    requests = _read("thai in fishtown for 2", "tell me about the first one", "shortlist")
    assert [(i, s.get("action"), a) for i, s, a in requests] == [("shortlist", "add", False)]


@needs_language
@pytest.mark.parametrize(("said", "place"), [
    ("curry somewhere near the Liberty Bell for 3", "old_city"),
    ("ramen by Elfreth's Alley, 2 people", "old_city"),
    ("tacos near penns landing for 6", "old_city"),
    ("pizza close to Penn’s campus for 5", "university_city"),
    ("dumplings round the Friendship Gate for 4", "chinatown"),
    ("bbq off frankford avenue for 8", "fishtown"),
    ("seafood by Love Park for 2", "center_city"),
])
def test_a_landmark_in_the_table_names_its_neighbourhood(said: str, place: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert slots["neighborhood"] == place


def test_a_possessive_is_read_with_or_without_its_apostrophe() -> None:
    from event_planning.argument_grounding import neighborhood_grounded
    for said in ("near Penn's Landing", "near Penn’s Landing", "near penns landing"):
        assert neighborhood_grounded("old_city", said)
    assert not neighborhood_grounded("old_city", "near the penn campus")


def _venues(requests: list[tuple[str, dict[str, Any], bool]]) -> list[tuple[str, Any, Any]]:
    return [(i, s.get("venue"), s.get("action")) for i, s, _ in requests]


@needs_language
def test_a_search_and_an_add_in_one_message_with_an_aside_are_both_done() -> None:
    requests = _read("get me cheap thai in old city for 3 on friday, and stick Siam Orchid on "
                     "the shortlist if it's no bother")
    assert [i for i, _, _ in requests] == ["search", "shortlist"]
    assert requests[0][1]["cuisine"] == "thai"
    assert _venues(requests)[1] == ("shortlist", "Siam Orchid", "add")


@needs_language
@pytest.mark.parametrize("said", [
    "chuck Siam Orchid and Lemongrass Lane onto my list, then show me what I've saved",
    "whack Siam Orchid and Lemongrass Lane on the list and then let's see the list",
])
def test_two_venues_put_on_the_list_then_the_list(said: str) -> None:
    requests = _read("thai in old city for 2", said)
    assert _venues(requests) == [("shortlist", "Siam Orchid", "add"),
                                 ("shortlist", "Lemongrass Lane", "add"), ("plan", None, None)]


@needs_language
def test_keep_two_venues_whose_second_parses_as_a_verb() -> None:
    requests = _read("japanese in rittenhouse for 2", "kindly keep Tsubame and Sushi Kōji in "
                     "my list")
    assert _venues(requests) == [("shortlist", "Tsubame", "add"),
                                 ("shortlist", "Sushi Kōji", "add")]


@needs_language
def test_swapping_a_listed_venue_for_another_takes_it_off_then_puts_the_other_on() -> None:
    said = ("thai in old city for 2", "put Lemongrass Lane on my list")
    assert _venues(_read(*said, "actually switch it for Siam Orchid, then what's on my list")) == [
        ("shortlist", "Lemongrass Lane", "remove"), ("shortlist", "Siam Orchid", "add"),
        ("plan", None, None)]
    assert _venues(_read(*said, "replace Lemongrass Lane with Siam Orchid")) == [
        ("shortlist", "Lemongrass Lane", "remove"), ("shortlist", "Siam Orchid", "add")]
    # A venue not on the list is not taken off; a cuisine swapped is a preference.
    assert all(a != "remove" for _, _, a in _venues(
        _read("thai in old city for 2", "switch Lemongrass Lane for Siam Orchid")))
    [(intent, slots, _)] = _read(*said, "swap the thai for italian")
    assert (intent, slots["cuisine"]) == ("search", "italian")


@needs_language
def test_the_day_question_names_both_days_in_words() -> None:
    from event_planning.conversation import new_conversation

    conversation = new_conversation(SATURDAY.isoformat())
    [request] = conversation.read("curry in fishtown for 6 on tuesday 24 dec").requests
    assert request.question == "Which day: Friday 24 December or Tuesday 21 December?"


@needs_language
@pytest.mark.parametrize(("answer", "day"), [("tuesday", "2027-12-21"),
                                             ("the first one", "2027-12-24"),
                                             ("2", "2027-12-21"), ("the 24th", "2027-12-24")])
def test_the_answer_to_the_day_question_searches_with_what_it_held(answer: str,
                                                                   day: str) -> None:
    [(intent, slots, asked)] = _read("curry in fishtown for 6 on tuesday 24 dec", answer)
    assert (intent, asked) == ("search", False)
    assert slots == {"cuisine": "indian", "neighborhood": "fishtown", "party_size": 6,
                     "date": day}


@needs_language
def test_yes_to_a_day_gone_takes_the_day_a_year_on() -> None:
    [(intent, slots, asked)] = _read("curry in fishtown for 6 on 3 march 2026", "yes please")
    assert (intent, asked, slots["date"]) == ("search", False, "2028-03-03")


@needs_language
@pytest.mark.parametrize("said", ["pizza near the zoo for 4", "dim sum close to our hotel, 3 of us",
                                  "tacos next to the ballpark for 6 on friday"])
def test_a_place_near_something_the_table_lacks_is_asked_never_dropped(said: str) -> None:
    [(_, slots, asked)] = _read(said)
    assert asked and "neighborhood" not in slots


@needs_language
@pytest.mark.parametrize("said", ["thai near me in fishtown for 2", "thai somewhere near here, "
                                  "fishtown, 2 people", "thai in fishtown near the river for 2"])
def test_near_beside_a_neighbourhood_read_or_naming_no_place_searches(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked, slots["neighborhood"]) == ("search", False, "fishtown")


@needs_language
def test_a_plural_spelt_as_spoken_in_a_place_name_is_that_place() -> None:
    [(intent, slots, asked)] = _read("brisket up in nothern libertys for 7")
    assert (intent, asked, slots["neighborhood"]) == ("search", False, "northern_liberties")

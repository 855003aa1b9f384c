"""The planner read by class of phrasing, for the classes seen in held-out batch 6 (each on
new messages, never the held-out ones): no search runs past a number nothing accounts for;
party sizes counted in parts; days named by words; regions and dishes; price idioms; a
closed day denied; a removal by position; names inside longer names."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from planner_readings import last_reading

from draftguard.grounding._dates import date_mentioned, stated_day
from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

WEDNESDAY = Date(2026, 12, 9)


def _read(*said: str) -> list[tuple[str, dict[str, Any], bool]]:
    return last_reading(WEDNESDAY.isoformat(), *said)


def test_a_search_does_not_run_past_a_number_nothing_accounts_for() -> None:
    [(intent, slots, asked)] = _read("ramen in fishtown for 5 and 3 toddlers")
    assert (intent, asked, slots["party_size"]) == ("search", True, 5)
    # "plus" adds to the speaker's group: the toddlers are more people, not a question.
    [(intent, slots, asked)] = _read("ramen in fishtown, 5 of us plus 3 toddlers")
    assert (intent, asked, slots["party_size"]) == ("search", False, 8)
    [(_, _, asked)] = _read("ramen in fishtown for 5 at 7")  # a time is read
    assert not asked


@pytest.mark.parametrize(("said", "size"), [
    ("pho in chinatown, 3 adults and 1 kid", 4),
    ("pho in chinatown, me plus 4 teammates", 5),
    ("pho in chinatown, me + 2 cousins", 3),
    ("pho in chinatown, three couples", 6),
    ("pho in chinatown, only me", 1),
    ("pho in chinatown, half a dozen and a half of us", 9),
])
def test_party_sizes_counted_in_parts(said: str, size: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, slots.get("party_size"), asked) == ("search", size, False)


@pytest.mark.parametrize(("said", "day"), [
    ("the 21st, ramen in fishtown for 4", "2026-12-21"),
    ("ramen in fishtown for 4 two weeks from tomorrow", "2026-12-24"),
    ("ramen in fishtown for 4 on christmas eve", "2026-12-24"),
    ("ramen in fishtown for 4 on valentine's day", "2027-02-14"),
    ("ramen in fishtown for 4 thursdy", "2026-12-10"),
    ("ramen in fishtown for 4 tmr", "2026-12-10"),
])
def test_days_named_by_words(said: str, day: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, slots.get("date"), asked) == ("search", day, False)


def test_an_ordinal_that_ends_no_clause_is_no_day() -> None:
    assert stated_day("the 3rd one please", today=WEDNESDAY) is None
    assert stated_day("a week ago", today=WEDNESDAY) is None


@given(st.integers(min_value=1, max_value=20), st.sampled_from(["day", "week"]))
def test_an_offset_from_today_is_that_many_days_on(count: int, unit: str) -> None:
    days = count * (7 if unit == "week" else 1)
    said = f"{count} {unit}{'s' if count > 1 else ''} from today"
    when = stated_day(said, today=WEDNESDAY)
    assert when is not None and (when - WEDNESDAY).days == days
    assert date_mentioned(when.isoformat(), said, today=WEDNESDAY)


@pytest.mark.parametrize(("said", "cuisine"), [
    ("sicilian food in bella vista for 3", "italian"),
    ("oaxaca style in fishtown for 3", "mexican"),
    ("karaage in old city for 3", "japanese"),
    ("banh xeo in chinatown for 3", "vietnamese"),
    ("pad see ew in fishtown for 3", "thai"),
    ("memphis ribs in manayunk for 3", "bbq"),
])
def test_regions_and_dishes_are_their_cuisine(said: str, cuisine: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, slots.get("cuisine"), asked) == ("search", cuisine, False)


@pytest.mark.parametrize(("said", "price"), [
    ("thai in fishtown for 2, light on the wallet", "$"),
    ("thai in fishtown for 2, something middle tier", "$$"),
    ("thai in fishtown for 2, spare no expense", "$$$$"),
])
def test_price_idioms(said: str, price: str) -> None:
    [(_, slots, asked)] = _read(said)
    assert (slots.get("price_level"), asked) == (price, False)


def test_a_closed_day_denied_is_a_day_it_opens_not_a_date() -> None:
    [(intent, slots, asked)] = _read("thai in fishtown, a spot that isn't shut on mondays")
    assert (intent, slots.get("open_on"), "date" in slots, asked) == ("search", "monday",
                                                                      False, False)


def test_a_removal_by_position_and_a_choice_by_position() -> None:
    said = ["ramen in old city for 2", "save the first and the second"]
    [(intent, slots, _)] = _read(*said, "ok take the first one off again")
    assert (intent, slots["action"]) == ("shortlist", "remove")
    [(intent, slots, _)] = _read(*said, "we'll take the first one")
    assert (intent, slots["action"]) == ("shortlist", "add")


def test_names_inside_longer_names_stay_themselves() -> None:
    read = _read("save Little Hanoi, Osteria Bianchi and Chai & Curry")
    assert [s["venue"] for _, s, _ in read] == ["Little Hanoi", "Osteria Bianchi",
                                              "Chai & Curry"]


def test_a_search_then_the_venue_named_last_and_what_is_left() -> None:
    read = _read("look up sushi in old city for 3 and tell me about Kaze")
    assert [(i, asked) for i, _, asked in read] == [("search", False), ("pick", False)]
    assert read[1][1] == {"venue": "Kaze"}
    [(intent, _, _)] = _read("ramen in old city for 2", "save the first", "what is left on it")
    assert intent == "plan"


@pytest.mark.parametrize("said", [
    "it's my sister's 30th, ramen in fishtown for 8",          # an occasion's ordinal
    "ramen in fishtown for 4 - sorry, 5",                       # a count corrected away
    "we want one spot with ramen in fishtown, 5 of us",         # "one" as a pronoun
])
def test_numbers_the_reading_accounts_for_ask_nothing(said: str) -> None:
    [(intent, _, asked)] = _read(said)
    assert (intent, asked) == ("search", False)


def test_numbered_things_are_no_people() -> None:
    read = _read("ramen in fishtown", "compare option 2 and option 3")
    assert all(i != "search" for i, _, _ in read)


def test_both_of_two_results_and_splurge_idioms() -> None:
    read = _read("thai in center city for 12 open on tuesdays", "save both please")
    assert [s.get("venue") for _, s, _ in read] == ["Baan Lemongrass Lane",
                                                   "Bangkok Street Kitchen"]
    [(_, slots, asked)] = _read("let's go all out: italian in old city for 2")
    assert (slots.get("price_level"), asked) == ("$$$$", False)
    [(_, slots, asked)] = _read("xiao long bao in chinatown for 3")
    assert (slots.get("cuisine"), asked) == ("chinese", False)

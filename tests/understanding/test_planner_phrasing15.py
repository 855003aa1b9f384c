"""The planner read by class of phrasing, for the classes held-out batch 12 showed (each on
new messages, never the held-out ones): counts, days and places said in other words; the
results in view named by what they are; questions that ask nothing of a tool."""

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


# -- class 3: counts, days and places in other words ------------------------------------

@pytest.mark.parametrize(("said", "party"), [
    ("thirty-five people, italian in old city", 35),
    ("we are forty one guests, thai in fishtown", 41),
    ("Twenty-Three of us want bbq in manayunk", 23),
    ("a dozen lasses, mexican in fishtown", 12),
    ("eight mates, bbq in northern liberties", 8),
    ("sushi in chinatown for nine buddies", 9),
    ("14 coworkers and me want french in rittenhouse", 15),
])
def test_a_count_in_words_or_of_people_in_other_words(said: str, party: int) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert slots.get("party_size") == party


@pytest.mark.parametrize("said", [
    "drinks and dinner for the pals, thai please",
    "a thai dinner with the pals",
])
def test_an_everyday_word_after_the_is_no_shortened_place(said: str) -> None:
    reading = _read(said)
    assert all("neighborhood" not in slots for _, slots, _ in reading)


@pytest.mark.parametrize(("said", "day"), [
    ("thai in fishtown sun lunch", "2027-03-07"),
    ("mexican in manayunk, wed eve", "2027-03-03"),
    ("4 of us, bbq in fishtown, sat evening", "2027-03-06"),
    ("italian in old city tonite", "2027-03-02"),
    ("ramen in chinatown the Thursday after next", "2027-03-11"),
    ("french in rittenhouse, the monday after next", "2027-03-15"),
    ("seafood in old city for Hogmanay", "2027-12-31"),
])
def test_a_day_in_other_words(said: str, day: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert slots.get("date") == day


def test_sat_as_a_verb_is_no_day() -> None:
    [(_, slots, _)] = _read("we sat outside last time, thai in fishtown")
    assert "date" not in slots


@pytest.mark.parametrize("said", [
    "office do, 20 people, private room, tmrw night, old city",
    "patio please, 6 of us, fishtown, sun arvo",
    "crimbo lunch, 12 ppl, private room, center city",
    "team night out for 9, step free, manayunk, thurs eve",
    "tonite, 5 of us, byob, fishtown",
])
def test_the_words_of_a_day_are_no_dish_and_no_unread_clause(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, asked) == ("search", False)
    assert "date" in slots


# -- class 2: the results in view, named by what they are --------------------------------

#: Italian in Old City: four results (Enoteca Amalfi, Osteria Marchetti, Pastificio Carmela,
#: Trattoria Marchetti).
ITALIAN = "italian in old city"


@pytest.mark.parametrize(("said", "venues"), [
    ("save the last 2", ["Pastificio Carmela", "Trattoria Marchetti"]),
    ("put the last three on the list",
     ["Osteria Marchetti", "Pastificio Carmela", "Trattoria Marchetti"]),
    ("the last two, add them to my list pls", ["Pastificio Carmela", "Trattoria Marchetti"]),
    ("shortlist the first 2", ["Enoteca Amalfi", "Osteria Marchetti"]),
    ("pls keep the last 2 for me", ["Pastificio Carmela", "Trattoria Marchetti"]),
])
def test_a_run_from_either_end_is_one_change_each(said: str, venues: list[str]) -> None:
    reading = _read(ITALIAN, said)
    assert [(i, s.get("venue"), s.get("action"), q) for i, s, q in reading] == [
        ("shortlist", v, "add", False) for v in venues]


def test_compare_the_last_two() -> None:
    [(intent, slots, asked)] = _read(ITALIAN, "compare the last two")
    assert (intent, asked) == ("compare", False)
    assert slots["venues"] == ["Pastificio Carmela", "Trattoria Marchetti"]


@pytest.mark.parametrize("said", [
    "compare the two",
    "ok which of the two is bigger",
    "which of these two costs less?",
    "put both side by side",
    "how do the 2 stack up",
])
def test_two_of_more_results_is_asked_which(said: str) -> None:
    [(_, _, asked)] = _read(ITALIAN, said)
    assert asked


@pytest.mark.parametrize(("said", "venue"), [
    ("the pricier one it is", "Pastificio Carmela"),
    ("Enoteca Amalfi it is then", "Enoteca Amalfi"),
    ("ok, the 2nd place it is", "Osteria Marchetti"),
    ("right, Trattoria Marchetti it is", "Trattoria Marchetti"),
    ("the first one it is so", "Enoteca Amalfi"),
])
def test_settling_on_a_venue_keeps_it(said: str, venue: str) -> None:
    assert _read(ITALIAN, said) == [("shortlist", {"venue": venue, "action": "add"}, False)]


def test_where_it_is_settles_nothing() -> None:
    assert all(i != "shortlist" or q for i, _, q in _read(ITALIAN, "tell me where it is"))


@pytest.mark.parametrize(("said", "venue"), [
    ("the biggest of those, what is it like?", "Osteria Marchetti"),
    ("the priciest of them, more info please", "Pastificio Carmela"),
    ("the roomiest of the lot, details?", "Osteria Marchetti"),
])
def test_the_one_a_measure_picks_out_of_those(said: str, venue: str) -> None:
    assert _read(ITALIAN, said) == [("pick", {"venue": venue}, False)]


def test_which_of_those_still_compares() -> None:
    [(intent, slots, _)] = _read(ITALIAN, "which of those is the biggest")
    assert intent == "compare" and len(slots["venues"]) == 4


@pytest.mark.parametrize(("first", "said", "venues"), [
    ("banh mi in east passyunk", "how do the two Banh Mi places compare?",
     ["Bánh Mì Huế Garden", "Bánh Mì Lotus Pond"]),
    ("banh mi in east passyunk", "banh mi huh, put the banh mi ones side by side",
     ["Bánh Mì Huế Garden", "Bánh Mì Lotus Pond"]),
])
def test_results_that_share_a_word_of_their_names_are_compared(
        first: str, said: str, venues: list[str]) -> None:
    [(intent, slots, asked)] = _read(first, said)
    assert (intent, asked) == ("compare", False)
    assert slots["venues"] == venues


# -- class 4: corrections and removals -----------------------------------------------------

FRENCH = "french in rittenhouse"  # Bistro Mercier, La Rive Gauche, Le Rive Gauche
TACOS = "tacos in university city"  # El Comal de Paloma, El Comal de Xóchitl


@pytest.mark.parametrize(("first", "said"), [
    ("curry in fishtown", "hmm, not just curry, anything really"),
    ("pizza in old city", "not only pizza, we are open to anything"),
    ("sushi in fishtown", "actually not just sushi"),
    ("tacos in fishtown", "ok so not just mexican, any food"),
    ("thai in queen village", "not only thai tbh, anything goes"),
])
def test_not_just_a_cuisine_takes_it_back(first: str, said: str) -> None:
    [(intent, slots, asked)] = _read(first, said)
    assert (intent, asked) == ("search", False)
    assert "cuisine" not in slots and "neighborhood" in slots


@pytest.mark.parametrize("said", [
    "hmm take Bistro Mercier back off, and what is on the list now?",
    "ditch Bistro Mercier from my list, then show me the plan",
    "remove Bistro Mercier pls, what have we got now?",
    "scrap Bistro Mercier from the shortlist and show me my list",
    "get rid of Bistro Mercier, and what's on my list now?",
])
def test_a_removal_and_the_plan(said: str) -> None:
    reading = _read(FRENCH, "save the first two", said)
    assert reading == [("shortlist", {"venue": "Bistro Mercier", "action": "remove"}, False),
                       ("plan", {}, False)]


@pytest.mark.parametrize(("said", "venue"), [
    ("Ok please I want Bistro Mercier in my list", "Bistro Mercier"),
    ("pls I want the first one in my list", "Bistro Mercier"),
    ("we want Le Rive Gauche in our shortlist", "Le Rive Gauche"),
    ("i'd like the 2nd in my list", "La Rive Gauche"),
    ("put La Rive Gauche in my favourites", "La Rive Gauche"),
])
def test_wanting_a_venue_in_the_list_adds_it(said: str, venue: str) -> None:
    assert _read(FRENCH, said) == [("shortlist", {"venue": venue, "action": "add"}, False)]


def test_asking_whether_a_venue_is_in_the_list_adds_nothing() -> None:
    reading = _read(FRENCH, "do I have La Rive Gauche in my list?")
    assert all(i != "shortlist" for i, _, _ in reading)


@pytest.mark.parametrize(("said", "day"), [
    ("Lets do it on the 5th", "2027-03-05"),
    ("ok we will go with friday then", "2027-03-05"),
    ("let's do it saturday instead", "2027-03-06"),
    ("we'll take it on the 9th", "2027-03-09"),
    ("go with sunday for it", "2027-03-07"),
])
def test_doing_it_on_a_day_is_the_day_not_a_venue(said: str, day: str) -> None:
    [(intent, slots, asked)] = _read(FRENCH, said)
    assert (intent, asked) == ("search", False)
    assert slots["date"] == day


@pytest.mark.parametrize(("said", "want"), [
    ("drop Xochitl and save Paloma instead",
     [("El Comal de Xóchitl", "remove"), ("El Comal de Paloma", "add")]),
    ("remove Xóchitl", [("El Comal de Xóchitl", "remove")]),
    ("save Paloma too", [("El Comal de Paloma", "add")]),
    ("ya know what, swap them - drop xochitl and keep paloma",
     [("El Comal de Xóchitl", "remove"), ("El Comal de Paloma", "add")]),
    ("take Xochitl off", [("El Comal de Xóchitl", "remove")]),
])
def test_a_venue_by_a_word_of_its_name(said: str, want: list[tuple[str, str]]) -> None:
    reading = _read(TACOS, "save El Comal de Xóchitl", said)
    assert [(s.get("venue"), s.get("action"), q) for _, s, q in reading] == [
        (v, a, False) for v, a in want]


@pytest.mark.parametrize(("said", "venue"), [
    ("does the first one do saturday lunch?", "Lemongrass Lane"),
    ("is the 2nd one any good on a friday night?", "Siam Orchid"),
    ("can the second one do a sunday brunch?", "Siam Orchid"),
])
def test_a_day_asked_of_a_result_by_position_is_a_pick(said: str, venue: str) -> None:
    assert _read("thai in queen village", said) == [("pick", {"venue": venue}, False)]


# -- class 1: questions that ask nothing of a tool ----------------------------------------

@pytest.mark.parametrize("said", [
    "how old is the Liberty Bell anyway?",
    "was the cheesesteak really born in South Philly?",
    "whats the history behind Elfreths Alley?",
    "how far is Penns Landing from Center City?",
    "when is the Reading Terminal Market least crowded?",
    "who invented the hoagie, was it in South Philly?",
])
def test_a_question_about_the_city_states_no_preference(said: str) -> None:
    assert _read(said) == []


@pytest.mark.parametrize("said", [
    "any good italian spots in old city?",
    "where can we get sushi in fishtown?",
    "is there a thai place near city hall?",
    "is fishtown a good area for bbq?",
    "are there byob places in queen village?",
])
def test_a_question_asking_for_places_still_searches(said: str) -> None:
    [(intent, _, asked)] = _read(said)
    assert (intent, asked) == ("search", False)


# -- a venue in view: by a feature, its price, the middle, several positions ---------------

MEXICAN = "mexican in fishtown"  # Casa Lupita, El Comal de Santa Rita (BYOB), La Cocina de Lupita


@pytest.mark.parametrize(("said", "want"), [
    ("is the byob one any good?", ("pick", {"venue": "El Comal de Santa Rita"})),
    ("tell me about the bring your own one", ("pick", {"venue": "El Comal de Santa Rita"})),
    ("add the byob place to my list",
     ("shortlist", {"venue": "El Comal de Santa Rita", "action": "add"})),
    ("hows the byo spot then?", ("pick", {"venue": "El Comal de Santa Rita"})),
    ("the one with the private room, more details pls", ("pick",
                                                         {"venue": "La Cocina de Lupita"})),
])
def test_a_result_named_by_its_feature(said: str, want: tuple[str, dict[str, Any]]) -> None:
    assert _read(MEXICAN, said) == [(*want, False)]


def test_a_feature_several_results_have_is_asked_which() -> None:
    [(intent, _, asked)] = _read(ITALIAN, "tell me about the one with the patio")
    assert (intent, asked) == ("pick", True)


def test_asking_for_a_feature_of_the_results_still_searches() -> None:
    [(intent, slots, asked)] = _read(ITALIAN, "any with a patio?")
    assert (intent, slots.get("outdoor"), asked) == ("search", True, False)


@pytest.mark.parametrize("said", [
    "is it pricey?", "are they cheap?", "is it expensive there?", "is it posh?",
    "is it on the fancy side?",
])
def test_the_price_of_the_venue_in_view_is_asked_of_it(said: str) -> None:
    assert _read(ITALIAN, "tell me about the first one", said) == [
        ("pick", {"venue": "Enoteca Amalfi"}, False)]


@pytest.mark.parametrize(("said", "want"), [
    ("the middle one", ("pick", {"venue": "El Comal de Santa Rita"})),
    ("save the middle one", ("shortlist", {"venue": "El Comal de Santa Rita", "action": "add"})),
    ("the middle place, what is it like?", ("pick", {"venue": "El Comal de Santa Rita"})),
])
def test_the_middle_result(said: str, want: tuple[str, dict[str, Any]]) -> None:
    assert _read(MEXICAN, said) == [(*want, False)]


def test_no_middle_of_an_even_number_is_asked() -> None:
    [(_, _, asked)] = _read(ITALIAN, "tell me about the middle one")
    assert asked


@pytest.mark.parametrize(("said", "venues"), [
    ("add 1st + 3rd", ["Enoteca Amalfi", "Pastificio Carmela"]),
    ("save 2 & 4 pls", ["Osteria Marchetti", "Trattoria Marchetti"]),
    ("keep number 1 and number 3", ["Enoteca Amalfi", "Pastificio Carmela"]),
])
def test_several_positions_without_the_list_named(said: str, venues: list[str]) -> None:
    assert _read(ITALIAN, said) == [
        ("shortlist", {"venue": v, "action": "add"}, False) for v in venues]


@pytest.mark.parametrize("said", [
    "somewhere near the river",
    "a spot close to the zoo",
    "anywhere next to the bus depot?",
    "a place round the corner from my office",
    "dinner somewhere opposite the old mill",
])
def test_a_place_by_what_it_is_near_alone_is_asked_about(said: str) -> None:
    [(intent, slots, asked)] = _read(said)
    assert (intent, slots, asked) == ("search", {}, True)


def test_near_me_asks_nothing() -> None:
    assert _read("near me please") == []


# -- small talk before the opening request -------------------------------------------------

@pytest.mark.parametrize("said", [
    "I'm arranging a dinner for our book club. thai in fishtown for 6",
    "it's my dad's 60th and he loves thai, fishtown, 8 of us",
    "My sister just got engaged!! italian in old city for 5",
    "we're finally catching up after ages, bbq in manayunk for 4",
    "so my team hit its target this quarter. mexican in fishtown for 9",
])
def test_small_talk_before_a_request_does_not_stop_the_search(said: str) -> None:
    [(intent, _, asked)] = _read(said)
    assert (intent, asked) == ("search", False)


def test_a_wish_no_word_explains_is_still_asked_about() -> None:
    [(_, _, asked)] = _read("we wanna sit out in the sun, seafood in old city")
    assert asked


# -- class 5: several requests, one of them no tool does -------------------------------------

@pytest.mark.parametrize(("first", "said", "intent"), [
    ("steak in center city", "can u pay the deposit for us? and which of the two is cheaper",
     "compare"),
    (ITALIAN, "could you book us a table? also tell me about the second one", "pick"),
    (ITALIAN, "do they do vegan food? tell me about the second one", "pick"),
    (ITALIAN, "will you phone ahead for us? and which is biggest", "compare"),
    (ITALIAN, "Can you send the invites? Also compare the first two", "compare"),
])
def test_a_cannot_do_in_its_own_sentence_keeps_the_other_request(
        first: str, said: str, intent: str) -> None:
    reading = _read(first, said)
    assert [(i, q) for i, _, q in reading] == [(intent, False), ("unclear", True)]


@pytest.mark.parametrize("said", [
    "book the first one for friday",
    "which is cheaper? and can you call them for me",
    "can you book it? its the second one",
])
def test_a_cannot_do_about_a_venue_acts_on_none(said: str) -> None:
    reading = _read(ITALIAN, said)
    assert all(i not in ("pick", "compare", "shortlist") for i, _, _ in reading)
    assert reading[-1][0] == "unclear"


@pytest.mark.parametrize("said", [
    "whats the best dish to get there?",
    "what do people eat there?",
    "can we sit outside there?",
    "what should we try there?",
])
def test_a_question_of_what_is_there_is_about_the_venue_in_view(said: str) -> None:
    assert _read(ITALIAN, "tell me about the first one", said) == [
        ("pick", {"venue": "Enoteca Amalfi"}, False)]


def test_a_search_there_still_searches() -> None:
    [(intent, slots, _)] = _read(ITALIAN, "tell me about the first one", "any thai places there?")
    assert (intent, slots.get("cuisine")) == ("search", "thai")


@pytest.mark.parametrize(("said", "party"), [
    ("we're nine, and we fancy a bit of seafood in old city", 9),
    ("we are seven, thai in fishtown", 7),
    ("we r 6, bbq in manayunk", 6),
    ("so we're eleven and we want mexican in fishtown", 11),
    ("We are 4 and like italian, old city", 4),
])
def test_the_count_after_we_are_inside_a_sentence(said: str, party: int) -> None:
    [(_, slots, _)] = _read(said)
    assert slots.get("party_size") == party


@pytest.mark.parametrize("said", [
    "we are 2 hours away, thai in fishtown",
    "we're 5 minutes from old city, thai please",
    "we are 3 blocks from fishtown, thai",
])
def test_a_span_after_we_are_is_no_party(said: str) -> None:
    reading = _read(said)
    assert all(q or "party_size" not in s for _, s, q in reading)

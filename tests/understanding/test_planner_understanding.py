"""The planner's understanding layer in the core (no ADK, no model): the dev set's figures,
and invariants against slow, obvious references (Hypothesis)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from planner_devset import DEVSET, score

from draftguard.grounding._numbers import NUMBER_WORDS
from draftguard.understanding import (
    Intent,
    PlannerConversation,
    PlannerVocabulary,
    Reading,
    enough_to_search,
)
from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, load_catalog
from event_planning.conversation import new_conversation, vocabulary

TODAY = "2026-11-24"


def test_the_dev_set_meets_the_goals(capsys: Any) -> None:
    scores = score(DEVSET)
    with capsys.disabled():
        print("\nplanner dev set:", scores.summary())
    assert scores.messages >= 120
    assert scores.wrong_actions == [], scores.wrong_actions
    assert scores.intent_accuracy >= 0.97, scores.misses
    assert scores.slot_match >= 0.95, scores.misses


# -- a correction replaces --------------------------------------------------------------

CUISINES = [c for c in Cuisine]
HOODS = [n for n in Neighborhood]

Statement = tuple[str, Any]


def _say(statement: Statement, correcting: bool) -> str:
    name, value = statement
    lead = "actually, " if correcting else ""
    if name == "cuisine":
        return f"{lead}make it {Cuisine(value).label} food instead" if correcting \
            else f"{Cuisine(value).label} food"
    if name == "neighborhood":
        return f"{lead}in {Neighborhood(value).label}"
    if name == "price_level":
        return f"{lead}{value}"
    return f"{lead}make that {value} people" if correcting else f"for {value} people"


statements = st.one_of(
    st.tuples(st.just("cuisine"), st.sampled_from([c.value for c in CUISINES])),
    st.tuples(st.just("neighborhood"), st.sampled_from([n.value for n in HOODS])),
    st.tuples(st.just("price_level"), st.sampled_from([p.value for p in PriceLevel])),
    st.tuples(st.just("party_size"), st.integers(1, 40)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(statements, min_size=1, max_size=7))
def test_a_correction_always_replaces_never_adds(said: list[Statement]) -> None:
    conversation = new_conversation(TODAY)
    expected: dict[str, Any] = {}  # the reference: the last value said for each
    for statement in said:
        reading = conversation.read(_say(statement, statement[0] in expected))
        [request] = reading.requests
        expected[statement[0]] = statement[1]
        assert request.question is None
        if request.intent is Intent.SEARCH:
            assert request.slots == expected
        else:
            assert request.intent is Intent.PREFERENCES
            assert not enough_to_search(expected) and request.slots == {
                statement[0]: statement[1]}
        conversation.commit(reading)
        assert conversation.state.preferences == expected


# -- the same read for curly and straight quotes, number words and digits ----------------

def _fresh_read(message: str) -> Reading:
    return new_conversation(TODAY).read(message)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CUISINES), st.sampled_from(HOODS), st.integers(1, 20),
       st.sampled_from(["We’re {n} people, we’d like “{c}” in ‘{h}’",
                        "I’d love {c} food for {n} people in {h}, what’s there?",
                        "{c} in {h}? There’ll be {n} of us"]))
def test_curly_and_straight_quotes_read_the_same(cuisine: Cuisine, hood: Neighborhood,
                                                 n: int, form: str) -> None:
    curly = form.format(n=n, c=cuisine.label, h=hood.label)
    straight = curly.translate(str.maketrans("‘’“”", "''\"\""))
    assert _fresh_read(curly) == _fresh_read(straight)
    [request] = _fresh_read(curly).requests
    assert request.slots == {"cuisine": cuisine.value, "neighborhood": hood.value,
                             "party_size": n}


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 20), st.sampled_from(["table for {n}", "{n} people", "party of {n}",
                                            "{n} of us", "make it {n}"]),
       st.sampled_from(CUISINES))
def test_number_words_and_digits_read_the_same(n: int, form: str, cuisine: Cuisine) -> None:
    in_words = f"{cuisine.label}, {form.format(n=NUMBER_WORDS[n])}"
    in_digits = f"{cuisine.label}, {form.format(n=n)}"
    assert _fresh_read(in_words) == _fresh_read(in_digits)
    [request] = _fresh_read(in_digits).requests
    assert request.slots == {"cuisine": cuisine.value, "party_size": n}


# -- a venue name with a typo is that venue or a question, never another venue -----------

LONG_NAMES = sorted({v.name for v in load_catalog() if len(v.name) >= 10})


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LONG_NAMES), st.data())
def test_a_misspelt_venue_is_never_taken_for_another(name: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(1, len(name) - 2))
    typo = data.draw(st.sampled_from([
        name[:at] + name[at + 1:],                           # a letter dropped
        name[:at] + name[at + 1] + name[at] + name[at + 2:],  # two swapped
    ]))
    _never_another(name, typo)


def _never_another(name: str, typo: str) -> None:
    reading = _fresh_read(f"tell me about {typo}")
    for request in reading.requests:
        if request.question is None:
            assert request.intent is Intent.PICK
            picked = request.slots["venue"]
            # Another venue only when the typo spells that one exactly ("The X" -> "X").
            assert picked == name or picked.lower() == typo.lower().strip()


@pytest.mark.parametrize(("name", "typo"), [
    ("Pier 9 Raw Bar", "Pier 9 Raw Bra"),  # the last word's letters swapped (found by the
    ("Pier 9 Raw Bar", "Peir 9 Raw Bar"),  # property above): "9" was read as a party size
    ("Bangkok Street Kitchen", "Bnagkok Street Kitchen"),  # not the longer Baan Bangkok ...
    ("Baan Bangkok Street Kitchen", "Ban Bangkok Street Kitchen"),  # ... nor the shorter
])
def test_a_swap_in_a_short_word_at_a_names_end_is_still_that_venue(name: str, typo: str) -> None:
    _never_another(name, typo)
    [request] = _fresh_read(f"tell me about {typo}").requests
    assert request.slots == {"venue": name}


def test_the_core_knows_no_venues_of_its_own() -> None:
    words = PlannerVocabulary(cuisines={"tapas": ("spanish",)}, neighbourhoods={"gracia": ()},
                              price_words={"$": ("cheap",)}, venues=("Bar Pinotxo",))
    conversation = PlannerConversation(words, today=date(2026, 11, 24))
    [request] = conversation.read("cheap spanish food in Gracia").requests
    assert request.intent is Intent.SEARCH
    assert request.slots == {"cuisine": "tapas", "price_level": "$", "neighborhood": "gracia"}
    [pick] = conversation.read("what about bar pinotxo?").requests
    assert pick.slots == {"venue": "Bar Pinotxo"}
    assert vocabulary().venues and "Bar Pinotxo" not in vocabulary().venues



def test_request_words_are_read_as_whole_words_and_phrases_in_order() -> None:
    words = PlannerVocabulary(cuisines={}, neighbourhoods={}, price_words={}, request_words={
        "compare": ("compare", "more room"), "away": ("off",), "it": ("it",),
        "search": ("let's see", "don't want")}).words
    assert words.said_at("compare", "can we compare them, or which has more room?") == [2, 7]
    assert not words.says("compare", "we compared them") and not words.says("away", "offer")
    assert words.says("it", "it's fine") and words.opens_with("it", "it, please")
    assert words.ends_with("compare", "which one has more room?")
    assert words.says("search", "ok lets see") and words.says("search", "i dont want")
    assert not words.ends_with("compare", "more room for 8")
    assert not PlannerVocabulary(cuisines={}, neighbourhoods={}, price_words={}).words.says(
        "compare", "compare them")

# -- any text is read without an error, and only into the vocabulary's values --------------

WORDS = ["italian", "thai", "fishtown", "$$", "$", "for", "8", "people", "not", "the", "second",
         "one", "add", "it", "to", "my", "shortlist", "compare", "cheaper", "?", "Bar Sorrento",
         "next", "friday", "dec", "5", "make", "that", "ten", "instead", "“", "’", "help",
         "and then", "forget", "price", "show", "me", ".", "book", "vegan"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=8)), max_size=14),
       st.lists(st.sampled_from(["Italian food", "South Philly", "for 6", "the first one"]),
                max_size=3))
def test_any_message_reads_into_known_values_only(words: list[str], before: list[str]) -> None:
    conversation = new_conversation(TODAY)
    for said in before:
        conversation.commit(conversation.read(said))
    reading = conversation.read(" ".join(words))
    known = {"cuisine": {c.value for c in Cuisine}, "neighborhood": {n.value for n in HOODS},
             "price_level": {p.value for p in PriceLevel}}
    venues = set(vocabulary().venues)
    for request in reading.requests:
        if request.question is not None:
            assert request.question.strip()
            continue
        slots = request.slots
        for name, values in known.items():
            assert slots.get(name) is None or slots[name] in values
        assert slots.get("party_size") is None or 1 <= slots["party_size"] <= 500
        if "date" in slots and slots["date"] is not None:
            date.fromisoformat(slots["date"])
        assert all(v in venues for v in slots.get("venues", [slots.get("venue")]) if v)
    conversation.commit(reading)


@pytest.mark.parametrize("message", [
    "book the first one for friday at 7pm",
    "please reserve the second one for saturday",
    "can you book us a table there on the 12th?",
])
def test_a_booking_with_a_date_keeps_the_date_and_says_it_cannot_book(message: str) -> None:
    requests = _fresh_read(message).requests
    assert requests[-1].intent is Intent.UNCLEAR
    assert requests[-1].question is not None and "not something I can do" in \
        requests[-1].question
    assert all(r.intent is not Intent.SEARCH for r in requests)


@pytest.mark.parametrize("message", ["wheelchair access please, mexican for 10",
                                     "italian in south philly for 8 on friday"])
def test_a_need_named_as_a_noun_is_no_refusal(message: str) -> None:
    assert all(r.intent is not Intent.UNCLEAR for r in _fresh_read(message).requests)

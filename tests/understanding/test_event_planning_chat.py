"""The planner runs the searches the user's words ask for by code, before any model, and
shows ignored arguments in one line (scripted model)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from chat_turns import calls_of, new_session, state_of, text_of, turn
from google.adk.runners import InMemoryRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_llm import Call, ScriptedLlm

from event_planning.agent import build_app
from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, search
from event_planning.preferences import names_enough, stated_preferences
from event_planning.state_keys import PREFERENCES_KEY, RESULTS_KEY

SEED_MESSAGE = "Plan a dinner for 8 people, Italian food, $$$, in South Philly next Friday"
TUESDAY = date(2026, 11, 24)


async def _say(runner: InMemoryRunner, text: str, session_id: str | None = None,
               *, stream: bool = False) -> tuple[list[Any], str]:
    session_id = session_id if session_id is not None else await new_session(runner)
    return await turn(runner, session_id, text, stream=stream), session_id


async def test_the_seed_message_always_searches_by_code_and_answers_from_the_catalogue(
) -> None:
    model = ScriptedLlm([])  # any model call fails the test
    runner = InMemoryRunner(app=build_app(model))
    events, sid = await _say(runner, SEED_MESSAGE)
    [(name, args)] = calls_of(events)
    assert name == "search_venues"
    assert {k: args[k] for k in ("cuisine", "price_level", "neighborhood", "party_size")} == {
        "cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
        "party_size": 8}
    assert date.fromisoformat(args["date"]).weekday() == 4  # a Friday
    assert model.requests == []
    expected = search(cuisine=Cuisine.ITALIAN, price_level=PriceLevel.UPSCALE,
                      neighborhood=Neighborhood.SOUTH_PHILLY, party_size=8,
                      on_date=date.fromisoformat(args["date"]))
    reply = text_of(events)
    assert expected and all(v.line() in reply for v in expected)
    state = await state_of(runner, sid)
    assert state[RESULTS_KEY] == [v.id for v in expected]
    assert state[PREFERENCES_KEY]["cuisine"] == "italian"
    assert "Ignored" not in reply


async def test_the_seed_message_streams_the_same_code_written_reply() -> None:
    streamed, _ = await _say(InMemoryRunner(app=build_app(ScriptedLlm([]))), SEED_MESSAGE,
                             stream=True)
    whole, _ = await _say(InMemoryRunner(app=build_app(ScriptedLlm([]))), SEED_MESSAGE)
    assert [n for n, _ in calls_of(streamed)] == ["search_venues"]
    assert text_of(streamed) == text_of(whole) and "venues for Italian, $$$" in text_of(whole)


async def test_a_message_that_is_not_clear_goes_to_the_model() -> None:
    model = ScriptedLlm(["Which neighbourhood do you like?"])
    runner = InMemoryRunner(app=build_app(model))
    events, _ = await _say(runner, "Italian or Thai, what do you think?")
    assert calls_of(events) == [] and len(model.requests) == 1
    assert text_of(events) == "Which neighbourhood do you like?"


async def test_help_and_plan_answer_without_the_model() -> None:
    model = ScriptedLlm([])
    runner = InMemoryRunner(app=build_app(model))
    events, sid = await _say(runner, "/help")
    assert "/search TEXT" in text_of(events) and "/plan" in text_of(events)
    events, _ = await _say(runner, "/plan", sid)
    assert [n for n, _ in calls_of(events)] == ["plan_summary"]
    assert "Still missing: date, party size, a shortlisted venue." in text_of(events)
    events, _ = await _say(runner, "/search sushi in fishtown for 4", sid)
    [(_, args)] = calls_of(events)
    assert args == {"cuisine": "japanese", "neighborhood": "fishtown", "party_size": 4}
    events, _ = await _say(runner, "/search hello", sid)
    assert calls_of(events) == [] and "what to eat or where" in text_of(events)
    assert model.requests == []


async def test_ignored_arguments_are_shown_in_one_line() -> None:
    model = ScriptedLlm([
        Call("search_venues", {"cuisine": "japanese", "price_level": "$",
                               "neighborhood": "south_philly"}),
        "Here are some sushi places.",
    ])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    events, _ = await _say(runner, "Japanese or Thai in South Philly, what would you pick?")
    texts = [p.text for e in events if e.content for p in e.content.parts or [] if p.text]
    assert texts == ["Here are some sushi places.",
                     "Ignored: price_level='$' (you never mentioned a price)"]


async def test_a_grounded_turn_shows_no_ignored_line() -> None:
    model = ScriptedLlm([Call("search_venues", {"cuisine": "japanese"}), "Sushi it is."])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    events, _ = await _say(runner, "Japanese or Thai, what would you pick?")
    assert text_of(events) == "Sushi it is."


@pytest.mark.parametrize(("said", "expected"), [
    (SEED_MESSAGE, {"cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
                    "party_size": 8, "date": "2026-11-27"}),
    ("sushi in fishtown tomorrow", {"cuisine": "japanese", "neighborhood": "fishtown",
                                    "date": "2026-11-25"}),
    ("something fancy near Rittenhouse Square for a dozen",
     {"neighborhood": "rittenhouse", "price_level": "$$$", "party_size": 12}),
    ("Italian or Thai for 6?", {"party_size": 6}),
    ("dinner for 8 or 10 people", {}),
    ("under $50 a head, very expensive is fine", {"price_level": "$$$$"}),
    ("on June 14th in Old City", {"neighborhood": "old_city", "date": "2027-06-14"}),
])
def test_preferences_read_by_code(said: str, expected: dict[str, Any]) -> None:
    assert stated_preferences(said, today=TUESDAY) == expected


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Cuisine)), st.sampled_from(list(PriceLevel)),
       st.sampled_from(list(Neighborhood)), st.integers(1, 60))
def test_stated_preferences_read_back_what_was_said(
    cuisine: Cuisine, price: PriceLevel, hood: Neighborhood, size: int
) -> None:
    said = f"{cuisine.value} food, {price.value}, in {hood.label} for {size} people"
    prefs = stated_preferences(said, today=TUESDAY)
    assert prefs == {"cuisine": cuisine.value, "price_level": price.value,
                     "neighborhood": hood.value, "party_size": size}
    assert names_enough(prefs)


async def test_a_venue_is_shortlisted_by_its_name_without_the_model() -> None:
    model = ScriptedLlm([])
    runner = InMemoryRunner(app=build_app(model))
    events, sid = await _say(runner, SEED_MESSAGE)
    [(_, args)] = calls_of(events)
    first = search(cuisine=Cuisine.ITALIAN, price_level=PriceLevel.UPSCALE,
                   neighborhood=Neighborhood.SOUTH_PHILLY, party_size=8,
                   on_date=date.fromisoformat(args["date"]))[0]
    events, _ = await _say(runner, f"Please add {first.name} to my shortlist.", sid)
    assert calls_of(events) == [("add_to_shortlist", {"venue_id": first.id})]
    assert text_of(events).startswith(f"Added {first.name} to the shortlist (1 venue).")
    events, _ = await _say(runner, "/shortlist Nowhere Grill", sid)
    assert calls_of(events) == [] and "no venue called 'Nowhere Grill'" in text_of(events)
    assert model.requests == []


async def test_a_question_about_a_venue_is_answered_from_the_catalogue() -> None:
    # Changed with issue 16: a venue named by the user is read by code (its catalogue
    # line answers), and "it" then means that venue, so no model is asked.
    model = ScriptedLlm([])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    events, sid = await _say(runner, "Is Cucina Lucia in South Philly good for 8 people?")
    lucia = next(v for v in search(cuisine=Cuisine.ITALIAN, limit=200)
                 if v.name == "Cucina Lucia")
    assert calls_of(events) == [] and lucia.line() in text_of(events)
    events, _ = await _say(runner, "add it to the shortlist", sid)
    assert calls_of(events) == [("add_to_shortlist", {"venue_id": lucia.id})]
    assert model.requests == []


async def test_it_with_nothing_before_goes_to_a_capable_model() -> None:
    model = ScriptedLlm(["Which one?"])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    events, _ = await _say(runner, "add it to the shortlist")
    assert calls_of(events) == [] and text_of(events) == "Which one?"

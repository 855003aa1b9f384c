"""Preference arguments the user never expressed are dropped, not saved (scripted model)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from chat_turns import new_session, responses_of, state_of, turn
from google.adk.runners import InMemoryRunner
from hypothesis import given
from hypothesis import strategies as st
from scripted_llm import Call, ScriptedLlm

from draftguard.grounding import number_mentioned as party_size_grounded
from draftguard.grounding._numbers import NUMBER_WORDS
from event_planning.agent import build_app
from event_planning.argument_grounding import ground_preferences, price_level_grounded
from event_planning.state_keys import PREFERENCES_KEY

INVENTED = {"cuisine": "italian", "price_level": "$", "neighborhood": "south_philly",
            "party_size": 8}


async def _turn(runner: InMemoryRunner, session_id: str, text: str) -> list[dict[str, Any]]:
    return responses_of(await turn(runner, session_id, text))


async def test_invented_preferences_are_ignored_and_later_ones_apply() -> None:
    model = ScriptedLlm([
        Call("search_venues", INVENTED), "Here are Italian places for 8.",
        Call("search_venues", {"price_level": "$$$", "neighborhood": "fishtown"}), "Upscale.",
    ])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    sid = await new_session(runner)
    # Messages code asks about (two values) reach the model, whose calls are grounded.
    [first] = await _turn(runner, sid, "Italian or Thai food for 8 or 10 people?")
    assert first["status"] == "ok"
    assert set(first["ignored"]) == {"price_level", "neighborhood"}
    assert "'$'" in first["ignored"]["price_level"]
    assert first["preferences"] == {"cuisine": "italian", "party_size": 8}
    assert all(v["cuisine"] == "italian" and v["seats"] >= 8 for v in first["venues"])
    state = await state_of(runner, sid)
    assert state[PREFERENCES_KEY] == {"cuisine": "italian", "party_size": 8}

    [second] = await _turn(runner, sid, "$$$ or $$$$, which would you go for?")
    assert second["preferences"] == {"cuisine": "italian", "party_size": 8, "price_level": "$$$"}
    assert set(second["ignored"]) == {"neighborhood"}
    state = await state_of(runner, sid)
    assert state[PREFERENCES_KEY]["price_level"] == "$$$"
    assert not any(k.startswith("temp:") for k in state)


async def test_grounded_call_has_no_ignored_field() -> None:
    model = ScriptedLlm([Call("search_venues", {"cuisine": "japanese", "neighborhood":
                                                 "south_philly"}), "ok"])
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    sid = await new_session(runner)
    [resp] = await _turn(runner, sid, "Sushi in South Philly please")
    assert "ignored" not in resp
    assert resp["preferences"] == {"cuisine": "japanese", "neighborhood": "south_philly"}


@pytest.mark.parametrize(("args", "said", "kept"), [
    ({"cuisine": "japanese"}, "we want sushi", {"cuisine": "japanese"}),
    ({"cuisine": "italian"}, "somewhere nice", {}),
    ({"price_level": "$"}, "something cheap", {"price_level": "$"}),
    ({"price_level": "$"}, "under $50 a head", {}),
    ({"price_level": "$$"}, "$$$", {}),
    ({"price_level": "$$$$"}, "very expensive please", {"price_level": "$$$$"}),
    ({"price_level": "$$$"}, "very expensive please", {}),
    ({"price_level": "$$$"}, "fancy", {"price_level": "$$$"}),
    ({"neighborhood": "south_philly"}, "near south_philly", {"neighborhood": "south_philly"}),
    ({"neighborhood": "northern_liberties"}, "NoLibs", {"neighborhood": "northern_liberties"}),
    ({"neighborhood": "old_city"}, "Old  City", {"neighborhood": "old_city"}),
    ({"neighborhood": "old_city"}, "the city", {}),
    ({"party_size": 10}, "ten of us", {"party_size": 10}),
    ({"party_size": 12}, "a dozen friends", {"party_size": 12}),
    ({"party_size": 14}, "on 2026-06-14", {}),
    ({"party_size": 10}, "for 100 people", {}),
    ({"date": "2026-06-14"}, "on June 14th", {"date": "2026-06-14"}),
    ({"date": "2026-06-14T19:00:00Z"}, "6/14", {"date": "2026-06-14T19:00:00Z"}),
    ({"date": "2026-06-13"}, "6/14", {}),
    ({"date": "2023-08-25T10:00:00"}, "dinner for 8", {}),
    ({"date": "2026-06-13"}, "this saturday", {"date": "2026-06-13"}),
])
def test_matcher_cases(args: dict[str, Any], said: str, kept: dict[str, Any]) -> None:
    report = ground_preferences(args, said, today=date(2026, 6, 10))
    assert report.kept == kept
    assert set(report.ignored) == set(args) - set(kept)


def test_tomorrow_uses_today() -> None:
    assert ground_preferences({"date": "2026-06-11"}, "tomorrow", today=date(2026, 6, 10)).kept
    assert not ground_preferences({"date": "2026-06-12"}, "tomorrow",
                                  today=date(2026, 6, 10)).kept


@given(st.integers(1, 500), st.integers(1, 500), st.booleans())
def test_party_size_matches_exactly_the_number_typed(size: int, typed: int, words: bool) -> None:
    said = NUMBER_WORDS[typed] if words and typed < len(NUMBER_WORDS) else str(typed)
    assert party_size_grounded(size, f"table for {said} people") == (size == typed)


@given(st.integers(1, 4), st.integers(1, 6))
def test_price_needs_the_same_count_of_dollar_signs(level: int, typed: int) -> None:
    assert price_level_grounded("$" * level, f"around {'$' * typed} please") == (level == typed)

"""The venue catalog and the planner's tools (no model)."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, load_catalog, search
from event_planning.state_keys import PREFERENCES_KEY, SHORTLIST_KEY
from event_planning.tools import (
    add_to_shortlist,
    forget_preference,
    plan_summary,
    remove_from_shortlist,
    search_venues,
)


def _ctx() -> Any:
    return SimpleNamespace(state={}, invocation_id="i",
                           actions=SimpleNamespace(skip_summarization=None))


def test_catalog_is_big_and_varied() -> None:
    venues = load_catalog()
    assert len(venues) >= 150 and len({v.id for v in venues}) == len(venues)
    assert len(Counter(v.neighborhood for v in venues)) == len(Neighborhood)
    assert len(Counter(v.cuisine for v in venues)) == len(Cuisine)
    assert set(Counter(v.price_level for v in venues)) == {1, 2, 3, 4}
    assert search(cuisine=Cuisine.ITALIAN, neighborhood=Neighborhood.SOUTH_PHILLY,
                  price_level=PriceLevel.UPSCALE)


def test_preferences_accumulate_across_searches() -> None:
    ctx = _ctx()
    first = search_venues(ctx, cuisine=Cuisine.ITALIAN)
    second = search_venues(ctx, price_level=PriceLevel.UPSCALE)
    third = search_venues(ctx, neighborhood=Neighborhood.SOUTH_PHILLY, party_size=20,
                          date="2025-06-14")
    assert ctx.state[PREFERENCES_KEY] == {
        "cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
        "party_size": 20, "date": "2025-06-14",
    }
    assert first["count"] >= second["count"] >= third["count"] >= 1
    for v in third["venues"]:
        assert v["cuisine"] == "italian" and v["price"] == "$$$" and v["seats"] >= 20
        assert "saturday" not in v["closed_on"]


def test_bad_values_come_back_as_errors() -> None:
    ctx = _ctx()
    assert search_venues(ctx, cuisine="klingon")["status"] == "error"  # type: ignore[arg-type]
    assert search_venues(ctx, date="next friday")["status"] == "error"
    assert add_to_shortlist(ctx, "no-such-venue")["status"] == "error"


def test_shortlist_and_summary() -> None:
    ctx = _ctx()
    found = search_venues(ctx, cuisine=Cuisine.FRENCH)
    venue_id = found["venues"][0]["id"]
    assert add_to_shortlist(ctx, venue_id)["shortlist"] == [venue_id]
    assert add_to_shortlist(ctx, venue_id)["shortlist"] == [venue_id]  # no duplicates
    summary = plan_summary(ctx)
    assert summary["shortlist"][0]["id"] == venue_id
    assert set(summary["missing"]) == {"date", "party_size"} and not summary["ready"]
    assert forget_preference(ctx, "cuisine")["preferences"] == {}
    assert remove_from_shortlist(ctx, venue_id)["shortlist"] == []
    assert ctx.state[SHORTLIST_KEY] == []


def test_date_accepts_an_iso_timestamp() -> None:
    # SmolLM2 sends "2023-04-28T09:57:56Z" for a date; the day is what it means.
    ctx = _ctx()
    found = search_venues(ctx, date="2026-06-12T19:30:00Z")
    assert found["status"] == "ok" and found["preferences"]["date"] == "2026-06-12"


async def _run_turn(
    script: list[Any], said: str = "Italian or Thai, what do you think?"
) -> tuple[Any, list[dict[str, Any]], Any]:
    # A message code asks about (two cuisines) goes to the (capable, scripted) model.
    from chat_turns import new_session, responses_of, turn
    from google.adk.runners import InMemoryRunner
    from scripted_llm import ScriptedLlm

    from event_planning.agent import build_app

    model = ScriptedLlm(script)
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    sid = await new_session(runner)
    responses = responses_of(await turn(runner, sid, said))
    stored = await runner.session_service.get_session(app_name="event_planning", user_id="u",
                                                      session_id=sid)
    return model, responses, stored


async def test_a_call_repeated_unchanged_ends_the_turn() -> None:
    # Seen live: the 135M model re-sent one search_venues call (first rejected, later
    # answered) until the request timed out. The repeat must end the turn instead.
    from scripted_llm import Call

    for args in ({"cuisine": "italian", "date": "someday"}, {"cuisine": "italian"}):
        call = Call("search_venues", args)
        model, responses, stored = await _run_turn([call, call, call, call, "never reached"])
        assert model.remaining == 3  # two model calls, then the turn ended
        assert len(responses) == 2 and "stopping" in responses[-1]["error"]
        assert not any(k.startswith("temp:") for k in stored.state)


async def test_different_calls_in_one_turn_all_run() -> None:
    from scripted_llm import Call

    model, responses, stored = await _run_turn([
        Call("search_venues", {"cuisine": "italian"}),
        Call("search_venues", {"price_level": "$$$"}),
        Call("plan_summary"),
        "Here is your plan.",
    ], said="Italian or Thai, $$$, what do you think?")
    assert model.remaining == 0
    assert [r["status"] for r in responses] == ["ok", "ok", "ok"]
    assert stored.state[PREFERENCES_KEY] == {"cuisine": "italian", "price_level": "$$$"}

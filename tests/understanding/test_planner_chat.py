"""The planner app reads every message by code (issue 16): preferences over several turns,
corrections after a search, picks, comparisons and the shortlist, on a capable and on a
small model (scripted)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from chat_turns import calls_of, converse, state_of, text_of, turn
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, search
from event_planning.chat import build_router
from event_planning.state_keys import PREFERENCES_KEY, SHORTLIST_KEY

SMALL = "local:smollm2"
TUESDAY = date(2026, 11, 24)


def _raw(text: str) -> bool:
    return any(mark in text for mark in ("{", "Result of tool", "Traceback", "planner_"))


async def _converse(model: ScriptedLlm, said: list[str]) -> tuple[
        InMemoryRunner, str, list[list[Any]]]:
    return await converse(TUESDAY, *said, model=model)


async def test_the_design_documents_conversation_ends_in_one_search() -> None:
    model = ScriptedLlm([])  # any model call fails the test
    runner, sid, turns = await _converse(model, ["Italian food", "$$$", "South Philly Italian"])
    calls = [c for events in turns for c in calls_of(events)]
    assert calls == [("search_venues", {"cuisine": "italian", "price_level": "$$$",
                                        "neighborhood": "south_philly"})]
    expected = search(cuisine=Cuisine.ITALIAN, price_level=PriceLevel.UPSCALE,
                      neighborhood=Neighborhood.SOUTH_PHILLY)
    answer = text_of(turns[-1])
    assert expected and all(answer.count(v.name) == 1 for v in expected)
    assert all(not _raw(text_of(events)) for events in turns)
    assert model.requests == []
    assert (await state_of(runner, sid))[PREFERENCES_KEY] == {
        "cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly"}
    compared = text_of(await turn(runner, sid, "which of those is cheaper?"))
    assert compared.startswith("All $$$, none cheaper:")
    assert all(compared.count(v.name) == 1 for v in expected)


async def test_the_issue_s_thai_conversation_searches_and_takes_a_correction() -> None:
    model = ScriptedLlm([])
    runner, sid, turns = await _converse(
        model, ["Thai food", "$$", "Center City Thai", "make that 10 people"])
    calls = [c for events in turns for c in calls_of(events)]
    thai = {"cuisine": "thai", "price_level": "$$", "neighborhood": "center_city"}
    assert calls == [("search_venues", thai), ("search_venues", {**thai, "party_size": 10})]
    assert "Noted: Thai." in text_of(turns[0]) and "Noted: Thai, $$." in text_of(turns[1])
    assert (await state_of(runner, sid))[PREFERENCES_KEY] == {**thai, "party_size": 10}
    assert "Ignored" not in text_of(turns[-1]) and model.requests == []


async def test_pick_compare_and_shortlist_act_on_the_results_shown() -> None:
    model = ScriptedLlm([])
    runner, sid, turns = await _converse(model, [
        "Mexican in South Philly for 8 on friday", "tell me more about the second one",
        "which of those is cheaper?", "add it to my shortlist",
        "Put the first one on my list too. Where are we?"])
    shown = [n for n in text_of(turns[0]).splitlines() if re.match(r"\d+\. ", n)]
    second = shown[1].split(". ", 1)[1].split(" (")[0]
    assert second in text_of(turns[1]) and calls_of(turns[1]) == []
    assert text_of(turns[2]).startswith("Cheapest first:")
    assert all(text_of(turns[2]).count(n.split(". ", 1)[1].split(" (")[0]) == 1 for n in shown)
    [(tool, args)] = calls_of(turns[3])
    state = await state_of(runner, sid)
    assert tool == "add_to_shortlist" and state[SHORTLIST_KEY][0] == args["venue_id"]
    assert len(state[SHORTLIST_KEY]) == 2 and "Shortlist:" in text_of(turns[4])
    assert len(shown) >= 2 and model.requests == []


async def test_a_preference_taken_back_searches_without_it() -> None:
    model = ScriptedLlm([])
    runner, sid, turns = await _converse(model, [
        "indian food for six in university city", "not Indian after all"])
    assert calls_of(turns[1]) == [("search_venues", {"neighborhood": "university_city",
                                                   "party_size": 6})]
    assert "cuisine" not in (await state_of(runner, sid))[PREFERENCES_KEY]


async def test_a_small_model_never_gets_a_request_code_cannot_read() -> None:
    model = ScriptedLlm([], model=SMALL)
    _, _, turns = await _converse(model, [
        "Can you book a table for us at 7pm?", "add it to the shortlist",
        "Italian or Thai, what do you think?"])
    assert "I can search venues" in text_of(turns[0])
    assert text_of(turns[1]).startswith("Which venue?")
    assert text_of(turns[2]) == "Which one: Italian or Thai?"
    assert model.requests == [] and all(calls_of(events) == [] for events in turns)


async def test_a_small_model_writes_short_prose_without_tools_for_small_talk() -> None:
    model = ScriptedLlm(["Congratulations to her!"], model=SMALL)
    _, _, turns = await _converse(model, ["my sister just got a promotion at work"])
    assert text_of(turns[0]) == "Congratulations to her!"
    [request] = model.requests
    assert not request.config.tools and not request.tools_dict
    assert request.config.max_output_tokens == 160  # chat.prose_max_tokens


async def test_a_small_model_is_not_asked_to_answer_a_thanks() -> None:
    model = ScriptedLlm([], model=SMALL)  # any model call fails the test
    _, _, turns = await _converse(model, ["thanks a million", "ok bye then"])
    assert [text_of(t) for t in turns] == ["You're welcome. Enjoy the dinner!", "Bye for now."]


async def test_a_capable_model_keeps_the_open_conversation() -> None:
    model = ScriptedLlm(["Happy to help with the party!"])
    _, _, turns = await _converse(model, ["We want to celebrate a promotion"])
    assert text_of(turns[0]) == "Happy to help with the party!"
    assert model.requests[0].config.tools  # a capable model keeps its tools


def test_the_router_help_names_what_people_can_say() -> None:
    text = build_router().help()
    assert "the second one" in text and "/search TEXT" in text


async def test_a_reader_bug_never_reaches_the_person(monkeypatch: Any) -> None:
    from draftguard.understanding import PlannerConversation

    def broken(self: PlannerConversation, message: str) -> Any:
        raise RuntimeError("reader bug")

    monkeypatch.setattr(PlannerConversation, "read", broken)
    model = ScriptedLlm([], model=SMALL)
    _, _, turns = await _converse(model, ["Thai food in Center City"])
    assert "could not make sense of that" in text_of(turns[0])
    assert "reader bug" not in text_of(turns[0]) and model.requests == []


async def test_asking_whether_a_venue_has_a_recorded_feature_gets_the_catalogue_s_answer() -> None:
    # Wheelchair access is recorded: asking about it is no request for something the app
    # cannot do, and the reply says what the catalogue holds.
    model = ScriptedLlm([], model=SMALL)
    _, _, turns = await _converse(model, ["is Osteria DiNardo ok for someone in a wheelchair?"])
    shown = text_of(turns[0])
    assert "Osteria DiNardo" in shown and "Wheelchair access: no" in shown
    assert "not something I can do" not in shown


async def test_a_search_asked_about_keeps_its_preferences_for_the_next_turn() -> None:
    model = ScriptedLlm([], model=SMALL)
    _, _, turns = await _converse(model, [
        "thai in queen village for 5, somewhere zingy", "make it friday"])
    assert "what do you mean by" in text_of(turns[0]) and calls_of(turns[0]) == []
    wanted = {"cuisine": "thai", "neighborhood": "queen_village", "party_size": 5}
    assert calls_of(turns[1]) == [("search_venues", {**wanted, "date": "2026-11-27"})]
    assert model.requests == []

"""Questions about where the plan stands or what the planner just did are answered by code
from the session's state and the last turn's tool results (issue 23), never by a model:
a scripted model that lies is never asked. Messages written for these tests."""

from __future__ import annotations

import re
from datetime import date

import pytest
from chat_turns import calls_of, planner_chat, state_of, text_of, turn
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from event_planning.catalog import venue_by_id
from event_planning.state_answers import asked_about
from event_planning.state_keys import SHORTLIST_KEY

TUESDAY = date(2026, 11, 24)
LIE = "Yes! I added Trattoria Milano and booked a table for 8."


async def _planned(*said: str) -> tuple[InMemoryRunner, str, ScriptedLlm, list[str]]:
    """A session that searched and shortlisted the first result; its shown names."""
    model = ScriptedLlm([LIE] * 3)
    runner, sid = await planner_chat(model, today=TUESDAY)
    found = text_of(await turn(runner, sid, "mexican food in south philly for 8"))
    names = [n.split(". ", 1)[1].split(" (")[0] for n in found.splitlines()
             if re.match(r"\d+\. ", n)]
    for text in said:
        await turn(runner, sid, text)
    return runner, sid, model, names


async def _listed(runner: InMemoryRunner, sid: str) -> list[str]:
    state = await state_of(runner, sid)
    return [v.name for i in state.get(SHORTLIST_KEY) or [] if (v := venue_by_id(i))]


@pytest.mark.parametrize("question", [
    "did u put it on there?", "was that one saved to my list?", "Did the adding work?",
    "has it been added", "did that go through?"])
async def test_whether_the_last_turn_added_is_its_tool_result(question: str) -> None:
    runner, sid, model, names = await _planned("add the first one to my shortlist")
    answer = text_of(await turn(runner, sid, question))
    assert answer.startswith("Yes: ") and names[0] in answer
    assert model.requests == [] and "Trattoria" not in answer


@pytest.mark.parametrize("question", [
    "did you add it?", "is it on my list now?", "did that get added"])
async def test_nothing_added_is_said_when_nothing_was(question: str) -> None:
    runner, sid, model, _ = await _planned()
    answer = text_of(await turn(runner, sid, question))
    assert answer.startswith("No") and "empty" in answer
    assert model.requests == [] and await _listed(runner, sid) == []


@pytest.mark.parametrize("question", [
    "how many places r on the shortlist now", "whats on my list so far?",
    "which restaurants have I got saved?", "How many venues did we shortlist?",
    "what's in the shortlist at the moment?"])
async def test_the_shortlist_is_told_as_it_stands(question: str) -> None:
    runner, sid, model, _ = await _planned("add the first one to my shortlist",
                                           "put the second one on my list too")
    answer = text_of(await turn(runner, sid, question))
    listed = await _listed(runner, sid)
    assert len(listed) == 2 and all(n in answer for n in listed)
    # a count asked is given; "what's on it" is the plan check's answer, with its warnings
    assert ("2 venues" in answer) if "many" in question else ("Shortlist:" in answer)
    assert model.requests == []


async def test_a_venue_named_is_said_on_or_off_the_list() -> None:
    runner, sid, model, names = await _planned("add the first one to my shortlist")
    on = text_of(await turn(runner, sid, f"is {names[0]} on my list?"))
    off = text_of(await turn(runner, sid, f"Have I got {names[1]} in the shortlist?"))
    assert on.startswith(f"Yes: {names[0]} is on your shortlist.")
    assert off.startswith(f"No: {names[1]} is not on your shortlist.")
    assert model.requests == [] and await _listed(runner, sid) == [names[0]]


@pytest.mark.parametrize("question", [
    "what did you search for?", "what did u look up just now", "What was that search for?",
    "which preferences did you search with?", "what were you looking for"])
async def test_the_last_search_is_its_preferences(question: str) -> None:
    runner, sid, model, names = await _planned()
    answer = text_of(await turn(runner, sid, question))
    assert "Mexican" in answer and "South Philly" in answer and "8 people" in answer
    assert f"{len(names)} venue" in answer and model.requests == []


@pytest.mark.parametrize("question", [
    "did it book?", "is our table reserved?", "did you make the booking",
    "Is the reservation confirmed?", "have we got a table booked"])
async def test_a_booking_is_never_said_to_have_happened(question: str) -> None:
    runner, sid, model, _ = await _planned("add the first one to my shortlist")
    answer = text_of(await turn(runner, sid, question))
    assert answer.startswith("No: I cannot book") and model.requests == []


@pytest.mark.parametrize("message", [
    "add the first one to my shortlist", "can you add it to my list?", "find thai food",
    "which is cheaper?", "is the second one open on monday?", "book it please",
    "how many seats does it have?"])
def test_requests_and_other_questions_are_not_read_as_questions_of_state(
        message: str) -> None:
    assert asked_about(message) is None


async def test_a_request_to_shortlist_still_adds() -> None:
    runner, sid, _, names = await _planned("put the first one on my shortlist")
    assert await _listed(runner, sid) == [names[0]]
    assert calls_of(await turn(runner, sid, "add the second one to my list")) != []

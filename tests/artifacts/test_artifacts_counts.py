"""Counts honoured or honestly refused, where a person sees them: the job's stored result and
the blogger tool's answer (issue 24, item 6); and on a capable model the same quality gate
runs on what the model writes (item 7)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from chat_turns import session_with_post, state_of, turn
from google.adk.agents import LlmAgent
from google.adk.runners import InMemoryRunner
from scripted_llm import Call, ScriptedLlm

from draftguard.jobs._models import JobRecord, JobStatus, shortfall_of
from draftguard_adk.artifacts import STATE_RESULT, build_artifact_tool
from draftguard_adk.jobs._runner import repair_loop_runner

KETTLES = "# Kettles\n\nA kettle boils water. Maria bought a red kettle in Lyon in 2019.\n"
TWO_CARDS = {"flashcards": [
    {"front": "Kettle", "back": "Boils water"},
    {"front": "Maria", "back": "Bought a red kettle in Lyon in 2019"},
]}


def _job(request: str, source: str) -> JobRecord:
    now = datetime(2026, 11, 28, tzinfo=UTC).replace(tzinfo=None)
    return JobRecord(
        id="j1", owner="me", status=JobStatus.GENERATING, stage=None, progress=0,
        artifact_type="flashcards", source=source, request=request, created_at=now,
        updated_at=now, attempts=0, claims=1, result=None, error=None, lease_owner=None,
        lease_token=None, lease_expires_at=None, heartbeat_at=None, finished_at=None,
        details={})


async def _noop(*_: Any) -> None:
    return None


async def test_a_job_on_a_thin_text_records_how_many_and_why() -> None:
    model = ScriptedLlm([TWO_CARDS, {"issues": []}])
    run = repair_loop_runner(model=model, max_repairs=0)
    outcome = await run(_job("5 flashcards", KETTLES), _noop, _noop)
    assert outcome.ok and outcome.result == TWO_CARDS
    assert outcome.details["requested"] == 5 and outcome.details["delivered"] == 2
    why = shortfall_of(JobStatus.COMPLETED, outcome.details)
    assert why is not None and why.startswith("2 of the 5 items asked for")


async def test_a_job_that_gets_its_count_records_no_shortfall() -> None:
    model = ScriptedLlm([TWO_CARDS, {"issues": []}])
    outcome = await repair_loop_runner(model=model, max_repairs=0)(
        _job("2 flashcards", KETTLES), _noop, _noop)
    assert outcome.ok and "shortfall" not in outcome.details
    assert shortfall_of(JobStatus.COMPLETED, outcome.details) is None


async def _tool_answer(artifact_llm: ScriptedLlm, request: str) -> tuple[str, dict[str, Any]]:
    coordinator = ScriptedLlm([
        Call("make_artifact", {"artifact_type": "flashcards", "request": request}), "Done.",
    ])
    agent = LlmAgent(name="blogger_test", model=coordinator, instruction="Help.",
                     tools=[build_artifact_tool(model=artifact_llm)])
    runner = InMemoryRunner(agent=agent, app_name="t")
    sid = await session_with_post(runner, KETTLES)
    await turn(runner, sid, request)
    final = await state_of(runner, sid)
    await runner.close()
    return coordinator.prompt_text(1), final


async def test_the_tool_tells_the_coordinator_how_many_and_why() -> None:
    answer, state = await _tool_answer(ScriptedLlm([TWO_CARDS, {"issues": []}]),
                                       "5 flashcards")
    assert state[STATE_RESULT]["ok"] is True
    assert '"requested": 5' in answer and '"delivered": 2' in answer
    assert '"shortfall": "' in answer


async def test_a_capable_model_that_keeps_writing_junk_delivers_nothing_junk() -> None:
    junk = {"flashcards": [{"front": "Oh", "back": "A kettle boils water"},
                           {"front": "Maria", "back": "Bought a red kettle in Lyon in 2019"}]}
    model = ScriptedLlm([junk, {"issues": []}, junk, {"issues": []}, junk, {"issues": []}])
    outcome = await repair_loop_runner(model=model, max_repairs=2)(
        _job("2 flashcards", KETTLES), _noop, _noop)
    assert not outcome.ok and outcome.result is None
    assert "Junk term 'Oh'" in json.dumps(outcome.details) + (outcome.error or "")

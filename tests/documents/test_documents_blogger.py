"""The blogger's final check: the post artifact and the quiz in state, judged together."""

from __future__ import annotations

import json
from typing import Any

from chat_turns import session_with_post, state_of, turn
from google.adk.agents import LlmAgent
from google.adk.runners import InMemoryRunner
from scripted_llm import Call, ScriptedLlm

import blogger.agent
from blogger.delivery_check import build_blogger_delivery_check, study_material_documents
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.documents._validator import VERDICT_KEY

POST = "# ATP\n\nATP is the energy currency of cells.\n"
QUIZ = {"questions": [{"question": "What is ATP?", "options": ["energy", "salt"],
                       "answer": 0}]}
CHECK = Call("check_delivery", {
    "primary_goal": "A post about ATP with a quiz",
    "success_criteria": ["explains ATP", "has a quiz"],
    "expected_formats": ["md", "json"],
})


def judge_answer(success: bool) -> dict[str, Any]:
    return {"overallSuccess": success, "qualityScore": 0.9 if success else 0.3,
            "dataTypeMatch": True, "formatMatch": True,
            "successCriteriaMet": [True, success],
            "gapAnalysis": "" if success else "the quiz has one question only",
            "improvementSuggestions": [] if success else ["NEXT STEP: add questions"],
            "validationDetails": []}


async def run(judge: ScriptedLlm, state: dict[str, Any]) -> tuple[ScriptedLlm, dict[str, Any]]:
    coordinator = ScriptedLlm([CHECK, "Done."])
    agent = LlmAgent(name="blogger_test", model=coordinator, instruction="Help.",
                     tools=[build_blogger_delivery_check(model=judge)])
    runner = InMemoryRunner(agent=agent, app_name="t")
    sid = await session_with_post(runner, POST, state=state)
    await turn(runner, sid, "finish it")
    final = await state_of(runner, sid)
    await runner.close()
    return coordinator, final


async def test_post_and_quiz_are_judged_together_and_the_result_reaches_the_model() -> None:
    judge = ScriptedLlm([judge_answer(True)])
    state = {STATE_RESULT: {"ok": True, "artifact_type": "quiz", "artifact": QUIZ}}
    coordinator, final = await run(judge, state)
    prompt = judge.prompt_text(0)
    assert '"name": "draft.md"' in prompt and '"name": "quiz.json"' in prompt
    assert final[VERDICT_KEY]["documentCount"] == 2
    assert final[VERDICT_KEY]["status"] == "passed"
    tool_reply = coordinator.prompt_text(1)
    assert '"passed": true' in tool_reply


async def test_a_failing_verdict_reaches_the_model_with_its_gaps() -> None:
    judge = ScriptedLlm([judge_answer(False)])
    coordinator, final = await run(judge, {})
    assert final[VERDICT_KEY]["documentCount"] == 1  # no quiz in state: only the post
    reply = json.dumps(coordinator.prompt_text(1))
    assert "the quiz has one question only" in reply and "passed" in reply
    assert final[VERDICT_KEY]["status"] == "failed"


async def test_a_judge_denying_an_unrequested_data_type_does_not_fail_the_delivery() -> None:
    # check_delivery never names a data type; "dataTypeMatch": false against "unknown" is
    # not a gap the blogger could fix, so code decides it (nothing requested, nothing missed).
    judge = ScriptedLlm([{**judge_answer(True), "dataTypeMatch": False}])
    # With the quiz: code checks "has a quiz" itself and would fail a delivery without one.
    _, final = await run(judge, {STATE_RESULT: {"ok": True, "artifact_type": "quiz",
                                                "artifact": QUIZ}})
    assert final[VERDICT_KEY]["status"] == "passed"
    assert final[VERDICT_KEY]["dataTypeMatch"] is True
    assert "no data type was requested" in judge.prompt_text(0)


def test_failed_or_missing_study_material_is_not_a_document() -> None:
    assert study_material_documents({}) == []
    assert study_material_documents({STATE_RESULT: {"ok": False, "artifact_type": "quiz"}}) == []


def test_the_blogger_root_agent_has_the_check() -> None:
    names = [getattr(t, "name", "") for t in blogger.agent.root_agent.tools]
    assert "check_delivery" in names

"""The blogger's make_artifact tool runs the repair loop on the current post (the `draft.md`
artifact the content tools keep)."""

from __future__ import annotations

from pathlib import Path

import pytest
from chat_turns import session_with_post, state_of, turn
from google.adk.agents import LlmAgent
from google.adk.runners import InMemoryRunner
from scripted_llm import Call, ScriptedLlm

from draftguard_adk.artifacts import STATE_RESULT, build_artifact_tool
from draftguard_adk.artifacts._tool import build_artifact_agent
from draftguard_adk.split import state_keys

DATA = Path(__file__).parent.parent / "data" / "artifacts"
POST = ("ATP (adenosine triphosphate) is the primary energy molecule of cells. "
        "ATP is produced in mitochondria by cellular respiration.")


async def run_coordinator(coordinator: ScriptedLlm, artifact_llm: ScriptedLlm,
                          post: str | None) -> dict[str, object]:
    agent = LlmAgent(name="blogger_test", model=coordinator, instruction="Help.",
                     tools=[build_artifact_tool(model=artifact_llm)])
    runner = InMemoryRunner(agent=agent, app_name="t")
    # A stale split in state must not be mistaken for the post: the post is the artifact.
    sid = await session_with_post(runner, post,
                                  state={state_keys.RAW_DRAFT: "An old split draft."})
    await turn(runner, sid, "flashcards please")
    final = await state_of(runner, sid)
    await runner.close()
    return final


async def test_tool_turns_the_current_post_into_validated_flashcards() -> None:
    # Every card must rest on the post (the seed's repaired cards name "phosphate bonds",
    # which this post does not hold, so they are not used here).
    cards = {"flashcards": [
        {"front": "ATP", "back": "The primary energy molecule of cells"},
        {"front": "Mitochondria", "back": "Where ATP is produced by cellular respiration"},
    ]}
    artifact_llm = ScriptedLlm([cards, {"issues": []}])
    coordinator = ScriptedLlm([
        Call("make_artifact", {"artifact_type": "flashcards", "request": "2 cards"}),
        "Here are your flashcards.",
    ])
    state = await run_coordinator(coordinator, artifact_llm, POST)
    assert state[STATE_RESULT]["ok"] is True
    assert state[STATE_RESULT]["artifact"] == cards
    assert POST in artifact_llm.prompt_text(0)
    assert "An old split draft." not in artifact_llm.prompt_text(0)
    tool_answer = coordinator.prompt_text(1)
    assert '"ok": true' in tool_answer and "Mitochondria" in tool_answer
    assert '"llm_calls": 2' in tool_answer  # the call budget, visible to the coordinator


async def test_tool_without_a_post_says_so_and_calls_no_model() -> None:
    artifact_llm = ScriptedLlm([])
    coordinator = ScriptedLlm([
        Call("make_artifact", {"artifact_type": "quiz", "request": "quiz"}), "No post yet.",
    ])
    await run_coordinator(coordinator, artifact_llm, None)
    assert artifact_llm.requests == []
    assert "there is no post yet" in coordinator.prompt_text(1)


def test_agent_factory_reads_the_post_from_state() -> None:
    agent = build_artifact_agent(model=ScriptedLlm([]), artifact_type="mindmap")
    assert agent.name == "artifact_maker" and agent.source_state_key == state_keys.RAW_DRAFT


def test_tool_offers_every_registered_type(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Adding an artifact type means adding one schema module": the tool's enum follows the
    # registry instead of a hard-coded Literal.
    from draftguard_adk.artifacts import _tool as artifact_maker

    monkeypatch.setattr(artifact_maker, "artifact_types",
                        lambda: ["flashcards", "glossary", "mindmap", "quiz"])
    declaration = artifact_maker.build_artifact_tool(model=ScriptedLlm([]))._get_declaration()
    assert declaration is not None and declaration.parameters_json_schema is not None
    prop = declaration.parameters_json_schema["properties"]["artifact_type"]
    assert prop["enum"] == ["flashcards", "glossary", "mindmap", "quiz"]

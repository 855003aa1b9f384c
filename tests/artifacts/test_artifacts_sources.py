"""`make_artifact` with ingested sources, inside the app's own runner: the sources are read
from the session's ADK artifacts (`sources/<id>.md`), only the chunks the request is about
are used, and the app's plugins see every model call the tool makes."""

from __future__ import annotations

import json
from typing import Any

from chat_turns import session_with_post, state_of, turn
from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.runners import InMemoryRunner
from google.genai import types
from scripted_llm import Call, ScriptedLlm

from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard_adk.artifacts import STATE_RESULT, build_artifact_tool
from draftguard_adk.artifacts._tool import source_artifact_name

POST = ("# Brewing green tea\n\nGreen tea is made from leaves that are steamed soon after "
        "picking. Brew it with water at 80 °C for two minutes.\n")
NOTES = ("# Notes on matcha\n\nMatcha is green tea ground into a fine powder. Ceremonial "
         "matcha is whisked with a bamboo whisk called a chasen.\n")


class CountingPlugin(BasePlugin):
    def __init__(self) -> None:
        super().__init__(name="counting")
        self.purposes: list[str] = []

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        self.purposes.append(str(llm_request.config.system_instruction or "")[:20])
        return None


async def run_tool(args: dict[str, Any], artifact_llm: ScriptedLlm,
                   sources: dict[str, str]) -> tuple[dict[str, Any], ScriptedLlm,
                                                     CountingPlugin]:
    coordinator = ScriptedLlm([Call("make_artifact", args), "Done."])
    agent = LlmAgent(name="blogger_test", model=coordinator, instruction="Help.",
                     tools=[build_artifact_tool(model=artifact_llm)])
    plugin = CountingPlugin()
    runner = InMemoryRunner(agent=agent, app_name="t", plugins=[plugin])
    sid = await session_with_post(runner, POST)
    assert runner.artifact_service is not None
    for source_id, text in sources.items():
        await runner.artifact_service.save_artifact(
            app_name="t", user_id="u", session_id=sid,
            filename=source_artifact_name(source_id),
            artifact=types.Part.from_bytes(data=text.encode(), mime_type="text/markdown"))
    await turn(runner, sid, "cards on matcha")
    final = await state_of(runner, sid)
    await runner.close()
    return final, coordinator, plugin


async def test_cards_from_an_ingested_source_rest_on_it_and_the_app_s_plugins_see_the_calls(
) -> None:
    cards = {"flashcards": [
        {"front": "Matcha", "back": "Green tea ground into a fine powder"},
        {"front": "Chasen", "back": "The bamboo whisk for ceremonial matcha"},
    ]}
    artifact_llm = ScriptedLlm([cards, {"issues": []}])
    state, coordinator, plugin = await run_tool(
        {"artifact_type": "flashcards", "request": "2 cards on matcha",
         "source_ids": ["matcha-notes"]}, artifact_llm, {"matcha-notes": NOTES})
    assert state[STATE_RESULT]["ok"] is True and state[STATE_RESULT]["artifact"] == cards
    assert "bamboo whisk called a chasen" in artifact_llm.prompt_text(0)
    # The coordinator's two turns and the tool's generate and judge: one runner, one plugin.
    assert len(plugin.purposes) == 4
    assert '"ok": true' in coordinator.prompt_text(1)


async def test_a_card_only_the_post_s_absent_source_could_hold_is_not_delivered() -> None:
    invented = {"flashcards": [{"front": "Chasen", "back": "The bamboo whisk for matcha"}]}
    artifact_llm = ScriptedLlm([invented, {"issues": []}] * 3)
    state, _, _ = await run_tool({"artifact_type": "flashcards", "request": "1 card"},
                                 artifact_llm, {})
    result = state[STATE_RESULT]
    assert result["ok"] is False and result["failure_kind"] == "validation"
    assert any("new words: 'Chasen'" in issue for issue in result["issues"])


async def test_an_unknown_source_id_is_named_and_no_model_is_called() -> None:
    artifact_llm = ScriptedLlm([])
    _, coordinator, _ = await run_tool(
        {"artifact_type": "quiz", "request": "quiz", "source_ids": ["nope"]}, artifact_llm, {})
    assert artifact_llm.requests == []
    answer = json.loads(coordinator.requests[1].contents[-1].parts[0].function_response
                        .model_dump_json())["response"]
    assert answer == {"ok": False, "error": "no ingested source with the id 'nope'"}


def test_only_the_chunks_the_request_is_about_are_used() -> None:
    topics = ["volcano", "glacier", "harbour", "orchard", "lantern", "compass", "meadow",
              "canyon", "violin", "saddle", "quarry", "beacon"]
    sections = "\n\n".join(f"## Part {n}\n\nA paragraph about the {word} and its history."
                             for n, word in enumerate(topics))
    chunks = artifact_chunks(POST, "cards about the orchard", sources={"s": sections}, k=3)
    assert any("orchard" in c.text for c in chunks) and len(chunks) <= 3
    assert not any("violin" in c.text for c in chunks)
    # A request that names no topic of the text uses the first chunks, post first.
    chunks = artifact_chunks(POST, "flashcards please", sources={"s": sections}, k=3)
    assert chunks[0].source == "post"

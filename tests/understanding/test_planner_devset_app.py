"""Every planner dev-set dialogue through the app on a small model (scripted): the tool calls
code makes are the ones the dev set expects, and no reply holds JSON, tool text or an error."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from google.adk.runners import InMemoryRunner
from google.genai import types
from planner_devset import DEVSET
from scripted_llm import ScriptedLlm

from event_planning.agent import build_app
from event_planning.catalog import load_catalog

DIALOGUES = [json.loads(line) for line in DEVSET.read_text(encoding="utf-8").splitlines()]
IDS = {v.name: v.id for v in load_catalog()}
RAW = ("{", "}", "Result of tool", "Traceback", "Error:", "planner_", "temp:", "\x1b")


def _expected_calls(expect: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls code makes for these requests: every tool request is a call, in order,
    through the same guarded tool path a model's call takes."""
    acting = [e for e in expect if not e.get("clarify") and e["intent"] != "unclear"]
    calls: list[tuple[str, dict[str, Any]]] = []
    for e in acting:
        if e["intent"] == "search":
            calls.append(("search_venues", e["slots"]))
        elif e["intent"] == "shortlist":
            tool = ("remove_from_shortlist" if e["slots"]["action"] == "remove"
                    else "add_to_shortlist")
            calls.append((tool, {"venue_id": IDS[e["slots"]["venue"]]}))
        elif e["intent"] == "plan":
            calls.append(("plan_summary", {}))
    if any(e.get("clarify") or e["intent"] == "unclear" for e in expect):
        return []
    return calls


@pytest.mark.parametrize("dialogue", DIALOGUES, ids=[d["id"] for d in DIALOGUES])
async def test_a_dev_set_dialogue_through_the_app(dialogue: dict[str, Any]) -> None:
    today = date.fromisoformat(dialogue["context"]["today"])
    model = ScriptedLlm(["Happy to help."] * len(dialogue["turns"]), model="local:smollm2")
    runner = InMemoryRunner(app=build_app(model, today=lambda: today))
    session = await runner.session_service.create_session(app_name="event_planning",
                                                          user_id="u")
    for turn in dialogue["turns"]:
        events = [e async for e in runner.run_async(
            user_id="u", session_id=session.id,
            new_message=types.Content(role="user", parts=[types.Part(text=turn["say"])]))]
        calls = [(p.function_call.name, dict(p.function_call.args or {})) for e in events
                 if e.content for p in e.content.parts or [] if p.function_call]
        text = "\n".join(p.text for e in events if e.content and not e.partial
                         for p in e.content.parts or [] if p.text)
        assert calls == _expected_calls(turn["expect"]), turn["say"]
        assert text.strip(), turn["say"]
        assert not any(mark in text for mark in RAW), (turn["say"], text)
    assert all(not r.config.tools for r in model.requests)

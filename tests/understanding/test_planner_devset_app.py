"""Every planner dev-set dialogue through the app on a small model (scripted): the tool calls
code makes are the ones the dev set expects, and no reply holds JSON, tool text or an error."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from chat_turns import calls_of, planner_chat, text_of, turn
from planner_devset import DEVSET
from scripted_llm import ScriptedLlm

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
    runner, sid = await planner_chat(model, today=today)
    for step in dialogue["turns"]:
        events = await turn(runner, sid, step["say"])
        calls, text = calls_of(events), text_of(events)
        assert calls == _expected_calls(step["expect"]), step["say"]
        assert text.strip(), step["say"]
        assert not any(mark in text for mark in RAW), (step["say"], text)
    assert all(not r.config.tools for r in model.requests)

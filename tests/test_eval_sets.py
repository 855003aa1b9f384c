"""The apps' `adk eval` evalsets load as ADK loads them, and check what they claim to.

scripts/test runs every set with `adk eval` on the embedded model; these are the fast half:
each set parses with ADK's own loader, uses only metrics that need no judge model, expects
what the issue asks for, and sits where ADK finds its criteria, and no eval/ folder makes
`adk web .` list a third app.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from google.adk.cli.utils.agent_loader import AgentLoader
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet

ROOT = Path(__file__).resolve().parent.parent
APPS = ("blogger", "event_planning")
SETS = sorted(p for app in APPS for p in (ROOT / app / "eval").rglob("*.evalset.json"))
#: The metrics that compare with the evalset itself; every other one asks a judge model.
JUDGE_FREE = {"tool_trajectory_avg_score", "response_match_score"}


def _load(path: Path) -> EvalSet:
    return EvalSet.model_validate_json(path.read_text(encoding="utf-8"))


def _text(content: object) -> str:
    parts = getattr(content, "parts", None) or []
    return "".join(p.text or "" for p in parts)


def test_both_apps_ship_evalsets() -> None:
    assert {p.relative_to(ROOT).parts[0] for p in SETS} == set(APPS)


@pytest.mark.parametrize("path", SETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_set_loads_and_names_its_app(path: Path) -> None:
    app = path.relative_to(ROOT).parts[0]
    eval_set = _load(path)
    assert eval_set.eval_cases
    ids = [case.eval_id for case in eval_set.eval_cases]
    assert len(set(ids)) == len(ids), f"duplicate eval ids in {path.name}"
    for case in eval_set.eval_cases:
        assert case.session_input is not None and case.session_input.app_name == app
        assert case.conversation, f"{case.eval_id}: no conversation"
        for turn in case.conversation:
            assert _text(turn.user_content).strip(), f"{case.eval_id}: an empty user turn"


@pytest.mark.parametrize("path", SETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_criteria_sit_beside_each_set_and_need_no_judge(path: Path) -> None:
    # `adk eval APP FILE` reads test_config.json from FILE's folder and nowhere else.
    config = EvalConfig.model_validate_json(
        (path.parent / "test_config.json").read_text(encoding="utf-8"))
    assert config.criteria, f"{path.parent}/test_config.json sets no criteria"
    assert set(config.criteria) <= JUDGE_FREE, set(config.criteria) - JUDGE_FREE
    assert "tool_trajectory_avg_score" in config.criteria
    if "response_match_score" in config.criteria:
        eval_set = _load(path)
        missing = [c.eval_id for c in eval_set.eval_cases for t in c.conversation or []
                   if not _text(t.final_response).strip()]
        assert not missing, f"response match without an expected reply: {missing}"


def _tool_uses(path: Path, eval_id: str) -> list[list[tuple[str, dict[str, object]]]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    (case,) = [c for c in raw["eval_cases"] if c["eval_id"] == eval_id]
    return [[(u["name"], u["args"]) for u in turn["intermediate_data"]["tool_uses"]]
            for turn in case["conversation"]]


def test_the_three_turn_conversation_ends_in_one_search_with_all_three() -> None:
    path = ROOT / "event_planning/eval/three_turns/three_turns.evalset.json"
    turns = _tool_uses(path, "italian_then_price_then_place")
    assert turns[:2] == [[], []], "a price alone adds to a search but does not start one"
    assert turns[2] == [("search_venues", {"cuisine": "italian", "price_level": "$$$",
                                           "neighborhood": "south_philly"})]


def test_an_edit_in_plain_words_is_the_command_s_edit_ops_call() -> None:
    path = ROOT / "blogger/eval/plain_words/plain_words.evalset.json"
    commands = ROOT / "blogger/eval/commands.evalset.json"
    by_command = _tool_uses(commands, "save_edit_versions_undo")[1]
    assert by_command[0][0] == "edit_ops"
    for eval_id in ("edit_in_plain_words", "edit_with_typos_and_thanks"):
        assert _tool_uses(path, eval_id)[1] == by_command, eval_id


def test_adk_web_lists_exactly_the_two_apps() -> None:
    # eval/ folders live inside the apps; ADK must not take one for an agent.
    assert sorted(AgentLoader(str(ROOT)).list_agents()) == sorted(APPS)

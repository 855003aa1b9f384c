"""The peer edit cases (tests/data/edit_cases.json) and how an outcome is judged.

Each case is an edit plan against a small post, written after a behaviour that Aider's
editblock, OpenHands' str_replace editor or Codex's apply_patch tests exercise, with the
outcome a careful editor should give: the exact new text, or a refusal with its reason.
An outcome is right, a safe miss (refused, or refused for another reason, text unchanged)
or a silent wrong edit (changed text that is not the expected text, or a claim of
"applied"/"already applied" where something else was due).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from draftguard.edits import EditStatus, apply_plan, parse_edit_plan
from draftguard.errors import SchemaError

CASES_PATH = Path(__file__).resolve().parent / "data" / "edit_cases.json"


class Verdict(StrEnum):
    RIGHT = "right"
    SAFE_MISS = "safe_miss"
    SILENT_WRONG = "silent_wrong"


@dataclass(frozen=True)
class Outcome:
    case_id: str
    verdict: Verdict
    got: str  # status (and reason) the patcher gave, for reports


def load_cases(path: Path = CASES_PATH) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return cases


def judge(case: dict[str, Any]) -> Outcome:
    """Run one case and classify what the patcher did against what was expected."""
    expect = case["expect"]
    cid = case["id"]
    try:
        plan = parse_edit_plan(case["plan"])
    except SchemaError:
        ok = expect["status"] == "rejected" and "schema" in expect["reasons"]
        return Outcome(cid, Verdict.RIGHT if ok else Verdict.SAFE_MISS, "rejected (schema)")
    doc = case["doc"]
    res = apply_plan(doc, plan, current_version=case.get("current_version"))
    got = res.status.value + (f" ({res.reason.value})" if res.reason else "")
    if res.status is EditStatus.REJECTED:
        assert res.text == doc, f"{cid}: a rejection changed the text"
        right = expect["status"] == "rejected" and res.reason in expect["reasons"]
        return Outcome(cid, Verdict.RIGHT if right else Verdict.SAFE_MISS, got)
    if res.status is EditStatus.ALREADY_APPLIED:
        right = expect["status"] == "already_applied" and res.text == doc
        return Outcome(cid, Verdict.RIGHT if right else Verdict.SILENT_WRONG, got)
    right = expect["status"] == "applied" and res.text == expect["text"]
    if right and "changed_lines" in expect:
        right = res.stats.changed_lines == expect["changed_lines"]
    return Outcome(cid, Verdict.RIGHT if right else Verdict.SILENT_WRONG, got)

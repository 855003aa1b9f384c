"""Anchored edit plans: the plan contract, anchor search, scopes and the patcher."""

from __future__ import annotations

from draftguard.edits._patcher import apply_plan
from draftguard.edits._plan import EditPlan, parse_edit_plan
from draftguard.edits._result import EditResult, EditStatus

__all__ = [
    "EditPlan",
    "EditResult",
    "EditStatus",
    "apply_plan",
    "parse_edit_plan",
]

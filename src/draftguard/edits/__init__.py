"""Anchored edit plans: the plan contract, anchor search, scopes and the patcher."""

from __future__ import annotations

from draftguard.edits._anchors import (
    AnchorMatch,
    AnchorSearch,
    MatchTier,
    SearchText,
    find_anchor,
    fold,
)
from draftguard.edits._diff import (
    Edit,
    Window,
    apply_edits,
    build_windows,
    split_lines,
    unified_diff,
)
from draftguard.edits._exact_search import (
    ExactFinder,
)
from draftguard.edits._frontmatter import (
    edit_frontmatter,
    read_frontmatter,
)
from draftguard.edits._fuzzy_bound import (
    SegmentBound,
    segment_width,
)
from draftguard.edits._line_diff import (
    LineCounts,
    Opcode,
    line_counts,
    line_opcodes,
)
from draftguard.edits._patcher import (
    apply_plan,
    line_budget,
)
from draftguard.edits._plan import (
    MULTI_PARAGRAPH,
    NATURAL_SCOPES,
    DeleteOp,
    EditConstraints,
    EditOp,
    EditPlan,
    InsertOp,
    ReplaceOp,
    describe_validation_error,
    edit_plan_json_schema,
    parse_edit_plan,
)
from draftguard.edits._result import (
    Candidate,
    DiffStats,
    EditResult,
    EditStatus,
    OpReport,
    RejectReason,
)
from draftguard.edits._scope import (
    Region,
    ScopeError,
    resolve_scope,
)
from draftguard.settings._system_settings import (
    PatchSettings,
)

__all__ = [
    "MULTI_PARAGRAPH",
    "NATURAL_SCOPES",
    "AnchorMatch",
    "AnchorSearch",
    "Candidate",
    "DeleteOp",
    "DiffStats",
    "Edit",
    "EditConstraints",
    "EditOp",
    "EditPlan",
    "EditResult",
    "EditStatus",
    "ExactFinder",
    "InsertOp",
    "LineCounts",
    "MatchTier",
    "OpReport",
    "Opcode",
    "PatchSettings",
    "Region",
    "RejectReason",
    "ReplaceOp",
    "ScopeError",
    "SearchText",
    "SegmentBound",
    "Window",
    "apply_edits",
    "apply_plan",
    "build_windows",
    "describe_validation_error",
    "edit_frontmatter",
    "edit_plan_json_schema",
    "find_anchor",
    "fold",
    "line_budget",
    "line_counts",
    "line_opcodes",
    "parse_edit_plan",
    "read_frontmatter",
    "resolve_scope",
    "segment_width",
    "split_lines",
    "unified_diff",
]

"""Contract-based artifacts: quiz, flashcards and mindmap.

Each type lives in one module of `draftguard.artifacts.schemas` holding its pydantic contract
and its structural rules; the registry finds them, so adding a type is adding a module.
Everything here is deterministic: no model is ever called. The repair loop that calls the
model lives in `draftguard_adk.artifacts._loop`.
"""

from __future__ import annotations

from draftguard.artifacts._grounding import (
    ANSWER_SCORE_CUTOFF,
    copied_example_issues,
    ungrounded_answer_issues,
)
from draftguard.artifacts._parsing import check_text, parse_json_text
from draftguard.artifacts._plan import MAX_ITEMS, ArtifactPlan, make_plan, requested_count
from draftguard.artifacts._progress import STAGE_PROGRESS, STAGES, repair_progress
from draftguard.artifacts._prompting import (
    AttemptRecord,
    build_generate_prompt,
    build_judge_prompt,
    build_repair_prompt,
    failure_message,
)
from draftguard.artifacts._registry import artifact_types, get_spec, validate_structure
from draftguard.artifacts._schema_export import export_json_schemas, json_schema
from draftguard.artifacts._semantic import (
    JudgeIssue,
    JudgeVerdict,
    SemanticIssueKind,
    format_issues,
    judge_schema,
)
from draftguard.artifacts._spec import (
    ArtifactSpec,
    StructuralReport,
    Violation,
    char_count,
    normalize_key,
)

__all__ = [
    "ANSWER_SCORE_CUTOFF",
    "MAX_ITEMS",
    "STAGES",
    "STAGE_PROGRESS",
    "ArtifactPlan",
    "ArtifactSpec",
    "AttemptRecord",
    "JudgeIssue",
    "JudgeVerdict",
    "SemanticIssueKind",
    "StructuralReport",
    "Violation",
    "artifact_types",
    "build_generate_prompt",
    "build_judge_prompt",
    "build_repair_prompt",
    "char_count",
    "check_text",
    "copied_example_issues",
    "export_json_schemas",
    "failure_message",
    "format_issues",
    "get_spec",
    "json_schema",
    "judge_schema",
    "make_plan",
    "normalize_key",
    "parse_json_text",
    "repair_progress",
    "requested_count",
    "ungrounded_answer_issues",
    "validate_structure",
]

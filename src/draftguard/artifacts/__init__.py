"""Contract-based artifacts: quiz, flashcards and mindmap.

Each type lives in one module of `draftguard.artifacts.schemas` holding its pydantic contract
and its structural rules; the registry finds them, so adding a type is adding a module.
Everything here is deterministic: no model is ever called. The repair loop is a state
machine (`ArtifactMachine`) that asks its driver for model answers; the ADK driver lives in
`draftguard_adk.artifacts`.
"""

from __future__ import annotations

from draftguard.artifacts._candidates import Candidate, Term, build_candidates, key_terms
from draftguard.artifacts._grounding import (
    ANSWER_SCORE_CUTOFF,
    GROUNDED_FIELDS,
    PHRASE_SCORE_CUTOFF,
    STEM_SHARE_CUTOFF,
    copied_example_issues,
    supporting_chunk,
    ungrounded_answer_issues,
    ungrounded_issues,
    ungrounded_items,
)
from draftguard.artifacts._machine import (
    MAX_MODEL_QUESTIONS,
    ArtifactMachine,
    Finished,
    MachineStep,
    ModelQuestion,
    ProgressEvent,
    Purpose,
    source_text,
)
from draftguard.artifacts._outcome import ArtifactOutcome, FailureKind
from draftguard.artifacts._parsing import check_text, parse_json_text
from draftguard.artifacts._plan import MAX_ITEMS, ArtifactPlan, make_plan, requested_count
from draftguard.artifacts._progress import STAGE_PROGRESS, STAGES, Stage, repair_progress
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
from draftguard.artifacts._source_chunks import DEFAULT_CHUNKS, artifact_chunks
from draftguard.artifacts._spec import (
    ArtifactSpec,
    StructuralReport,
    Violation,
    char_count,
    normalize_key,
)

__all__ = [
    "ANSWER_SCORE_CUTOFF",
    "DEFAULT_CHUNKS",
    "GROUNDED_FIELDS",
    "MAX_ITEMS",
    "MAX_MODEL_QUESTIONS",
    "PHRASE_SCORE_CUTOFF",
    "STAGES",
    "STAGE_PROGRESS",
    "STEM_SHARE_CUTOFF",
    "ArtifactMachine",
    "ArtifactOutcome",
    "ArtifactPlan",
    "ArtifactSpec",
    "AttemptRecord",
    "Candidate",
    "FailureKind",
    "Finished",
    "JudgeIssue",
    "JudgeVerdict",
    "MachineStep",
    "ModelQuestion",
    "ProgressEvent",
    "Purpose",
    "SemanticIssueKind",
    "Stage",
    "StructuralReport",
    "Term",
    "Violation",
    "artifact_chunks",
    "artifact_types",
    "build_candidates",
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
    "key_terms",
    "make_plan",
    "normalize_key",
    "parse_json_text",
    "repair_progress",
    "requested_count",
    "source_text",
    "supporting_chunk",
    "ungrounded_answer_issues",
    "ungrounded_issues",
    "ungrounded_items",
    "validate_structure",
]

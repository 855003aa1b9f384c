"""Generic document analysis for an LLM judge: summaries, formats, compatibility.

No ADK, no model: `analyze_documents` turns files, bytes, text or structures into summaries
that are safe to put in a prompt (metadata for binary and base64, previews for large text).
"""

from draftguard.documents._analysis import (
    AnalysisSettings,
    ContentType,
    DocumentSummary,
    FormatEvidence,
    analyze_document,
    analyze_documents,
)
from draftguard.documents._base64_text import Base64Finding, detect_base64, looks_like_base64
from draftguard.documents._compatibility import (
    CompatibilityReport,
    DocumentCompatibility,
    check_compatibility,
)
from draftguard.documents._criteria import (
    CriterionCheck,
    Delivery,
    check_criteria,
    check_criterion,
    goal_topic_check,
)
from draftguard.documents._formats import (
    FAMILIES,
    FORMATS,
    family_of,
    format_from_extension,
    format_from_mime,
    is_compatible,
    known_format_names,
    normalize_format,
    satisfies,
)
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._judge_answer import (
    DocumentValidationDetail,
    JudgeAnswer,
    judge_answer_schema,
    parse_judge_answer,
)
from draftguard.documents._known_facts import KnownFacts, known_facts
from draftguard.documents._sizes import DocumentSize, readable_size
from draftguard.documents._sources import Document, as_document
from draftguard.documents._validation_prompt import (
    CRITERION_ANSWER_SCHEMA,
    CRITERION_SYSTEM_INSTRUCTION,
    DEFAULT_PREVIEW_BUDGET_BYTES,
    JUDGE_SYSTEM_INSTRUCTION,
    build_criterion_question,
    build_retry_message,
    build_validation_prompt,
    parse_criterion_answer,
    prompt_summaries,
)
from draftguard.documents._verdict import (
    ValidationVerdict,
    criteria_verdict,
    failure_verdict,
    merge_verdict,
)

__all__ = [
    "CRITERION_ANSWER_SCHEMA",
    "CRITERION_SYSTEM_INSTRUCTION",
    "DEFAULT_PREVIEW_BUDGET_BYTES",
    "FAMILIES",
    "FORMATS",
    "JUDGE_SYSTEM_INSTRUCTION",
    "AnalysisSettings",
    "Base64Finding",
    "CompatibilityReport",
    "ContentType",
    "CriterionCheck",
    "Delivery",
    "Document",
    "DocumentCompatibility",
    "DocumentSize",
    "DocumentSummary",
    "DocumentValidationDetail",
    "FormatEvidence",
    "JudgeAnswer",
    "KnownFacts",
    "ValidationIntent",
    "ValidationVerdict",
    "analyze_document",
    "analyze_documents",
    "as_document",
    "build_criterion_question",
    "build_retry_message",
    "build_validation_prompt",
    "check_compatibility",
    "check_criteria",
    "check_criterion",
    "criteria_verdict",
    "detect_base64",
    "failure_verdict",
    "family_of",
    "format_from_extension",
    "format_from_mime",
    "goal_topic_check",
    "is_compatible",
    "judge_answer_schema",
    "known_facts",
    "known_format_names",
    "looks_like_base64",
    "merge_verdict",
    "normalize_format",
    "parse_criterion_answer",
    "parse_judge_answer",
    "prompt_summaries",
    "readable_size",
    "satisfies",
]

"""What the judge model answers (`JudgeAnswer`, schema-constrained) and the one parsing
path: `model_validate_json`, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ConfigDict, Field, ValidationError

from draftguard.documents._camel_model import CamelModel
from draftguard.errors import ModelOutputError

__all__ = [
    "EXAMPLE_ACTION",
    "EXAMPLE_FIX",
    "EXAMPLE_GAP",
    "EXAMPLE_ISSUE",
    "EXAMPLE_PLACEHOLDERS",
    "DocumentValidationDetail",
    "JudgeAnswer",
    "judge_answer_schema",
    "parse_judge_answer",
]

#: The placeholder strings of the validation prompt's example answer. Small models
#: copy the example verbatim; an answer containing one is sent back, never believed.
EXAMPLE_GAP = "<the specific gaps you found, or an empty string if there are none>"
EXAMPLE_ACTION = "NEXT STEP: <one concrete action>"
EXAMPLE_ISSUE = "<one specific issue in this document>"
EXAMPLE_FIX = "NEXT STEP: <how to fix it>"
EXAMPLE_PLACEHOLDERS = frozenset({
    EXAMPLE_GAP, EXAMPLE_ACTION, EXAMPLE_ISSUE, EXAMPLE_FIX,
    "Specific gaps found", "NEXT STEP: Action 1", "Issue 1", "NEXT STEP: Fix 1",
})


class DocumentValidationDetail(CamelModel):
    document_name: str
    issues: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)


class JudgeAnswer(CamelModel):
    """The judge's answer: exactly what the model must produce, nothing code already knows."""

    model_config = ConfigDict(extra="ignore")

    overall_success: bool
    quality_score: float = Field(ge=0.0, le=1.0)
    data_type_match: bool
    format_match: bool
    success_criteria_met: list[bool]
    gap_analysis: str
    improvement_suggestions: list[str]
    validation_details: list[DocumentValidationDetail]


def judge_answer_schema(criteria_count: int, document_names: Sequence[str]) -> dict[str, Any]:
    """`JudgeAnswer`'s JSON schema narrowed to this request, for constrained decoding.

    `successCriteriaMet` must have exactly one entry per criterion and `documentName` must
    be a delivered document, so even a small model cannot answer with the wrong shape.
    References are inlined: some providers accept no `$defs`.
    """
    schema = JudgeAnswer.model_json_schema()
    detail = schema.pop("$defs")["DocumentValidationDetail"]
    props = schema["properties"]
    props["validationDetails"]["items"] = detail
    criteria = props["successCriteriaMet"]
    criteria["minItems"] = criteria["maxItems"] = criteria_count
    if document_names:
        detail["properties"]["documentName"] = {"type": "string",
                                                "enum": list(dict.fromkeys(document_names))}
    return schema


def parse_judge_answer(text: str, *, criteria_count: int) -> JudgeAnswer:
    """The model's answer as a `JudgeAnswer`, or `ModelOutputError` saying what is wrong."""
    try:
        answer = JudgeAnswer.model_validate_json(text)
    except ValidationError as err:
        details = "; ".join(
            f"{'.'.join(str(x) for x in e['loc']) or 'answer'}: {e['msg']}"
            for e in err.errors()[:5]
        )
        raise ModelOutputError(f"answer does not fit the schema: {details}") from None
    texts = [answer.gap_analysis, *answer.improvement_suggestions,
             *(t for d in answer.validation_details for t in (*d.issues, *d.suggestions))]
    copied = sorted({t.strip() for t in texts} & EXAMPLE_PLACEHOLDERS)
    if copied:
        raise ModelOutputError(
            f"the answer copies the example's placeholder text ({copied[0]!r}); "
            "write your own findings about these documents"
        )
    if len(answer.success_criteria_met) != criteria_count:
        raise ModelOutputError(
            f"successCriteriaMet has {len(answer.success_criteria_met)} entries; "
            f"it needs exactly {criteria_count}, one per success criterion, in order"
        )
    return answer

"""The judge's contract: the user's intent, the model's answer, and the final verdict.

The model answers `JudgeAnswer` (schema-constrained). `parse_judge_answer` is the one parsing
path: `model_validate_json`, nothing else. What code already knows (document count, format
compatibility, data type, missing or broken documents) is computed by `known_facts` and
overrides the model in `merge_verdict`; a model can lower a verdict, never raise it past
a fact.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.alias_generators import to_camel

from draftguard.documents._analysis import ContentType, DocumentSummary
from draftguard.documents._compatibility import DocumentCompatibility, check_compatibility
from draftguard.documents._criteria import CriterionCheck
from draftguard.documents._formats import FAMILIES, family_of
from draftguard.errors import ModelOutputError

__all__ = [
    "EXAMPLE_ACTION",
    "EXAMPLE_FIX",
    "EXAMPLE_GAP",
    "EXAMPLE_ISSUE",
    "EXAMPLE_PLACEHOLDERS",
    "DocumentValidationDetail",
    "JudgeAnswer",
    "KnownFacts",
    "ValidationIntent",
    "ValidationVerdict",
    "criteria_verdict",
    "failure_verdict",
    "judge_answer_schema",
    "known_facts",
    "merge_verdict",
    "parse_judge_answer",
]

_CONTENT_TYPES: frozenset[str] = frozenset({"text", "structured", "binary", "base64"})

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


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


def _as_list(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list | tuple):
        return [str(v) for v in value if str(v).strip()]
    raise ValueError("expected a string or a list of strings")


class ValidationIntent(_Camel):
    """What the user asked for: the judge's goal and criteria. Read from state as camelCase
    or snake_case keys."""

    primary_goal: str = Field(min_length=1)
    data_type: list[str] = Field(default_factory=list)
    """Content types (text, structured, binary, base64) or families (image, document...);
    any other words are left to the model."""
    expected_format: list[str] = Field(default_factory=list)
    """Formats or families; a document passes when it satisfies any one of them."""
    success_criteria: list[str] = Field(default_factory=list)
    expected_documents: list[str] = Field(default_factory=list)
    """Name patterns (fnmatch) that must each match a delivered document."""

    @field_validator("data_type", "expected_format", "success_criteria", "expected_documents",
                     mode="before")
    @classmethod
    def _listify(cls, value: object) -> list[str]:
        return _as_list(value)


class DocumentValidationDetail(_Camel):
    document_name: str
    issues: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)


class JudgeAnswer(_Camel):
    """The judge's answer: exactly what the model must produce, nothing code already knows."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")

    overall_success: bool
    quality_score: float = Field(ge=0.0, le=1.0)
    data_type_match: bool
    format_match: bool
    success_criteria_met: list[bool]
    gap_analysis: str
    improvement_suggestions: list[str]
    validation_details: list[DocumentValidationDetail]


class KnownFacts(_Camel):
    """What code established before asking the model."""

    document_count: int
    format_match: bool | None
    """True when no format was requested; None only in `failure_verdict`'s empty facts."""
    data_type_match: bool | None
    """True when no data type was requested; None when the requested words are not content
    types or families code knows ("a blog post"): then the model decides."""
    format_requested: bool = True
    data_type_requested: bool = True
    formats: list[DocumentCompatibility] = Field(default_factory=list)
    missing_documents: list[str] = Field(default_factory=list)
    problems: dict[str, list[str]] = Field(default_factory=dict)
    """Per document: empty, truncated, unparseable, format conflicts."""

    def lines(self) -> list[str]:
        """The facts as short sentences for the prompt and for feedback."""
        out = [f"{self.document_count} document(s) delivered"]
        if not self.format_requested:
            out.append("no format was requested: any format is acceptable")
        if not self.data_type_requested:
            out.append("no data type was requested: any data type is acceptable")
        for f in self.formats:
            out.append(f"{f.name}: format {f.format}, "
                       f"{'compatible' if f.compatible else 'NOT compatible'} with the "
                       "expected format")
        if self.data_type_match is not None and self.data_type_requested:
            out.append(f"data type {'matches' if self.data_type_match else 'does NOT match'}")
        out += [f"missing: no document matches '{m}'" for m in self.missing_documents]
        out += [f"{name}: {p}" for name, ps in self.problems.items() for p in ps]
        return out


class ValidationVerdict(_Camel):
    """The validator's verdict: the judge's answer fields, the document count, and how the
    verdict was reached (status, model calls, code's corrections)."""

    overall_success: bool
    quality_score: float = Field(ge=0.0, le=1.0)
    data_type_match: bool
    format_match: bool
    document_count: int
    success_criteria_met: list[bool]
    gap_analysis: str
    improvement_suggestions: list[str]
    validation_details: list[DocumentValidationDetail]
    status: Literal["passed", "failed", "error"]
    """passed/failed: judged; error: the validation itself could not be completed."""
    attempts: int = 0
    """Model calls made (0 when code decided alone)."""
    corrections: list[str] = Field(default_factory=list)
    """Where code overrode the model, and why."""
    error: str | None = None
    criteria: list[CriterionCheck] = Field(default_factory=list)
    """Per success criterion: met or not, who decided (code or model) and the evidence."""

    def feedback(self) -> str:
        """What the producer should read before its next attempt."""
        if self.status == "passed":
            return ""
        steps = "\n".join(f"- {s}" for s in self.improvement_suggestions)
        return f"{self.gap_analysis}\n{steps}".strip()


def _data_type_matches(kind: ContentType, fmt: str, wanted: str) -> bool:
    if wanted == "binary":
        return kind in ("binary", "base64")
    return kind == wanted or family_of(fmt) == wanted


def known_facts(intent: ValidationIntent, summaries: Sequence[DocumentSummary]) -> KnownFacts:
    """Everything about the delivery that code can decide without a model.

    Raises `UnknownFormatError` if the intent names an unknown format.
    """
    formats: list[DocumentCompatibility] = []
    # Nothing requested means nothing can mismatch: a model that answers "false" against an
    # "unknown" expectation must not fail a delivery with a gap nobody can act on.
    format_match: bool | None = bool(summaries)
    if intent.expected_format:
        report = check_compatibility(summaries, intent.expected_format)
        formats, format_match = report.documents, report.all_compatible and bool(summaries)
    wanted = [w.strip().lower() for w in intent.data_type]
    data_type_match: bool | None = None if wanted else bool(summaries)
    if wanted and all(w in _CONTENT_TYPES or w in FAMILIES for w in wanted):
        data_type_match = bool(summaries) and all(
            any(_data_type_matches(s.type, s.format, w) for w in wanted) for s in summaries
        )
    names = [s.name for s in summaries]
    missing = [p for p in intent.expected_documents
               if not any(fnmatch.fnmatch(n, p) for n in names)]
    problems: dict[str, list[str]] = {}
    for s in summaries:
        found = list(s.problems)
        if s.format_conflict:
            found.append(f"format conflict: {s.format_conflict}")
        if found:
            # Documents may share a name (two folders, one report.pdf each): keep them all.
            problems.setdefault(s.name, []).extend(found)
    return KnownFacts(
        document_count=len(summaries), format_match=format_match,
        data_type_match=data_type_match, formats=formats, missing_documents=missing,
        problems=problems, format_requested=bool(intent.expected_format),
        data_type_requested=bool(wanted),
    )


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


def _code_details(
    facts: KnownFacts, details: list[DocumentValidationDetail]
) -> list[DocumentValidationDetail]:
    merged = [d.model_copy(deep=True) for d in details]
    index = {d.document_name: d for d in merged}
    for f in facts.formats:
        if not f.compatible:
            issues = [f"format {f.format} is not compatible with the expected format"]
            _add(index, merged, f.name, issues, [f"NEXT STEP: deliver {f.name} in the expected "
                                                 "format"])
    for name, problems in facts.problems.items():
        _add(index, merged, name, problems, [f"NEXT STEP: fix {name}: {problems[0]}"])
    return merged


def _add(index: dict[str, DocumentValidationDetail], merged: list[DocumentValidationDetail],
         name: str, issues: list[str], suggestions: list[str]) -> None:
    detail = index.get(name)
    if detail is None:
        detail = DocumentValidationDetail(document_name=name)
        index[name] = detail
        merged.append(detail)
    detail.issues += [i for i in issues if i not in detail.issues]
    detail.suggestions += [s for s in suggestions if s not in detail.suggestions]


def merge_verdict(
    answer: JudgeAnswer,
    facts: KnownFacts,
    *,
    min_quality: float = 0.5,
    attempts: int = 1,
    checks: Sequence[CriterionCheck] = (),
) -> ValidationVerdict:
    """The final verdict: the model's judgement, bounded by the facts code knows. A
    criterion code decided (`checks`, one per criterion, in order) overrides the model's."""
    corrections: list[str] = []
    blockers: list[str] = []
    answer = _with_code_criteria(answer, checks, corrections)
    format_match = answer.format_match
    if facts.format_match is not None:
        if facts.format_match != answer.format_match:
            corrections.append(f"formatMatch set to {facts.format_match} by code "
                               f"(model said {answer.format_match})")
        format_match = facts.format_match
    data_type_match = answer.data_type_match
    if facts.data_type_match is not None:
        if facts.data_type_match != answer.data_type_match:
            corrections.append(f"dataTypeMatch set to {facts.data_type_match} by code "
                               f"(model said {answer.data_type_match})")
        data_type_match = facts.data_type_match
    if not format_match:
        blockers.append("format does not match")
    if not data_type_match:
        blockers.append("data type does not match")
    if not all(answer.success_criteria_met):
        unmet = [str(i + 1) for i, met in enumerate(answer.success_criteria_met) if not met]
        blockers.append(f"success criteria not met: {', '.join(unmet)}")
    if answer.quality_score < min_quality:
        blockers.append(f"quality {answer.quality_score:.2f} below {min_quality:.2f}")
    blockers += [f"missing document matching '{m}'" for m in facts.missing_documents]
    blockers += [f"{name}: {p}" for name, ps in facts.problems.items() for p in ps]
    if facts.document_count == 0:
        blockers.append("no documents delivered")
    passed = answer.overall_success and not blockers
    if answer.overall_success and blockers:
        corrections.append("overallSuccess set to false by code: " + "; ".join(blockers))
    gap = answer.gap_analysis.strip() or "; ".join(blockers)
    if not passed and not gap:
        gap = "the judge rated the delivery as not meeting the request but named no gap"
    if answer.overall_success and blockers:
        # The model saw no gap, but code did: say so in the gap analysis the producer reads.
        gap = f"{gap} (checked by code: {'; '.join(blockers)})" if gap != "; ".join(
            blockers) else gap
    suggestions = list(answer.improvement_suggestions)
    suggestions += [f"NEXT STEP: deliver a document matching '{m}'"
                    for m in facts.missing_documents]
    return ValidationVerdict(
        overall_success=passed,
        quality_score=answer.quality_score,
        data_type_match=data_type_match,
        format_match=format_match,
        document_count=facts.document_count,
        success_criteria_met=answer.success_criteria_met,
        gap_analysis=gap,
        improvement_suggestions=suggestions,
        validation_details=_code_details(facts, answer.validation_details),
        status="passed" if passed else "failed",
        attempts=attempts,
        corrections=corrections,
        criteria=_criteria_record(checks, answer.success_criteria_met),
    )


def _with_code_criteria(
    answer: JudgeAnswer, checks: Sequence[CriterionCheck], corrections: list[str]
) -> JudgeAnswer:
    if not checks:
        return answer
    met = list(answer.success_criteria_met)
    for i, check in enumerate(checks[: len(met)]):
        if check.decided_by == "code" and check.met is not None and check.met != met[i]:
            corrections.append(f"criterion {i + 1} ('{check.criterion}') set to {check.met} by "
                               f"code ({check.evidence}; model said {met[i]})")
            met[i] = check.met
    return answer.model_copy(update={"success_criteria_met": met})


def _criteria_record(checks: Sequence[CriterionCheck], met: Sequence[bool]
                     ) -> list[CriterionCheck]:
    return [c if c.decided_by == "code" else c.model_copy(update={"met": m, "decided_by": "model"})
            for c, m in zip(checks, met, strict=False)]


def criteria_verdict(
    facts: KnownFacts,
    checks: Sequence[CriterionCheck],
    *,
    goal: CriterionCheck | None = None,
    attempts: int = 0,
) -> ValidationVerdict:
    """The verdict when every criterion was answered one at a time (by code, or by a small
    model's yes/no): passed exactly when every criterion, the goal's topic and every fact
    hold. The quality score is the share of criteria met."""
    blockers: list[str] = []
    suggestions: list[str] = []
    unmet = [(i, c) for i, c in enumerate(checks, 1) if not c.met]
    for i, c in unmet:
        why = c.evidence or ("the model answered no" if c.decided_by == "model"
                             else "it could not be checked")
        blockers.append(f"criterion {i} ('{c.criterion}') not met: {why}")
        suggestions.append(f"NEXT STEP: make the delivery meet '{c.criterion}'")
    if goal is not None and not goal.met:
        blockers.append(goal.evidence or "the delivery is not about the request")
        suggestions.append("NEXT STEP: deliver what the request asks about")
    if facts.format_match is False:
        blockers.append("format does not match")
    if facts.data_type_match is False:
        blockers.append("data type does not match")
    blockers += [f"missing document matching '{m}'" for m in facts.missing_documents]
    suggestions += [f"NEXT STEP: deliver a document matching '{m}'"
                    for m in facts.missing_documents]
    blockers += [f"{name}: {p}" for name, ps in facts.problems.items() for p in ps]
    if facts.document_count == 0:
        blockers.append("no documents delivered")
    passed = not blockers
    met = [bool(c.met) for c in checks]
    quality = sum(met) / len(met) if met else (1.0 if passed else 0.0)
    return ValidationVerdict(
        overall_success=passed,
        quality_score=round(quality, 2),
        data_type_match=facts.data_type_match is not False,
        format_match=facts.format_match is not False,
        document_count=facts.document_count,
        success_criteria_met=met,
        gap_analysis="; ".join(blockers),
        improvement_suggestions=suggestions,
        validation_details=_code_details(facts, []),
        status="passed" if passed else "failed",
        attempts=attempts,
        criteria=list(checks),
    )


def failure_verdict(
    reason: str,
    *,
    facts: KnownFacts | None = None,
    criteria_count: int = 0,
    attempts: int = 0,
    status: Literal["failed", "error"] = "error",
    suggestion: str | None = None,
) -> ValidationVerdict:
    """A verdict that fails clearly: never an empty string, never a silent success."""
    facts = facts or KnownFacts(document_count=0, format_match=None, data_type_match=None)
    return ValidationVerdict(
        overall_success=False,
        quality_score=0.0,
        data_type_match=bool(facts.data_type_match),
        format_match=bool(facts.format_match),
        document_count=facts.document_count,
        success_criteria_met=[False] * criteria_count,
        gap_analysis=reason,
        improvement_suggestions=[suggestion] if suggestion else [],
        validation_details=_code_details(facts, []),
        status=status,
        attempts=attempts,
        error=reason if status == "error" else None,
    )

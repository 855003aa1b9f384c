"""The judge's final verdict: the model's answer bounded by what code knows.

What code already knows (`known_facts`: document count, format compatibility, data type,
missing or broken documents) and the criteria code decided override the model in
`merge_verdict`; a model can lower a verdict, never raise it past a fact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from draftguard.documents._camel_model import CamelModel
from draftguard.documents._criterion_check import CriterionCheck

# EXAMPLE_GAP is re-exported: tests/documents/test_documents_verdict.py reads it from here.
from draftguard.documents._judge_answer import EXAMPLE_GAP as EXAMPLE_GAP
from draftguard.documents._judge_answer import DocumentValidationDetail, JudgeAnswer
from draftguard.documents._known_facts import KnownFacts

__all__ = ["ValidationVerdict", "criteria_verdict", "failure_verdict", "merge_verdict"]


class ValidationVerdict(CamelModel):
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


def _fact_blockers(facts: KnownFacts) -> list[str]:
    """What fails the delivery whatever anyone judged: missing, broken or no documents."""
    blockers = [f"missing document matching '{m}'" for m in facts.missing_documents]
    blockers += [f"{name}: {p}" for name, ps in facts.problems.items() for p in ps]
    if facts.document_count == 0:
        blockers.append("no documents delivered")
    return blockers


def _missing_suggestions(facts: KnownFacts) -> list[str]:
    return [f"NEXT STEP: deliver a document matching '{m}'" for m in facts.missing_documents]


def _fact_over_model(key: str, fact: bool | None, said: bool, corrections: list[str]) -> bool:
    """The fact where code knows it, else what the model said; a change is recorded."""
    if fact is None:
        return said
    if fact != said:
        corrections.append(f"{key} set to {fact} by code (model said {said})")
    return fact


def _answer_blockers(answer: JudgeAnswer, format_match: bool, data_type_match: bool,
                     min_quality: float) -> list[str]:
    blockers: list[str] = []
    if not format_match:
        blockers.append("format does not match")
    if not data_type_match:
        blockers.append("data type does not match")
    if not all(answer.success_criteria_met):
        unmet = [str(i + 1) for i, met in enumerate(answer.success_criteria_met) if not met]
        blockers.append(f"success criteria not met: {', '.join(unmet)}")
    if answer.quality_score < min_quality:
        blockers.append(f"quality {answer.quality_score:.2f} below {min_quality:.2f}")
    return blockers


def _gap(answer: JudgeAnswer, blockers: list[str], passed: bool) -> str:
    gap = answer.gap_analysis.strip() or "; ".join(blockers)
    if not passed and not gap:
        gap = "the judge rated the delivery as not meeting the request but named no gap"
    if answer.overall_success and blockers and gap != "; ".join(blockers):
        # The model saw no gap, but code did: say so in the gap analysis the producer reads.
        gap = f"{gap} (checked by code: {'; '.join(blockers)})"
    return gap


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
    answer = _with_code_criteria(answer, checks, corrections)
    format_match = _fact_over_model("formatMatch", facts.format_match, answer.format_match,
                                    corrections)
    data_type_match = _fact_over_model("dataTypeMatch", facts.data_type_match,
                                       answer.data_type_match, corrections)
    blockers = _answer_blockers(answer, format_match, data_type_match, min_quality)
    blockers += _fact_blockers(facts)
    passed = answer.overall_success and not blockers
    if answer.overall_success and blockers:
        corrections.append("overallSuccess set to false by code: " + "; ".join(blockers))
    return ValidationVerdict(
        overall_success=passed,
        quality_score=answer.quality_score,
        data_type_match=data_type_match,
        format_match=format_match,
        document_count=facts.document_count,
        success_criteria_met=answer.success_criteria_met,
        gap_analysis=_gap(answer, blockers, passed),
        improvement_suggestions=[*answer.improvement_suggestions,
                                 *_missing_suggestions(facts)],
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
    blockers += _fact_blockers(facts)
    suggestions += _missing_suggestions(facts)
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

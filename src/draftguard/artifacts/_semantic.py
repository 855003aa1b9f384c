"""The semantic judge's contract: the schema it answers in and how its answer reads."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from draftguard.artifacts._spec import ArtifactSpec

__all__ = [
    "ISSUE_TEXT",
    "JudgeIssue",
    "JudgeVerdict",
    "SemanticIssueKind",
    "format_issues",
    "judge_schema",
]


class SemanticIssueKind(StrEnum):
    NOT_ANSWERABLE = "not answerable from source"
    HALLUCINATED = "hallucinated"
    WRONG_ANSWER = "wrong answer"
    INACCURATE_DEFINITION = "inaccurate definition"


#: How each kind reads in reports and the final error.
ISSUE_TEXT: dict[str, str] = {
    SemanticIssueKind.NOT_ANSWERABLE: "Not answerable from source",
    SemanticIssueKind.HALLUCINATED: "Contains hallucinated facts",
    SemanticIssueKind.WRONG_ANSWER: "Wrong answer",
    SemanticIssueKind.INACCURATE_DEFINITION: "Inaccurate definition",
}


class JudgeIssue(BaseModel):
    item: int = Field(ge=1, description="1-based number of the item with the problem")
    kind: SemanticIssueKind
    detail: str = Field(default="", description="one short sentence: what is wrong")


class JudgeVerdict(BaseModel):
    """The judge's whole answer; an empty list means the artifact is faithful to the source."""

    issues: list[JudgeIssue] = Field(default_factory=list)


#: The judge's `detail` is one short sentence; a cap keeps a small model from rambling.
MAX_DETAIL_CHARS = 160


@cache
def judge_schema(spec: ArtifactSpec, item_count: int | None = None) -> type[BaseModel]:
    """A `JudgeVerdict` whose `kind` allows only the kinds that apply to this artifact type.

    A narrow enum is one fewer way for a small model to go wrong. With `item_count`, the
    answer is bounded too (item numbers up to it, one issue per item, short details), so
    the longest answer it allows is known and a constrained model is never cut off.
    """
    kinds: Any = Literal[spec.judge_kinds]
    bounded = item_count is not None and item_count >= 1
    issue = create_model(
        f"{spec.name.title()}JudgeIssue",
        __config__=ConfigDict(title=f"{spec.name.title()}JudgeIssue"),
        item=(int, Field(ge=1, le=item_count if bounded else None,
                         description=f"1-based {spec.item_label.lower()} number")),
        kind=(kinds, ...),
        detail=(str, Field(default="", max_length=MAX_DETAIL_CHARS if bounded else None,
                           description="one short sentence: what is wrong")),
    )
    verdict: type[BaseModel] = create_model(
        f"{spec.name.title()}JudgeVerdict",
        __config__=ConfigDict(title=f"{spec.name.title()}JudgeVerdict"),
        issues=(list[issue], Field(default_factory=list,
                                   max_length=item_count if bounded else None)),
    )
    return verdict


def format_issues(
    spec: ArtifactSpec, artifact: Mapping[str, Any], verdict: JudgeVerdict, item_count: int
) -> list[str]:
    """Issue lines such as "Question 1: Not answerable from source (...)".

    Issues naming an item the artifact does not have are dropped (nothing to repair there);
    repeated issues are reported once.
    """
    lines: list[str] = []
    for issue in verdict.issues:
        if issue.item > item_count:
            continue
        text = f"{spec.item_name(artifact, issue.item)}: {ISSUE_TEXT[issue.kind]}"
        detail = " ".join(issue.detail.split())
        if detail:
            text += f" ({detail})"
        if text not in lines:
            lines.append(text)
    return lines

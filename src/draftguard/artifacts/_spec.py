"""What every artifact type provides, and the reports the structural rules return."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

__all__ = [
    "ArtifactSpec",
    "StructuralReport",
    "Violation",
    "char_count",
    "normalize_key",
]


class Violation(BaseModel):
    """One broken structural rule, worded for the user (`Question 1: Must have ...`)."""

    message: str
    code: str = Field(description="stable machine name of the rule, e.g. 'too_few_options'")
    item: int | None = Field(default=None, description="1-based item number, if any")


class StructuralReport(BaseModel):
    """Every structural violation of one artifact (not just the first)."""

    artifact_type: str
    valid: bool
    item_count: int = Field(description="questions, flashcards or nodes found")
    violations: list[Violation] = Field(default_factory=list)
    artifact: dict[str, Any] | None = Field(
        default=None, description="the artifact in canonical form, when its shape allowed it"
    )

    @property
    def messages(self) -> list[str]:
        return [v.message for v in self.violations]


def normalize_key(text: str) -> str:
    """The form duplicates are compared in: NFC, case-folded, whitespace runs collapsed."""
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def char_count(text: str) -> int:
    """Characters a person would count: NFC code points of the trimmed text."""
    if text.isascii():
        return len(text.strip())
    return len(unicodedata.normalize("NFC", text.strip()))


Checker = Callable[[Any], tuple[list[Violation], int, dict[str, Any] | None]]
ItemName = Callable[[Mapping[str, Any], int], str]
ItemRender = Callable[[Mapping[str, Any]], list[str]]


@dataclass(frozen=True, eq=False)
class ArtifactSpec:
    """One artifact type: its contract, its rules and the words prompts use for it.

    `check(data)` returns (violations, item_count, canonical artifact or None).
    `generation_model` is the schema the generator and repairer decode into; it may be an
    easier shape than the canonical one (the mindmap is generated nested). `draft(n)`, when
    given, is that schema bounded to exactly `n` items with capped string lengths: under
    constrained decoding a small model then cannot run on past the plan or ramble until its
    token limit. `items_key` names the canonical item list and `content_fields` the item
    fields that must come from the source (the format-example check reads them).
    `plan_noun` names the plan's facts in the worker log ("Plan created: 10 terms") and
    `draft_unit` what the generator writes one of per fact (default `item_plural`).
    `from_draft` turns the draft shape into the checked one (`example` is in draft shape).
    """

    name: str
    title: str
    item_label: str
    item_plural: str
    model: type[BaseModel]
    generation_model: type[BaseModel]
    check: Checker
    render_items: ItemRender
    item_name: ItemName
    repair_rules: tuple[str, ...]
    generation_rules: tuple[str, ...]
    judge_kinds: tuple[str, ...]
    default_count: int
    example: Mapping[str, Any] = field(default_factory=dict)
    draft: Callable[[int], type[BaseModel]] | None = None
    plan_noun: str = "concepts"
    draft_unit: str = ""
    from_draft: Callable[[Any], Any] | None = None
    items_key: str = ""
    content_fields: tuple[str, ...] = ()

    def read_draft(self, data: Any) -> Any:
        """Model output (the draft shape, e.g. an option number for the answer) in the shape
        the rules check; anything already in that shape passes through unchanged."""
        return self.from_draft(data) if self.from_draft is not None else data

    def generation_schema(self, item_count: int) -> type[BaseModel]:
        """What the model decodes into when the plan asks for `item_count` items."""
        return self.draft(item_count) if self.draft is not None else self.generation_model

    def validate(self, data: Any) -> StructuralReport:
        """Run every rule of this type over `data` (parsed JSON)."""
        violations, count, canonical = self.check(data)
        return StructuralReport(
            artifact_type=self.name,
            valid=not violations,
            item_count=count,
            violations=violations,
            artifact=canonical,
        )

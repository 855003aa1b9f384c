"""`ArtifactOutcome`: what one run of the artifact repair loop produced."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = ["ArtifactOutcome", "FailureKind"]

#: bad_input: unknown type or empty source; validation: repairs exhausted; model_error: the
#: model raised, was unavailable or its judge answer was not JSON; timeout: a call took too
#: long; internal: a bug in draftguard itself.
FailureKind = Literal["bad_input", "validation", "model_error", "timeout", "internal"]


class ArtifactOutcome(BaseModel):
    """What one run of the repair loop produced."""

    ok: bool
    artifact_type: str
    artifact: dict[str, Any] | None = Field(
        default=None, description="the valid artifact (canonical form); None on failure"
    )
    violations: list[str] = Field(
        default_factory=list, description="structural violations of the last attempt"
    )
    issues: list[str] = Field(
        default_factory=list, description="semantic issues of the last attempt"
    )
    attempts: int = Field(default=0, description="repair attempts used (0, 1 or 2)")
    llm_calls: int = Field(default=0, description="model calls made (never more than 6)")
    error: str | None = Field(
        default=None,
        description='why it failed, e.g. "Validation failed after 2 repair attempts. ..."',
    )
    failure_kind: FailureKind | None = None
    requested: int | None = Field(
        default=None, description="the number of items the request asked for, if it named one"
    )
    delivered: int | None = Field(
        default=None, description="items delivered (questions, cards or mindmap branches)"
    )
    shortfall: str | None = Field(
        default=None,
        description="why fewer items than requested were delivered, e.g. \"the text yields "
                    "only 3 questions that pass the quality checks\"; None when none are missing",
    )

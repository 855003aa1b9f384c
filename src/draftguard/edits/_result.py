"""What applying an edit plan reports: a status, a reason code, diff stats, never a bare bool."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from draftguard.edits._anchors import MatchTier

__all__ = [
    "Candidate",
    "DiffStats",
    "EditResult",
    "EditStatus",
    "OpReport",
    "RejectReason",
]


class EditStatus(StrEnum):
    APPLIED = "applied"
    ALREADY_APPLIED = "already_applied"
    REJECTED = "rejected"


class RejectReason(StrEnum):
    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    CONSTRAINT = "constraint"
    STALE_VERSION = "stale_version"
    INVALID_PLAN = "invalid_plan"


class Candidate(BaseModel):
    """A place in the document offered to the author: where, what, and how close."""

    line: int = Field(description="1-based line number")
    text: str = Field(description="the matched text")
    context: str = Field(description="the line (or a window of it) around the match")
    score: float = 100.0


class OpReport(BaseModel):
    """One op's outcome; `line` is where its anchor was found (1-based)."""

    index: int
    type: str
    status: EditStatus
    reason: RejectReason | None = None
    message: str = ""
    tier: MatchTier | None = None
    score: float | None = None
    line: int | None = None
    candidates: list[Candidate] = Field(default_factory=list)


class DiffStats(BaseModel):
    """Size of a change in lines and characters, and the line budget it was held to."""

    lines_added: int = 0
    lines_removed: int = 0
    changed_lines: int = 0
    chars_added: int = 0
    chars_removed: int = 0
    lines_before: int = 0
    lines_after: int = 0
    line_budget: int = 0


class EditResult(BaseModel):
    """The answer to "apply this plan": the new text travels along but is not serialised."""

    status: EditStatus
    reason: RejectReason | None = None
    message: str
    question: str | None = Field(
        default=None, description="one clarifying question to put to the author, if any"
    )
    candidates: list[Candidate] = Field(default_factory=list)
    ops: list[OpReport] = Field(default_factory=list)
    stats: DiffStats = Field(default_factory=DiffStats)
    diff: str = ""
    dry_run: bool = False
    text: str = Field(default="", exclude=True, repr=False)

    @property
    def changed(self) -> bool:
        return self.status is EditStatus.APPLIED

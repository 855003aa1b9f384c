"""How the patcher refuses: one exception inside it, one rejected `EditResult` out of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from draftguard.edits._result import (
    Candidate,
    DiffStats,
    EditResult,
    EditStatus,
    OpReport,
    RejectReason,
)

__all__ = ["Rejection", "clip", "rejected"]


@dataclass
class Rejection(Exception):
    """A plan the patcher refuses, with the question that would settle it."""

    reason: RejectReason
    message: str
    question: str | None = None
    candidates: list[Candidate] = field(default_factory=list)


def clip(s: str, n: int = 100) -> str:
    """`s` on one line, at most `n` characters."""
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def rejected(
    reason: RejectReason,
    message: str,
    question: str | None = None,
    candidates: list[Candidate] | None = None,
    reports: list[OpReport] | None = None,
    stats: DiffStats | None = None,
) -> EditResult:
    return EditResult(
        status=EditStatus.REJECTED, reason=reason, message=message, question=question,
        candidates=candidates or [], ops=reports or [], stats=stats or DiffStats(),
    )

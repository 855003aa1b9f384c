"""`ArtifactOutcome` lives in the core (`draftguard.artifacts`); kept importable from here."""

from __future__ import annotations

from draftguard.artifacts._outcome import ArtifactOutcome, FailureKind

__all__ = ["ArtifactOutcome", "FailureKind"]

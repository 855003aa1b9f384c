"""Quiz, flashcards and mindmap generation with validation and repair."""

from __future__ import annotations

from draftguard_adk.artifacts._loop import STATE_RESULT
from draftguard_adk.artifacts._repair import generate_artifact
from draftguard_adk.artifacts._tool import build_artifact_tool

__all__ = [
    "STATE_RESULT",
    "build_artifact_tool",
    "generate_artifact",
]

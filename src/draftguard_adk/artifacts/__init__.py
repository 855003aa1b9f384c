"""Quiz, flashcards and mindmap generation with validation and repair."""

from __future__ import annotations

from draftguard_adk.artifacts._driver import drive
from draftguard_adk.artifacts._loop import (
    AGENT_NAME,
    MAX_LLM_CALLS,
    STATE_ATTEMPT,
    STATE_FEEDBACK,
    STATE_PROGRESS,
    STATE_REQUEST,
    STATE_RESULT,
    STATE_SOURCE,
    STATE_STAGE,
    STATE_TYPE,
    ArtifactRepairLoop,
    build_artifact_repair_loop,
)
from draftguard_adk.artifacts._outcome import (
    ArtifactOutcome,
    FailureKind,
)
from draftguard_adk.artifacts._repair import (
    EventCallback,
    LogCallback,
    ProgressCallback,
    generate_artifact,
)
from draftguard_adk.artifacts._tool import (
    build_artifact_agent,
    build_artifact_tool,
)

__all__ = [
    "AGENT_NAME",
    "MAX_LLM_CALLS",
    "STATE_ATTEMPT",
    "STATE_FEEDBACK",
    "STATE_PROGRESS",
    "STATE_REQUEST",
    "STATE_RESULT",
    "STATE_SOURCE",
    "STATE_STAGE",
    "STATE_TYPE",
    "ArtifactOutcome",
    "ArtifactRepairLoop",
    "EventCallback",
    "FailureKind",
    "LogCallback",
    "ProgressCallback",
    "build_artifact_agent",
    "build_artifact_repair_loop",
    "build_artifact_tool",
    "drive",
    "generate_artifact",
]

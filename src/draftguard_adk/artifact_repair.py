"""Run the artifact repair loop for one request, outside any chat: the worker's entry point.

`generate_artifact(...)` builds an `ArtifactRepairLoop`, runs it in an in-memory ADK runner and
returns an `ArtifactOutcome`. It reports progress through `on_progress(stage, progress, attempt)`
using seed 001's map (`draftguard.artifacts.STAGE_PROGRESS`):

    planning 20 -> generating 60 -> structural 70 -> semantic 80
    -> repair (attempt 1) 85 -> repair (attempt 2) 90 -> done 100

Revalidation after a repair reports `structural`/`semantic` again with the repair's progress
(85 or 90), so progress never moves backwards. `on_log(message, fields)` receives the seed's
worker-log lines ("Plan created: 5 concepts", "2 violations found", ...) without timestamps, for
the caller's structured logger.

It never raises for model or validation trouble: a bad request, a model that raises, times out
or keeps returning invalid JSON, and exhausted repairs all come back as `ok=False` with `error`
holding the reason (`failure_kind` says which). Only cancellation propagates.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Literal

from google.adk.models.base_llm import BaseLlm
from pydantic import BaseModel, Field

__all__ = [
    "ArtifactOutcome",
    "FailureKind",
    "LogCallback",
    "ProgressCallback",
    "generate_artifact",
]

#: `await on_progress(stage, progress_percent, repair_attempt)`; attempt is 0 before repairs.
ProgressCallback = Callable[[str, int, int], Awaitable[None]]
#: `await on_log(message, fields)`: one worker-log line and its structured fields.
LogCallback = Callable[[str, Mapping[str, Any]], Awaitable[None]]

FailureKind = Literal["bad_input", "validation", "model_error", "timeout"]


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


async def generate_artifact(
    artifact_type: str,
    source: str,
    request: str,
    *,
    model: str | BaseLlm | None = None,
    on_progress: ProgressCallback | None = None,
    on_log: LogCallback | None = None,
    max_repairs: int | None = None,
    call_timeout_s: float | None = None,
) -> ArtifactOutcome:
    """Generate, validate and repair one artifact; see the module docstring.

    `max_repairs` and `call_timeout_s` default to the `artifact_repair` section of agents.yaml.
    """
    raise NotImplementedError("filled in by the artifact-repair work (issue 4, part A)")

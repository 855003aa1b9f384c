"""The product's job runner: one job = one run of the ADK artifact repair loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.models.base_llm import BaseLlm

from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard.jobs._worker import JobLog, JobProgress, JobRunner
from draftguard_adk.artifacts import generate_artifact
from draftguard_adk.artifacts._outcome import ArtifactOutcome

__all__ = ["outcome_for_job", "repair_loop_runner"]


def outcome_for_job(outcome: ArtifactOutcome) -> JobOutcome:
    """What the store keeps: the artifact as `result`, or the loop's own failure reason."""
    details: dict[str, Any] = {"llm_calls": outcome.llm_calls}
    if outcome.ok and outcome.shortfall:  # fewer items than asked for: how many, and why
        details.update(requested=outcome.requested, delivered=outcome.delivered,
                       shortfall=outcome.shortfall)
    if not outcome.ok:
        details.update(
            failure_kind=outcome.failure_kind, violations=outcome.violations,
            issues=outcome.issues,
        )
    return JobOutcome(
        ok=outcome.ok,
        result=outcome.artifact if outcome.ok else None,
        error=None if outcome.ok else (outcome.error or "artifact generation failed"),
        attempts=outcome.attempts,
        details=details,
    )


def repair_loop_runner(
    *,
    model: str | BaseLlm | None = None,
    max_repairs: int | None = None,
    call_timeout_s: float | None = None,
) -> JobRunner:
    """A `JobRunner` running `generate_artifact` (the model defaults to `agent_model(...)`)."""

    async def run(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        async def log_line(message: str, fields: Mapping[str, Any]) -> None:
            await on_log(message, fields)

        outcome = await generate_artifact(
            job.artifact_type, job.source, job.request, model=model,
            on_progress=on_progress, on_log=log_line, max_repairs=max_repairs,
            call_timeout_s=call_timeout_s,
        )
        return outcome_for_job(outcome)

    return run

"""Run the artifact repair machine for one request, outside any chat: the worker's entry point.

`generate_artifact(...)` drives `draftguard.artifacts.ArtifactMachine` with the configured
model and returns an `ArtifactOutcome`. The machine's typed events are rendered three ways:
`on_event(ProgressEvent)` gets each as is; `on_progress(stage, progress, attempt)` gets the
progress map's changes (`draftguard.artifacts.STAGE_PROGRESS`):

    planning 20 -> generating 60 -> structural 70 -> semantic 80
    -> repair (attempt 1) 85 -> repair (attempt 2) 90 -> done 100

(revalidation after a repair reports `structural`/`semantic` again with the repair's
progress, so progress never moves backwards); `on_log(message, fields)` gets each event's
log line ("Plan created: 5 concepts", "2 violations found", ...) and its fields.

It never raises for model or validation trouble: a bad request, a model that raises, times out
or keeps returning invalid JSON, and exhausted repairs all come back as `ok=False` with `error`
holding the reason (`failure_kind` says which). Only cancellation and the callbacks' own
errors propagate.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from google.adk.models.base_llm import BaseLlm

from draftguard.artifacts._machine import Finished, ProgressEvent
from draftguard.artifacts._outcome import ArtifactOutcome, FailureKind
from draftguard.artifacts._source_chunks import artifact_chunks as _chunks
from draftguard.errors import DraftguardError
from draftguard_adk.artifacts._driver import drive
from draftguard_adk.artifacts._loop import build_artifact_repair_loop

__all__ = [
    "ArtifactOutcome",
    "EventCallback",
    "FailureKind",
    "LogCallback",
    "ProgressCallback",
    "generate_artifact",
]

log = logging.getLogger("draftguard.artifacts")

#: `await on_progress(stage, progress_percent, repair_attempt)`; attempt is 0 before repairs.
ProgressCallback = Callable[[str, int, int], Awaitable[None]]
#: `await on_log(message, fields)`: one worker-log line and its structured fields.
LogCallback = Callable[[str, Mapping[str, Any]], Awaitable[None]]
#: `await on_event(event)`: every typed progress event of the machine.
EventCallback = Callable[[ProgressEvent], Awaitable[None]]


class _CallbackError(Exception):
    """Carries a caller's callback error past the crash handler, to be re-raised as is."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(str(original))
        self.original = original


async def _relay(awaitable: Awaitable[None]) -> None:
    try:
        await awaitable
    except Exception as err:
        raise _CallbackError(err) from err


def log_fields(event: ProgressEvent) -> dict[str, Any]:
    """An event's structured fields, as the worker log keeps them."""
    fields: dict[str, Any] = {"stage": event.stage.value, "progress": event.progress,
                              "attempt": event.attempt, **event.fields}
    if event.violations:
        fields["violations"] = list(event.violations)
    if event.issues:
        fields["issues"] = list(event.issues)
    return fields


async def generate_artifact(
    artifact_type: str,
    source: str,
    request: str,
    *,
    model: str | BaseLlm | None = None,
    sources: Mapping[str, str] | None = None,
    on_progress: ProgressCallback | None = None,
    on_log: LogCallback | None = None,
    on_event: EventCallback | None = None,
    max_repairs: int | None = None,
    call_timeout_s: float | None = None,
    semantic_judge: bool | None = None,
) -> ArtifactOutcome:
    """Generate, validate and repair one artifact from `source` (the post) and `sources`
    (ingested sources by id); see the module docstring.

    `max_repairs`, `call_timeout_s` and `semantic_judge` default to the `artifact_repair`
    section of agents.yaml.
    Errors raised by the callbacks propagate (the caller owns them).
    """
    try:
        loop = build_artifact_repair_loop(
            model=model, max_repairs=max_repairs, call_timeout_s=call_timeout_s,
            semantic_judge=semantic_judge,
        )
    except DraftguardError as err:
        return ArtifactOutcome(ok=False, artifact_type=artifact_type, error=str(err),
                               failure_kind="bad_input")
    try:
        llm = loop.llm()
    except Exception as err:  # a missing model file or key is this job's failure
        return ArtifactOutcome(ok=False, artifact_type=artifact_type,
                               error=f"model unavailable: {err}", failure_kind="model_error")
    machine = loop.machine(llm, artifact_type, _chunks(source, request, sources=sources),
                           request)
    last_progress: tuple[str, int, int] | None = None
    try:
        async for step in drive(machine, llm, timeout_s=loop.call_timeout_s):
            if isinstance(step, Finished):
                return step.outcome
            current = (step.stage.value, step.progress, step.attempt)
            if on_progress is not None and current != last_progress:
                await _relay(on_progress(*current))
            last_progress = current
            if on_event is not None:
                await _relay(on_event(step))
            if on_log is not None:
                await _relay(on_log(step.message, log_fields(step)))
    except _CallbackError as err:
        raise err.original from None
    except Exception as err:
        log.exception("artifact repair loop crashed")
        return ArtifactOutcome(
            ok=False, artifact_type=artifact_type, failure_kind="internal",
            error=f"internal error: {type(err).__name__}: {err}",
        )
    return ArtifactOutcome(ok=False, artifact_type=artifact_type, failure_kind="internal",
                           error="internal error: the repair loop ended without a result")

"""Run the artifact repair loop for one request, outside any chat: the worker's entry point.

`generate_artifact(...)` builds an `ArtifactRepairLoop`, runs it in an in-memory ADK runner and
returns an `ArtifactOutcome`. It reports progress through `on_progress(stage, progress, attempt)`
using the progress map (`draftguard.artifacts.STAGE_PROGRESS`):

    planning 20 -> generating 60 -> structural 70 -> semantic 80
    -> repair (attempt 1) 85 -> repair (attempt 2) 90 -> done 100

Revalidation after a repair reports `structural`/`semantic` again with the repair's progress
(85 or 90), so progress never moves backwards. `on_log(message, fields)` receives the worker
log's lines ("Plan created: 5 concepts", "2 violations found", ...) without timestamps, for the
caller's structured logger.

It never raises for model or validation trouble: a bad request, a model that raises, times out
or keeps returning invalid JSON, and exhausted repairs all come back as `ok=False` with `error`
holding the reason (`failure_kind` says which). Only cancellation propagates.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.runners import InMemoryRunner
from google.genai import types

from draftguard.errors import DraftguardError
from draftguard_adk.agents._apps import claim_for_app
from draftguard_adk.artifacts._loop import (
    STATE_REQUEST,
    STATE_RESULT,
    STATE_SOURCE,
    STATE_TYPE,
    build_artifact_repair_loop,
)
from draftguard_adk.artifacts._outcome import ArtifactOutcome, FailureKind

__all__ = [
    "ArtifactOutcome",
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

_APP = "draftguard_artifacts"


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
    Errors raised by the callbacks propagate (the caller owns them).
    """
    try:
        loop = build_artifact_repair_loop(
            model=model, max_repairs=max_repairs, call_timeout_s=call_timeout_s
        )
    except DraftguardError as err:
        return ArtifactOutcome(ok=False, artifact_type=artifact_type, error=str(err),
                               failure_kind="bad_input")
    runner = InMemoryRunner(agent=claim_for_app(loop, _APP), app_name=_APP)
    user_id = "artifact-worker"
    session = await runner.session_service.create_session(
        app_name=_APP, user_id=user_id, session_id=str(uuid.uuid4()),
        state={STATE_TYPE: artifact_type, STATE_SOURCE: source, STATE_REQUEST: request},
    )
    message = types.Content(role="user", parts=[types.Part(text=request or artifact_type)])
    last_progress: tuple[str, int, int] | None = None
    result: dict[str, Any] | None = None
    try:
        async for event in runner.run_async(
            user_id=user_id, session_id=session.id, new_message=message
        ):
            delta = event.actions.state_delta
            if "artifact_progress" in delta:
                current = (str(delta["artifact_stage"]), int(delta["artifact_progress"]),
                           int(delta["artifact_attempt"]))
                if on_progress is not None and current != last_progress:
                    await _relay(on_progress(*current))
                last_progress = current
            metadata = event.custom_metadata or {}
            if on_log is not None and "log" in metadata:
                await _relay(on_log(str(metadata["log"]), metadata.get("fields") or {}))
            if STATE_RESULT in delta:
                result = delta[STATE_RESULT]
    except _CallbackError as err:
        raise err.original from None
    except DraftguardError as err:
        return ArtifactOutcome(ok=False, artifact_type=artifact_type, error=str(err),
                               failure_kind="bad_input")
    except Exception as err:
        log.exception("artifact repair loop crashed")
        return ArtifactOutcome(
            ok=False, artifact_type=artifact_type, failure_kind="internal",
            error=f"internal error: {type(err).__name__}: {err}",
        )
    finally:
        await runner.close()
    if result is None:
        return ArtifactOutcome(ok=False, artifact_type=artifact_type, failure_kind="internal",
                               error="internal error: the repair loop ended without a result")
    return ArtifactOutcome.model_validate(result)

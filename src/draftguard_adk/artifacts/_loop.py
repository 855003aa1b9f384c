"""`ArtifactRepairLoop`: the ADK agent that drives the core repair machine.

The loop itself (generate or pick, structural rules, grounding, judge, at most 2 repairs,
at most 6 model calls) is `draftguard.artifacts.ArtifactMachine`, a pure state machine. This
agent resolves the model and its `ModelProfile` once (a capable model writes the artifact, a
small one picks among code's candidates; the judge runs where the profile `judges` unless
the `semantic_judge` setting says otherwise), answers the machine's model questions through
`ask_json` inside its own invocation (the app's plugins see them; no nested runner), and
turns the machine's typed progress events into ADK events.

Reads from state: `artifact_type`, `artifact_source` (or `source_state_key`),
`artifact_request` (else the user's message). Writes `artifact_stage`, `artifact_progress`,
`artifact_attempt` as it goes, `artifact_feedback` after each failed validation and
`artifact_result` (an `ArtifactOutcome` dump) at the end. On success the last event escalates
with route "valid"; a terminal failure is a verdict in state, never an exception.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Sequence
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from pydantic import Field

from draftguard.artifacts._machine import (
    MAX_MODEL_QUESTIONS,
    ArtifactMachine,
    Finished,
    ProgressEvent,
)
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._progress import Stage
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.errors import ConfigError
from draftguard.settings import MAX_REPAIRS_LIMIT, ArtifactRepairSettings, load_settings
from draftguard.sources._chunks import SourceChunk
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._text import user_text
from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID
from draftguard_adk.artifacts._driver import drive
from draftguard_adk.llm import agent_model, build_llm, model_profile

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
    "ArtifactRepairLoop",
    "build_artifact_repair_loop",
]

AGENT_NAME = "artifact_repair"
#: The repair loop's budget, its worst case: generate, judge, then (repair, judge) twice.
MAX_LLM_CALLS = MAX_MODEL_QUESTIONS
_DEFAULTS = ArtifactRepairSettings()

STATE_TYPE = "artifact_type"
STATE_SOURCE = "artifact_source"
STATE_REQUEST = "artifact_request"
STATE_STAGE = "artifact_stage"
STATE_PROGRESS = "artifact_progress"
STATE_ATTEMPT = "artifact_attempt"
STATE_FEEDBACK = "artifact_feedback"
STATE_RESULT = "artifact_result"


class ArtifactRepairLoop(BaseAgent):
    """Generate one artifact and repair it until it passes both validators, at most N times."""

    model: str | BaseLlm = Field(
        default="", description="model or model string; '' resolves via agents.yaml"
    )
    artifact_type: str | None = Field(default=None, description="fixed type, else from state")
    max_repairs: int = Field(default=_DEFAULTS.max_repairs, ge=0, le=MAX_REPAIRS_LIMIT)
    call_timeout_s: float = Field(default=_DEFAULTS.call_timeout_s, gt=0)
    max_source_chars: int = Field(default=_DEFAULTS.max_source_chars, ge=200)
    prompt_example: bool | None = Field(
        default=_DEFAULTS.prompt_example,
        description="format example in the generate prompt; None: only for models that "
        "are not small (a small one copies the example instead of using the source)",
    )
    semantic_judge: bool | None = Field(
        default=_DEFAULTS.semantic_judge,
        description="model judge after the grounding check; None: where the model's "
        "profile `judges`; the deterministic grounding check runs either way",
    )
    source_state_key: str = STATE_SOURCE

    def _include_example(self, llm: BaseLlm) -> bool:
        return self.prompt_example if self.prompt_example is not None else (
            not model_profile(llm).small)

    def _judge_on(self, llm: BaseLlm) -> bool:
        return self.semantic_judge if self.semantic_judge is not None else (
            model_profile(llm).judges)

    def machine(
        self, llm: BaseLlm, artifact_type: str, chunks: Sequence[SourceChunk], request: str
    ) -> ArtifactMachine:
        """The core machine for one request, shaped by `llm`'s profile and these settings."""
        return ArtifactMachine(
            artifact_type=artifact_type, chunks=chunks, request=request,
            writes_structured=model_profile(llm).writes_structured,
            judge=self._judge_on(llm), include_example=self._include_example(llm),
            max_repairs=self.max_repairs, max_source_chars=self.max_source_chars,
        )

    def llm(self) -> BaseLlm:
        """The model this loop runs on (raises when it cannot be resolved)."""
        return build_llm(agent_model(AGENT_NAME, model=self.model))

    # -- events ------------------------------------------------------------------------------

    def _progress(self, ctx: InvocationContext, step: ProgressEvent) -> Event:
        state: dict[str, Any] = {STATE_STAGE: step.stage.value, STATE_PROGRESS: step.progress,
                                 STATE_ATTEMPT: step.attempt}
        fields: dict[str, Any] = {"stage": step.stage.value, "progress": step.progress,
                                  "attempt": step.attempt, **step.fields}
        if step.violations:
            fields["violations"] = list(step.violations)
        if step.issues:
            fields["issues"] = list(step.issues)
        if step.retry:
            state[STATE_FEEDBACK] = {"violations": list(step.violations),
                                     "issues": list(step.issues), "attempt": step.attempt}
        return checker_event(self, ctx, state=state,
                             metadata={"log": step.message, "fields": fields},
                             route=ROUTE_RETRY if step.retry else None)

    def _finish(self, ctx: InvocationContext, outcome: ArtifactOutcome) -> Event:
        stage = Stage.DONE if outcome.ok else Stage.FAILED
        text = (
            json.dumps(outcome.artifact, ensure_ascii=False)
            if outcome.ok else (outcome.error or "artifact generation failed")
        )
        return checker_event(
            self, ctx, text,
            state={STATE_RESULT: outcome.model_dump(mode="json"), STATE_STAGE: stage.value},
            route=ROUTE_VALID if outcome.ok else None,
            escalate=outcome.ok,
        )

    # -- the loop ----------------------------------------------------------------------------

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        artifact_type = str(self.artifact_type or state.get(STATE_TYPE) or "")
        source = str(state.get(self.source_state_key) or state.get(STATE_SOURCE) or "")
        request = str(state.get(STATE_REQUEST) or user_text(ctx) or "")
        try:
            llm = self.llm()
        except Exception as err:  # a missing model file or key is this run's failure
            yield self._finish(ctx, ArtifactOutcome(
                ok=False, artifact_type=artifact_type, error=f"model unavailable: {err}",
                failure_kind="model_error"))
            return
        machine = self.machine(llm, artifact_type, artifact_chunks(source, request), request)
        async for step in drive(machine, llm, timeout_s=self.call_timeout_s, ctx=ctx):
            if isinstance(step, Finished):
                yield self._finish(ctx, step.outcome)
            else:
                yield self._progress(ctx, step)


def build_artifact_repair_loop(
    *,
    model: str | BaseLlm | None = None,
    name: str = AGENT_NAME,
    artifact_type: str | None = None,
    max_repairs: int | None = None,
    call_timeout_s: float | None = None,
    semantic_judge: bool | None = None,
    source_state_key: str = STATE_SOURCE,
) -> ArtifactRepairLoop:
    """A new loop; unset knobs come from the `artifact_repair` section of agents.yaml."""
    section = load_settings().agents.artifact_repair
    repairs = section.max_repairs if max_repairs is None else max_repairs
    if not 0 <= repairs <= MAX_REPAIRS_LIMIT:
        raise ConfigError(
            f"artifact_repair.max_repairs must be 0..{MAX_REPAIRS_LIMIT} (the repair loop's "
            f"budget of {MAX_LLM_CALLS} model calls), got {repairs}"
        )
    timeout = section.call_timeout_s if call_timeout_s is None else call_timeout_s
    if timeout <= 0:
        raise ConfigError(f"artifact_repair.call_timeout_s must be positive, got {timeout:g}")
    return ArtifactRepairLoop(
        name=name,
        model=model if model is not None else "",
        artifact_type=artifact_type,
        max_repairs=repairs,
        call_timeout_s=timeout,
        max_source_chars=section.max_source_chars,
        prompt_example=section.prompt_example,
        semantic_judge=section.semantic_judge if semantic_judge is None else semantic_judge,
        source_state_key=source_state_key,
        description=(
            "Turns source content into a quiz, flashcards or a mindmap, validates it "
            "structurally and semantically, and repairs it at most twice."
        ),
    )

"""`ArtifactRepairLoop`: generate -> structural -> semantic -> repair + revalidate.

The agent only moves data: the plan, prompts, rules and messages all come from the
framework-free `draftguard.artifacts`. It calls the model itself, one schema-constrained
request per step through `draftguard_adk.llm.ask_json`, so that every call is counted,
bounded by a timeout, seen by the app's plugins and never retried behind its back. Worst
case, with 2 repairs: generate + judge + 2 x (repair + judge) = 6 calls, the loop's budget.
Structural checks and planning never call the model, and the judge is skipped when there is
nothing to judge (the output was not JSON or had no items).

Reads from state: `artifact_type`, `artifact_source` (or `source_state_key`),
`artifact_request` (else the user's message). Writes `artifact_stage`, `artifact_progress`,
`artifact_attempt` as it goes, `artifact_feedback` after each failed validation and
`artifact_result` (an `ArtifactOutcome` dump) at the end. On success the last event escalates
with route "valid"; a terminal failure is a verdict in state, never an exception.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from pydantic import BaseModel, Field, ValidationError

from draftguard.artifacts._grounding import copied_example_issues, ungrounded_answer_issues
from draftguard.artifacts._parsing import check_text, parse_json_text
from draftguard.artifacts._plan import make_plan
from draftguard.artifacts._progress import STAGE_PROGRESS, repair_progress
from draftguard.artifacts._prompting import (
    AttemptRecord,
    build_generate_prompt,
    build_judge_prompt,
    build_repair_prompt,
    failure_message,
)
from draftguard.artifacts._registry import artifact_types, get_spec
from draftguard.artifacts._semantic import JudgeVerdict, format_issues, judge_schema
from draftguard.artifacts._spec import StructuralReport
from draftguard.errors import (
    ConfigError,
    DraftguardError,
    ModelOutputError,
    ModelTimeoutError,
    ModelUnavailableError,
)
from draftguard.settings import MAX_REPAIRS_LIMIT, ArtifactRepairSettings, load_settings
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._text import user_text
from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID
from draftguard_adk.artifacts._outcome import ArtifactOutcome, FailureKind
from draftguard_adk.llm import ask_json, resolve_model
from draftguard_adk.llm._ask_json import CallCounter
from draftguard_adk.llm._resolve import is_embedded, show_prompt_example

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
MAX_LLM_CALLS = 6
_DEFAULTS = ArtifactRepairSettings()

STATE_TYPE = "artifact_type"
STATE_SOURCE = "artifact_source"
STATE_REQUEST = "artifact_request"
STATE_STAGE = "artifact_stage"
STATE_PROGRESS = "artifact_progress"
STATE_ATTEMPT = "artifact_attempt"
STATE_FEEDBACK = "artifact_feedback"
STATE_RESULT = "artifact_result"

_SYSTEM = {
    "generate": "You write study material strictly from the given source. Answer only JSON.",
    "judge": "You check study material against its source. Answer only JSON.",
    "repair": "You fix study material so it follows every rule. Answer only JSON.",
}


#: What a model step can fail with; each ends the run with its reason.
_ModelFailure = (ModelUnavailableError, ModelOutputError)


def _failure_kind(err: DraftguardError) -> FailureKind:
    return "timeout" if isinstance(err, ModelTimeoutError) else "model_error"


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
        description="format example in the generate prompt; None: not for the embedded "
        "local model (it copies the example instead of using the source)",
    )
    semantic_judge: bool | None = Field(
        default=_DEFAULTS.semantic_judge,
        description="LLM judge after the structural rules; None: not for the embedded local "
        "model (its verdicts are noise that costs up to three calls); the deterministic "
        "semantic checks run either way",
    )
    source_state_key: str = STATE_SOURCE

    def _include_example(self, llm: BaseLlm) -> bool:
        return show_prompt_example(llm, self.prompt_example)

    def _judge_on(self, llm: BaseLlm) -> bool:
        return self.semantic_judge if self.semantic_judge is not None else not is_embedded(llm)

    # -- events ------------------------------------------------------------------------------

    def _stage(
        self, ctx: InvocationContext, stage: str, progress: int, attempt: int,
        log: str | None = None, **fields: Any,
    ) -> Event:
        return checker_event(
            self, ctx,
            state={STATE_STAGE: stage, STATE_PROGRESS: progress, STATE_ATTEMPT: attempt},
            metadata=_log(log, {"stage": stage, "progress": progress, "attempt": attempt,
                                **fields}),
        )

    def _finish(self, ctx: InvocationContext, outcome: ArtifactOutcome, log: str) -> Event:
        stage = "done" if outcome.ok else "failed"
        text = (
            json.dumps(outcome.artifact, ensure_ascii=False)
            if outcome.ok else (outcome.error or "artifact generation failed")
        )
        return checker_event(
            self, ctx, text,
            state={
                STATE_STAGE: stage, STATE_PROGRESS: STAGE_PROGRESS[stage],
                STATE_ATTEMPT: outcome.attempts, STATE_RESULT: outcome.model_dump(mode="json"),
            },
            metadata=_log(log, {
                "stage": stage, "progress": STAGE_PROGRESS[stage], "attempt": outcome.attempts,
                "ok": outcome.ok, "llm_calls": outcome.llm_calls,
                "failure_kind": outcome.failure_kind,
            }),
            route=ROUTE_VALID if outcome.ok else None,
            escalate=outcome.ok,
        )

    # -- model calls -------------------------------------------------------------------------

    async def _ask(
        self, ctx: InvocationContext, llm: BaseLlm, purpose: str, prompt: str,
        schema: type[BaseModel], counter: CallCounter,
    ) -> str:
        return await ask_json(
            llm, prompt, schema=schema, system=_SYSTEM[purpose], timeout_s=self.call_timeout_s,
            ctx=ctx, purpose=purpose, counter=counter,
        )

    async def _judge(
        self, ctx: InvocationContext, llm: BaseLlm, counter: CallCounter, artifact_type: str,
        report: StructuralReport, data: Any, source: str,
    ) -> list[str]:
        spec = get_spec(artifact_type)
        artifact = report.artifact if report.artifact is not None else data
        prompt = build_judge_prompt(
            artifact_type, artifact, source, max_source_chars=self.max_source_chars
        )
        schema = judge_schema(spec, max(report.item_count, 1))
        text = await self._ask(ctx, llm, "judge", prompt, schema, counter)
        try:
            verdict = JudgeVerdict.model_validate(parse_json_text(text))
        except (DraftguardError, ValidationError) as err:
            reason = str(err).splitlines()[0]
            raise ModelOutputError(f"semantic judge returned malformed JSON: {reason}") from None
        # The judge may miss a copied format example (a small one does); this check cannot.
        copied = copied_example_issues(artifact_type, artifact, source)
        judged = format_issues(spec, artifact, verdict, report.item_count)
        return copied + [line for line in judged if line not in copied]

    # -- the loop ----------------------------------------------------------------------------

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        artifact_type = str(self.artifact_type or state.get(STATE_TYPE) or "")
        source = str(state.get(self.source_state_key) or state.get(STATE_SOURCE) or "")
        request = str(state.get(STATE_REQUEST) or user_text(ctx) or "")
        base = {"artifact_type": artifact_type}

        problem = None
        if artifact_type not in artifact_types():
            known = ", ".join(artifact_types())
            problem = f"unknown artifact type '{artifact_type}' (known: {known})"
        elif not source.strip():
            problem = "source content is empty"
        if problem is not None:
            outcome = ArtifactOutcome(ok=False, artifact_type=artifact_type, error=problem,
                                      failure_kind="bad_input")
            yield self._finish(ctx, outcome, f"Error: {problem}")
            return

        spec = get_spec(artifact_type)
        counter = CallCounter()
        attempt = 0
        progress = STAGE_PROGRESS["planning"]
        history: list[AttemptRecord] = []
        violations: list[str] = []
        issues: list[str] = []

        def fail(kind: FailureKind, message: str) -> ArtifactOutcome:
            return ArtifactOutcome(
                **base, ok=False, violations=violations, issues=issues, attempts=attempt,
                llm_calls=counter.calls, error=message, failure_kind=kind,
            )

        try:
            llm = resolve_model(self.model, agent=AGENT_NAME)
        except Exception as err:  # a missing model file or key is this job's failure
            message = f"model unavailable: {err}"
            yield self._finish(ctx, fail("model_error", message), f"Error: {message}")
            return

        yield self._stage(ctx, "planning", progress, 0,
                          f"Phase 1: Planning {spec.title} structure...")
        plan = make_plan(artifact_type, source, request)
        yield self._stage(ctx, "planning", progress, 0,
                          f"Plan created: {_count(plan.item_count, spec.plan_noun)}",
                          concepts=plan.item_count)

        progress = STAGE_PROGRESS["generating"]
        yield self._stage(ctx, "generating", progress, 0,
                          f"Phase 2: Generating {spec.title} content...")
        try:
            text = await self._ask(
                ctx, llm, "generate",
                build_generate_prompt(
                    plan, source, request, max_source_chars=self.max_source_chars,
                    include_example=self._include_example(llm),
                ),
                spec.generation_schema(plan.item_count), counter,
            )
        except _ModelFailure as err:
            yield self._finish(ctx, fail(_failure_kind(err), str(err)), f"Error: {err}")
            return

        while True:
            revalidating = attempt > 0
            progress = max(progress, STAGE_PROGRESS["structural"])
            report, data = check_text(artifact_type, text, draft=True)
            violations = report.messages
            if not revalidating:
                yield self._stage(ctx, "structural", progress, attempt,
                                  _generated_line(report, spec.item_plural),
                                  items=report.item_count)
                yield self._stage(ctx, "structural", progress, attempt,
                                  f"Phase 3: Validating {spec.title}...")
            yield self._stage(
                ctx, "structural", progress, attempt,
                "→ Revalidating structure..." if revalidating
                else "→ Step 1: Structural validation...",
            )
            yield self._stage(
                ctx, "structural", progress, attempt,
                f"✗ {_count(len(violations), 'violation')} found" if violations
                else "✓ Structure valid",
                violations=violations,
            )

            progress = max(progress, STAGE_PROGRESS["semantic"])
            yield self._stage(
                ctx, "semantic", progress, attempt,
                "→ Revalidating semantics..." if revalidating
                else "→ Step 2: Semantic validation...",
            )
            if report.item_count == 0:
                issues = []
                yield self._stage(ctx, "semantic", progress, attempt,
                                  "Semantic validation skipped: no items to check")
            elif not self._judge_on(llm):
                checked = report.artifact if report.artifact is not None else data
                issues = [*copied_example_issues(artifact_type, checked, source),
                          *ungrounded_answer_issues(artifact_type, checked, source)]
                yield self._stage(
                    ctx, "semantic", progress, attempt,
                    (f"✗ {_count(len(issues), 'issue')} found" if issues
                     else "✓ Semantics valid") + " (deterministic checks; no model judge)",
                    issues=issues,
                )
            else:
                try:
                    issues = await self._judge(
                        ctx, llm, counter, artifact_type, report, data, source
                    )
                except _ModelFailure as err:
                    yield self._finish(ctx, fail(_failure_kind(err), str(err)), f"Error: {err}")
                    return
                yield self._stage(
                    ctx, "semantic", progress, attempt,
                    f"✗ {_count(len(issues), 'issue')} found" if issues else "✓ Semantics valid",
                    issues=issues,
                )

            if report.valid and not issues:
                artifact = _canonical(artifact_type, report)
                outcome = ArtifactOutcome(**base, ok=True, artifact=artifact, attempts=attempt,
                                          llm_calls=counter.calls)
                if attempt:
                    yield self._stage(ctx, "semantic", progress, attempt,
                                      f"✓ Repair successful after {attempt} attempt(s)")
                yield self._finish(ctx, outcome, "completed successfully")
                return

            feedback = {"violations": violations, "issues": issues, "attempt": attempt}
            yield checker_event(
                self, ctx, state={STATE_FEEDBACK: feedback}, route=ROUTE_RETRY,
                metadata=_log(
                    (f"Validation failed: {_count(len(violations), 'structural violation')}, "
                     f"{_count(len(issues), 'semantic issue')}") if not revalidating
                    else "✗ Still invalid after repair",
                    feedback,
                ),
            )
            current = AttemptRecord(attempt=attempt, artifact_text=text,
                                    violations=violations, issues=issues)
            if attempt >= self.max_repairs:
                message = failure_message(attempt, violations, issues)
                yield self._finish(ctx, fail("validation", message),
                                   f"✗ Repair failed after {attempt} attempts")
                return

            attempt += 1
            progress = max(progress, repair_progress(attempt))
            if attempt == 1:
                yield self._stage(ctx, "repair", progress, attempt,
                                  "→ Step 3: Attempting automatic repair...")
            yield self._stage(ctx, "repair", progress, attempt,
                              f"Repair attempt {attempt}/{self.max_repairs}")
            prompt = build_repair_prompt(
                plan, source, current, history, max_source_chars=self.max_source_chars
            )
            history.append(current)
            try:
                text = await self._ask(
                    ctx, llm, "repair", prompt, spec.generation_schema(plan.item_count), counter
                )
            except _ModelFailure as err:
                yield self._finish(ctx, fail(_failure_kind(err), str(err)), f"Error: {err}")
                return


def _generated_line(report: StructuralReport, plural: str) -> str:
    """The worker-log line after generation; output that did not parse says so (a count of
    0 items would read as an empty artifact)."""
    unreadable = next((v.message for v in report.violations if v.code == "invalid_json"), None)
    if unreadable is not None:
        return f"✗ Generated output unreadable: {unreadable}"
    return f"Generated artifact: {_count(report.item_count, plural)}"


def _count(n: int, noun: str) -> str:
    """`n` with `noun` in the right number; `noun` may come singular or plural."""
    singular = noun[:-1] if noun.endswith("s") else noun
    return f"{n} {singular if n == 1 else singular + 's'}"


def _canonical(artifact_type: str, report: StructuralReport) -> dict[str, Any]:
    # Only known fields survive: the contract is what clients parse.
    spec = get_spec(artifact_type)
    dumped: dict[str, Any] = spec.model.model_validate(report.artifact).model_dump(mode="json")
    return dumped


def _log(line: str | None, fields: dict[str, Any]) -> dict[str, Any] | None:
    """An event's `custom_metadata` for progress listeners: a log line and its fields."""
    return None if line is None else {"log": line, "fields": fields}


def build_artifact_repair_loop(
    *,
    model: str | BaseLlm | None = None,
    name: str = AGENT_NAME,
    artifact_type: str | None = None,
    max_repairs: int | None = None,
    call_timeout_s: float | None = None,
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
        semantic_judge=section.semantic_judge,
        source_state_key=source_state_key,
        description=(
            "Turns source content into a quiz, flashcards or a mindmap, validates it "
            "structurally and semantically, and repairs it at most twice."
        ),
    )

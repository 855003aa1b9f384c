"""The split loop: the model picks paragraph ids; code builds the two files from the original.

A model never copies text here, so a split built by `SplitAssembler` keeps integrity by
construction even on a 135M model. `ContentSplitValidationChecker` still proves it on every
attempt, because users plug in their own splitters, which may copy (and rewrite) text.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from typing import Any

from google.adk.agents import BaseAgent, LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.agents.readonly_context import ReadonlyContext
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from pydantic import BaseModel, ValidationError

from draftguard.errors import FatalError
from draftguard.settings import ContentSplitterSettings, ProjectSettings, load_settings
from draftguard.split import ItemCandidates, outline_candidates, segment
from draftguard_adk.agents import checker_event, loop_agent, sequential_agent
from draftguard_adk.llm import agent_model, is_embedded, register_local_models
from draftguard_adk.split import state_keys as keys
from draftguard_adk.split._checker import (
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    failure_verdict,
)
from draftguard_adk.split._files import SplitFilesAgent
from draftguard_adk.split._prompts import (
    SPLIT_CANDIDATES_BLOCK,
    SPLIT_COVERAGE_RETRY_BLOCK,
    SPLIT_FEEDBACK_BLOCK,
    SPLIT_PLANNER_INSTRUCTION,
)

__all__ = [
    "ROUTE_MODEL_ERROR",
    "SETTINGS_SECTION",
    "SplitAssembler",
    "SplitPlan",
    "build_content_splitter",
]

ROUTE_MODEL_ERROR = "model_error"

SETTINGS_SECTION = "content_splitter"
# The planner sees each paragraph's opening words: enough to judge the topic, small enough
# that long drafts fit a small model's context window.
_PREVIEW_WORDS = 24
_OUTLINE_CHARS = 2000


class SplitPlan(BaseModel):
    """The planner's whole answer: ids (1-based) of the paragraphs that match the outline."""

    ok_ids: list[int]


def _preview(paragraph: str) -> str:
    words = paragraph.split()
    text = " ".join(words[:_PREVIEW_WORDS])
    return text + (" ..." if len(words) > _PREVIEW_WORDS else "")


def _paragraphs(state: Any) -> list[str]:
    raw = state.get(keys.RAW_DRAFT)
    return segment(raw) if isinstance(raw, str) else []


@dataclass(frozen=True)
class _Planner:
    """The planner's prompt and answer schema, both built from each outline item's lexical
    candidates (the coverage check's own scores, so a model sees which ids satisfy it)."""

    score_cutoff: float
    flag_cutoff: float
    candidates_only: bool

    async def _candidates(self, state: Any) -> tuple[list[str], list[ItemCandidates]]:
        paragraphs = _paragraphs(state)
        # Scoring a long draft (and loading bm25s the first time) must not hold the event loop.
        found = await asyncio.to_thread(
            outline_candidates, str(state.get(keys.OUTLINE) or ""), paragraphs,
            score_cutoff=self.score_cutoff, flag_cutoff=self.flag_cutoff)
        return paragraphs, found

    async def instruction(self, ctx: ReadonlyContext) -> str:
        """The paragraphs, the candidates per item and, on a retry, the checker's findings
        (as ids to add when they are coverage findings)."""
        state = ctx.state
        paragraphs, found = await self._candidates(state)
        listing = "\n".join(f"[{i}] {_preview(p)}" for i, p in enumerate(paragraphs, start=1))
        lines = "\n".join(f"{c.item}. {c.text}: {_ids(c.ids) if c.ids else '(none)'}"
                          for c in found)
        return SPLIT_PLANNER_INSTRUCTION.format(
            outline=str(state.get(keys.OUTLINE) or "")[:_OUTLINE_CHARS],
            paragraphs=listing,
            candidates=SPLIT_CANDIDATES_BLOCK.format(lines=lines) if found else "",
            feedback=_feedback(state, found),
        )

    async def constrain(
        self, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        """Narrow the answer's schema to this draft's ids (to the candidates when
        `candidates_only`), so a small model cannot invent one."""
        paragraphs, found = await self._candidates(callback_context.state)
        allowed = list(range(1, len(paragraphs) + 1))
        if self.candidates_only:
            # An outline with no lexical candidate at all leaves the choice to the model.
            allowed = sorted({i for c in found for i in c.ids}) or allowed
        llm_request.config.response_schema = None
        llm_request.config.response_mime_type = "application/json"
        llm_request.config.response_json_schema = {
            "type": "object",
            "properties": {
                "ok_ids": {
                    "type": "array",
                    "items": {"type": "integer", "enum": allowed},
                    # An empty draft_ok covers no outline item.
                    "minItems": 1,
                }
            },
            "required": ["ok_ids"],
        }
        return None


def _ids(ids: list[int]) -> str:
    return ", ".join(f"[{i}]" for i in ids)


def _feedback(state: Any, found: list[ItemCandidates]) -> str:
    """The retry block: coverage findings become the ids to add; anything else is quoted."""
    feedback = state.get(keys.SPLIT_FEEDBACK)
    if not feedback:
        return ""
    check = state.get(keys.SPLIT_LAST_CHECK)
    coverage = check.get("coverage") if isinstance(check, dict) else None
    if not isinstance(coverage, dict) or coverage.get("ok"):
        return SPLIT_FEEDBACK_BLOCK.format(feedback=feedback)
    previous = [r["id"] for r in check.get("paragraphs") or []
                if r.get("destination") == "draft_ok"]
    uncovered = set(coverage.get("uncovered_items") or [])
    wanted = [i for c in found if c.item in uncovered for i in c.ids]
    add = [i for i in dict.fromkeys([*wanted, *(coverage.get("flagged_ids") or [])])
           if i not in previous]
    if not add:  # nothing lexical to offer: the findings are all there is
        return SPLIT_FEEDBACK_BLOCK.format(feedback=feedback)
    return SPLIT_COVERAGE_RETRY_BLOCK.format(previous=previous, feedback=feedback,
                                             add=_ids(add))


def _record_model_error(
    callback_context: CallbackContext, llm_request: LlmRequest, error: Exception
) -> LlmResponse | None:
    """A model that cannot answer at all ends the loop with a verdict, not a traceback.

    Retryable trouble (a transient error of the service) is left to ADK and the caller."""
    if not isinstance(error, FatalError):
        return None
    callback_context.state[keys.SPLIT_MODEL_ERROR] = str(error)
    return LlmResponse(content=types.Content(role="model", parts=[types.Part(text="")]))


class SplitAssembler(BaseAgent):
    """Builds `draft_ok`/`draft_not_ok` from the raw paragraphs the plan names."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0) + 1
        paragraphs = _paragraphs(state)
        delta: dict[str, Any] = {keys.SPLIT_ATTEMPTS: attempts}
        if model_error := state.get(keys.SPLIT_MODEL_ERROR):
            reason = f"Model error: {model_error}"
            delta.update({keys.SPLIT_MODEL_ERROR: None,
                          keys.SPLIT_VERDICT: failure_verdict(attempts, [reason], reason)})
            yield checker_event(self, ctx, reason, state=delta, route=ROUTE_MODEL_ERROR,
                                escalate=True)
            return
        try:
            plan = SplitPlan.model_validate_json(str(state.get(keys.SPLIT_PLAN) or ""))
        except ValidationError as err:
            problem = err.errors()[0]["msg"]
            feedback = f'The answer was not JSON of the form {{"ok_ids": [...]}} ({problem}).'
            delta.update(
                {keys.DRAFT_OK: None, keys.DRAFT_NOT_OK: None, keys.SPLIT_FEEDBACK: feedback}
            )
            yield checker_event(self, ctx, f"Attempt {attempts}: {feedback}", state=delta)
            return
        chosen = {i for i in plan.ok_ids if 1 <= i <= len(paragraphs)}
        unknown = sorted(set(plan.ok_ids) - chosen)
        ok = [p for i, p in enumerate(paragraphs, start=1) if i in chosen]
        not_ok = [p for i, p in enumerate(paragraphs, start=1) if i not in chosen]
        delta.update({keys.DRAFT_OK: "\n\n".join(ok), keys.DRAFT_NOT_OK: "\n\n".join(not_ok)})
        note = f" (ignored unknown ids {unknown})" if unknown else ""
        yield checker_event(
            self,
            ctx,
            f"Attempt {attempts}: {len(ok)} paragraphs to draft_ok, {len(not_ok)} to "
            f"draft_not_ok{note}.",
            state=delta,
        )


def _split_planner(model: str | BaseLlm, section: ContentSplitterSettings) -> LlmAgent:
    """The model step: picks paragraph ids, schema-constrained to this draft's ids."""
    only = section.candidates_only
    plan = _Planner(score_cutoff=section.coverage_score_cutoff,
                    flag_cutoff=section.coverage_flag_cutoff,
                    candidates_only=is_embedded(model) if only is None else only)
    return LlmAgent(
        name="split_planner",
        model=model,
        description="Picks the ids of the draft paragraphs that match the outline.",
        instruction=plan.instruction,
        include_contents="none",
        before_model_callback=plan.constrain,
        on_model_error_callback=_record_model_error,
        output_key=keys.SPLIT_PLAN,
        generate_content_config=types.GenerateContentConfig(temperature=0.0),
    )


def build_content_splitter(
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
    splitter: BaseAgent | None = None,
    name: str = "content_splitter",
) -> BaseAgent:
    """The split loop's graph: Sequential[Loop[guard, splitter, checker], verdict, files].

    `splitter` replaces the default planner+assembler pair with your own agent; it must
    write `draft_ok` and `draft_not_ok` into state (and may bump `split_attempts`).
    """
    settings = settings if settings is not None else load_settings()
    section = settings.agents.content_splitter
    if isinstance(model, str):
        register_local_models()  # ADK resolves a "local:"/"gguf:" string only once registered
    if splitter is None:
        chosen = agent_model(SETTINGS_SECTION, model=model, settings=settings)
        steps: list[BaseAgent] = [_split_planner(chosen, section),
                                  SplitAssembler(name="split_assembler")]
    else:
        steps = [splitter]
    loop = loop_agent(
        name="split_loop",
        max_iterations=section.max_iterations,
        sub_agents=[
            SplitInputGuard(name="split_input_guard", max_draft_bytes=section.max_draft_bytes),
            *steps,
            ContentSplitValidationChecker(
                name="content_split_checker",
                length_tolerance=section.length_tolerance,
                granularity=section.granularity,
                coverage=section.coverage,
                coverage_score_cutoff=section.coverage_score_cutoff,
                coverage_flag_cutoff=section.coverage_flag_cutoff,
                max_attempts=section.max_iterations,
            ),
        ],
    )
    return sequential_agent(
        name=name,
        description=(
            "Splits a draft against an outline into draft_ok and draft_not_ok, proves "
            "nothing was lost, added or duplicated, and checks draft_ok covers the outline."
        ),
        sub_agents=[loop, SplitVerdictAgent(name="split_verdict"),
                    SplitFilesAgent(name="split_files")],
    )

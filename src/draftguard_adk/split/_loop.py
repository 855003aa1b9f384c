"""The split loop: the model picks paragraph ids; code builds the two files from the original.

A model never copies text here, so a split built by `SplitAssembler` keeps integrity by
construction even on a 135M model. `ContentSplitValidationChecker` still proves it on every
attempt, because users plug in their own splitters, which may copy (and rewrite) text.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
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
from draftguard.settings import ProjectSettings, load_settings
from draftguard.split import segment
from draftguard_adk.agents import checker_event, loop_agent, sequential_agent
from draftguard_adk.llm import model_for, register_local_models
from draftguard_adk.split import state_keys as keys
from draftguard_adk.split._checker import (
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    failure_verdict,
)
from draftguard_adk.split._files import SplitFilesAgent
from draftguard_adk.split._prompts import SPLIT_FEEDBACK_BLOCK, SPLIT_PLANNER_INSTRUCTION

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


def _planner_instruction(ctx: ReadonlyContext) -> str:
    state = ctx.state
    paragraphs = _paragraphs(state)
    listing = "\n".join(f"[{i}] {_preview(p)}" for i, p in enumerate(paragraphs, start=1))
    feedback = state.get(keys.SPLIT_FEEDBACK)
    return SPLIT_PLANNER_INSTRUCTION.format(
        outline=str(state.get(keys.OUTLINE) or "")[:_OUTLINE_CHARS],
        paragraphs=listing,
        feedback=SPLIT_FEEDBACK_BLOCK.format(feedback=feedback) if feedback else "",
    )


def _constrain_to_ids(
    callback_context: CallbackContext, llm_request: LlmRequest
) -> LlmResponse | None:
    """Narrow the answer's schema to this draft's ids, so a small model cannot invent one."""
    count = len(_paragraphs(callback_context.state))
    llm_request.config.response_schema = None
    llm_request.config.response_mime_type = "application/json"
    llm_request.config.response_json_schema = {
        "type": "object",
        "properties": {
            "ok_ids": {
                "type": "array",
                "items": {"type": "integer", "enum": list(range(1, count + 1))},
            }
        },
        "required": ["ok_ids"],
    }
    return None


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


def build_content_splitter(
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
    splitter: BaseAgent | None = None,
    name: str = "content_splitter",
) -> BaseAgent:
    """The seed-000 graph: Sequential[Loop[guard, splitter, checker], verdict, files].

    `splitter` replaces the default planner+assembler pair with your own agent; it must
    write `draft_ok` and `draft_not_ok` into state (and may bump `split_attempts`).
    """
    settings = settings if settings is not None else load_settings()
    section = settings.agents.content_splitter
    if isinstance(model, str):
        register_local_models()  # ADK resolves a "local:"/"gguf:" string only once registered
    if splitter is None:
        planner = LlmAgent(
            name="split_planner",
            model=model if model is not None else model_for(SETTINGS_SECTION, settings=settings),
            description="Picks the ids of the draft paragraphs that match the outline.",
            instruction=_planner_instruction,
            include_contents="none",
            before_model_callback=_constrain_to_ids,
            on_model_error_callback=_record_model_error,
            output_key=keys.SPLIT_PLAN,
            generate_content_config=types.GenerateContentConfig(temperature=0.0),
        )
        steps: list[BaseAgent] = [planner, SplitAssembler(name="split_assembler")]
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

"""`DocumentValidator`: judges the session's delivered artifacts against the user's intent.

It reads the intent from state, the documents from session artifacts, computes what code can
know (count, formats, data type, broken files), asks the judge for the rest, and writes the
verdict into state. It escalates with route "valid" when the verdict passes, so it closes a
LoopAgent; on failure it writes feedback for the producer's next attempt (route "retry").
Bad input or a judge that cannot answer ends in a failure verdict, never an exception.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from pydantic import ConfigDict, Field, ValidationError

from draftguard.documents import Document
from draftguard.documents._analysis import AnalysisSettings, analyze_documents
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._known_facts import known_facts
from draftguard.documents._verdict import ValidationVerdict, failure_verdict
from draftguard.errors import (
    InputError,
    MissingStateKeyError,
    ModelUnavailableError,
    SchemaError,
)
from draftguard.settings import DocumentValidatorSettings, ProjectSettings, load_settings
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID
from draftguard_adk.documents._artifacts import load_artifact_documents
from draftguard_adk.documents._judge import JUDGE_AGENT_NAME, judge_documents
from draftguard_adk.llm import agent_model
from draftguard_adk.llm._resolve import build_llm, show_prompt_example

__all__ = [
    "FEEDBACK_KEY",
    "INTENT_KEY",
    "ROUTE_INVALID_INPUT",
    "ROUTE_JUDGE_FAILED",
    "SETTINGS_SECTION",
    "VERDICT_KEY",
    "DocumentValidator",
    "build_document_validator",
    "headline",
]

SETTINGS_SECTION = JUDGE_AGENT_NAME
INTENT_KEY = "validation_intent"
VERDICT_KEY = "document_verdict"
FEEDBACK_KEY = "document_feedback"
ROUTE_INVALID_INPUT = "invalid_input"
ROUTE_JUDGE_FAILED = "judge_failed"
_DEFAULTS = DocumentValidatorSettings()


class DocumentValidator(BaseAgent):
    """The document validator as a checker agent (see the module docstring)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model: str | BaseLlm | None = None
    """The judge: a BaseLlm, a model string, or None for the configured model."""
    intent_key: str = INTENT_KEY
    verdict_key: str = VERDICT_KEY
    feedback_key: str = FEEDBACK_KEY
    artifact_patterns: list[str] | None = None
    """Which artifacts are the delivery (fnmatch patterns); None means all of them."""
    analysis: AnalysisSettings = Field(default_factory=AnalysisSettings)
    min_quality: float = Field(default=_DEFAULTS.min_quality, ge=0.0, le=1.0)
    preview_budget_bytes: int = Field(default=_DEFAULTS.preview_budget_bytes, ge=256)
    call_timeout_s: float = Field(default=_DEFAULTS.call_timeout_s, gt=0)
    prompt_example: bool | None = _DEFAULTS.prompt_example
    """Show the validation prompt's example answer. None: yes, except for the embedded
    local models, which copy it verbatim (the answer schema fixes the shape anyway)."""
    state_documents: Callable[[Mapping[str, Any]], Sequence[Document]] | None = None
    """Extra documents kept in session state rather than as artifacts (e.g. a generated quiz);
    returns `Document`s built from the state it is given."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        try:
            intent: ValidationIntent | None = _intent(ctx.session.state, self.intent_key)
        except InputError as err:
            intent, verdict, route = None, failure_verdict(f"invalid input: {err}"), \
                ROUTE_INVALID_INPUT
        if intent is not None:
            verdict, route = await self.validate_delivery(ctx, intent)
        passed = verdict.status == "passed"
        delta = {
            self.verdict_key: verdict.model_dump(mode="json", by_alias=True),
            self.feedback_key: None if passed else verdict.feedback(),
        }
        terminal = route in (ROUTE_INVALID_INPUT, ROUTE_JUDGE_FAILED)
        yield checker_event(
            self, ctx, headline(verdict), state=delta, route=route, escalate=passed or terminal
        )

    def _include_example(self, llm: BaseLlm) -> bool:
        return show_prompt_example(llm, self.prompt_example)

    async def validate_delivery(
        self, ctx: InvocationContext, intent: ValidationIntent
    ) -> tuple[ValidationVerdict, str]:
        """The verdict on the session's delivery and the route it implies; never raises for
        bad input or a failing judge. Usable outside an agent tree (see `delivery_tool`)."""
        criteria = len(intent.success_criteria)
        try:
            docs = await load_artifact_documents(ctx, patterns=self.artifact_patterns)
            if self.state_documents is not None:
                docs += list(self.state_documents(ctx.session.state))
            summaries = analyze_documents(docs, settings=self.analysis)
            facts = known_facts(intent, summaries)
        except InputError as err:
            return (failure_verdict(f"invalid input: {err}", criteria_count=criteria),
                    ROUTE_INVALID_INPUT)
        if not summaries:
            return failure_verdict(
                "no documents were delivered", facts=facts, criteria_count=criteria,
                status="failed", suggestion="NEXT STEP: save the deliverables as artifacts",
            ), ROUTE_RETRY
        try:
            llm = build_llm(agent_model(JUDGE_AGENT_NAME, model=self.model), label="judge model")
        except (ModelUnavailableError, InputError) as err:
            return failure_verdict(f"validation could not be completed: {err}", facts=facts,
                                   criteria_count=criteria), ROUTE_JUDGE_FAILED
        verdict = await judge_documents(
            llm, intent, summaries, facts, ctx=ctx, min_quality=self.min_quality,
            preview_budget_bytes=self.preview_budget_bytes, timeout_s=self.call_timeout_s,
            include_example=self._include_example(llm),
        )
        if verdict.status == "error":
            return verdict, ROUTE_JUDGE_FAILED
        return verdict, ROUTE_VALID if verdict.status == "passed" else ROUTE_RETRY


def _intent(state: Mapping[str, Any], key: str) -> ValidationIntent:
    raw = state.get(key)
    if raw is None:
        raise MissingStateKeyError(key)
    try:
        if isinstance(raw, str):
            return ValidationIntent.model_validate_json(raw)
        return ValidationIntent.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or key
        raise SchemaError(f"state '{key}' is not a validation intent: {where}: "
                          f"{first['msg']}") from None


def headline(v: ValidationVerdict) -> str:
    """One line for people: passed or failed, and why."""
    if v.status == "passed":
        return (f"Document validation passed: {v.document_count} document(s), "
                f"quality {v.quality_score:.2f}.")
    if v.status == "error":
        return f"Document validation failed: {v.gap_analysis}"
    return f"Document validation failed (quality {v.quality_score:.2f}): {v.gap_analysis}"


def build_document_validator(
    model: str | BaseLlm | None = None,
    *,
    name: str = "document_validator",
    settings: ProjectSettings | None = None,
    **overrides: Any,
) -> DocumentValidator:
    """A `DocumentValidator` configured from agents.yaml (`document_validator` section);
    keyword `overrides` win over the file (e.g. `artifact_patterns=["*.md"]`)."""
    settings = settings if settings is not None else load_settings()
    section = settings.agents.document_validator
    config: dict[str, Any] = {
        "name": name,
        "description": "Checks delivered documents against the user's intent with an LLM "
                       "judge bounded by deterministic facts.",
        "model": model,
        "analysis": section.analysis(),
        "min_quality": section.min_quality,
        "preview_budget_bytes": section.preview_budget_bytes,
        "call_timeout_s": section.call_timeout_s,
        "prompt_example": section.prompt_example,
    }
    config.update(overrides)
    return DocumentValidator(**config)

"""The LLM judge: one schema-constrained call, one retry on a malformed answer, then a clear
failure verdict. The calls go through `draftguard_adk.llm.ask_json`, so plugins see them as
they would an LlmAgent's."""

from __future__ import annotations

from collections.abc import Sequence

from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm
from google.genai import types

from draftguard.documents import (
    JUDGE_SYSTEM_INSTRUCTION,
    DocumentSummary,
    KnownFacts,
    ValidationIntent,
    ValidationVerdict,
    build_retry_message,
    build_validation_prompt,
    failure_verdict,
    judge_answer_schema,
    merge_verdict,
    parse_judge_answer,
)
from draftguard.errors import ModelOutputError, ModelUnavailableError
from draftguard.settings import DocumentValidatorSettings
from draftguard_adk.llm import ask_json

__all__ = ["JUDGE_AGENT_NAME", "judge_documents"]

JUDGE_AGENT_NAME = "document_validator"
_MAX_CALLS = 2  # the first answer and one retry with the validation error
_DEFAULTS = DocumentValidatorSettings()


async def judge_documents(
    llm: BaseLlm,
    intent: ValidationIntent,
    summaries: Sequence[DocumentSummary],
    facts: KnownFacts,
    *,
    ctx: InvocationContext | None = None,
    min_quality: float = _DEFAULTS.min_quality,
    preview_budget_bytes: int = _DEFAULTS.preview_budget_bytes,
    timeout_s: float = _DEFAULTS.call_timeout_s,
    include_example: bool = True,
) -> ValidationVerdict:
    """Ask the model, check its answer, and merge it with what code knows."""
    prompt = build_validation_prompt(
        intent, summaries, facts, preview_budget_bytes=preview_budget_bytes,
        include_example=include_example,
    )
    criteria = len(intent.success_criteria)
    contents = [types.Content(role="user", parts=[types.Part(text=prompt)])]
    schema = judge_answer_schema(criteria, [s.name for s in summaries])
    error = ""
    for attempt in range(1, _MAX_CALLS + 1):
        try:
            text = await ask_json(
                llm, contents, schema=schema, system=JUDGE_SYSTEM_INSTRUCTION,
                timeout_s=timeout_s, ctx=ctx, purpose="document validation", temperature=0.0,
            )
        except ModelUnavailableError as err:
            return failure_verdict(
                f"validation could not be completed: {err}", facts=facts,
                criteria_count=criteria, attempts=attempt,
            )
        try:
            answer = parse_judge_answer(text, criteria_count=criteria)
        except ModelOutputError as err:
            error = str(err)
            contents += [
                types.Content(role="model", parts=[types.Part(text=text or "(empty answer)")]),
                types.Content(role="user", parts=[types.Part(text=build_retry_message(error))]),
            ]
            continue
        return merge_verdict(answer, facts, min_quality=min_quality, attempts=attempt)
    return failure_verdict(
        f"validation could not be completed: the judge's answer was malformed twice "
        f"(last: {error})",
        facts=facts, criteria_count=criteria, attempts=_MAX_CALLS,
        suggestion="NEXT STEP: run the validation again or use a stronger judge model",
    )

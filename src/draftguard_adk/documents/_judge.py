"""The LLM judge: one schema-constrained call, one retry on a malformed answer, then a clear
failure verdict. Plugins see the call, as they would an LlmAgent's."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
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

__all__ = ["JUDGE_AGENT_NAME", "judge_documents", "resolve_llm"]

JUDGE_AGENT_NAME = "document_validator"
_MAX_CALLS = 2  # the first answer and one retry with the validation error
_DEFAULTS = DocumentValidatorSettings()


def resolve_llm(model: str | BaseLlm | None) -> BaseLlm:
    """The `BaseLlm` to call: the instance given, else the string (or the configured model for
    `document_validator`) resolved by ADK's registry. Raises `ModelUnavailableError`."""
    if isinstance(model, BaseLlm):
        return model
    from google.adk.models.registry import LLMRegistry

    from draftguard_adk.llm import model_for, register_local_models

    name = model or model_for(JUDGE_AGENT_NAME)
    register_local_models()
    try:
        return LLMRegistry.new_llm(name)
    except Exception as err:
        raise ModelUnavailableError(f"cannot load judge model {name!r}: {err}") from None


async def _call(
    llm: BaseLlm, contents: list[types.Content], schema: dict[str, Any],
    ctx: InvocationContext | None, timeout_s: float,
) -> str:
    request = LlmRequest(
        model=llm.model,
        contents=contents,
        config=types.GenerateContentConfig(
            system_instruction=JUDGE_SYSTEM_INSTRUCTION,
            temperature=0.0,
            response_mime_type="application/json",
            response_json_schema=schema,
        ),
    )
    callback_context = CallbackContext(ctx) if ctx is not None else None
    if ctx is not None and callback_context is not None:
        short = await ctx.plugin_manager.run_before_model_callback(
            callback_context=callback_context, llm_request=request
        )
        if short is not None:
            return _text(short)

    async def collect() -> str:
        pieces: list[str] = []
        async for response in llm.generate_content_async(request, stream=False):
            if ctx is not None and callback_context is not None:
                response = await ctx.plugin_manager.run_after_model_callback(
                    callback_context=callback_context, llm_response=response
                ) or response
            if response.error_code:
                raise ModelUnavailableError(
                    f"judge model error {response.error_code}: {response.error_message or ''}"
                    .strip()
                )
            if not response.partial:
                pieces.append(_text(response))
        return "".join(pieces)

    try:
        return await asyncio.wait_for(collect(), timeout=timeout_s)
    except ModelUnavailableError:
        raise
    except TimeoutError:
        raise ModelUnavailableError(f"judge model timed out after {timeout_s:g} s") from None
    except Exception as err:  # any provider failure becomes a failure verdict, not a crash
        raise ModelUnavailableError(
            f"judge model call failed: {type(err).__name__}: {err}"
        ) from None


def _text(response: LlmResponse) -> str:
    if response.content is None:
        return ""
    return "".join(p.text for p in response.content.parts or [] if p.text and not p.thought)


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
            text = await _call(llm, contents, schema, ctx, timeout_s)
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

"""`ask_json`: the one way an agent calls its model itself, outside an `LlmAgent`.

Agents that run several model steps of their own (the artifact repair loop, the document
judge) call through here, so every such call is:

- constrained to a schema (a pydantic class, or a JSON schema given as a dict);
- bounded by a timeout, after which it is abandoned (`ModelTimeoutError`);
- counted: against the invocation's `RunConfig.max_llm_calls`, as ADK counts an
  `LlmAgent`'s calls, and in the caller's `CallCounter`;
- seen by the app's plugins as an `LlmAgent`'s call would be: `before_model_callback` (which
  may answer instead of the model), `after_model_callback` on each response, and
  `on_model_error_callback` when the model raises. Each response carries the mark of a
  structured answer (`draftguard_adk.agents._provenance`): the filters of replies to people
  (raw output, claims) leave it alone, as the JSON is code's to parse, not a person's to read.

It never retries: whether to ask again is the caller's decision, made with its own budget.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.plugin_manager import PluginManager
from google.genai import types
from pydantic import BaseModel

from draftguard.errors import ModelTimeoutError, ModelUnavailableError
from draftguard_adk.agents import content_text
from draftguard_adk.agents._provenance import structured_answer_metadata

__all__ = ["CallCounter", "ask_json"]


@dataclass
class CallCounter:
    """How many requests a step sent to its model (one that then failed counts too)."""

    calls: int = 0


@dataclass(frozen=True)
class _Plugins:
    manager: PluginManager
    context: CallbackContext


async def ask_json(
    llm: BaseLlm,
    prompt: str | Sequence[types.Content],
    *,
    schema: type[BaseModel] | Mapping[str, Any],
    system: str,
    timeout_s: float,
    ctx: InvocationContext | None = None,
    purpose: str = "the request",
    temperature: float | None = None,
    counter: CallCounter | None = None,
) -> str:
    """The model's (non-thought) answer text to `prompt`, which should be JSON of `schema`.

    `ctx` is the invocation the call belongs to: its plugins run and its call budget counts
    the call; without it neither applies. Raises `ModelTimeoutError` after `timeout_s`, and
    `ModelUnavailableError` when the model raises or answers with an error code; messages
    name `purpose`. The answer is not parsed here: a malformed one is the caller's
    `ModelOutputError` to raise or send back.
    """
    request = _request(llm, prompt, schema, system, temperature)
    plugins = _Plugins(ctx.plugin_manager, CallbackContext(ctx)) if ctx is not None else None

    async def collect() -> str:
        if ctx is not None:
            ctx.increment_llm_call_count()
        if counter is not None:
            counter.calls += 1
        pieces: list[str] = []
        async for response in _responses(llm, request, plugins):
            if response.error_code:
                raise ModelUnavailableError(
                    f"model error during {purpose}: {response.error_code} "
                    f"{response.error_message or ''}".strip()
                )
            if not response.partial:
                pieces.append(content_text(response.content))
        return "".join(pieces)

    try:
        if plugins is not None:
            answer = await plugins.manager.run_before_model_callback(
                callback_context=plugins.context, llm_request=request
            )
            if answer is not None:  # a plugin answered (a cache, a guard): no model call
                return content_text(answer.content)
        return await asyncio.wait_for(collect(), timeout=timeout_s)
    except ModelUnavailableError:
        raise
    except TimeoutError:
        raise ModelTimeoutError(
            f"model call timed out after {timeout_s:g} s during {purpose}"
        ) from None
    except Exception as err:  # any provider or plugin failure is the caller's verdict
        raise ModelUnavailableError(
            f"model call failed during {purpose}: {type(err).__name__}: {err}"
        ) from None


def _request(
    llm: BaseLlm,
    prompt: str | Sequence[types.Content],
    schema: type[BaseModel] | Mapping[str, Any],
    system: str,
    temperature: float | None,
) -> LlmRequest:
    contents = (
        [types.Content(role="user", parts=[types.Part(text=prompt)])]
        if isinstance(prompt, str) else list(prompt)
    )
    request = LlmRequest(
        model=llm.model,
        contents=contents,
        config=types.GenerateContentConfig(system_instruction=system, temperature=temperature),
    )
    if isinstance(schema, Mapping):
        # A dict is a JSON schema; `set_output_schema` would read it as a genai Schema.
        request.config.response_mime_type = "application/json"
        request.config.response_json_schema = dict(schema)
    else:
        request.set_output_schema(schema)
    return request


async def _responses(
    llm: BaseLlm, request: LlmRequest, plugins: _Plugins | None
) -> AsyncIterator[LlmResponse]:
    """The model's responses, through the plugins' after-model and on-error callbacks."""
    try:
        async for response in llm.generate_content_async(request, stream=False):
            if plugins is not None:
                # JSON for code, never a reply: the filters of replies to people let it be
                response.custom_metadata = {
                    **(response.custom_metadata or {}),
                    **structured_answer_metadata(plugins.context.invocation_id)}
                altered = await plugins.manager.run_after_model_callback(
                    callback_context=plugins.context, llm_response=response
                )
                response = altered or response
            yield response
    except Exception as err:
        if plugins is None:
            raise
        replacement = await plugins.manager.run_on_model_error_callback(
            callback_context=plugins.context, llm_request=request, error=err
        )
        if replacement is None:
            raise
        yield replacement

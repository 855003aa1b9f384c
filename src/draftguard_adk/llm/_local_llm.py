"""An ADK `BaseLlm` over llama.cpp, so every agent runs offline on any GGUF file.

Registered in ADK's model registry as `local:<name>` (a model shipped in a PyPI package, such
as `local:smollm2`) and `gguf:/path/to/model.gguf`. Small models cannot be trusted to follow
a format, so structure is enforced by the sampler (`_grammars`), not requested in the prompt:

- `output_schema` becomes a JSON-schema grammar: the answer always parses;
- tools become a grammar over `{"tool": <name>, "args": <that tool's schema>}` or
  `{"reply": "..."}` (`_chat_format`): a function call is always a declared tool with
  well-typed args;
- an answer in words is sampled under a grammar that cannot begin like JSON, so a model
  that imitates the tool calls in its history still answers in words.

Weights load lazily, once per process and file, on the first request; never at import
(`_llama_runtime`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types

from draftguard_adk.llm._budget import max_json_chars
from draftguard_adk.llm._chat_format import (
    final_response,
    is_words_or_call,
    may_be_json,
    messages,
    tool_names,
    tool_rounds_since_user,
    tool_schema,
    unwrap_reply_call,
)
from draftguard_adk.llm._gguf_locator import resolve_gguf
from draftguard_adk.llm._grammars import json_grammar as _grammar
from draftguard_adk.llm._grammars import prose_grammar as _prose_grammar
from draftguard_adk.llm._json_schemas import to_json_schema
from draftguard_adk.llm._llama_runtime import (
    Loaded,
    Piece,
    complete,
    env_int,
    fit_prompt,
    load,
)

if TYPE_CHECKING:
    from google.adk.models._capabilities import LlmCapabilities

__all__ = ["LocalLlm", "register_local_models"]

log = logging.getLogger("draftguard.local_llm")

_DEFAULT_N_CTX = 8192
_DEFAULT_MAX_TOKENS = 512
_DEFAULT_MAX_TOOL_ROUNDS = 1
# A tool-mode reply that holds JSON where words were asked for is asked for again this many
# times, in words only; under the words grammar the retry cannot be JSON.
_PROSE_RETRIES = 1
_ANSWER_IN_WORDS = "Now answer the user in plain words, using the tool results above."
# Shown only when the model wrote nothing at all.
_PROSE_FALLBACK = "I could not put that into words. Please ask again or use /help."


@dataclass(frozen=True)
class _Attempt:
    """One generation: the schema it samples under (None: words) and what it tells the model.

    `tool_mode` reads the answer as the tool envelope; `words` leaves the model's past calls
    out of the prompt and holds streamed text back while it could still begin JSON.
    """

    schema: dict[str, Any] | None
    extra_system: str
    tool_mode: bool
    words: bool


@dataclass
class _Outcome:
    """What one attempt produced: the final answer and the partials held back."""

    final: LlmResponse | None = None
    held: list[LlmResponse] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)


def _first_attempt(request: LlmRequest, max_tool_rounds: int) -> _Attempt:
    # A small model, once it has tool results, tends to call tools forever instead of
    # answering. After `max_tool_rounds` results in one turn it may only reply.
    answer_now = tool_rounds_since_user(request) >= max_tool_rounds
    envelope = None if answer_now else tool_schema(request)
    if envelope is not None:
        return _Attempt(envelope[0], envelope[1], tool_mode=True, words=False)
    cfg = request.config
    given = cfg.response_schema if cfg.response_schema is not None else cfg.response_json_schema
    if given is None:
        return _Attempt(None, _ANSWER_IN_WORDS if answer_now else "", tool_mode=False,
                        words=True)
    schema = to_json_schema(given)
    return _Attempt(
        schema, "Answer with JSON only, matching this schema: " + json.dumps(schema),
        tool_mode=False, words=False,
    )


# Asked after a tool-mode reply that held JSON (or nothing): words only, tools dropped.
_WORDS_RETRY = _Attempt(None, _ANSWER_IN_WORDS, tool_mode=False, words=True)


def _partial(text: str) -> LlmResponse:
    return LlmResponse(
        content=types.Content(role="model", parts=[types.Part(text=text)]), partial=True
    )


class LocalLlm(BaseLlm):
    """llama.cpp behind ADK's model interface. `model` is `local:<name>` or `gguf:<path>`."""

    model: str = "local:smollm2"
    n_ctx: int | None = None
    max_tokens: int | None = None
    max_tool_rounds: int | None = None
    """Tool results per user turn before the model must answer (DRAFTGUARD_LLAMA_MAX_TOOL_ROUNDS,
    default 1)."""

    def _max_tool_rounds(self) -> int:
        if self.max_tool_rounds is not None:
            return self.max_tool_rounds
        return env_int("DRAFTGUARD_LLAMA_MAX_TOOL_ROUNDS", _DEFAULT_MAX_TOOL_ROUNDS)

    @classmethod
    def supported_models(cls) -> list[str]:
        return [r"local:.+", r"gguf:.+"]

    @property
    def capabilities(self) -> LlmCapabilities:
        from google.adk.models._capabilities import LlmCapabilities

        # The tool grammar carries an output schema in its reply branch.
        return LlmCapabilities(output_schema_and_tools=True)

    @property
    def model_path(self) -> Path:
        spec = self.model if ":" in self.model else f"local:{self.model}"
        return resolve_gguf(spec)

    def _loaded(self) -> Loaded:
        n_ctx = self.n_ctx or env_int("DRAFTGUARD_LLAMA_N_CTX", _DEFAULT_N_CTX)
        return load(self.model_path, n_ctx)

    def _params(self, request: LlmRequest) -> dict[str, Any]:
        cfg = request.config
        return {
            "temperature": cfg.temperature if cfg.temperature is not None else 0.0,
            "top_p": cfg.top_p if cfg.top_p is not None else 0.95,
            "max_tokens": cfg.max_output_tokens
            or self.max_tokens
            or env_int("DRAFTGUARD_LLAMA_MAX_TOKENS", _DEFAULT_MAX_TOKENS),
            "repeat_penalty": 1.1,
            "seed": cfg.seed if cfg.seed is not None else env_int("DRAFTGUARD_LLAMA_SEED", 0),
            "stop": list(cfg.stop_sequences or []) or None,
        }

    def _schema_budget(
        self, loaded: Loaded, request: LlmRequest, attempt: _Attempt, params: dict[str, Any]
    ) -> None:
        """Raise `max_tokens` to what the schema's longest answer needs, within the context
        left after the prompt, so a constrained answer is never cut mid-string."""
        if attempt.schema is None or attempt.tool_mode:
            return
        bound = max_json_chars(attempt.schema)
        explicit = request.config.max_output_tokens is not None
        if explicit or bound is None or bound <= params["max_tokens"]:
            return
        msgs = messages(request, attempt.extra_system)
        prompt = fit_prompt(loaded, msgs, params["max_tokens"], self.model)
        params["max_tokens"] = max(params["max_tokens"], min(bound, loaded.n_ctx - prompt))

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        loaded = await asyncio.to_thread(self._loaded)
        first = _first_attempt(llm_request, self._max_tool_rounds())
        params = self._params(llm_request)
        self._schema_budget(loaded, llm_request, first, params)
        # Words must stand as words: a tool-mode reply (unless it has a schema of its own)
        # or an answer in words is retried in words when it came out as JSON or empty.
        words_expected = first.schema is None or (
            first.tool_mode and llm_request.config.response_schema is None
        )
        attempts = [first] + ([_WORDS_RETRY] * _PROSE_RETRIES if words_expected else [])
        outcome = _Outcome()
        for number, attempt in enumerate(attempts, start=1):
            outcome = _Outcome()
            async for partial in self._attempt(loaded, llm_request, attempt, params, stream,
                                               outcome):
                yield partial
            assert outcome.final is not None
            log.debug("local model's answer (attempt %d): %.500r", number, outcome.final)
            if not words_expected or is_words_or_call(outcome.final):
                for early in outcome.held:
                    yield early
                yield outcome.final
                return
            log.info("local model answered in JSON or not at all where words were asked "
                     "(attempt %d)", number)
        if stream:
            yield _partial(_PROSE_FALLBACK)
        yield final_response(_PROSE_FALLBACK, tool_mode=False, finish="stop",
                             usage=outcome.usage, model=self.model)

    async def _attempt(
        self,
        loaded: Loaded,
        request: LlmRequest,
        attempt: _Attempt,
        params: dict[str, Any],
        stream: bool,
        outcome: _Outcome,
    ) -> AsyncGenerator[LlmResponse, None]:
        """Run one attempt: yield the partials that may be shown, fill in `outcome`."""
        # Words are sampled under a grammar that cannot begin like JSON: a small model copies
        # the JSON calls in its history even when told not to.
        schema = attempt.schema
        grammar = _grammar(loaded, schema) if schema is not None else _prose_grammar(loaded)
        # Streaming a tool choice shows the JSON envelope, which is no answer to stream;
        # words are held only while their first characters could still begin JSON.
        stream_text = stream and not attempt.tool_mode
        msgs = messages(request, attempt.extra_system, calls=not attempt.words)
        fit_prompt(loaded, msgs, params["max_tokens"], self.model)
        pieces: list[str] = []
        finish: str | None = None
        async for piece, fin, use in self._complete(loaded, msgs, params, grammar, stream_text):
            if piece:
                pieces.append(piece)
                if stream_text:
                    if attempt.words and may_be_json("".join(pieces)):
                        outcome.held.append(_partial(piece))
                    else:
                        for early in outcome.held:
                            yield early
                        outcome.held.clear()
                        yield _partial(piece)
            finish = fin or finish
            outcome.usage = use or outcome.usage
        raw = "".join(pieces)
        log.debug("local model's raw answer (finish=%s): %.500r", finish, raw)
        final = final_response(raw, tool_mode=attempt.tool_mode, finish=finish,
                               usage=outcome.usage, model=self.model)
        if attempt.tool_mode:
            final = unwrap_reply_call(final, tool_names(request))
        outcome.final = final

    def _complete(
        self,
        loaded: Loaded,
        msgs: list[dict[str, str]],
        params: dict[str, Any],
        grammar: Any,
        stream: bool,
    ) -> AsyncGenerator[Piece, None]:
        """llama.cpp's answer in pieces, from a worker thread (`_llama_runtime.complete`)."""
        return complete(loaded, msgs, params, grammar, stream)


def register_local_models() -> None:
    """Make `local:*` and `gguf:*` model strings resolve to `LocalLlm` (idempotent)."""
    # ADK logs "Updating LLM class" for every repeated registration, and every agent build
    # calls this, so register only while a `local:`/`gguf:` string resolves elsewhere.
    try:
        if all(LLMRegistry.resolve(name) is LocalLlm for name in ("local:x", "gguf:x")):
            return
    except ValueError:  # not registered yet
        pass
    LLMRegistry.register(LocalLlm)

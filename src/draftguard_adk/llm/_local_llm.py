"""An ADK `BaseLlm` over llama.cpp, so every agent runs offline on any GGUF file.

Registered in ADK's model registry as `local:<name>` (a model shipped in a PyPI package, such
as `local:smollm2`) and `gguf:/path/to/model.gguf`. Small models cannot be trusted to follow
a format, so structure is enforced by the sampler, not requested in the prompt:

- `output_schema` becomes a JSON-schema grammar: the answer always parses;
- tools become a grammar over `{"tool": <name>, "args": <that tool's schema>}` or
  `{"reply": "..."}`: a function call is always a declared tool with well-typed args;
- an answer in words is sampled under a grammar that cannot begin like JSON, so a model
  that imitates the tool calls in its history still answers in words.

Weights load lazily, once per process and file, on the first request; never at import.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
import os
import re
import threading
from collections.abc import AsyncGenerator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types

from draftguard.errors import ModelUnavailableError, PromptTooLongError
from draftguard_adk.llm._budget import max_json_chars
from draftguard_adk.llm._gguf_locator import resolve_gguf
from draftguard_adk.llm._json_schemas import to_json_schema

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
# llama.cpp GBNF for an answer in words: its first character is not JSON's `{` or `[`, a
# code fence's backtick, nor whitespace (Unicode's too) or a control character, which a
# reader strips before the JSON. Both classes read the same as Python regular-expression
# classes; the tests rely on that.
_PROSE_GBNF = (
    "root ::= first rest\n"
    "first ::= [^{\\[`\\x00-\\x20\\x7F-\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F"
    "\\u205F\\u3000\\uFEFF]\n"
    "rest ::= [^\\x00]*\n"
)
# Tokens kept free for the chat template's role markers around each message.
_TEMPLATE_OVERHEAD = 8


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        raise ModelUnavailableError(f"{name}={raw!r} is not a whole number") from None


@dataclass
class _Loaded:
    llama: Any
    lock: threading.Lock
    n_ctx: int
    grammars: dict[str, Any]


_loaded: dict[tuple[str, int], _Loaded] = {}
_load_lock = threading.Lock()


def _load(path: Path, n_ctx: int) -> _Loaded:
    key = (str(path), n_ctx)
    with _load_lock:
        if key in _loaded:
            return _loaded[key]
        try:
            from llama_cpp import Llama
        except ImportError:
            raise ModelUnavailableError(
                "llama-cpp-python is not installed: install the `local` extra "
                "(scripts/install builds it with CMAKE_ARGS=-DGGML_NATIVE=OFF)"
            ) from None
        log.info("loading GGUF model %s (n_ctx=%d)", path, n_ctx)
        try:
            llama = Llama(
                model_path=str(path),
                n_ctx=n_ctx,
                n_threads=_env_int("DRAFTGUARD_LLAMA_THREADS", max(1, os.cpu_count() or 1)),
                seed=_env_int("DRAFTGUARD_LLAMA_SEED", 0),
                verbose=False,
            )
        except (ValueError, RuntimeError) as err:
            raise ModelUnavailableError(f"cannot load {path}: {err}") from None
        loaded = _Loaded(llama=llama, lock=threading.Lock(), n_ctx=n_ctx, grammars={})
        if not _loaded:
            atexit.register(_close_all)
        _loaded[key] = loaded
        return loaded


def _close_all() -> None:
    # Freed before interpreter teardown: llama.cpp's own __del__ runs too late and prints
    # "Exception ignored" noise when its C bindings are already gone.
    for loaded in _loaded.values():
        with loaded.lock:
            loaded.llama.close()
    _loaded.clear()


# llama-cpp-python's JSON grammar lets a string hold raw control characters (a newline
# inside a label), which strict JSON parsers refuse; llama.cpp's own grammar forbids them.
# Its \\uXXXX escape is dropped too (any character can be written as itself): at 6 bytes
# per character it would break the answer-length bound `max_json_chars` relies on.
_CHAR_RULE = re.compile(r"(?m)^char ::= .*$")
_STRICT_CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F] | "\\\\" ["\\\\/bfnrt]'


def _gbnf(schema: dict[str, Any]) -> str:
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    return _CHAR_RULE.sub(lambda _: _STRICT_CHAR, str(json_schema_to_gbnf(json.dumps(schema))))


def _grammar(loaded: _Loaded, schema: dict[str, Any]) -> Any:
    from llama_cpp.llama_grammar import LlamaGrammar

    key = json.dumps(schema, sort_keys=True)
    if key not in loaded.grammars:
        # Built from the schema as given: llama.cpp writes properties in the schema's order,
        # and that order is part of the design (a question before its answer). The sorted
        # text is only the cache key.
        loaded.grammars[key] = LlamaGrammar.from_string(_gbnf(schema), verbose=False)
    return loaded.grammars[key]


def _prose_grammar(loaded: _Loaded) -> Any:
    from llama_cpp.llama_grammar import LlamaGrammar

    # Not a JSON text, so it cannot collide with a schema's cache key.
    if _PROSE_GBNF not in loaded.grammars:
        loaded.grammars[_PROSE_GBNF] = LlamaGrammar.from_string(_PROSE_GBNF, verbose=False)
    return loaded.grammars[_PROSE_GBNF]


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, types.Content):
        return "\n".join(p.text for p in value.parts or [] if p.text)
    if isinstance(value, types.Part):
        return value.text or ""
    if isinstance(value, list):
        return "\n".join(_text_of(v) for v in value)
    return str(value)


def _render_part(part: types.Part, calls: bool) -> tuple[str, str] | None:
    """A part as (role, text) for a plain chat template that knows no tool roles."""
    if part.thought:
        return None
    if part.text:
        return "", part.text
    if part.function_call and calls:
        call = {"tool": part.function_call.name, "args": part.function_call.args or {}}
        return "assistant", json.dumps(call, ensure_ascii=False)
    if part.function_response:
        payload = json.dumps(part.function_response.response, ensure_ascii=False, default=str)
        return "user", f"Result of tool {part.function_response.name}: {payload}"
    if part.inline_data:
        return "", f"[attachment: {part.inline_data.mime_type}]"
    return None


def _messages(
    request: LlmRequest, extra_system: str, *, calls: bool = True
) -> list[dict[str, str]]:
    """The chat messages; without `calls` the model's past tool calls are left out (their
    results stay), since a small model asked for words imitates its last turn, and a call
    rendered as JSON is a turn it copies."""
    msgs: list[dict[str, str]] = []
    system = "\n\n".join(
        s for s in (_text_of(request.config.system_instruction), extra_system) if s
    )
    if system:
        msgs.append({"role": "system", "content": system})
    for content in request.contents:
        default_role = "assistant" if content.role == "model" else "user"
        for part in content.parts or []:
            rendered = _render_part(part, calls)
            if rendered is None:
                continue
            role = rendered[0] or default_role
            if msgs and msgs[-1]["role"] == role and role != "system":
                msgs[-1]["content"] += "\n\n" + rendered[1]
            else:
                msgs.append({"role": role, "content": rendered[1]})
    if not msgs or msgs[-1]["role"] != "user":
        msgs.append({"role": "user", "content": "Continue."})
    return msgs


def _tool_rounds_since_user(request: LlmRequest) -> int:
    """How many tool results the model has received since the user last wrote."""
    rounds = 0
    for content in reversed(request.contents):
        parts = content.parts or []
        if content.role == "user" and any(p.text for p in parts):
            break
        if any(p.function_response for p in parts):
            rounds += 1
    return rounds


def _tool_schema(request: LlmRequest) -> tuple[dict[str, Any], str] | None:
    """The grammar schema for 'call one declared tool or reply', and its prompt text."""
    declarations = [
        fd
        for tool in request.config.tools or []
        if isinstance(tool, types.Tool)
        for fd in tool.function_declarations or []
    ]
    if not declarations:
        return None
    reply_schema: dict[str, Any] = {"type": "string"}
    if request.config.response_schema is not None:
        reply_schema = to_json_schema(request.config.response_schema)
    choices: list[dict[str, Any]] = [
        {"type": "object", "properties": {"reply": reply_schema}, "required": ["reply"]}
    ]
    lines = [
        "You can call one tool. Answer with JSON only: either "
        '{"tool": "<name>", "args": {...}} to call a tool, or {"reply": "..."} to answer '
        "the user directly. Tools:"
    ]
    for fd in declarations:
        if fd.parameters_json_schema is not None:
            params = to_json_schema(fd.parameters_json_schema)
        elif fd.parameters is not None:
            params = to_json_schema(fd.parameters)
        else:
            params = {"type": "object", "properties": {}}
        params.setdefault("type", "object")
        choices.append(
            {
                "type": "object",
                "properties": {"tool": {"const": fd.name}, "args": params},
                "required": ["tool", "args"],
            }
        )
        args = ", ".join(params.get("properties", {})) or "no arguments"
        lines.append(f"- {fd.name}({args}): {fd.description or ''}".rstrip())
    return {"anyOf": choices}, "\n".join(lines)


def _may_be_json(text: str) -> bool:
    """Whether a reply's beginning leaves open that it is JSON (so it cannot be shown yet)."""
    head = text.lstrip()
    return not head or head[0] in "{["


def _is_json(text: str) -> bool:
    """A reply that is a JSON object or array, possibly fenced: not an answer in words."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").removeprefix("json").strip()
    if not body or body[0] not in "{[":
        return False
    try:
        json.loads(body)
    except json.JSONDecodeError:
        # Cut-off or sloppy JSON is JSON all the same.
        return body.startswith(("{\"", "[{", "[\"", "{'")) or '"tool"' in body
    return True


def _is_words_or_call(response: LlmResponse) -> bool:
    """Whether an answer where words were asked for may stand: a call, or words that are
    neither empty nor JSON."""
    parts = response.content.parts if response.content else None
    if any(p.function_call for p in parts or []):
        return True
    text = _reply_text(response)
    return bool(text.strip()) and not _is_json(text)


_REPLY_START = re.compile(r'\A\s*\{\s*"reply"\s*:\s*"')


def _cut_reply(text: str) -> str | None:
    """The words of a `{"reply": "...` cut off at the token limit, or None: a long answer
    is shown cut rather than thrown away for another generation as long."""
    start = _REPLY_START.match(text)
    if start is None:
        return None
    body = text[start.end():]
    # The cut may fall inside an escape; the grammar writes none longer than two characters.
    for end in (len(body), len(body) - 1):
        try:
            words = json.loads(f'"{body[:end]}"')
        except json.JSONDecodeError:
            continue
        return str(words).strip() or None
    return None


def _reply_text(response: LlmResponse) -> str:
    parts = response.content.parts if response.content else None
    return "".join(p.text or "" for p in parts or [] if not p.function_call)


def _tool_names(request: LlmRequest) -> set[str]:
    return {
        fd.name
        for tool in request.config.tools or []
        if isinstance(tool, types.Tool)
        for fd in tool.function_declarations or []
        if fd.name
    }


def _unwrap_reply_call(response: LlmResponse, allowed: set[str]) -> LlmResponse:
    """A `{"reply": ...}` whose text is itself a call of a declared tool becomes that call."""
    parts = response.content.parts if response.content else None
    if not parts or not parts[0].text:
        return response
    try:
        inner = json.loads(parts[0].text.strip())
    except json.JSONDecodeError:
        return response
    if (isinstance(inner, dict) and inner.get("tool") in allowed
            and isinstance(inner.get("args", {}), dict)):
        call = types.FunctionCall(name=str(inner["tool"]), args=inner.get("args") or {})
        return response.model_copy(
            update={"content": types.Content(role="model", parts=[types.Part(function_call=call)])}
        )
    return response


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
        return _env_int("DRAFTGUARD_LLAMA_MAX_TOOL_ROUNDS", _DEFAULT_MAX_TOOL_ROUNDS)

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

    def _loaded(self) -> _Loaded:
        n_ctx = self.n_ctx or _env_int("DRAFTGUARD_LLAMA_N_CTX", _DEFAULT_N_CTX)
        return _load(self.model_path, n_ctx)

    def _fit(self, loaded: _Loaded, msgs: list[dict[str, str]], max_tokens: int) -> int:
        """Drop the oldest turns until the prompt fits; refuse if the newest turn alone can't.
        Returns the prompt's cost in tokens."""
        budget = loaded.n_ctx - max_tokens

        def cost(m: dict[str, str]) -> int:
            return len(loaded.llama.tokenize(m["content"].encode("utf-8"), add_bos=False)) + (
                _TEMPLATE_OVERHEAD
            )

        costs = [cost(m) for m in msgs]
        first = 1 if msgs[0]["role"] == "system" else 0
        while sum(costs) > budget and len(msgs) - first > 1:
            del msgs[first], costs[first]
        if sum(costs) > budget:
            raise PromptTooLongError(
                f"prompt needs {sum(costs)} tokens; {self.model} has {loaded.n_ctx} "
                f"with {max_tokens} kept for the answer"
            )
        return sum(costs)

    def _schema_budget(
        self, loaded: _Loaded, msgs: list[dict[str, str]], params: dict[str, Any],
        schema: dict[str, Any], explicit: bool,
    ) -> None:
        """Raise `max_tokens` to what the schema's longest answer needs, within the context
        left after the prompt, so a constrained answer is never cut mid-string."""
        bound = max_json_chars(schema)
        if explicit or bound is None or bound <= params["max_tokens"]:
            return
        prompt = self._fit(loaded, msgs, params["max_tokens"])
        params["max_tokens"] = max(params["max_tokens"], min(bound, loaded.n_ctx - prompt))

    def _params(self, request: LlmRequest) -> dict[str, Any]:
        cfg = request.config
        return {
            "temperature": cfg.temperature if cfg.temperature is not None else 0.0,
            "top_p": cfg.top_p if cfg.top_p is not None else 0.95,
            "max_tokens": cfg.max_output_tokens
            or self.max_tokens
            or _env_int("DRAFTGUARD_LLAMA_MAX_TOKENS", _DEFAULT_MAX_TOKENS),
            "repeat_penalty": 1.1,
            "seed": cfg.seed if cfg.seed is not None else _env_int("DRAFTGUARD_LLAMA_SEED", 0),
            "stop": list(cfg.stop_sequences or []) or None,
        }

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        loaded = await asyncio.to_thread(self._loaded)
        # A small model, once it has tool results, tends to call tools forever instead of
        # answering. After `max_tool_rounds` results in one turn it may only reply.
        answer_now = _tool_rounds_since_user(llm_request) >= self._max_tool_rounds()
        tool_mode = None if answer_now else _tool_schema(llm_request)
        schema: dict[str, Any] | None = None
        extra_system = _ANSWER_IN_WORDS if answer_now else ""
        if tool_mode is not None:
            schema, extra_system = tool_mode
        elif llm_request.config.response_schema is not None:
            schema = to_json_schema(llm_request.config.response_schema)
        elif llm_request.config.response_json_schema is not None:
            schema = to_json_schema(llm_request.config.response_json_schema)
        if schema is not None and tool_mode is None:
            extra_system = "Answer with JSON only, matching this schema: " + json.dumps(schema)

        params = self._params(llm_request)
        if schema is not None and tool_mode is None:
            self._schema_budget(loaded, _messages(llm_request, extra_system), params, schema,
                                explicit=llm_request.config.max_output_tokens is not None)
        # Words are sampled under a grammar that cannot begin like JSON: a small model copies
        # the JSON calls in its history even when told not to.
        grammar = _grammar(loaded, schema) if schema is not None else _prose_grammar(loaded)
        words_expected = schema is None or (tool_mode is not None
                                            and llm_request.config.response_schema is None)
        allowed = _tool_names(llm_request) if tool_mode is not None else set()
        prose = schema is None
        final: LlmResponse | None = None
        for attempt in range(_PROSE_RETRIES + 1 if words_expected else 1):
            if attempt:
                # A tool-mode reply holding JSON (or nothing): ask once more for words only,
                # under the words grammar, with tool mode dropped.
                tool_mode, extra_system, prose = None, _ANSWER_IN_WORDS, True
                grammar = _prose_grammar(loaded)
            # Streaming a tool choice shows the JSON envelope, which is no answer to stream;
            # words are held only while their first characters could still begin JSON.
            stream_text = stream and tool_mode is None
            msgs = _messages(llm_request, extra_system, calls=not prose)
            self._fit(loaded, msgs, params["max_tokens"])
            pieces: list[str] = []
            held: list[LlmResponse] = []
            finish: str | None = None
            usage: dict[str, int] = {}
            async for piece, fin, use in self._complete(loaded, msgs, params, grammar,
                                                        stream_text):
                if piece:
                    pieces.append(piece)
                    if stream_text:
                        partial = LlmResponse(
                            content=types.Content(role="model", parts=[types.Part(text=piece)]),
                            partial=True,
                        )
                        if prose and _may_be_json("".join(pieces)):
                            held.append(partial)
                        else:
                            for early in held:
                                yield early
                            held.clear()
                            yield partial
                finish = fin or finish
                usage = use or usage
            raw = "".join(pieces)
            log.debug("local model's raw answer (attempt %d, finish=%s): %.500r",
                      attempt + 1, finish, raw)
            final = self._final(raw, tool_mode is not None, finish, usage)
            if tool_mode is not None:
                final = _unwrap_reply_call(final, allowed)
            if not words_expected or _is_words_or_call(final):
                for early in held:
                    yield early
                break
            log.info("local model answered in JSON or not at all where words were asked "
                     "(attempt %d)", attempt + 1)
        else:
            final = self._final(_PROSE_FALLBACK, False, "stop", usage)
            if stream:
                yield LlmResponse(
                    content=types.Content(role="model", parts=[types.Part(text=_PROSE_FALLBACK)]),
                    partial=True,
                )
        assert final is not None
        yield final

    def _final(
        self, text: str, tool_mode: bool, finish: str | None, usage: dict[str, int]
    ) -> LlmResponse:
        parts = [types.Part(text=text)]
        if tool_mode:
            try:
                choice = json.loads(text)
            except json.JSONDecodeError:
                log.warning("local model's tool choice is not JSON (finish=%s)", finish)
                choice = {"reply": _cut_reply(text) or text}
            if isinstance(choice, dict) and "tool" in choice:
                parts = [
                    types.Part(
                        function_call=types.FunctionCall(
                            name=str(choice["tool"]), args=choice.get("args") or {}
                        )
                    )
                ]
            elif isinstance(choice, dict) and "reply" in choice:
                reply = choice["reply"]
                parts = [types.Part(text=reply if isinstance(reply, str) else json.dumps(reply))]
        return LlmResponse(
            content=types.Content(role="model", parts=parts),
            partial=False,
            turn_complete=True,
            finish_reason=(
                types.FinishReason.MAX_TOKENS if finish == "length" else types.FinishReason.STOP
            ),
            usage_metadata=types.GenerateContentResponseUsageMetadata(
                prompt_token_count=usage.get("prompt_tokens"),
                candidates_token_count=usage.get("completion_tokens"),
                total_token_count=usage.get("total_tokens"),
            ),
            model_version=self.model,
        )

    async def _complete(
        self,
        loaded: _Loaded,
        msgs: list[dict[str, str]],
        params: dict[str, Any],
        grammar: Any,
        stream: bool,
    ) -> AsyncGenerator[tuple[str, str | None, dict[str, int]], None]:
        """Run llama.cpp in a worker thread; yield (text, finish_reason, usage) pieces.

        When the caller goes away (a timeout cancels it, or it stops iterating) the thread
        stops at the next token: an abandoned call must not keep the model, and its lock,
        busy for the next request until its token limit.
        """
        queue: asyncio.Queue[tuple[str, str | None, dict[str, int]] | BaseException | None]
        queue = asyncio.Queue()
        event_loop = asyncio.get_running_loop()
        abandoned = threading.Event()

        def post(item: tuple[str, str | None, dict[str, int]] | BaseException | None) -> None:
            try:
                event_loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the event loop is closed: nobody is listening any more
                abandoned.set()

        def produce() -> None:
            try:
                with loaded.lock:
                    for item in self._iterate(loaded, msgs, params, grammar, stream, abandoned):
                        if abandoned.is_set():
                            return
                        post(item)
            except BaseException as err:  # handed to the awaiting coroutine, not lost
                post(err)
            post(None)

        worker = threading.Thread(target=produce, name="draftguard-llama", daemon=True)
        worker.start()
        try:
            while True:
                item = await queue.get()
                if item is None:
                    return
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            abandoned.set()

    @staticmethod
    def _iterate(
        loaded: _Loaded,
        msgs: list[dict[str, str]],
        params: dict[str, Any],
        grammar: Any,
        stream: bool,
        abandoned: threading.Event | None = None,
    ) -> Iterator[tuple[str, str | None, dict[str, int]]]:
        # llama.cpp always streams here: between tokens is the only place a call can stop.
        # A non-streaming request gets the pieces joined into one answer.
        result = loaded.llama.create_chat_completion(
            messages=msgs, grammar=grammar, stream=True, **params
        )
        prompt_tokens = sum(
            len(loaded.llama.tokenize(m["content"].encode("utf-8"), add_bos=False)) for m in msgs
        )
        completion = 0
        pieces: list[str] = []
        for chunk in result:
            if abandoned is not None and abandoned.is_set():
                return
            choice = chunk["choices"][0]
            piece = choice.get("delta", {}).get("content") or ""
            completion += 1 if piece else 0
            finish = choice.get("finish_reason")
            usage = {}
            if finish:
                usage = {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion,
                    "total_tokens": prompt_tokens + completion,
                }
            if stream:
                yield piece, finish, usage
                continue
            pieces.append(piece)
            if finish:
                yield "".join(pieces), finish, usage
                return
        if not stream and pieces:  # a stream that ended without saying why
            yield "".join(pieces), None, {}


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

"""llama.cpp at run time: the weights, loaded once per process and file; the prompt fitted
to the context window; and the calls, run in a worker thread that stops when its caller
goes away."""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import threading
from collections.abc import AsyncGenerator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from draftguard.errors import ModelUnavailableError, PromptTooLongError

__all__ = ["Loaded", "Piece", "complete", "env_int", "fit_prompt", "load", "loaded_models"]

log = logging.getLogger("draftguard.local_llm")

# Tokens kept free for the chat template's role markers around each message.
_TEMPLATE_OVERHEAD = 8

#: One streamed piece of an answer: its text, llama.cpp's finish reason, the token usage.
Piece = tuple[str, str | None, dict[str, int]]


def env_int(name: str, default: int) -> int:
    """A whole-number setting from the environment; a bad value is a clear error."""
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        raise ModelUnavailableError(f"{name}={raw!r} is not a whole number") from None


@dataclass
class Loaded:
    """One loaded model: llama.cpp's handle, the lock its calls take, its grammars."""

    llama: Any
    lock: threading.Lock
    n_ctx: int
    grammars: dict[str, Any]


loaded_models: dict[tuple[str, int], Loaded] = {}
_load_lock = threading.Lock()


def load(path: Path, n_ctx: int) -> Loaded:
    """The model at `path`, loaded on first use and kept for the process."""
    key = (str(path), n_ctx)
    with _load_lock:
        if key in loaded_models:
            return loaded_models[key]
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
                n_threads=env_int("DRAFTGUARD_LLAMA_THREADS", max(1, os.cpu_count() or 1)),
                seed=env_int("DRAFTGUARD_LLAMA_SEED", 0),
                verbose=False,
            )
        except (ValueError, RuntimeError) as err:
            raise ModelUnavailableError(f"cannot load {path}: {err}") from None
        loaded = Loaded(llama=llama, lock=threading.Lock(), n_ctx=n_ctx, grammars={})
        if not loaded_models:
            atexit.register(_close_all)
        loaded_models[key] = loaded
        return loaded


def _close_all() -> None:
    # Freed before interpreter teardown: llama.cpp's own __del__ runs too late and prints
    # "Exception ignored" noise when its C bindings are already gone.
    for loaded in loaded_models.values():
        with loaded.lock:
            loaded.llama.close()
    loaded_models.clear()


def fit_prompt(loaded: Loaded, msgs: list[dict[str, str]], max_tokens: int, model: str) -> int:
    """Drop the oldest turns until the prompt fits; refuse if the newest turn alone can't.

    Returns the prompt's cost in tokens.
    """
    budget = loaded.n_ctx - max_tokens

    def cost(m: dict[str, str]) -> int:
        tokens = loaded.llama.tokenize(m["content"].encode("utf-8"), add_bos=False)
        return len(tokens) + _TEMPLATE_OVERHEAD

    costs = [cost(m) for m in msgs]
    first = 1 if msgs[0]["role"] == "system" else 0
    while sum(costs) > budget and len(msgs) - first > 1:
        del msgs[first], costs[first]
    if sum(costs) > budget:
        raise PromptTooLongError(
            f"prompt needs {sum(costs)} tokens; {model} has {loaded.n_ctx} "
            f"with {max_tokens} kept for the answer"
        )
    return sum(costs)


async def complete(
    loaded: Loaded,
    msgs: list[dict[str, str]],
    params: dict[str, Any],
    grammar: Any,
    stream: bool,
) -> AsyncGenerator[Piece, None]:
    """Run llama.cpp in a worker thread; yield (text, finish_reason, usage) pieces.

    When the caller goes away (a timeout cancels it, or it stops iterating) the thread
    stops at the next token: an abandoned call must not keep the model, and its lock,
    busy for the next request until its token limit.
    """
    queue: asyncio.Queue[Piece | BaseException | None] = asyncio.Queue()
    event_loop = asyncio.get_running_loop()
    abandoned = threading.Event()

    def post(item: Piece | BaseException | None) -> None:
        try:
            event_loop.call_soon_threadsafe(queue.put_nowait, item)
        except RuntimeError:  # the event loop is closed: nobody is listening any more
            abandoned.set()

    def produce() -> None:
        try:
            with loaded.lock:
                for item in _iterate(loaded, msgs, params, grammar, stream, abandoned):
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


def _iterate(
    loaded: Loaded,
    msgs: list[dict[str, str]],
    params: dict[str, Any],
    grammar: Any,
    stream: bool,
    abandoned: threading.Event,
) -> Iterator[Piece]:
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
        if abandoned.is_set():
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

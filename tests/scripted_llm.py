"""A test-only `BaseLlm` that replays scripted turns and records every request it saw.

Each call to the model consumes one turn:

- `str`: a text answer (streamed word by word when the caller streams);
- `Call(name, args)`: a function call; a list of `Call`s is parallel calls;
- `Chunks([...])`: a streamed answer in exactly these text chunks;
- `dict` or `list`: JSON text (what a schema-constrained model would emit);
- an `Exception` instance: raised from the model call;
- `Hang(seconds)`: sleeps, to test time-outs;
- a callable `(LlmRequest) -> turn`: computes the turn from the request.

Running out of turns raises `ScriptExhausted`, so a test can never pass by accident on
an unexpected extra call.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from pydantic import PrivateAttr


class ScriptExhausted(AssertionError):
    """The code under test called the model more often than the script allows."""


@dataclass(frozen=True)
class Call:
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    #: The function-call id the model sends (default `call-<n>`): a lying model may send
    #: one that looks like code's.
    id: str | None = None


@dataclass(frozen=True)
class Chunks:
    parts: Sequence[str]


@dataclass(frozen=True)
class Hang:
    seconds: float


Turn = Any


class ScriptedLlm(BaseLlm):
    """Replays `turns` in order; `requests` holds every `LlmRequest` received."""

    model: str = "scripted"
    _turns: list[Turn] = PrivateAttr(default_factory=list)
    _requests: list[LlmRequest] = PrivateAttr(default_factory=list)

    def __init__(self, turns: Sequence[Turn] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._turns = list(turns)

    @property
    def requests(self) -> list[LlmRequest]:
        return self._requests

    @property
    def remaining(self) -> int:
        return len(self._turns)

    def add(self, *turns: Turn) -> None:
        self._turns.extend(turns)

    def prompt_text(self, index: int = -1) -> str:
        """All text the model saw in request `index`: system instruction plus contents."""
        req = self._requests[index]
        pieces: list[str] = []
        if req.config and req.config.system_instruction:
            pieces.append(str(req.config.system_instruction))
        for content in req.contents:
            for part in content.parts or []:
                if part.text:
                    pieces.append(part.text)
                if part.function_response:
                    pieces.append(json.dumps(part.function_response.response, default=str))
        return "\n".join(pieces)

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        self._requests.append(llm_request.model_copy(deep=True))
        if not self._turns:
            raise ScriptExhausted(f"model called {len(self._requests)} times; script ran out")
        turn = self._turns.pop(0)
        if callable(turn) and not isinstance(turn, type):
            turn = turn(llm_request)
        if isinstance(turn, Hang):
            await asyncio.sleep(turn.seconds)
            raise TimeoutError("scripted model hung")
        if isinstance(turn, BaseException):
            raise turn
        if isinstance(turn, (dict, list)) and not _is_calls(turn):
            turn = json.dumps(turn)
        usage = types.GenerateContentResponseUsageMetadata(
            prompt_token_count=len(self.prompt_text().split()),
            candidates_token_count=len(str(turn).split()),
            total_token_count=len(self.prompt_text().split()) + len(str(turn).split()),
        )
        if isinstance(turn, Call) or _is_calls(turn):
            calls = [turn] if isinstance(turn, Call) else list(turn)
            parts = [
                types.Part(
                    function_call=types.FunctionCall(name=c.name, args=c.args,
                                                     id=c.id or f"call-{i}")
                )
                for i, c in enumerate(calls)
            ]
            yield LlmResponse(
                content=types.Content(role="model", parts=parts), usage_metadata=usage
            )
            return
        if isinstance(turn, Chunks):
            chunks = list(turn.parts)
        elif isinstance(turn, str):
            words = turn.split(" ")
            chunks = [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)]
        else:
            raise TypeError(f"unsupported scripted turn: {turn!r}")
        text = "".join(chunks)
        if stream:
            for chunk in chunks:
                yield LlmResponse(
                    content=types.Content(role="model", parts=[types.Part(text=chunk)]),
                    partial=True,
                )
        yield LlmResponse(
            content=types.Content(role="model", parts=[types.Part(text=text)]),
            partial=False,
            turn_complete=True,
            usage_metadata=usage,
        )


def _is_calls(turn: Any) -> bool:
    return isinstance(turn, list) and bool(turn) and all(isinstance(t, Call) for t in turn)


Responder = Callable[[LlmRequest], Turn]

"""`DuplicateFilterPlugin`: the seed-002 filter inside ADK, for `adk web` and `adk api_server`.

ADK 2.13 calls `after_model_callback` for every streamed partial response and then once for
the model's aggregated final response (`_model_call.call_llm_async`). The plugin feeds each
partial's text to a `StreamDeduper` and replaces it with what passed (a partial with nothing
to show yet is emptied, so ADK drops its event). The final response gets the whole filtered
text (released parts plus the flushed tail), so the persisted session event holds no
duplicate either. One detector spans the invocation, so a repeat in a later model call of
the same turn (after a tool call) is caught too.

Any failure inside the plugin is logged and counted, and the response passes unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types

from draftguard.dedupe import StreamDeduper
from draftguard_adk.dedupe._detector import DuplicateDetector

__all__ = ["DuplicateFilterPlugin"]

log = logging.getLogger("draftguard_adk.dedupe._plugin")

DetectorFactory = Callable[[str], DuplicateDetector]


@dataclass
class _Turn:
    detector: DuplicateDetector
    streams: dict[str, StreamDeduper] = field(default_factory=dict)


def _text_parts(content: types.Content | None) -> list[types.Part]:
    if content is None or not content.parts:
        return []
    return [p for p in content.parts if p.text is not None and not p.thought]


def _with_text(response: LlmResponse, text: str) -> LlmResponse:
    """`response` with its (non-thought) text parts replaced by one part holding `text`."""
    parts = list(response.content.parts or []) if response.content else []
    others = [p for p in parts if p.text is None or p.thought]
    new_parts = ([types.Part(text=text)] if text else []) + others
    content = types.Content(role=response.content.role if response.content else "model",
                            parts=new_parts) if new_parts else None
    return response.model_copy(update={"content": content})


class DuplicateFilterPlugin(BasePlugin):
    """Filters duplicate chunks and sentences out of every model response it sees."""

    def __init__(
        self,
        *,
        name: str = "duplicate_filter",
        detector_factory: DetectorFactory | None = None,
    ) -> None:
        super().__init__(name=name)
        self._factory: DetectorFactory = detector_factory or (
            lambda session_id: DuplicateDetector.from_settings(session_id=session_id)
        )
        self._turns: dict[str, _Turn] = {}

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        try:
            return self._filter(callback_context, llm_response)
        except Exception as err:
            turn = self._turns.get(callback_context.invocation_id)
            if turn is not None:
                turn.detector.index.record_error(err, "plugin")
            else:
                log.exception("duplicate filter failed; response passed unchanged")
            return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self._turns.pop(invocation_context.invocation_id, None)

    def _filter(self, ctx: CallbackContext, response: LlmResponse) -> LlmResponse | None:
        turn = self._turns.get(ctx.invocation_id)
        if turn is None:
            turn = _Turn(self._factory(ctx.session.id))
            self._turns[ctx.invocation_id] = turn
        key = ctx.agent_name
        parts = _text_parts(response.content)
        text = "".join(p.text or "" for p in parts)
        stream = turn.streams.get(key)
        if response.partial:
            if stream is None:
                stream = turn.streams[key] = turn.detector.new_stream()
            if not parts:
                return None
            return _with_text(response, stream.feed(text))
        # The final, aggregated response closes this model call's stream.
        turn.streams.pop(key, None)
        if stream is None:
            if not parts:
                return None
            stream = turn.detector.new_stream()
            stream.feed(text)
        elif (rest := stream.snapshot_suffix(text)) is not None:
            stream.feed(rest)  # anything the partials did not carry
        elif parts:
            log.warning("final response differs from its streamed parts; keeping the parts")
        stream.flush()
        if not parts and not stream.text:
            return None
        return _with_text(response, stream.text)

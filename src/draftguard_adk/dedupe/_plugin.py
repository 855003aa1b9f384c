"""`DuplicateFilterPlugin`: the streaming duplicate filter in `adk web` and `adk api_server`.

ADK 2.13 calls `after_model_callback` for every streamed partial response and then once for
the model's aggregated final response. The plugin hands each to a `ResponseFilter` whose chain
is the invocation's duplicate filter: a partial's text is replaced by what passed (a partial
with nothing to show yet is emptied, so ADK drops its event), and the final carries the whole
filtered text, so the persisted session event holds no duplicate either. One detector spans
the invocation, so a repeat in a later model call of the same turn (after a tool call) is
caught too. `AgentInvoker` uses the same `ResponseFilter`, so both show the same text.

An app adds its own guards to the same chain with `also`: for each model call it makes
the links that run after the duplicate filter (the event planner's venue grounding), from
the callback context of that call (its session state).

Any failure inside the plugin is logged and counted, and the response passes unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin

from draftguard_adk.agents import TextFilter
from draftguard_adk.agents._provenance import is_structured_answer
from draftguard_adk.agents._response_filter import ResponseFilter
from draftguard_adk.dedupe._detector import DuplicateDetector
from draftguard_adk.dedupe._responses import duplicate_response_filter

__all__ = ["DuplicateFilterPlugin"]

log = logging.getLogger("draftguard_adk.dedupe._plugin")

DetectorFactory = Callable[[str], DuplicateDetector]
#: The links after the duplicate filter for one model call, from that call's context.
LinkFactory = Callable[[CallbackContext], Sequence[TextFilter]]


@dataclass
class _Turn:
    detector: DuplicateDetector
    context: CallbackContext
    also: LinkFactory | None
    responses: ResponseFilter = field(init=False)

    def __post_init__(self) -> None:
        self.responses = duplicate_response_filter(
            self.detector, "plugin", also=self._links if self.also is not None else None)

    def _links(self) -> Sequence[TextFilter]:
        return self.also(self.context) if self.also is not None else ()


class DuplicateFilterPlugin(BasePlugin):
    """Filters duplicate chunks and sentences out of every model response it sees."""

    def __init__(
        self,
        *,
        name: str = "duplicate_filter",
        detector_factory: DetectorFactory | None = None,
        also: LinkFactory | None = None,
    ) -> None:
        super().__init__(name=name)
        self._also = also
        self._factory: DetectorFactory = detector_factory or (
            lambda session_id: DuplicateDetector.from_settings(session_id=session_id)
        )
        self._turns: dict[str, _Turn] = {}

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        try:
            if is_structured_answer(llm_response.custom_metadata,
                                    callback_context.invocation_id):
                return None  # JSON a tool asked its model for: code parses it, no one reads it
            turn = self._turn(callback_context)
            return turn.responses.filter(llm_response, author=callback_context.agent_name).response
        except Exception as err:
            found = self._turns.get(callback_context.invocation_id)
            if found is not None:
                found.detector.index.record_error(err, "plugin")
            else:
                log.exception("duplicate filter failed; response passed unchanged")
            return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self._turns.pop(invocation_context.invocation_id, None)

    def _turn(self, ctx: CallbackContext) -> _Turn:
        turn = self._turns.get(ctx.invocation_id)
        if turn is None:
            turn = _Turn(self._factory(ctx.session.id), ctx, self._also)
            self._turns[ctx.invocation_id] = turn
        # A later model call of the turn (after a tool call) sees the state that call sees.
        turn.context = ctx
        return turn

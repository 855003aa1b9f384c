"""`TextFilterPlugin`: any chain of text filters over every model response of an app.

Register it on an `App` (`App(..., plugins=[TextFilterPlugin(raw_output_links)])`): each model
call's partial and final responses go through a `ResponseFilter` whose chain the `links`
factory makes from that call's callback context. `raw_output_links` is the chain that keeps
JSON, tool results, state keys, tracebacks and the app's own identity and identifiers out of
replies (`draftguard.reply_guard`); an app that already runs a chain (the planner's
`DuplicateFilterPlugin(also=...)`) adds `raw_output_filter(ctx)` to its links instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from google.adk.agents.base_agent import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin

from draftguard.reply_guard import RawOutputFilter
from draftguard_adk.agents._provenance import is_structured_answer
from draftguard_adk.agents._response_filter import ResponseFilter, TextFilter

__all__ = ["LinkFactory", "TextFilterPlugin", "internal_names", "raw_output_filter",
           "raw_output_links"]

log = logging.getLogger("draftguard_adk.agents.text_filter_plugin")

#: The filters for one model call, from that call's callback context.
LinkFactory = Callable[[CallbackContext], Sequence[TextFilter]]


def internal_names(ctx: CallbackContext) -> set[str]:
    """The names of the app's agents and their tools: the app's own, never a person's words."""
    names: set[str] = set()
    current = ctx.get_invocation_context().agent
    if not isinstance(current, BaseAgent):
        return names
    agents: list[BaseAgent] = [current.root_agent]
    while agents:
        agent = agents.pop()
        names.add(agent.name)
        agents.extend(agent.sub_agents)
        for tool in getattr(agent, "tools", None) or []:
            name = getattr(tool, "name", None) or getattr(tool, "__name__", None)
            if isinstance(name, str):
                names.add(name)
    return names


def raw_output_filter(ctx: CallbackContext) -> RawOutputFilter:
    """The raw-output guard for one model call, knowing the app's own names."""
    return RawOutputFilter(internal_names=internal_names(ctx))


def raw_output_links(ctx: CallbackContext) -> Sequence[TextFilter]:
    """The raw-output guard, alone."""
    return [raw_output_filter(ctx)]


class TextFilterPlugin(BasePlugin):
    """Runs every model response of the app through a chain of text filters."""

    def __init__(self, links: LinkFactory = raw_output_links, *,
                 name: str = "text_filter") -> None:
        super().__init__(name=name)
        self._links = links
        self._turns: dict[str, tuple[ResponseFilter, list[CallbackContext]]] = {}

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        try:
            if is_structured_answer(llm_response.custom_metadata,
                                    callback_context.invocation_id):
                return None  # JSON a tool asked its model for: code parses it, no one reads it
            turn = self._turns.get(callback_context.invocation_id)
            if turn is None:
                holder: list[CallbackContext] = [callback_context]
                turn = (ResponseFilter(lambda: self._links(holder[0])), holder)
                self._turns[callback_context.invocation_id] = turn
            turn[1][0] = callback_context
            return turn[0].filter(llm_response, author=callback_context.agent_name).response
        except Exception:
            log.exception("text filter failed; response passed unchanged")
            return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self._turns.pop(invocation_context.invocation_id, None)

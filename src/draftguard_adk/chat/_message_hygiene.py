"""`MessageHygienePlugin`: a message that cannot be read safely is answered where it enters.

ADK stores the user's message in the session before any agent runs, so a lone surrogate
would fail there (no UTF-8 holds it: HTTP 500 under `adk api_server`), and a message that is
only zero-width characters or holds bidi controls would reach the readers and the tools.
The plugin checks the message as it arrives (`draftguard.textio._message_text`): the
stored copy has any lone surrogate replaced by U+FFFD, and the run ends before any agent
with a clear reply. Nothing reaches a reader, a tool or a model.
"""

from __future__ import annotations

from collections import OrderedDict

from google.adk.agents.invocation_context import InvocationContext
from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types

from draftguard.textio._message_text import message_problem

__all__ = ["MessageHygienePlugin"]

#: Invocations whose reply the plugin holds between the two callbacks (a run that fails in
#: between leaves its entry behind; the oldest go first).
_MAX_HELD = 1024


def _storable(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8") if not text.isascii() else text


class MessageHygienePlugin(BasePlugin):
    """Answers a message with a lone surrogate, only invisible characters, or bidi controls."""

    def __init__(self, *, name: str = "message_hygiene") -> None:
        super().__init__(name=name)
        self._replies: OrderedDict[str, str] = OrderedDict()

    async def on_user_message_callback(
        self, *, invocation_context: InvocationContext, user_message: types.Content
    ) -> types.Content | None:
        text = "".join(p.text for p in user_message.parts or [] if p.text)
        problem = message_problem(text)
        if problem is None:
            return None
        self._replies[invocation_context.invocation_id] = problem
        while len(self._replies) > _MAX_HELD:
            self._replies.popitem(last=False)
        parts = [p.model_copy(update={"text": _storable(p.text)}) if p.text else p
                 for p in user_message.parts or []]
        return user_message.model_copy(update={"parts": parts})

    async def before_run_callback(
        self, *, invocation_context: InvocationContext
    ) -> types.Content | None:
        reply = self._replies.pop(invocation_context.invocation_id, None)
        if reply is None:
            return None
        return types.Content(role="model", parts=[types.Part(text=reply)])

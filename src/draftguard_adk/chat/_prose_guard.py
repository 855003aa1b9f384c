"""The prose guard's place in an app: a small model's words in a turn no tool ran.

`prose_guard_links(fallback=..., agents=...)` is a link factory for a `TextFilterPlugin` (or a
chain an app already runs): for a model call of one of `agents` whose model is small
(`ModelProfile.small`), in an invocation where no tool was called, it gives a
`draftguard.prose_guard.ProseGuard` over that reply, knowing the person's message and what
they wrote before; for any
other call, no link. A capable model's replies pass as they did.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext

from draftguard.prose_guard import ProseGuard
from draftguard_adk.llm import model_profile

__all__ = ["prose_guard_links"]


def _message(ctx: CallbackContext) -> str:
    content = ctx.user_content
    if content is None:
        return ""
    return "".join(p.text for p in content.parts or [] if p.text and not p.thought)


#: The person's earlier messages a reply is held against, at most (the newest).
_MAX_EARLIER = 20


def _earlier(ctx: CallbackContext) -> list[str]:
    """What the person wrote before this message (a post pasted among it)."""
    texts = [
        "".join(p.text for p in e.content.parts or [] if p.text and not p.thought)
        for e in ctx.get_invocation_context().session.events
        if e.author == "user" and e.invocation_id != ctx.invocation_id and e.content]
    return [t for t in texts if t][-_MAX_EARLIER:]


def _no_tool_ran(ctx: CallbackContext) -> bool:
    events = ctx.get_invocation_context().session.events
    return not any(e.invocation_id == ctx.invocation_id and e.get_function_calls()
                   for e in events)


def _small(ctx: CallbackContext) -> bool:
    agent = ctx.get_invocation_context().agent
    return isinstance(agent, LlmAgent) and model_profile(agent.canonical_model).small


def prose_guard_links(*, fallback: str, agents: Iterable[str]
                      ) -> Callable[[CallbackContext], Sequence[ProseGuard]]:
    """The prose guard for `agents`' no-tool replies on a small model; `fallback` is the
    app's true line for a reply with nothing left."""
    names = frozenset(agents)

    def links(ctx: CallbackContext) -> Sequence[ProseGuard]:
        if ctx.agent_name not in names or not _small(ctx) or not _no_tool_ran(ctx):
            return []
        return [ProseGuard(_message(ctx), fallback=fallback, earlier=_earlier(ctx))]

    return links

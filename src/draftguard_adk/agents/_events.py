"""The one builder of the events our own agents yield: checkers, verdicts, progress."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event, EventActions
from google.genai import types

__all__ = ["checker_event"]


def checker_event(
    agent: BaseAgent,
    ctx: InvocationContext,
    text: str | None = None,
    *,
    state: Mapping[str, Any] | None = None,
    route: str | None = None,
    escalate: bool = False,
    metadata: Mapping[str, Any] | None = None,
) -> Event:
    """An event from `agent` in this invocation: `text` for people (none when empty), a
    `state` delta, the `route` taken (`ROUTE_VALID`, `ROUTE_RETRY`, ...) and whether it
    `escalate`s, which ends the enclosing LoopAgent."""
    return Event(
        invocation_id=ctx.invocation_id,
        author=agent.name,
        branch=ctx.branch,
        content=types.Content(role="model", parts=[types.Part(text=text)]) if text else None,
        custom_metadata=dict(metadata) if metadata else None,
        actions=EventActions(
            state_delta=dict(state or {}), route=route, escalate=True if escalate else None
        ),
    )

"""Shared agent plumbing: loop and sequence agents, routes, checker events, user text, the
response filter plugins and invokers share, and the argument guard plugin."""

from __future__ import annotations

from draftguard_adk.agents._apps import AGENTS_DIR, agents_dir, app_runner, claim_for_app
from draftguard_adk.agents._argument_guard import (
    ArgumentGuardPlugin,
    ArgumentRule,
    CallCheck,
    Refusal,
    honours_dropped_arguments,
)
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._notes import TurnNotes
from draftguard_adk.agents._response_filter import (
    FilterChain,
    FilteredResponse,
    ResponseFilter,
    SnapshotAware,
    TextFilter,
)
from draftguard_adk.agents._text import content_text, session_user_text, user_text
from draftguard_adk.agents._text_filter_plugin import (
    LinkFactory,
    TextFilterPlugin,
    raw_output_links,
)
from draftguard_adk.agents._workflow import (
    ROUTE_RETRY,
    ROUTE_VALID,
    GuardedLoopAgent,
    GuardedSequentialAgent,
    loop_agent,
    sequential_agent,
)

__all__ = [
    "AGENTS_DIR",
    "ROUTE_RETRY",
    "ROUTE_VALID",
    "ArgumentGuardPlugin",
    "ArgumentRule",
    "CallCheck",
    "FilterChain",
    "FilteredResponse",
    "GuardedLoopAgent",
    "GuardedSequentialAgent",
    "LinkFactory",
    "Refusal",
    "ResponseFilter",
    "SnapshotAware",
    "TextFilter",
    "TextFilterPlugin",
    "TurnNotes",
    "agents_dir",
    "app_runner",
    "checker_event",
    "claim_for_app",
    "content_text",
    "honours_dropped_arguments",
    "loop_agent",
    "raw_output_links",
    "sequential_agent",
    "session_user_text",
    "user_text",
]

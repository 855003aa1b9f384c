"""Shared agent plumbing: loop and sequence agents, routes, checker events, user text, the
response filter plugins and invokers share, and the argument guard plugin."""

from __future__ import annotations

from draftguard_adk.agents._argument_guard import (
    ArgumentGuardPlugin,
    ArgumentRule,
    CallCheck,
    Refusal,
)
from draftguard_adk.agents._response_filter import TextFilter
from draftguard_adk.agents._text import content_text
from draftguard_adk.agents._text_filter_plugin import TextFilterPlugin

__all__ = [
    "ArgumentGuardPlugin",
    "ArgumentRule",
    "CallCheck",
    "Refusal",
    "TextFilter",
    "TextFilterPlugin",
    "content_text",
]

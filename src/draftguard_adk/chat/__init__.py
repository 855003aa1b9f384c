"""The conversation layer: commands and clear intents answered by code before any model."""

from __future__ import annotations

from draftguard_adk.chat._router import (
    Action,
    Call,
    CommandRouter,
    Formatter,
    Handler,
    ModelTurn,
    Prose,
    Reply,
    Steps,
    Transfer,
    Understand,
)

__all__ = [
    "Action",
    "Call",
    "CommandRouter",
    "Formatter",
    "Handler",
    "ModelTurn",
    "Prose",
    "Reply",
    "Steps",
    "Transfer",
    "Understand",
]

"""The conversation layer: commands and clear intents answered by code before any model."""

from __future__ import annotations

from draftguard_adk.chat._router import (
    PENDING_CALL_KEY,
    QUEUE_KEY,
    Action,
    Call,
    CommandRouter,
    Formatter,
    Handler,
    Reply,
    Steps,
    Transfer,
    Understand,
)

__all__ = [
    "PENDING_CALL_KEY",
    "QUEUE_KEY",
    "Action",
    "Call",
    "CommandRouter",
    "Formatter",
    "Handler",
    "Reply",
    "Steps",
    "Transfer",
    "Understand",
]

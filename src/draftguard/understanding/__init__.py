"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. Both apps read every message through it before any model.
"""

from __future__ import annotations

from draftguard.understanding._types import Conversation, Intent, Interpretation, Reading

__all__ = ["Conversation", "Intent", "Interpretation", "Reading"]

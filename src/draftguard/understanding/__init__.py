"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. Both apps read every message through it before any model.
"""

from __future__ import annotations

from draftguard.understanding._types import Conversation, Intent, Interpretation, Reading

__all__ = ["Conversation", "Intent", "Interpretation", "Reading"]

# --- the blogger (issue 16) ------------------------------------------------------------------
from draftguard.understanding._blogger import (
    BLOGGER_COMMANDS,
    BloggerConversation,
    closest_reply,
)
from draftguard.understanding._edit_words import (
    EDIT_USAGE,
    EditRequest,
    parse_edit_request,
)
from draftguard.understanding._locate import Located, PostView, Span

__all__ += [
    "BLOGGER_COMMANDS",
    "EDIT_USAGE",
    "BloggerConversation",
    "EditRequest",
    "Located",
    "PostView",
    "Span",
    "closest_reply",
    "parse_edit_request",
]

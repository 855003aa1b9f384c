"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. Both apps read every message through it before any model.
"""

from __future__ import annotations

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
from draftguard.understanding._planner import (
    PlannerConversation,
    PlannerState,
    enough_to_search,
)
from draftguard.understanding._planner_slots import PlannerVocabulary, read_slots
from draftguard.understanding._types import Conversation, Intent, Interpretation, Reading

__all__ = [
    "BLOGGER_COMMANDS",
    "EDIT_USAGE",
    "BloggerConversation",
    "Conversation",
    "EditRequest",
    "Intent",
    "Interpretation",
    "Located",
    "PlannerConversation",
    "PlannerState",
    "PlannerVocabulary",
    "PostView",
    "Reading",
    "Span",
    "closest_reply",
    "enough_to_search",
    "parse_edit_request",
    "read_slots",
]

"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. Both apps read every message through it before any model.
"""

from __future__ import annotations

from draftguard.understanding._blogger import BLOGGER_COMMANDS, BloggerConversation
from draftguard.understanding._planner import PlannerConversation, PlannerState, enough_to_search
from draftguard.understanding._planner_slots import PlannerVocabulary, read_slots
from draftguard.understanding._types import Intent, Interpretation, Reading

__all__ = [
    "BLOGGER_COMMANDS",
    "BloggerConversation",
    "Intent",
    "Interpretation",
    "PlannerConversation",
    "PlannerState",
    "PlannerVocabulary",
    "Reading",
    "enough_to_search",
    "read_slots",
]

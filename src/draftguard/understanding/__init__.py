"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. Both apps read every message through it before any model.
"""

from __future__ import annotations

# The planner's side (issue 16).
from draftguard.understanding._planner import (
    PlannerConversation,
    PlannerState,
    enough_to_search,
)
from draftguard.understanding._planner_slots import PlannerVocabulary, read_slots
from draftguard.understanding._types import Conversation, Intent, Interpretation, Reading

__all__ = ["Conversation", "Intent", "Interpretation", "Reading"]
__all__ += ["PlannerConversation", "PlannerState", "PlannerVocabulary", "enough_to_search",
            "read_slots"]

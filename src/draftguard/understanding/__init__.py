"""The understanding layer: a message, given the conversation so far, as typed requests.

Framework-free and model-free. The core keeps the generic reading machinery (the types, a
reader's memory, quotations masked for the parser, clause frames on the parse, locating in a
post, confidence and questions); each app keeps its own intents, lexicon and readers
(`blogger/reading.py`, the planner's in `_planner*.py`).
"""

from __future__ import annotations

from draftguard.understanding._planner import PlannerConversation, PlannerState, enough_to_search
from draftguard.understanding._planner_slots import (
    MeaningReader,
    PlannerVocabulary,
    SlotHints,
    read_slots,
)
from draftguard.understanding._types import Intent, Interpretation, Memory, Read, Reading

__all__ = [
    "Intent",
    "Interpretation",
    "MeaningReader",
    "Memory",
    "PlannerConversation",
    "PlannerState",
    "PlannerVocabulary",
    "Read",
    "Reading",
    "SlotHints",
    "enough_to_search",
    "read_slots",
]

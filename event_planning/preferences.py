"""Search preferences read from one message by code, and when they are enough to search.

Only what the message states without doubt is read: one cuisine, one neighbourhood, one price
level, one party size, one day. Two cuisines ("Italian or Thai?") leave the cuisine out. The
conversation over several turns (corrections, "the second one") is
`event_planning.conversation`; both read with the core's `read_slots`. No ADK here.
"""

from __future__ import annotations

from datetime import date as Date
from typing import Any

from draftguard.understanding import enough_to_search, read_slots
from event_planning.conversation import vocabulary

__all__ = ["names_enough", "stated_preferences"]


def stated_preferences(text: str, *, today: Date) -> dict[str, Any]:
    """search_venues arguments the message states, each only when it names exactly one."""
    return read_slots(text, vocabulary(), today=today).values


def names_enough(prefs: dict[str, Any]) -> bool:
    """What to eat and where, or one of them plus for how many or when: then a search is
    what the user wants, and the planner runs it by code instead of hoping a model calls
    the tool."""
    return enough_to_search(prefs)

"""Search preferences read from the user's message by code, and when they are enough to search.

Only what the message states without doubt is read: one cuisine, one neighbourhood, one price
level, one party size, one day. Two cuisines ("Italian or Thai?") leave the cuisine out, and
the model, as before, handles the message. No ADK here.
"""

from __future__ import annotations

from datetime import date as Date
from typing import Any

from draftguard.grounding import dollar_levels, stated_count, stated_day
from event_planning.argument_grounding import CUISINES, NEIGHBORHOODS, PRICE_WORDS_ONLY

__all__ = ["PARTY_LEAD_INS", "PARTY_NOUNS", "names_enough", "stated_preferences"]

PARTY_NOUNS = ("people", "persons", "guests", "friends", "of us", "adults", "colleagues",
               "coworkers", "diners", "pax", "person")
PARTY_LEAD_INS = ("party of", "group of", "table for", "dinner for", "lunch for",
                  "reservation for", "booking for", "for")


def _one(found: list[str]) -> str | None:
    return found[0] if len(found) == 1 else None


def stated_preferences(text: str, *, today: Date) -> dict[str, Any]:
    """search_venues arguments the message states, each only when it names exactly one."""
    prefs: dict[str, Any] = {}
    if cuisine := _one(CUISINES.mentioned(text)):
        prefs["cuisine"] = cuisine
    if hood := _one(NEIGHBORHOODS.mentioned(text)):
        prefs["neighborhood"] = hood
    levels = dollar_levels(text)
    if len(levels) == 1 and (level := levels.pop()) <= 4:
        prefs["price_level"] = "$" * level
    elif not levels and (price := _one(PRICE_WORDS_ONLY.mentioned(text))):
        prefs["price_level"] = price
    size = stated_count(text, nouns=PARTY_NOUNS, lead_ins=PARTY_LEAD_INS)
    if size is not None and size >= 1:
        prefs["party_size"] = size
    if (day := stated_day(text, today=today)) is not None:
        prefs["date"] = day.isoformat()
    return prefs


def names_enough(prefs: dict[str, Any]) -> bool:
    """What to eat or where, plus for how many or when: then a search is what the user wants,
    and the planner runs it by code instead of hoping a model calls the tool."""
    return bool(({"cuisine", "neighborhood"} & prefs.keys())
                and ({"party_size", "date"} & prefs.keys()))

"""Weekdays and calendar words in a planner message: the day a venue must be open ("open on
Mondays", "which ones open sundays"), and the words that name a date, never a dish."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["CALENDAR_WORDS", "WEEKDAYS", "open_day"]

WEEKDAYS = {name.lower(): name.lower() for name in calendar.day_name}
CALENDAR_WORDS = frozenset({*WEEKDAYS, *(m.lower() for m in calendar.month_name if m),
                            *(m.lower() for m in calendar.month_abbr if m)})


def open_day(doc: Doc, terms: list[Any]) -> str | None:
    """The weekday a venue must be open ("open on Mondays", "which ones open sundays", "one
    that isn't closed on sundays": a closed day denied)."""
    if not any(t.concept == "open.open" or (t.concept == "open.closed" and _denied(doc[t.start]))
               for t in terms):
        return None
    days = {WEEKDAYS.get(t.lemma_.lower()) or WEEKDAYS.get(t.lower_.rstrip("s"))
            for t in doc}
    days.discard(None)
    return next(iter(days)) if len(days) == 1 else None


def _denied(token: Token) -> bool:
    """`token`, the verb it hangs from or their auxiliaries carry a negation ("isn't
    closed")."""
    near = [token, token.head, *(c for t in (token, token.head) for c in t.children
                                 if c.dep_ in ("aux", "auxpass"))]
    return any(c.dep_ == "neg" for t in near for c in t.children)

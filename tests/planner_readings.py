"""The planner reader's answer to a conversation, as tests assert on it."""

from __future__ import annotations

from typing import Any

from event_planning.conversation import new_conversation


def last_reading(today: str, *said: str) -> list[tuple[str, dict[str, Any], bool]]:
    """Each message of `said` read and committed in turn (a conversation on `today`); the
    last one's requests as (intent, slots, whether it is a question)."""
    conversation = new_conversation(today)
    out: list[tuple[str, dict[str, Any], bool]] = []
    for text in said:
        reading = conversation.read(text)
        out = [(r.intent.value, dict(r.slots), r.question is not None)
               for r in reading.requests]
        conversation.commit(reading)
    return out

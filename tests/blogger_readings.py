"""The blogger reader's answer to one message, and the parts of it a test asserts on."""

from __future__ import annotations

from blogger.reading import read_message
from draftguard.understanding import Intent, Memory, Reading


def reading_of(post: str | None, message: str, memory: Memory | None = None) -> Reading:
    """What the reader makes of `message` about `post` (after `memory`)."""
    return read_message(message, post=post, memory=memory).reading


def edit_ops(reading: Reading) -> list[dict[str, object]]:
    """The ops of the one edit `reading` acts on (it must be exactly that)."""
    assert len(reading.requests) == 1, reading
    request = reading.requests[0]
    assert request.intent is Intent.EDIT and request.question is None, request
    ops = request.slots["ops"]
    assert isinstance(ops, list)
    return ops


def acted_on(reading: Reading) -> list[tuple[Intent, dict[str, object]]]:
    """The requests `reading` acts on (those that ask nothing), with their slots."""
    return [(r.intent, r.slots) for r in reading.requests if r.question is None]

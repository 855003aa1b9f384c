"""Requests beyond the planner's tools ("can you book us a table?", "ring the second one"):
answered with what the app can do, never acted on."""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.understanding._planner_meant import ask
from draftguard.understanding._planner_words import (
    WordTable,
    asks_unsupported_act,
    looks_like_request,
)
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["beyond_tools"]

_ABOUT_VENUES = frozenset({Intent.PICK, Intent.SHORTLIST, Intent.COMPARE})


def beyond_tools(requests: Sequence[Interpretation], text: str, words: WordTable, *,
                 acted: bool, capabilities: str, parsed: bool) -> list[Interpretation]:
    """`requests` with what the app can do (`capabilities`) instead of what no tool does:
    booking or dietary needs asked about alone; an act on a venue (`acted`, or the verb's,
    read only when the text is `parsed`), whose venue requests are dropped ("book the first
    one for friday": Friday is kept)."""
    cannot = ask(Intent.UNCLEAR, capabilities, confidence=0.0)
    if words.says("unsupported", text) and all(
            r.question or r.intent is Intent.PICK for r in requests):
        return [cannot]
    if requests and parsed and (acted or asks_unsupported_act(words, text)):
        return [*(r for r in requests if r.intent not in _ABOUT_VENUES), cannot]
    if not requests and looks_like_request(words, text):
        return [cannot]
    return list(requests)

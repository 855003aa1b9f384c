"""Requests beyond the planner's tools ("can you book us a table?", "ring the second one"):
answered with what the app can do, never acted on."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from draftguard.understanding._planner_meant import ask
from draftguard.understanding._planner_venues import asks, references
from draftguard.understanding._planner_words import (
    WordTable,
    asks_unsupported_act,
    looks_like_request,
)
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["DEFAULT_WORLD_MARGIN", "DEFAULT_WORLD_SCORE", "asks_about_world", "beyond_tools"]

#: A question is about the city or the world, not a wish for a place, when the app's
#: `world` example questions are this near (cosine) ...
DEFAULT_WORLD_SCORE = 0.38
#: ... and this far ahead of its examples of asking for places (`search`), about a venue
#: (`pick`, `act`) or about the results (`compare`, `plan`).
DEFAULT_WORLD_MARGIN = 0.1
_RIVALS = ("search", "pick", "act", "compare", "plan")

_ABOUT_VENUES = frozenset({Intent.PICK, Intent.SHORTLIST, Intent.COMPARE})


def beyond_tools(requests: Sequence[Interpretation], text: str, words: WordTable, *,
                 acted: bool, capabilities: str, parsed: bool,
                 parts: Sequence[str] = ()) -> list[Interpretation]:
    """`requests` with what the app can do (`capabilities`) instead of what no tool does:
    booking or dietary needs asked about alone; an act on a venue (`acted`, or the verb's,
    read only when the text is `parsed`), whose venue requests are dropped ("book the first
    one for friday": Friday is kept), unless the act is asked in a part of its own (of
    `parts`) that points at no venue: "can u pay the deposit? and which of the two is
    cheaper" is the comparison, then what the app can do."""
    cannot = ask(Intent.UNCLEAR, capabilities, confidence=0.0)

    def apart(test: Callable[[str], bool]) -> bool:
        """No part that `test` finds points at a venue ("it", "the second one")."""
        return bool(requests) and not acted and len(parts) > 1 and not any(
            test(p) and (words.says("it", p) or references(p)) for p in parts)

    if words.says("unsupported", text) and all(
            r.question or r.intent is Intent.PICK for r in requests):
        return [*requests, cannot] if apart(lambda p: words.says("unsupported", p)) \
            else [cannot]
    if requests and parsed and (acted or asks_unsupported_act(words, text)):
        if apart(lambda p: asks_unsupported_act(words, p)):
            return [*requests, cannot]
        # Nor a new search: "book the first one for 7" asks for a booking, and its "for 7"
        # (a time or a party) must not silently search again with the party changed.
        return [*(r for r in requests if r.intent not in _ABOUT_VENUES
                  and r.intent is not Intent.SEARCH), cannot]
    if not requests and looks_like_request(words, text):
        return [cannot]
    return list(requests)


def asks_about_world(examples: Callable[[str], Sequence[tuple[str, float]]] | None, rest: str,
                     *, world_score: float = DEFAULT_WORLD_SCORE,
                     world_margin: float = DEFAULT_WORLD_MARGIN,
                     words: WordTable | None = None) -> bool:
    """A question about the city or the world ("how old is the Liberty Bell?", "was the
    cheesesteak born in South Philly?", "whats the best way to get to old city from the
    station": a "?" or a question's first word, `asks`): what it names (a place, a dish) is
    no preference. Read by similarity to the app's `world` example questions against its
    other examples; an app without them never says so. A question of a journey (`words`'
    `origin` and `journey`: "how far is it from the airport") is one, whatever it names. A
    question with no verb ("indian in east passyunk?") is a terse request, never about the
    world."""
    if words is not None and asks(rest, words) and words.says("origin", rest) and \
            words.says("journey", rest):
        return True  # "how do we get to chinatown from 30th street station"
    if examples is None or not asks(rest) or not _has_verb(rest):
        return False
    scores = dict(examples(rest))
    if "world" not in scores:
        return False
    rival = max(scores.get(label, 0.0) for label in _RIVALS)
    return scores["world"] >= world_score and scores["world"] - rival >= world_margin


def _has_verb(text: str) -> bool:
    from draftguard.language import parse

    return any(t.pos_ in ("VERB", "AUX") for t in parse(text, entities=False))

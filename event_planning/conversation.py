"""The planner's conversation, built from the catalogue's vocabulary. No ADK, no model.

`new_conversation` is what the app's router and the understanding dev set read messages with;
`vocabulary` is the catalogue's words (cuisines, neighbourhoods, price words, venue names) for
the core's `PlannerConversation`, which knows no venues of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date as Date
from functools import cache
from typing import Any

from draftguard.language import language_installed
from draftguard.understanding import PlannerConversation, PlannerState, PlannerVocabulary
from event_planning.argument_grounding import CUISINE_NAMES, NEIGHBORHOOD_NAMES, PRICE_NAMES
from event_planning.catalog import Cuisine, Neighborhood, Venue, Wanted, load_catalog
from event_planning.descriptions import described_by
from event_planning.glossary import words_asked_about
from event_planning.intents import CAPABILITIES, read_by_example
from event_planning.meaning import read_meaning
from event_planning.word_table import request_words, spellings

__all__ = ["catalogue_search", "new_conversation", "ranked", "vocabulary"]


@cache
def vocabulary() -> PlannerVocabulary:
    """The bundled catalogue's words (built once)."""
    labels = {**{c.value: c.label for c in Cuisine}, **{n.value: n.label for n in Neighborhood}}
    return PlannerVocabulary(
        cuisines=CUISINE_NAMES,
        neighbourhoods=NEIGHBORHOOD_NAMES,
        price_words=PRICE_NAMES,
        venues=tuple(v.name for v in load_catalog()),
        labels=labels,
        meaning=read_meaning,
        request_words=request_words(),
        # the core's nouns for people, and the lexicon's ("a dozen blokes")
        party_nouns=(*PlannerVocabulary.party_nouns, *request_words().get("people", ())),
        spellings=spellings(),
    )


@cache
def _warm_up() -> None:
    """The reader's example tables embedded once, before the first message (no read pays
    for them); without the language layer, nothing."""
    if language_installed():
        read_meaning.warm_up()
        read_by_example("dinner")


def catalogue_search(preferences: Mapping[str, Any]) -> list[str]:
    """The names of the venues `search_venues` would return for `preferences`, in order."""
    venues = Wanted.of(preferences).search()
    return [v.name for v in venues]


#: What a venue records of each feature a result can be named by ("the BYOB one").
_HAS: dict[str, Any] = {"byob": lambda v: v.byob, "outdoor": lambda v: v.outdoor_seating,
                        "wheelchair": lambda v: v.wheelchair_accessible,
                        "private_room": lambda v: bool(v.private_room_seats)}


def ranked(names: Sequence[str], by: str) -> list[list[str]]:
    """`names` ranked by price (cheapest first) or size (most seats first), as tiers of
    venues level on that measure, in the order the comparison's reply lists them; by a
    feature ("byob", "outdoor", ...), one tier of those that have it; by other words ("peking
    duck"), one tier of those whose record says them (`described_by`); none: no tier."""
    venues = {v.name: v for v in load_catalog()}
    known = [venues[n] for n in names if n in venues]
    if by in _HAS or by not in ("price", "size"):
        having = [v.name for v in known if _HAS[by](v)] if by in _HAS \
            else described_by(known, by)
        return [having] if having else []

    def key(v: Venue) -> int:
        return v.price_level if by == "price" else -v.seats

    tiers: dict[int, list[str]] = {}
    for v in sorted(known, key=lambda v: (key(v), v.name)):
        tiers.setdefault(key(v), []).append(v.name)
    return list(tiers.values())


def new_conversation(
    today: str = "", *, state: PlannerState | None = None, searching: bool = True
) -> PlannerConversation:
    """A planner conversation; `today` (YYYY-MM-DD, default: the real today) reads relative
    days such as "next Friday". `searching=False`: committing a search does not run it (the
    app's tool runs it once, and its results come back with the next turn's state)."""
    day = Date.fromisoformat(today) if today else Date.today()
    _warm_up()
    return PlannerConversation(vocabulary(), today=day,
                               search=catalogue_search if searching else None,
                               state=state, examples=read_by_example,
                               capabilities=CAPABILITIES, glossary=words_asked_about,
                               rank=ranked)

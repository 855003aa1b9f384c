"""What a planner conversation remembers between messages (`PlannerState`), when there is
enough to search, and how a reading acted on changes what it remembers (`remember`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from draftguard.understanding._types import Intent, Reading

__all__ = ["FEATURE_NAMES", "PlannerState", "SearchFunction", "enough_to_search", "remember"]

#: The search a conversation runs when it commits one (preferences -> venue names, in order).
SearchFunction = Callable[[Mapping[str, Any]], Sequence[str]]


class PlannerState(BaseModel):
    """What the conversation remembers between messages (JSON, for session state)."""

    preferences: dict[str, Any] = Field(default_factory=dict)
    #: The last search's venues, in the order shown (what "the second one" means).
    results: list[str] = Field(default_factory=list)
    searched: bool = False
    picked: str | None = None
    shortlist: list[str] = Field(default_factory=list)
    #: The intent a clarifying question left open ("add it" - "which one?" - "the second").
    pending: str | None = None
    #: The last venue request acted on, for "and that one too".
    last: str | None = None
    #: The preference a question asked about ("Which one: Japanese or Indian?") and the
    #: others its message stated, kept for the answer ("japanese" then searches with them).
    asking: str | None = None
    held: dict[str, Any] = Field(default_factory=dict)
    #: The values that question offered, in order ("Which day: Sunday 27 December or
    #: Monday 28 December?": "the second", "monday" picks one).
    offered: list[str] = Field(default_factory=list)


#: Preferences that say what kind of place (besides the cuisine): the catalogue's features.
FEATURE_NAMES = frozenset({"byob", "outdoor", "wheelchair", "private_room", "open_on"})


def enough_to_search(preferences: Mapping[str, Any]) -> bool:
    """What to eat (or what kind of place) and where, or one of them plus for how many or
    when."""
    what = bool({"cuisine", *FEATURE_NAMES} & preferences.keys())
    where = "neighborhood" in preferences
    other = bool({"party_size", "date"} & preferences.keys())
    return (what and where) or ((what or where) and other)


def remember(state: PlannerState, reading: Reading, *,
             search: SearchFunction | None = None) -> None:
    """Remember what the app acted on. A question acts on nothing, but remembers what it
    asked about: a search asked about keeps its preferences ("I'd search Steakhouse in
    Rittenhouse, but what do you mean by ...?": the next change searches with them), a
    preference asked about holds the others for the answer."""
    state.pending = state.asking = None
    state.held = {}
    state.offered = []
    for request in reading.requests:
        if request.question is not None:
            if request.intent is Intent.SHORTLIST:
                state.pending = request.intent.value
            if request.intent is Intent.SEARCH:
                _keep(state, request.slots)
                wanted = [n for c in request.candidates for n, v in c.slots.items() if v is None]
                if wanted:  # "Which neighbourhood do you mean by ...?": the answer searches
                    state.asking, state.held = wanted[0], dict(request.slots)
            elif request.intent is Intent.PREFERENCES and request.candidates:
                state.asking = next(iter(request.candidates[0].slots), None)
                state.held = dict(request.slots)
                state.offered = [str(c.slots.get(state.asking or "")) for c in
                                 request.candidates]
            continue
        slots = request.slots
        if request.intent is Intent.PREFERENCES:
            _keep(state, slots)
        elif request.intent is Intent.SEARCH:
            state.preferences = dict(slots)
            state.searched = True
            state.picked = None
            if search is not None:
                state.results = list(search(slots))
        elif request.intent is Intent.PICK:
            state.picked = slots.get("venue")
            state.last = request.intent.value
        elif request.intent is Intent.SHORTLIST:
            venue = str(slots.get("venue"))
            state.picked = venue
            state.last = request.intent.value
            if slots.get("action") == "remove":
                state.shortlist = [v for v in state.shortlist if v != venue]
            elif venue not in state.shortlist:
                state.shortlist.append(venue)


def _keep(state: PlannerState, slots: Mapping[str, Any]) -> None:
    """Preferences changed: a value set, `None` taken back."""
    for name, value in slots.items():
        if value is None:
            state.preferences.pop(name, None)
        else:
            state.preferences[name] = value

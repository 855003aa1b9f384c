"""The planner's tools. Each takes few arguments, mostly enums, so a small model can call them.

Preferences accumulate in session state: `search_venues(price_level="$$$")` after an Italian
search keeps the cuisine. `forget_preference` drops one; the shortlist is a list of venue ids.
"""

from __future__ import annotations

from datetime import date as Date
from enum import StrEnum
from typing import Any, Literal

from google.adk.sessions.state import State
from google.adk.tools.tool_context import ToolContext

from draftguard.grounding import parse_day
from event_planning.catalog import (
    Cuisine,
    Neighborhood,
    PriceLevel,
    Wanted,
    nearest,
    venue_by_id,
)
from event_planning.state_keys import (
    LAST_RESULTS_KEY,
    PREFERENCES_KEY,
    RESULTS_KEY,
    SHORTLIST_KEY,
)

__all__ = [
    "add_to_shortlist",
    "forget_preference",
    "plan_of",
    "plan_summary",
    "remember_results",
    "remove_from_shortlist",
    "search_venues",
    "shortlist_add",
    "shortlist_remove",
]

MAX_SHORTLIST = 10
MAX_RESULTS = 200

PreferenceName = Literal["cuisine", "price_level", "neighborhood", "party_size", "date", "byob",
                         "outdoor", "wheelchair", "private_room", "open_on"]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                  "sunday"]
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _preferences(tool_context: ToolContext) -> dict[str, Any]:
    return dict(tool_context.state.get(PREFERENCES_KEY) or {})


def remember_results(state: State, venue_ids: list[str]) -> None:
    """Venues an answer may now talk about (the grounding filter reads this)."""
    seen = list(state.get(RESULTS_KEY) or [])
    seen += [v for v in venue_ids if v not in seen]
    state[RESULTS_KEY] = seen[-MAX_RESULTS:]


def _remember_results(tool_context: ToolContext, venue_ids: list[str]) -> None:
    remember_results(tool_context.state, venue_ids)


def _error(message: str, **extra: Any) -> dict[str, Any]:
    return {"status": "error", "error": message, **extra}


def search_venues(
    tool_context: ToolContext,
    cuisine: Cuisine | None = None,
    price_level: PriceLevel | None = None,
    neighborhood: Neighborhood | None = None,
    party_size: int | None = None,
    date: str | None = None,
    byob: bool | None = None,
    outdoor: bool | None = None,
    wheelchair: bool | None = None,
    private_room: bool | None = None,
    open_on: Weekday | None = None,
) -> dict[str, Any]:
    """Find Philadelphia venues. Only pass what the user just said; earlier preferences are kept.

    Args:
      cuisine: kind of food, e.g. "italian".
      price_level: "$", "$$", "$$$" or "$$$$".
      neighborhood: e.g. "south_philly", "rittenhouse", "fishtown".
      party_size: number of guests.
      date: event date as YYYY-MM-DD.
      byob: true only if the user wants to bring their own drinks.
      outdoor: true only if the user wants outdoor seating.
      wheelchair: true only if the user needs wheelchair access.
      private_room: true only if the user wants a private room.
      open_on: a weekday the venue must be open, e.g. "monday".
    """
    prefs = _preferences(tool_context)
    error = _set_values(prefs, {"cuisine": cuisine, "price_level": price_level,
                                "neighborhood": neighborhood}, party_size, date)
    if error is not None:
        return error
    error = _set_features(prefs, {"byob": byob, "outdoor": outdoor, "wheelchair": wheelchair,
                                  "private_room": private_room}, open_on)
    if error is not None:
        return error
    tool_context.state[PREFERENCES_KEY] = prefs
    wanted_all = Wanted.of(prefs)
    venues = wanted_all.search()
    _remember_results(tool_context, [v.id for v in venues])
    tool_context.state[LAST_RESULTS_KEY] = [v.id for v in venues]
    result: dict[str, Any] = {
        "status": "ok",
        "preferences": prefs,
        "count": len(venues),
        "venues": [v.summary() for v in venues],
    }
    if not venues:
        _offer_alternatives(tool_context, result, wanted_all)
    return result


def _offer_alternatives(tool_context: ToolContext, result: dict[str, Any],
                        wanted: Wanted) -> None:
    """The nearest venues, each with the preferences it breaks: what the reply offers."""
    near = nearest(wanted)
    result["alternatives"] = [{**v.summary(), "breaks": broken} for v, broken in near]
    _remember_results(tool_context, [v.id for v, _ in near])
    # "the first one" after the reply means the first alternative it listed.
    tool_context.state[LAST_RESULTS_KEY] = [v.id for v, _ in near]
    result["hint"] = ("No venue fits all preferences; the alternatives break the fewest "
                      "(named in 'breaks'); call forget_preference to relax one.")


def _set_values(prefs: dict[str, Any], named: dict[str, str | None], party_size: int | None,
                date: str | None) -> dict[str, Any] | None:
    """The cuisine, price, neighbourhood, party size and date into `prefs`; an error result
    for a value the catalogue does not know."""
    kinds: dict[str, type[StrEnum]] = {"cuisine": Cuisine, "price_level": PriceLevel,
                                       "neighborhood": Neighborhood}
    try:
        for name, value in named.items():
            if value is not None:
                prefs[name] = kinds[name](value).value
    except ValueError as err:
        return _error(str(err), allowed={name: [v.value for v in kind]
                                         for name, kind in kinds.items()})
    if party_size is not None:
        if not 1 <= int(party_size) <= 500:
            return _error("party_size must be between 1 and 500")
        prefs["party_size"] = int(party_size)
    if date is not None:
        try:
            prefs["date"] = parse_day(date).isoformat()
        except ValueError:
            return _error(f"date {date!r} is not YYYY-MM-DD")
    return None


def _set_features(prefs: dict[str, Any], features: dict[str, bool | None],
                  open_on: str | None) -> dict[str, Any] | None:
    """The catalogue's features into `prefs` (true asks for one, false drops it); an error
    result for a day that is no weekday."""
    for name, wanted in features.items():
        if wanted:
            prefs[name] = True
        elif wanted is not None:
            prefs.pop(name, None)
    if open_on is not None:
        if str(open_on).lower() not in WEEKDAYS:
            return _error(f"open_on {open_on!r} is not a weekday", allowed=list(WEEKDAYS))
        prefs["open_on"] = str(open_on).lower()
    return None


def forget_preference(tool_context: ToolContext, name: PreferenceName) -> dict[str, Any]:
    """Drop one saved preference (cuisine, price_level, neighborhood, party_size, date, byob,
    outdoor, wheelchair, private_room or open_on)."""
    prefs = _preferences(tool_context)
    removed = prefs.pop(name, None)
    tool_context.state[PREFERENCES_KEY] = prefs
    return {"status": "ok", "removed": name if removed is not None else None, "preferences": prefs}


def add_to_shortlist(tool_context: ToolContext, venue_id: str) -> dict[str, Any]:
    """Save a venue (by its id from search_venues) to the user's shortlist."""
    return shortlist_add(tool_context.state, venue_id)


def shortlist_add(state: State, venue_id: str) -> dict[str, Any]:
    """`add_to_shortlist` on session state (the router adds a second venue this way)."""
    venue = venue_by_id(venue_id)
    if venue is None:
        return _error(f"no venue with id {venue_id!r}; use an id from search_venues")
    shortlist = list(state.get(SHORTLIST_KEY) or [])
    if venue.id not in shortlist:
        if len(shortlist) >= MAX_SHORTLIST:
            return _error(f"the shortlist holds at most {MAX_SHORTLIST} venues")
        shortlist.append(venue.id)
    state[SHORTLIST_KEY] = shortlist
    remember_results(state, [venue.id])
    return {"status": "ok", "added": venue.name, "shortlist": shortlist}


def remove_from_shortlist(tool_context: ToolContext, venue_id: str) -> dict[str, Any]:
    """Take a venue off the shortlist."""
    return shortlist_remove(tool_context.state, venue_id)


def shortlist_remove(state: State, venue_id: str) -> dict[str, Any]:
    """`remove_from_shortlist` on session state."""
    shortlist = list(state.get(SHORTLIST_KEY) or [])
    wanted = venue_id.strip().lower()
    if wanted not in shortlist:
        return _error(f"{venue_id!r} is not on the shortlist", shortlist=shortlist)
    shortlist.remove(wanted)
    state[SHORTLIST_KEY] = shortlist
    return {"status": "ok", "shortlist": shortlist}


def plan_summary(tool_context: ToolContext) -> dict[str, Any]:
    """The plan so far: preferences, shortlisted venues, and what is still missing."""
    return plan_of(tool_context.state)


def plan_of(state: State) -> dict[str, Any]:
    """`plan_summary` on session state."""
    prefs = dict(state.get(PREFERENCES_KEY) or {})
    venues = [venue_by_id(v) for v in state.get(SHORTLIST_KEY) or []]
    shortlisted = [v.summary() for v in venues if v is not None]
    remember_results(state, [str(v["id"]) for v in shortlisted])
    missing = [k for k in ("date", "party_size") if k not in prefs]
    if not shortlisted:
        missing.append("a shortlisted venue")
    if "date" in prefs:
        weekday = Date.fromisoformat(prefs["date"]).strftime("%A").lower()
        for v in shortlisted:
            if weekday in v["closed_on"]:  # type: ignore[operator]
                v["warning"] = f"closed on {weekday}s"
    size = prefs.get("party_size")
    if size:
        for v in shortlisted:
            if int(v["seats"]) < size:  # type: ignore[call-overload]
                v["warning"] = f"only {v['seats']} seats for {size} guests"
    return {
        "status": "ok",
        "preferences": prefs,
        "shortlist": shortlisted,
        "missing": missing,
        "ready": not missing,
    }

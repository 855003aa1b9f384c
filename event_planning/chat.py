"""The planner's conversation layer: searches the user's words ask for, run by code.

A message that names what to eat or where, and for how many or when ("Plan a dinner for 8
people, Italian food, $$$, in South Philly next Friday") is a search: the `CommandRouter`
calls `search_venues` with the preferences read by code, before any model, and writes the
reply from the catalogue. "Shortlist Bar Sorrento" (or `/shortlist NAME`) saves a venue by
its name, so no model has to copy an id. `/search TEXT`, `/plan` and `/help` work the same
way. Anything else goes to the model. A turn whose tool call lost arguments to grounding
ends with one "Ignored: ..." line (`show_ignored`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date as Date
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.genai import types

from draftguard.commands import Command, CommandSpec
from draftguard_adk.chat import Action, Call, CommandRouter, Reply
from event_planning.catalog import Cuisine, Neighborhood, venue_by_id
from event_planning.preferences import names_enough, stated_preferences
from event_planning.tools import NOTES
from event_planning.venue_grounding import catalogue_names

__all__ = ["PLANNER_COMMANDS", "build_router", "show_ignored"]

PLANNER_COMMANDS = [
    CommandSpec(name="search", usage="/search TEXT",
                summary="Search venues for what TEXT says (food, area, $, people, day)",
                free_text=True),
    CommandSpec(name="shortlist", usage="/shortlist VENUE",
                summary="Save a venue (by its name) to the shortlist", free_text=True),
    CommandSpec(name="plan", usage="/plan", summary="The plan so far and what is missing"),
    CommandSpec(name="help", usage="/help", summary="This list"),
]

INTRO = ("I plan group dinners in Philadelphia. Say what to eat or where, and for how many "
         "or when, e.g. \"Italian for 8 in South Philly on Friday\".")
NOTHING_STATED = ("Tell me what to eat or where (a cuisine or a neighbourhood), and for how "
                  "many people or when.")


_SHORTLIST_INTENT = re.compile(
    r"^\s*(?:please\s+)?(?:(?:add|save|put|keep)\s+(?P<name>.+?)\s+(?:to|on|in)\s+(?:my|the)"
    r"\s+short\s?list|short\s?list\s+(?P<name2>.+?))\s*(?:please)?\s*[.!]?\s*\Z",
    re.I | re.S,
)


def _describe(prefs: Mapping[str, Any]) -> str:
    parts: list[str] = []
    if "cuisine" in prefs:
        parts.append(Cuisine(prefs["cuisine"]).label)
    if "price_level" in prefs:
        parts.append(str(prefs["price_level"]))
    if "neighborhood" in prefs:
        parts.append(Neighborhood(prefs["neighborhood"]).label)
    if "party_size" in prefs:
        parts.append(f"{prefs['party_size']} people")
    if "date" in prefs:
        day = Date.fromisoformat(str(prefs["date"]))
        parts.append(f"{day:%A} {day.isoformat()}")
    return ", ".join(parts) or "no preferences"


def _venue_lines(venues: list[Mapping[str, Any]]) -> list[str]:
    lines = []
    for i, summary in enumerate(venues, 1):
        venue = venue_by_id(str(summary.get("id", "")))
        if venue is not None:
            lines.append(f"{i}. {venue.line()}")
    return lines


def format_search(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    """The reply to a search the router ran: the catalogue's lines, nothing a model wrote."""
    if result.get("status") != "ok":
        return f"I could not search: {result.get('error', 'unknown error')}."
    prefs = result.get("preferences") or {}
    venues = list(result.get("venues") or [])
    if not venues:
        lines = [f"No venue fits all of: {_describe(prefs)}.",
                 "Tell me which to drop (cuisine, price, neighbourhood, party size or date)."]
    else:
        lines = [f"{len(venues)} venue{'s' if len(venues) != 1 else ''} for "
                 f"{_describe(prefs)}:", *_venue_lines(venues)]
    return "\n".join([*lines, *NOTES.take(ctx.state)])


def format_shortlist(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"I could not add it: {result.get('error', 'unknown error')}."
    count = len(result.get("shortlist") or [])
    return (f"Added {result.get('added')} to the shortlist ({count} "
            f"venue{'s' if count != 1 else ''}). Type /plan to see where things stand.")


def format_plan(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    """The reply to /plan: preferences, shortlist (with warnings) and what is missing."""
    lines = [f"Preferences: {_describe(result.get('preferences') or {})}."]
    shortlist = list(result.get("shortlist") or [])
    if shortlist:
        lines.append("Shortlist:")
        for line, summary in zip(_venue_lines(shortlist), shortlist, strict=False):
            warning = summary.get("warning")
            lines.append(f"{line} Warning: {warning}." if warning else line)
    missing = list(result.get("missing") or [])
    lines.append("Still missing: " + ", ".join(str(m).replace("_", " ") for m in missing) + "."
                 if missing else "The plan is complete.")
    return "\n".join(lines)


def build_router(*, today: Callable[[], Date] = Date.today) -> CommandRouter:
    """The planner's router; `today` reads relative days ("next friday")."""

    def intent(message: str) -> Command | None:
        wanted = _SHORTLIST_INTENT.match(message)
        if wanted is not None:
            name = wanted.group("name") or wanted.group("name2")
            # "add it to the shortlist" needs the conversation: the model's job.
            if len(catalogue_names().named(name)) == 1:
                return Command(name="shortlist", text=name)
        # A message about a particular venue is a question for the model, not a search.
        if catalogue_names().named(message):
            return None
        if names_enough(stated_preferences(message, today=today())):
            return Command(name="search", text=message)
        return None

    async def search(command: Command, ctx: CallbackContext) -> Action:
        prefs = stated_preferences(command.text, today=today())
        return Call("search_venues", prefs) if prefs else Reply(NOTHING_STATED)

    async def shortlist(command: Command, ctx: CallbackContext) -> Action:
        named = {v.id: v for v, _, _ in catalogue_names().named(command.text)}
        if len(named) == 1:
            return Call("add_to_shortlist", {"venue_id": next(iter(named))})
        if not named:
            return Reply(f"I know no venue called {command.text.strip()!r}; "
                         "use a name from the search results.")
        return Reply("Which one: " + " or ".join(v.name for v in named.values()) + "?")

    async def plan(command: Command, ctx: CallbackContext) -> Action:
        return Call("plan_summary", {})

    return CommandRouter(
        PLANNER_COMMANDS,
        {"search": search, "shortlist": shortlist, "plan": plan},
        formatters={"search_venues": format_search, "add_to_shortlist": format_shortlist,
                    "plan_summary": format_plan},
        intents=intent,
        intro=INTRO,
    )


def show_ignored(callback_context: CallbackContext) -> types.Content | None:
    """`after_agent_callback`: the turn's "Ignored: ..." line, when no reply showed it yet."""
    lines = NOTES.take(callback_context.state)
    if not lines:
        return None
    return types.Content(role="model", parts=[types.Part(text="\n".join(lines))])

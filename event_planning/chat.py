"""The planner's conversation layer: every message is read by code before any model.

`event_planning.conversation` reads each message in the light of the session so far
(preferences over several turns, corrections, "the second one", "which is cheaper?", "add it
to my shortlist"). What it reads, code does: a search is a `search_venues` call with the
preferences code read (grounding leaves them alone) and a reply written from the catalogue; a
pick, a comparison, help and a preference noted are replies written by code; the shortlist
and the plan are tool calls whose replies code writes. `/search TEXT`, `/shortlist NAME`,
`/plan` and `/help` work too.

What code cannot act on depends on the model (`ModelProfile`): a capable model holds the
open conversation and the hard cases (a question code asks, a request it cannot read); a
small one never sees them - the reply is code's question, or the closest things the app can
do - and writes prose only for what is no request at all, with no tools to fill from their
schema's examples.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import date as Date
from functools import cache
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.sessions.state import State

from draftguard.commands import Command, CommandSpec
from draftguard.model_profile import ModelProfile
from draftguard.settings import load_settings
from draftguard.understanding import (
    Intent,
    Interpretation,
    PlannerConversation,
    PlannerState,
    Reading,
)
from draftguard.understanding._courtesy import Courtesy
from draftguard_adk.chat import (
    Action,
    Call,
    CommandRouter,
    Handler,
    ModelTurn,
    Prose,
    Reply,
    Steps,
)
from draftguard_adk.chat._router import too_long, too_many_requests
from event_planning.catalog import Cuisine, Neighborhood, Venue, load_catalog, venue_by_id
from event_planning.conversation import new_conversation
from event_planning.glossary import meaning_of
from event_planning.meaning import FEATURES
from event_planning.state_answers import answer_about_plan
from event_planning.state_keys import (
    CONVERSATION_KEY,
    LAST_RESULTS_KEY,
    PREFERENCES_KEY,
    SHORTLIST_KEY,
)
from event_planning.tools import remember_results
from event_planning.venue_grounding import catalogue_names
from event_planning.venue_replies import PRICE_OPEN, compare_text, pick_text

__all__ = ["CONVERSATION_KEY", "PLANNER_COMMANDS", "PlannerRouter", "build_router",
           "load_conversation"]

log = logging.getLogger("event_planning.chat")

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
         "or when, e.g. \"Italian for 8 in South Philly on Friday\". Then pick a result "
         "(\"the second one\"), compare them (\"which is cheaper?\"), keep a shortlist (\"add "
         "it to my shortlist\") or ask where things stand.")
NOTHING_STATED = ("Tell me what to eat or where (a cuisine or a neighbourhood), and for how "
                  "many people or when.")
CANNOT_READ = ("Sorry, I could not make sense of that. Tell me what to eat or where, and for "
               "how many or when, or type /help.")
#: Code's answers to a thanks, a hello, a goodbye or an "ok" (on a small model).
COURTESIES = {Courtesy.THANKS: "You're welcome. Enjoy the dinner!",
              Courtesy.GREETING: f"Hello! {NOTHING_STATED}",
              Courtesy.FAREWELL: "Bye for now.",
              Courtesy.ACKNOWLEDGEMENT: f"Right. {NOTHING_STATED}"}


@cache
def _venues_by_name() -> dict[str, Venue]:
    return {v.name: v for v in load_catalog()}


def _names(ids: Sequence[str]) -> list[str]:
    venues = (venue_by_id(str(i)) for i in ids)
    return [v.name for v in venues if v is not None]


def load_conversation(state: State, today: Date) -> PlannerConversation:
    """The session's conversation: what it remembered, with the preferences, the last
    results and the shortlist as the tools left them (a model's tool call counts too)."""
    remembered = PlannerState.model_validate(state.get(CONVERSATION_KEY) or {})
    remembered.preferences = dict(state.get(PREFERENCES_KEY) or {})
    last = state.get(LAST_RESULTS_KEY)
    if last is not None:
        remembered.results = _names(last)
        remembered.searched = True
    remembered.shortlist = _names(state.get(SHORTLIST_KEY) or [])
    # The search_venues call this turn makes is the only search: its results come back
    # through the tool (LAST_RESULTS_KEY), not from a second search when committing.
    return new_conversation(today.isoformat(), state=remembered, searching=False)


def _save(state: State, conversation: PlannerConversation) -> None:
    state[CONVERSATION_KEY] = conversation.state.model_dump(
        mode="json", exclude={"preferences", "results", "shortlist"})


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
    parts += [label for name, label in FEATURES.items() if prefs.get(name)]
    if prefs.get("open_on"):
        parts.append(f"open on {str(prefs['open_on']).title()}s")
    return ", ".join(parts) or "no preferences"


def _alternatives(prefs: Mapping[str, Any], near: Sequence[Mapping[str, Any]]) -> list[str]:
    lines = []
    for i, summary in enumerate(near, 1):
        venue = venue_by_id(str(summary.get("id", "")))
        if venue is not None:
            broken = ", and ".join(venue.breaks(str(name), prefs)
                                  for name in summary.get("breaks") or [])
            lines.append(f"{i}. {venue.line()} But {broken}.")
    return lines


def _still_needed(prefs: Mapping[str, Any]) -> str:
    if not {"cuisine", "neighborhood"} & prefs.keys():
        return "What would you like to eat, or where?"
    other = "a neighbourhood" if "cuisine" in prefs else "a cuisine"
    return (f"Add {other}, or say for how many and when, and I will search (or say "
            "\"search\" to search now).")


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
    near = _alternatives(prefs, list(result.get("alternatives") or []))
    if not venues and near:
        lines = [f"No venue fits all of: {_describe(prefs)}. The nearest, and what each "
                 "misses:", *near,
                 "Pick one (\"the first one\"), or tell me which preference to drop."]
    elif not venues:
        lines = [f"No venue fits all of: {_describe(prefs)}.",
                 "Tell me which to drop (cuisine, price, neighbourhood, party size or date)."]
    else:
        lines = [f"{len(venues)} venue{'s' if len(venues) != 1 else ''} for "
                 f"{_describe(prefs)}:", *_venue_lines(venues), *_parts_of(prefs, venues)]
    return "\n".join(lines)


def _parts_of(prefs: Mapping[str, Any], venues: Sequence[Mapping[str, Any]]) -> list[str]:
    """"Bella Vista is part of South Philly.": said when a result is in another part of
    the district asked for, so no venue seems to be in the wrong place."""
    if "neighborhood" not in prefs:
        return []
    asked = Neighborhood(prefs["neighborhood"])
    found = (venue_by_id(str(v.get("id", ""))) for v in venues)
    parts = sorted({v.neighborhood.label for v in found if v is not None
                    and v.neighborhood is not asked and asked.covers(v.neighborhood.value)})
    return [f"{' and '.join(parts)} {'is' if len(parts) == 1 else 'are'} part of "
            f"{asked.label}."] if parts else []


def _shortlist_text(tool: str, result: Mapping[str, Any]) -> str:
    if result.get("status") != "ok":
        return f"I could not change the shortlist: {result.get('error', 'unknown error')}."
    size = f"{(count := len(result.get('shortlist') or []))} venue{'s' if count != 1 else ''}"
    if tool == "remove_from_shortlist":
        return f"Taken off the shortlist ({size} left)."
    return (f"Added {result.get('added')} to the shortlist ({size}). Type /plan to see "
            "where things stand.")


def format_shortlist(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    return _shortlist_text(tool, result)


def _plan_text(result: Mapping[str, Any]) -> str:
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


def format_plan(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    """The reply to /plan: preferences, shortlist (with warnings) and what is missing."""
    return _plan_text(result)


class _Turn:
    """One message's requests as steps, in order: each tool request a call through the same
    guarded tool path a model's call takes, the rest replies written by code. Nothing is
    handed to a tool or a formatter through session state: the router joins the texts."""

    def __init__(self, ctx: CallbackContext, conversation: PlannerConversation,
                 help_text: Callable[[], str]) -> None:
        self.ctx = ctx
        self.conversation = conversation
        self.help_text = help_text
        self.steps: list[Call | Reply] = []

    def say(self, line: str) -> None:
        self.steps.append(Reply(line))

    def act(self, request: Interpretation) -> None:
        state, slots = self.ctx.state, request.slots
        if request.intent is Intent.PREFERENCES:
            prefs = dict(state.get(PREFERENCES_KEY) or {})
            for name, value in slots.items():
                if value is None:
                    prefs.pop(name, None)
                else:
                    prefs[name] = value
            state[PREFERENCES_KEY] = prefs
            self.say(f"Noted: {_describe(prefs)}. {_still_needed(prefs)}")
        elif request.intent is Intent.SEARCH:
            state[PREFERENCES_KEY] = {}
            self.steps.append(Call("search_venues", dict(slots)))
        elif request.intent is Intent.PICK:
            venue = _venues_by_name()[slots["venue"]]
            remember_results(state, [venue.id])
            self.say(pick_text(venue, self.conversation.state.results))
        elif request.intent is Intent.COMPARE:
            venues = [_venues_by_name()[n] for n in slots["venues"]]
            remember_results(state, [v.id for v in venues])
            self.say(compare_text(venues, slots.get("by")))
        elif request.intent is Intent.SHORTLIST:
            venue = _venues_by_name()[slots["venue"]]
            tool = ("remove_from_shortlist" if slots.get("action") == "remove"
                    else "add_to_shortlist")
            self.steps.append(Call(tool, {"venue_id": venue.id}))
        elif request.intent is Intent.PLAN:
            self.steps.append(Call("plan_summary", {}))
        elif request.intent is Intent.HELP:
            self.say(self.help_text())

    def action(self) -> Action:
        if all(isinstance(s, Reply) for s in self.steps):
            return Reply("\n".join(s.text for s in self.steps if isinstance(s, Reply)))
        return self.steps[0] if len(self.steps) == 1 else Steps(tuple(self.steps))


class _Handlers:
    """The router's reader and handlers: each reads the message in the light of the session
    so far."""

    def __init__(self, today: Callable[[], Date], *, holds_conversation: bool) -> None:
        self.today = today
        self.holds_conversation = holds_conversation
        self.help: Callable[[], str] = lambda: ""  # the router's, once it is built

    def table(self) -> dict[str, Handler]:
        return {"search": self.search, "shortlist": self.shortlist, "plan": self.plan}

    async def understand(self, message: str, ctx: CallbackContext) -> Action | None:
        limit = load_settings().agents.chat.max_request_chars
        if len(message) > limit:
            # A planner request is a sentence or two: a longer message is not read at all.
            return Reply(too_long(len(message), limit))
        if (answered := await answer_about_plan(message, ctx, _describe)) is not None:
            return Reply(answered)  # where the plan stands, or what was done: from the state
        try:
            conversation = load_conversation(ctx.state, self.today())
            # Reading is CPU work (the parser, embeddings): off the event loop.
            reading = await asyncio.to_thread(conversation.read, message)
        except Exception:
            # A reader's bug must not reach the person as a traceback.
            log.exception("the planner could not read %r", message[:200])
            return None if self.holds_conversation else Reply(CANNOT_READ)
        return self._understood(reading, conversation, ctx)

    def _understood(self, reading: Reading, conversation: PlannerConversation,
                    ctx: CallbackContext) -> Action | None:
        meanings = [meaning_of(key) for key in reading.defined]  # its glossary's, never a model's
        if not reading.is_request:
            if meanings:
                return Reply("\n".join(meanings))
            # Open conversation is a capable model's; a small one answers in words only.
            return None if self.holds_conversation else Prose()
        settings = load_settings().agents.chat
        if len(reading.requests) > settings.max_requests_per_message:
            return Reply(too_many_requests(len(reading.requests),
                                           settings.max_requests_per_message))
        questions = [r for r in reading.requests if r.question is not None]
        if self.holds_conversation and (questions or any(
                r.confidence < settings.min_confidence_to_act for r in reading.requests)):
            # A capable model takes what code is not sure of, with code's readings as
            # context; the argument guard still holds its tool calls to the user's words.
            return ModelTurn(reading)
        turn = _Turn(ctx, conversation, self.help)
        for meaning in meanings:
            turn.say(meaning)
        if questions:
            turn.say(str(questions[0].question))
        else:
            for request in reading.requests:
                turn.act(request)
            if "price_level" in reading.unset:  # "nothing too flash": no level, said so
                turn.say(PRICE_OPEN)
        conversation.commit(reading)
        if questions:  # what the question did not ask about stands (`commit`)
            ctx.state[PREFERENCES_KEY] = dict(conversation.state.preferences)
        _save(ctx.state, conversation)
        return turn.action()

    async def search(self, command: Command, ctx: CallbackContext) -> Action:
        conversation = load_conversation(ctx.state, self.today())
        reading = conversation.read(command.text)
        found = [r for r in reading.requests if r.intent in (Intent.SEARCH, Intent.PREFERENCES)
                 and r.question is None]
        if not found:
            return Reply(NOTHING_STATED)
        prefs = {**(conversation.state.preferences if found[0].intent is Intent.PREFERENCES
                    else {}), **found[0].slots}
        prefs = {k: v for k, v in prefs.items() if v is not None}
        if not prefs:
            return Reply(NOTHING_STATED)
        searched = Interpretation(intent=Intent.SEARCH, slots=prefs)
        turn = _Turn(ctx, conversation, self.help)
        turn.act(searched)
        conversation.commit(type(reading)(requests=(searched,)))
        _save(ctx.state, conversation)
        return turn.action()

    @staticmethod
    async def shortlist(command: Command, ctx: CallbackContext) -> Action:
        named = {v.id: v for v, _, _ in catalogue_names().named(command.text)}
        if len(named) == 1:
            return Call("add_to_shortlist", {"venue_id": next(iter(named))})
        if not named:
            return Reply(f"I know no venue called {command.text.strip()!r}; "
                         "use a name from the search results.")
        return Reply("Which one: " + " or ".join(v.name for v in named.values()) + "?")

    @staticmethod
    async def plan(command: Command, ctx: CallbackContext) -> Action:
        return Call("plan_summary", {})


def build_router(
    *, today: Callable[[], Date] = Date.today, profile: ModelProfile | None = None
) -> PlannerRouter:
    """The planner's router; `today` reads relative days ("next friday"); `profile` says
    what the model may be left with (default: a capable model)."""
    holds_conversation = profile is None or profile.holds_conversation
    handlers = _Handlers(today, holds_conversation=holds_conversation)
    router = CommandRouter(
        PLANNER_COMMANDS,
        handlers.table(),
        formatters={"search_venues": format_search, "add_to_shortlist": format_shortlist,
                    "remove_from_shortlist": format_shortlist, "plan_summary": format_plan},
        understand=handlers.understand,
        intro=INTRO,
        courtesies=COURTESIES,
    )
    handlers.help = router.help
    return PlannerRouter(router, holds_conversation=holds_conversation)


class PlannerRouter:
    """The `before_model_callback`: the router, and on a small model no tools for the model
    (what reaches it is no request, so prose is all it may write)."""

    def __init__(self, router: CommandRouter, *, holds_conversation: bool) -> None:
        self.router = router
        self.holds_conversation = holds_conversation

    def help(self) -> str:
        return self.router.help()

    async def __call__(
        self, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        response = await self.router(callback_context, llm_request)
        if response is None and not self.holds_conversation:
            llm_request.config.tools = None
            llm_request.tools_dict.clear()
        return response

"""The event-planning app: a venue-planning agent whose streamed answers are deduplicated
and kept true to the venues its tools returned.

Run it with `adk web .` or `adk api_server .` from the repository root; the
`DuplicateFilterPlugin` (with the venue grounding filter and the raw-output guard after it)
filters what both stream and what the session stores, after the claim guard (no reply
claims a search, a shortlisting or a booking that did not happen; `claim_guard.py`).
Searches the user's words ask for run by code (`chat.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date as Date

from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.apps import App
from google.adk.models.base_llm import BaseLlm
from google.adk.plugins.base_plugin import BasePlugin

from draftguard.settings import load_settings
from draftguard_adk.agents import ArgumentGuardPlugin, TextFilter
from draftguard_adk.agents._text_filter_plugin import raw_output_filter
from draftguard_adk.chat._message_hygiene import MessageHygienePlugin
from draftguard_adk.chat._prose_guard import prose_guard_links
from draftguard_adk.dedupe import DuplicateFilterPlugin
from draftguard_adk.llm import agent_model, model_profile
from event_planning.argument_grounding import preference_rules
from event_planning.chat import NOTHING_STATED, build_router
from event_planning.claim_guard import build_claim_guard
from event_planning.prompts import EVENT_PLANNER_INSTRUCTION
from event_planning.response_grounding import grounding_links
from event_planning.tools import (
    add_to_shortlist,
    forget_preference,
    plan_summary,
    remove_from_shortlist,
    search_venues,
)

__all__ = ["app", "build_app", "build_argument_guard", "build_event_planner"]


def build_event_planner(
    model: str | BaseLlm | None = None, *, today: Callable[[], Date] = Date.today
) -> LlmAgent:
    """The planner agent; tests pass a scripted `model` and a fixed `today`."""
    model = model if model is not None else agent_model("event_planning")
    return LlmAgent(
        name="event_planning",
        model=model,
        description="Plans a group dinner or event in Philadelphia: finds and shortlists venues.",
        instruction=EVENT_PLANNER_INSTRUCTION,
        tools=[search_venues, forget_preference, add_to_shortlist, remove_from_shortlist,
               plan_summary],
        # Every message is read by code before any model; what it reads, code does.
        before_model_callback=build_router(today=today, profile=model_profile(model)),
    )


def build_argument_guard() -> ArgumentGuardPlugin:
    """The planner's argument guard: a call repeated in one turn ends it (the repeat check
    sees the call as the model sent it); preferences the user never expressed are dropped
    before `search_venues` applies them; the "Ignored: ..." line closes the turn."""
    return ArgumentGuardPlugin(agent="event_planning", rules=preference_rules(),
                               show_notes="after_turn", stop_repeats=True,
                               max_calls=load_settings().agents.chat.max_requests_per_message)


#: What the person reads when nothing the small model wrote for a message that asked for
#: nothing was true enough to show (`draftguard.prose_guard`): true after any such message.
PROSE_FALLBACK = f"Right. {NOTHING_STATED}"
_prose_guard = prose_guard_links(fallback=PROSE_FALLBACK, agents={"event_planning"})


def _venue_then_raw(ctx: CallbackContext) -> list[TextFilter]:
    """After the duplicate filter: a small model's no-tool words held to what it may say
    (`draftguard.prose_guard`), the venue grounding filter, then the raw-output guard."""
    return [*_prose_guard(ctx), *grounding_links(ctx), raw_output_filter(ctx)]


def build_app(
    model: str | BaseLlm | None = None, *, plugins: list[BasePlugin] | None = None,
    today: Callable[[], Date] = Date.today,
) -> App:
    """The app with the claim guard (no reply claims a search, a shortlisting or a booking
    that did not happen) and the response filters (duplicates, then venue grounding, then
    raw output) registered, or the given `plugins`; the argument guard is always last (its
    line is a message of its own when the turn ends). The claim guard changes responses in
    place and comes first: ADK stops at the first after-model plugin that returns one."""
    chosen = plugins if plugins is not None else [
        build_claim_guard(), DuplicateFilterPlugin(also=_venue_then_raw)]
    return App(
        name="event_planning",
        root_agent=build_event_planner(model, today=today),
        plugins=[MessageHygienePlugin(), *chosen, build_argument_guard()],
    )


app = build_app()

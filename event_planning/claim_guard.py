"""The planner's claim guard: `ClaimGuardPlugin` with the planner's tools and what a planner
session holds (the venues its tools returned, the shortlist, what the person said), read
for each model call. Venue facts are the venue grounding filter's, after it."""

from __future__ import annotations

from google.adk.agents.callback_context import CallbackContext

from draftguard.claims import SessionFacts
from draftguard_adk.claims import ClaimGuardPlugin
from draftguard_adk.claims._record import session_facts
from event_planning.state_keys import PREFERENCES_KEY, RESULTS_KEY, SHORTLIST_KEY
from event_planning.tool_claims import NEXT_STEP, PLANNER_TOOL_CLAIMS, planner_facts

__all__ = ["build_claim_guard", "read_planner_facts"]


async def read_planner_facts(ctx: CallbackContext) -> SessionFacts:
    """What the planner session holds now."""
    base = await session_facts(ctx)
    size = (ctx.state.get(PREFERENCES_KEY) or {}).get("party_size")
    return planner_facts(results=[str(v) for v in ctx.state.get(RESULTS_KEY) or []],
                         shortlist=[str(v) for v in ctx.state.get(SHORTLIST_KEY) or []],
                         said=base.texts, party_size=size if isinstance(size, int) else None)


def build_claim_guard() -> ClaimGuardPlugin:
    """The claim guard on the planner's replies."""
    return ClaimGuardPlugin(tools=PLANNER_TOOL_CLAIMS, facts=read_planner_facts,
                            next_step=NEXT_STEP, agents={"event_planning"})

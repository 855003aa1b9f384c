"""The venue grounding filter in the app's response-filter chain, with its metrics.

`grounding_links` is the `also=` of the app's `DuplicateFilterPlugin`: for each model call it
makes a `VenueGroundingFilter` over the venues this session's tools returned (session state),
so the answer is checked after the duplicate filter, sentence by sentence, as it streams.

OpenTelemetry (meter `draftguard.event_planning`): `venue_grounding_sentences` (counter,
attribute `action` = kept | dropped | replaced) and `venue_grounding_errors` (counter; the text
was let through). Logs: WARNING for each sentence dropped or replaced, ERROR for a failure.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from google.adk.agents.callback_context import CallbackContext
from opentelemetry.metrics import MeterProvider

from draftguard_adk.agents import TextFilter
from draftguard_adk.telemetry import counter
from event_planning.state_keys import RESULTS_KEY
from event_planning.tool_claims import NEXT_STEP
from event_planning.venue_grounding import (
    SentenceAction,
    SentenceVerdict,
    VenueGroundingFilter,
    catalogue_names,
)

__all__ = ["GroundingTelemetry", "grounding_links"]

log = logging.getLogger("event_planning.response_grounding")
#: Said when the grounding dropped every sentence of an answer.
ONLY_FOUND_VENUES = f"I only talk about venues a search of the catalogue found. {NEXT_STEP}"
METER_NAME = "draftguard.event_planning"


class GroundingTelemetry:
    """Turns the filter's verdicts into OpenTelemetry counts and logs."""

    def __init__(self, provider: MeterProvider | None = None, *, session_id: str = "") -> None:
        self._sentences = counter(
            METER_NAME, "venue_grounding_sentences", provider=provider,
            description="Answer sentences judged against the session's venue results")
        self._errors = counter(
            METER_NAME, "venue_grounding_errors", provider=provider,
            description="Venue-grounding failures (the text was let through)")
        self._session_id = session_id

    def on_sentence(self, verdict: SentenceVerdict, sentence: str) -> None:
        self._sentences.add(1, {"action": verdict.action.value})
        if verdict.action is not SentenceAction.KEPT:
            log.warning("venue sentence %s (%s): %.100s", verdict.action.value, verdict.reason,
                        sentence, extra={"session_id": self._session_id})

    def on_error(self, error: BaseException) -> None:
        self._errors.add(1)
        log.error("venue grounding failed; text passed unchanged: %s", error,
                  extra={"session_id": self._session_id})


def grounding_links(
    ctx: CallbackContext, *, provider: MeterProvider | None = None
) -> Sequence[TextFilter]:
    """The venue grounding filter for one model call of the planner."""
    results = [str(v) for v in ctx.state.get(RESULTS_KEY) or []]
    observer = GroundingTelemetry(provider, session_id=ctx.session.id)
    return [VenueGroundingFilter(results, names=catalogue_names(), observer=observer,
                                 fallback=ONLY_FOUND_VENUES)]

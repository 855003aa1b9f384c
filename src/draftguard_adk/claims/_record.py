"""The turn's record, read from the invocation's events and the session.

`turn_runs(session, invocation_id)` pairs each function call of the invocation with its
function response (by call id): the tools that ran this turn, their arguments and results.
`session_facts(ctx)` is what any session holds: what the person said, and what tools
answered in earlier turns (the venues found yesterday are still found).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.sessions import Session

from draftguard.claims import SessionFacts
from draftguard.claims._record import ToolRun, strings_in
from draftguard_adk.agents._text import session_user_text

__all__ = ["session_facts", "turn_runs"]

#: Strings of earlier tool results kept as facts (the newest first).
_MAX_EARLIER_STRINGS = 2000


def turn_runs(session: Session, invocation_id: str) -> tuple[ToolRun, ...]:
    """Every tool that answered in this invocation, with its call's arguments."""
    calls: dict[str, tuple[str, Mapping[str, Any]]] = {}
    runs: list[ToolRun] = []
    for event in session.events:
        if event.invocation_id != invocation_id or event.content is None:
            continue
        for part in event.content.parts or []:
            call = part.function_call
            if call is not None and call.name:
                calls[call.id or call.name] = (call.name, dict(call.args or {}))
            answer = part.function_response
            if answer is not None and answer.name:
                _, args = calls.get(answer.id or answer.name, (answer.name, {}))
                result = answer.response if isinstance(answer.response, Mapping) else {}
                runs.append(ToolRun(answer.name, args, dict(result)))
    return tuple(runs)


def earlier_results(session: Session, invocation_id: str) -> list[str]:
    """The strings tools answered in earlier turns of the session."""
    found: list[str] = []
    for event in reversed(session.events):
        if event.invocation_id == invocation_id or event.content is None:
            continue
        for part in event.content.parts or []:
            answer = part.function_response
            if answer is not None and isinstance(answer.response, Mapping):
                found.extend(strings_in(answer.response))
        if len(found) > _MAX_EARLIER_STRINGS:
            break
    return found[:_MAX_EARLIER_STRINGS]


async def session_facts(ctx: CallbackContext) -> SessionFacts:
    """What any ADK session holds: the person's messages and earlier tools' answers."""
    said = session_user_text(ctx.session)
    return SessionFacts(texts=(said, *earlier_results(ctx.session, ctx.invocation_id)))

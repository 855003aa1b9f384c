"""Deterministic checkers of the blogger's split loop (seed 000).

The checks themselves live in the framework-free core (`draftguard.split._check`); these
agents only move data between session state and the core, and tell the loop what to do:
escalate with route "valid" when the split holds, route "retry" with feedback when it does
not. Bad input and exhausted attempts end in a failure verdict in state, never an exception.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, Mapping
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event

from draftguard.errors import InputError, MissingStateKeyError
from draftguard.settings import ContentSplitterSettings
from draftguard.split import Granularity, check_split
from draftguard.textio import decode_text
from draftguard_adk.agents import ROUTE_RETRY, ROUTE_VALID, checker_event, user_text
from draftguard_adk.split import state_keys as keys

__all__ = [
    "ROUTE_INVALID_INPUT",
    "ContentSplitValidationChecker",
    "SplitInputGuard",
    "SplitVerdictAgent",
    "parse_split_request",
]

ROUTE_INVALID_INPUT = "invalid_input"
_DEFAULTS = ContentSplitterSettings()

# "OUTLINE:" alone on a line, or with the section's first line after the colon.
_MARKER = re.compile(r"^[ \t]*(?:#+[ \t]*)?(outline|draft)[ \t]*(?::|[ \t]*$)[ \t]*",
                     re.I | re.M)


def parse_split_request(message: str) -> dict[str, str]:
    """Pull `outline` and `raw_draft` out of a chat message with OUTLINE: and DRAFT: lines."""
    found: dict[str, str] = {}
    marks = list(_MARKER.finditer(message))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(message)
        body = message[m.end() : end].strip("\n")
        key = keys.OUTLINE if m.group(1).lower() == "outline" else keys.RAW_DRAFT
        found[key] = body
    return found


def _failure(attempts: int, messages: list[str], reason: str) -> dict[str, Any]:
    return {"valid": False, "attempts": attempts, "messages": messages, "reason": reason}


class SplitInputGuard(BaseAgent):
    """First step of every loop iteration: refuses bad input before any model call.

    On the first iteration of an invocation it also resets the attempt counters and, when
    state has no draft yet, takes `OUTLINE:`/`DRAFT:` sections from the user's message.
    """

    max_draft_bytes: int = _DEFAULTS.max_draft_bytes

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        delta: dict[str, Any] = {}
        if state.get(keys.SPLIT_INVOCATION) != ctx.invocation_id:
            delta = {
                keys.SPLIT_INVOCATION: ctx.invocation_id,
                keys.SPLIT_ATTEMPTS: 0,
                keys.SPLIT_FEEDBACK: None,
                keys.SPLIT_VERDICT: None,
                keys.DRAFT_OK: None,
                keys.DRAFT_NOT_OK: None,
            }
            for key, value in parse_split_request(user_text(ctx)).items():
                if not state.get(key):
                    delta[key] = value
        merged = {**state, **delta}
        try:
            self._validate(merged)
        except InputError as err:
            reason = f"Invalid input: {err}"
            delta[keys.SPLIT_VERDICT] = _failure(0, [reason], reason)
            yield checker_event(
                self, ctx, reason, state=delta, escalate=True, route=ROUTE_INVALID_INPUT
            )
            return
        if delta:
            yield checker_event(self, ctx, "Draft and outline received; splitting.", state=delta)

    def _validate(self, state: Mapping[str, Any]) -> None:
        for key in (keys.RAW_DRAFT, keys.OUTLINE):
            value = state.get(key)
            if value is None:
                raise MissingStateKeyError(key)
            data = value if isinstance(value, bytes) else str(value).encode("utf-8")
            what = "raw draft" if key == keys.RAW_DRAFT else "outline"
            decode_text(data, what=what, max_bytes=self.max_draft_bytes)


class ContentSplitValidationChecker(BaseAgent):
    """Proves the split lost, added and duplicated nothing; escalates when it holds."""

    length_tolerance: float = _DEFAULTS.length_tolerance
    granularity: Granularity = _DEFAULTS.granularity

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0)
        raw = state.get(keys.RAW_DRAFT)
        if not isinstance(raw, str) or not raw.strip():
            reason = f"Invalid input: {MissingStateKeyError(keys.RAW_DRAFT)}"
            verdict = _failure(attempts, [reason], reason)
            yield checker_event(self, ctx, reason, state={keys.SPLIT_VERDICT: verdict},
                                escalate=True, route=ROUTE_INVALID_INPUT)
            return
        report = check_split(
            raw,
            state.get(keys.DRAFT_OK),
            state.get(keys.DRAFT_NOT_OK),
            length_tolerance=self.length_tolerance,
            granularity=self.granularity,
        )
        if report.valid:
            reason = (
                f"Split verified: {report.ok_units} {report.granularity.plural} in "
                f"draft_ok, {report.not_ok_units} in draft_not_ok, nothing lost, added or "
                "duplicated."
            )
            ok_verdict: dict[str, Any] = {"valid": True, "attempts": attempts, "messages": [],
                                          "reason": reason}
            yield checker_event(self, ctx, reason,
                                state={keys.SPLIT_VERDICT: ok_verdict,
                                       keys.SPLIT_FEEDBACK: None},
                                escalate=True, route=ROUTE_VALID)
            return
        yield checker_event(
            self, ctx, f"Split rejected (attempt {attempts}): {report.message}",
            state={keys.SPLIT_FEEDBACK: report.message, "split_messages": report.messages},
            route=ROUTE_RETRY,
        )


class SplitVerdictAgent(BaseAgent):
    """Runs after the loop: turns exhausted attempts into a clear failure verdict."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        verdict = state.get(keys.SPLIT_VERDICT)
        if isinstance(verdict, dict):
            return
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0)
        messages = list(state.get("split_messages") or [])
        last = state.get(keys.SPLIT_FEEDBACK) or "no valid split was produced"
        reason = f"Split failed after {attempts} attempts: {last}"
        verdict = _failure(attempts, messages or [str(last)], reason)
        yield checker_event(self, ctx, reason, state={keys.SPLIT_VERDICT: verdict})

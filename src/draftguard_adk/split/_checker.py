"""Deterministic checkers of the blogger's split loop.

The checks themselves live in the framework-free core (`draftguard.split`: integrity and
outline coverage); these agents only move data between session state and the core, and
tell the loop what to do: escalate with route "valid" when the split is kept, route "retry"
with feedback when it is not. Bad input and exhausted attempts end in a failure verdict in
state, never an exception.
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
from draftguard.split import SplitReport, check_coverage, check_split
from draftguard.split._meaning import DEFAULT_BLEND, Blend, Similarity
from draftguard.split._segmentation import Granularity
from draftguard.split._verdict import (
    CoverageMode,
    CoverageVerdict,
    IntegrityVerdict,
    coverage_verdict,
    integrity_verdict,
    route_paragraphs,
)
from draftguard.textio._text_input import decode_text
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._text import user_text
from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID
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


def split_failure_verdict(attempts: int, messages: list[str], reason: str) -> dict[str, Any]:
    """A verdict on a split that was not kept; no attempt was checked unless filled in."""
    return {"valid": False, "attempts": attempts, "messages": messages, "reason": reason,
            "integrity": None, "coverage": None, "paragraphs": []}


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
                keys.SPLIT_CHECKS: 0,
                keys.SPLIT_LAST_CHECK: None,
                keys.SPLIT_TRIED: [],
                keys.SPLIT_NO_NEW_PLAN: None,
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
            delta[keys.SPLIT_VERDICT] = split_failure_verdict(0, [reason], reason)
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
    """Proves the split lost, added and duplicated nothing, then checks that `draft_ok`
    covers the outline; escalates with route "valid" when the split is kept.

    Coverage rejects an attempt only when `coverage` says it blocks on this one (by default
    every attempt but the last); otherwise its findings are reported in the verdict.
    """

    length_tolerance: float = _DEFAULTS.length_tolerance
    granularity: Granularity = _DEFAULTS.granularity
    coverage: CoverageMode = _DEFAULTS.coverage
    coverage_score_cutoff: float = _DEFAULTS.coverage_score_cutoff
    coverage_flag_cutoff: float = _DEFAULTS.coverage_flag_cutoff
    max_attempts: int = _DEFAULTS.max_iterations
    similarity: Similarity | None = None
    """Meaning blended into coverage (the planner's own scores); None: lexical."""
    blend: Blend = DEFAULT_BLEND

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0)
        checks = int(state.get(keys.SPLIT_CHECKS) or 0) + 1
        raw = state.get(keys.RAW_DRAFT)
        if not isinstance(raw, str) or not raw.strip():
            reason = f"Invalid input: {MissingStateKeyError(keys.RAW_DRAFT)}"
            verdict = split_failure_verdict(attempts, [reason], reason)
            yield checker_event(self, ctx, reason, state={keys.SPLIT_VERDICT: verdict},
                                escalate=True, route=ROUTE_INVALID_INPUT)
            return
        ok_text, not_ok_text = state.get(keys.DRAFT_OK), state.get(keys.DRAFT_NOT_OK)
        report = check_split(raw, ok_text, not_ok_text, length_tolerance=self.length_tolerance,
                             granularity=self.granularity)
        integrity = integrity_verdict(report)
        coverage: CoverageVerdict | None = None
        if report.valid:
            # Coverage of a split that lost or invented text would judge the wrong text.
            found = check_coverage(
                str(state.get(keys.OUTLINE) or ""), str(ok_text), str(not_ok_text),
                score_cutoff=self.coverage_score_cutoff, flag_cutoff=self.coverage_flag_cutoff,
                granularity=self.granularity, similarity=self.similarity, blend=self.blend,
            )
            routes = route_paragraphs(raw, report, found)
            last = checks >= self.max_attempts
            coverage = coverage_verdict(found, routes,
                                        blocking=self.coverage.blocks(last_attempt=last))
        else:
            routes = route_paragraphs(raw, report)
        kept = integrity.ok and coverage is not None and not coverage.blocking
        messages = [*integrity.messages, *(coverage.messages if coverage else [])]
        reason = _reason(report, integrity, coverage, kept, attempts)
        check: dict[str, Any] = {
            "valid": kept, "attempts": attempts, "messages": messages, "reason": reason,
            "integrity": integrity.model_dump(mode="json"),
            "coverage": coverage.model_dump(mode="json") if coverage else None,
            "paragraphs": [r.model_dump(mode="json") for r in routes],
        }
        delta: dict[str, Any] = {keys.SPLIT_CHECKS: checks, keys.SPLIT_LAST_CHECK: check}
        if kept:
            delta.update({keys.SPLIT_VERDICT: check, keys.SPLIT_FEEDBACK: None})
            yield checker_event(self, ctx, reason, state=delta, escalate=True, route=ROUTE_VALID)
            return
        feedback = "; ".join(integrity.messages or (coverage.messages if coverage else []))
        if problem := state.get(keys.SPLIT_PLAN_PROBLEM):
            # What was wrong with the plan itself comes first: it is what the model must fix.
            feedback = f"{problem} {feedback}"
        delta.update({keys.SPLIT_FEEDBACK: feedback, "split_messages": messages})
        yield checker_event(self, ctx, reason, state=delta, route=ROUTE_RETRY)


def _reason(
    report: SplitReport, integrity: IntegrityVerdict, coverage: CoverageVerdict | None,
    kept: bool, attempts: int,
) -> str:
    if not integrity.ok:
        return f"Split rejected (attempt {attempts}): integrity: {report.message}"
    assert coverage is not None
    holds = (f"{report.ok_units} {report.granularity.plural} in draft_ok, "
             f"{report.not_ok_units} in draft_not_ok, nothing lost, added or duplicated")
    findings = "; ".join(coverage.messages)
    if coverage.ok:
        return f"Split verified: {holds}; every outline item has a paragraph in draft_ok."
    if kept:
        return (f"Split kept, outline not covered: integrity holds ({holds}); coverage "
                f"(advisory): {findings}")
    return f"Split rejected (attempt {attempts}): integrity holds; coverage: {findings}"


class SplitVerdictAgent(BaseAgent):
    """Runs after the loop: turns exhausted attempts into a clear failure verdict, keeping
    the last attempt's integrity and coverage findings."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        verdict = state.get(keys.SPLIT_VERDICT)
        if isinstance(verdict, dict):
            return
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0)
        messages = list(state.get("split_messages") or [])
        last = state.get(keys.SPLIT_FEEDBACK) or "no valid split was produced"
        reason = f"Split failed after {attempts} attempts: {last}"
        verdict = split_failure_verdict(attempts, messages or [str(last)], reason)
        checked = state.get(keys.SPLIT_LAST_CHECK)
        if isinstance(checked, dict):
            verdict.update({k: checked.get(k) for k in ("integrity", "coverage", "paragraphs")})
        yield checker_event(self, ctx, reason, state={keys.SPLIT_VERDICT: verdict})

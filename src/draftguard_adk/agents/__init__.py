"""Shared agent plumbing: loop and sequence agents, routes."""

from __future__ import annotations

from draftguard_adk.agents._apps import AGENTS_DIR
from draftguard_adk.agents._workflow import (
    ROUTE_RETRY,
    ROUTE_VALID,
    GuardedLoopAgent,
    GuardedSequentialAgent,
    loop_agent,
    sequential_agent,
)

__all__ = [
    "AGENTS_DIR",
    "ROUTE_RETRY",
    "ROUTE_VALID",
    "GuardedLoopAgent",
    "GuardedSequentialAgent",
    "loop_agent",
    "sequential_agent",
]

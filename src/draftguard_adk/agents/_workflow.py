"""LoopAgent and SequentialAgent, declared in the one place that silences their deprecation.

google-adk 2.13 deprecates both in favour of `google.adk.workflow.Workflow`, but a Workflow
cannot yet be an LlmAgent sub-agent, and our graphs hang under the blogger's LlmAgent (and
must load in `adk web`, `adk run` and Agent Engine). So we keep the classes the design card
names. Their deprecation warning fires when the deprecated class itself is instantiated,
which ADK also does at run time when it clones agents; it never fires for a subclass, whose
only warning comes once, at class creation. So we declare a subclass of each here, under a
filter scoped to that declaration, and build every loop and sequence from them. Every
checker also emits a `route` ("valid"/"retry"), so the same agents work as Workflow nodes
the day we move.
"""

from __future__ import annotations

import warnings
from typing import Any

from google.adk.agents import LoopAgent, SequentialAgent

__all__ = [
    "ROUTE_RETRY",
    "ROUTE_VALID",
    "GuardedLoopAgent",
    "GuardedSequentialAgent",
    "loop_agent",
    "sequential_agent",
]

ROUTE_VALID = "valid"
ROUTE_RETRY = "retry"

_DEPRECATION = r".*(LoopAgent|SequentialAgent) is deprecated in favor of Workflow"

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=_DEPRECATION, category=DeprecationWarning)

    class GuardedLoopAgent(LoopAgent):
        """A LoopAgent; see the module docstring for why it exists."""

    class GuardedSequentialAgent(SequentialAgent):
        """A SequentialAgent; see the module docstring for why it exists."""


def loop_agent(**kwargs: Any) -> LoopAgent:
    """A `LoopAgent(**kwargs)` that never raises the Workflow deprecation warning."""
    return GuardedLoopAgent(**kwargs)


def sequential_agent(**kwargs: Any) -> SequentialAgent:
    """A `SequentialAgent(**kwargs)` that never raises the Workflow deprecation warning."""
    return GuardedSequentialAgent(**kwargs)

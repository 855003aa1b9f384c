"""LoopAgent and SequentialAgent, built in the one place that silences their deprecation.

google-adk 2.13 deprecates both in favour of `google.adk.workflow.Workflow`, but a Workflow
cannot yet be an LlmAgent sub-agent, and our graphs hang under the blogger's LlmAgent (and
must load in `adk web`, `adk run` and Agent Engine). So we keep the classes the design card
names and silence exactly their two warnings here, at construction, where they fire. Every
checker also emits a `route` ("valid"/"retry"), so the same agents work as Workflow nodes the
day we move.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from google.adk.agents import LoopAgent, SequentialAgent

__all__ = ["ROUTE_RETRY", "ROUTE_VALID", "loop_agent", "sequential_agent"]

ROUTE_VALID = "valid"
ROUTE_RETRY = "retry"

_DEPRECATION = r"(LoopAgent|SequentialAgent) is deprecated in favor of Workflow"


@contextmanager
def _legacy_agents_allowed() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=_DEPRECATION, category=DeprecationWarning)
        yield


def loop_agent(**kwargs: Any) -> LoopAgent:
    """A `LoopAgent(**kwargs)` without the Workflow deprecation warning."""
    with _legacy_agents_allowed():
        return LoopAgent(**kwargs)


def sequential_agent(**kwargs: Any) -> SequentialAgent:
    """A `SequentialAgent(**kwargs)` without the Workflow deprecation warning."""
    with _legacy_agents_allowed():
        return SequentialAgent(**kwargs)

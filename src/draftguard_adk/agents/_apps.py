"""Where the ADK app folders (`blogger/`, `event_planning/`) live, and runners for our own runs.

Both apps ship as packages (in the wheel, and in a checkout's editable install), so their
folder is found through the import system, as ADK's `AgentLoader` finds an agent's module.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.runners import Runner

__all__ = ["AGENTS_DIR", "APP_PACKAGES", "agents_dir", "app_runner"]

APP_PACKAGES = ("blogger", "event_planning")


def agents_dir() -> Path:
    """The folder holding both app packages: what `adk web` and `adk api_server` take as
    agents_dir, and what relative session URIs (sqlite:///s.db) resolve against.

    The current directory when the apps are not importable (nothing else to serve).
    """
    folders = set()
    for name in APP_PACKAGES:
        spec = find_spec(name)
        if spec is not None and spec.origin is not None:
            folders.add(Path(spec.origin).resolve().parent.parent)
    return folders.pop() if len(folders) == 1 else Path.cwd()


#: `agents_dir()` when this module was imported.
AGENTS_DIR = agents_dir()

_RUNNER_LOG = logging.getLogger("google_adk.google.adk.runners")


class _OwnAppFilter(logging.Filter):
    """Drops the Runner's guess that an agent built by our code belongs to another app."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("App name mismatch")


@contextmanager
def _own_app() -> Iterator[None]:
    flt = _OwnAppFilter()
    _RUNNER_LOG.addFilter(flt)
    try:
        yield
    finally:
        _RUNNER_LOG.removeFilter(flt)


def app_runner(*, app_name: str, agent: BaseAgent, **services: Any) -> Runner:
    """A `Runner` for `agent` as part of `app_name`, for runs our own code starts.

    Without `AgentLoader`, a Runner guesses the app from the folder of the agent's class
    module; ours live in `draftguard_adk/agents`, so every programmatic run (the split CLI
    and demo) logged a false "App name mismatch". ADK offers no public way to state an
    agent's origin, so the guess is silenced for this construction only.
    """
    with _own_app():
        return Runner(app_name=app_name, agent=agent, **services)

"""Where the ADK app folders (`blogger/`, `event_planning/`) live, and whose app an agent is."""

from __future__ import annotations

from pathlib import Path

from google.adk.agents import BaseAgent

__all__ = ["AGENTS_DIR", "claim_for_app"]

#: The repository root in a checkout: `adk web` and `adk api_server` take it as agents_dir,
#: and relative session URIs (sqlite:///s.db) resolve against it.
AGENTS_DIR = Path(__file__).resolve().parents[3]


def claim_for_app(agent: BaseAgent, app_name: str) -> BaseAgent:
    """Mark `agent` as the root of `app_name`, as ADK's AgentLoader marks the agents it loads.

    A Runner otherwise guesses the app from the folder of the agent's class module; ours live
    in `draftguard_adk/agents` (the workflow subclasses) or `draftguard_adk/artifacts`, so every
    programmatic run (the split CLI and demo, the job worker) logged "App name mismatch".
    """
    # The attribute names AgentLoader sets and Runner reads; BaseAgent does not declare them.
    setattr(agent, "_adk_origin_app_name", app_name)  # noqa: B010
    setattr(agent, "_adk_origin_path", AGENTS_DIR / app_name)  # noqa: B010
    return agent

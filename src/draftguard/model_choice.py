"""Which model an agent runs on: environment, then agents.yaml, then Gemini, then local."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel

from draftguard.settings import ProjectSettings

__all__ = ["DEFAULT_GEMINI_MODEL", "DEFAULT_LOCAL_MODEL", "ModelChoice", "choose_model"]

DEFAULT_GEMINI_MODEL = "gemini-2.5-flash"
DEFAULT_LOCAL_MODEL = "local:smollm2"

Source = Literal["env", "agents.yaml", "gemini", "local"]


class ModelChoice(BaseModel):
    """The model string ADK resolves, and which rule picked it."""

    model: str
    source: Source


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def gemini_configured(env: Mapping[str, str]) -> bool:
    """True when a Gemini API key or a Vertex AI project is configured."""
    if env.get("GOOGLE_API_KEY") or env.get("GEMINI_API_KEY"):
        return True
    # google-genai reads GOOGLE_GENAI_USE_ENTERPRISE first (it is what `adk deploy
    # agent_engine` sets in the image), then GOOGLE_GENAI_USE_VERTEXAI.
    flag = env.get("GOOGLE_GENAI_USE_ENTERPRISE")
    if flag is None:
        flag = env.get("GOOGLE_GENAI_USE_VERTEXAI")
    return _truthy(flag) and bool(env.get("GOOGLE_CLOUD_PROJECT"))


def choose_model(
    agent: str,
    *,
    settings: ProjectSettings,
    env: Mapping[str, str] | None = None,
) -> ModelChoice:
    """Resolve the model for `agent` in the documented order."""
    env = os.environ if env is None else env
    per_agent = f"DRAFTGUARD_MODEL_{agent.upper()}"
    for var in (per_agent, "DRAFTGUARD_MODEL"):
        if value := env.get(var, "").strip():
            return ModelChoice(model=value, source="env")
    if configured := settings.agent(agent).model:
        return ModelChoice(model=configured, source="agents.yaml")
    if gemini_configured(env):
        return ModelChoice(
            model=env.get("DRAFTGUARD_GEMINI_MODEL", "").strip() or DEFAULT_GEMINI_MODEL,
            source="gemini",
        )
    return ModelChoice(
        model=env.get("DRAFTGUARD_LOCAL_MODEL", "").strip() or DEFAULT_LOCAL_MODEL,
        source="local",
    )

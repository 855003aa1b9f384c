"""The one place agents get their model from."""

from __future__ import annotations

import logging

from draftguard.model_choice import ModelChoice, choose_model
from draftguard.settings import ProjectSettings, load_settings
from draftguard_adk.llm._local_llm import register_local_models

__all__ = ["model_choice_for", "model_for"]

log = logging.getLogger("draftguard.models")


def model_choice_for(agent: str, *, settings: ProjectSettings | None = None) -> ModelChoice:
    """The model for `agent` and the rule that chose it (see `choose_model`)."""
    return choose_model(agent, settings=settings if settings is not None else load_settings())


def model_for(agent: str, *, settings: ProjectSettings | None = None) -> str:
    """An ADK model string for `agent`; `local:`/`gguf:` strings resolve to `LocalLlm`."""
    register_local_models()
    choice = model_choice_for(agent, settings=settings)
    log.debug("agent %s uses %s (from %s)", agent, choice.model, choice.source)
    return choice.model

"""The capability profile of the model an agent runs on (`draftguard.model_profile`)."""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm

from draftguard.model_profile import ModelProfile, profile_for_model

__all__ = ["model_profile"]


def model_profile(model: str | BaseLlm) -> ModelProfile:
    """The one profile of `model`, an ADK model string or a built `BaseLlm`."""
    return profile_for_model(model if isinstance(model, str) else model.model)

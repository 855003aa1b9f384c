"""The capability profile of the model an agent runs on (`draftguard.model_profile`)."""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm

from draftguard.model_profile import ModelProfile, profile_for_model
from draftguard_adk.llm._local_llm import LocalLlm

__all__ = ["model_profile"]


def model_profile(model: str | BaseLlm) -> ModelProfile:
    """The one profile of `model`, an ADK model string or a built `BaseLlm`."""
    if isinstance(model, str):
        return profile_for_model(model)
    name = model.model
    # ADK's registry strips the "local:" prefix it matched ("local:smollm2" builds
    # LocalLlm(model="smollm2")); put it back, as LocalLlm itself reads its name.
    if isinstance(model, LocalLlm) and ":" not in name and not name.endswith(".gguf"):
        name = f"local:{name}"
    return profile_for_model(name)

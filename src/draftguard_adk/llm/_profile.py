"""The capability profile of the model an agent runs on (`draftguard.model_profile`)."""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm

from draftguard.model_profile import ModelProfile, profile_for_model

__all__ = ["model_profile"]


def model_profile(model: str | BaseLlm) -> ModelProfile:
    """The one profile of `model`, an ADK model string or a built `BaseLlm`."""
    if isinstance(model, str):
        return profile_for_model(model)
    from draftguard_adk.llm._local_llm import LocalLlm

    name = model.model
    # The registry builds a bundled model under its bare name ("smollm2"), which would read
    # as a remote model: it is the embedded one.
    if isinstance(model, LocalLlm) and not name.startswith(("local:", "gguf:")) and not (
        name.endswith(".gguf")
    ):
        name = f"local:{name}"
    return profile_for_model(name)

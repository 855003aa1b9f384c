"""The model seam: model choice and resolution, the one direct model call (`ask_json`),
local llama.cpp models, schema conversion."""

from __future__ import annotations

from draftguard_adk.llm._ask_json import ask_json
from draftguard_adk.llm._profile import model_profile
from draftguard_adk.llm._resolve import agent_model, build_llm

__all__ = [
    "agent_model",
    "ask_json",
    "build_llm",
    "model_profile",
]

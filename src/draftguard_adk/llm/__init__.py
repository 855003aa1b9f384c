"""The model seam: model choice and resolution, the one direct model call (`ask_json`),
local llama.cpp models, schema conversion."""

from __future__ import annotations

from draftguard_adk.llm._ask_json import (
    CallCounter,
    ask_json,
)
from draftguard_adk.llm._gguf_locator import (
    BUNDLED_MODELS,
    bundled_gguf,
    resolve_gguf,
)
from draftguard_adk.llm._json_schemas import (
    inline_refs,
    to_json_schema,
)
from draftguard_adk.llm._local_llm import (
    LocalLlm,
    register_local_models,
)
from draftguard_adk.llm._profile import model_profile
from draftguard_adk.llm._resolve import (
    agent_model,
    build_llm,
    is_embedded,
    resolve_model,
    show_prompt_example,
)

__all__ = [
    "BUNDLED_MODELS",
    "CallCounter",
    "LocalLlm",
    "agent_model",
    "ask_json",
    "build_llm",
    "bundled_gguf",
    "inline_refs",
    "is_embedded",
    "model_profile",
    "register_local_models",
    "resolve_gguf",
    "resolve_model",
    "show_prompt_example",
    "to_json_schema",
]

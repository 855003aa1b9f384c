"""The model seam: local llama.cpp models, model choice, schema conversion."""

from __future__ import annotations

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
from draftguard_adk.llm._resolve import (
    model_choice_for,
    model_for,
)

__all__ = [
    "BUNDLED_MODELS",
    "LocalLlm",
    "bundled_gguf",
    "inline_refs",
    "model_choice_for",
    "model_for",
    "register_local_models",
    "resolve_gguf",
    "to_json_schema",
]

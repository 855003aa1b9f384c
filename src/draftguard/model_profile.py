"""What a model can be trusted to do, resolved once per model name.

Every step that differs by model reads one `ModelProfile` instead of asking "is this the
embedded model?" in its own way. A *small* model (the embedded 135M SmolLM2, any small GGUF)
only picks among candidates that code built, under constrained output, or writes short prose;
a *capable* one (Gemini, a larger GGUF) also writes artifacts, judges and holds open
conversation.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["CAPABLE_GGUF_BYTES", "ModelProfile", "profile_for_model"]

Tier = Literal["small", "capable"]

#: A GGUF file at least this large is taken as a capable model (~1.5B parameters at 4 bits);
#: the bundled 135M file is about 100 MB.
CAPABLE_GGUF_BYTES = 1_000_000_000

_ENV = "DRAFTGUARD_MODEL_PROFILE"


class ModelProfile(BaseModel):
    """One model's capabilities, decided once (`profile_for_model`)."""

    model_config = ConfigDict(frozen=True)

    model: str
    tier: Tier
    #: Where the tier came from: "env", "bundled", "gguf-size" or "remote".
    source: str

    @property
    def small(self) -> bool:
        return self.tier == "small"

    @property
    def writes_structured(self) -> bool:
        """Writes whole artifacts (quiz, flashcards, mindmap) from a schema by itself."""
        return self.tier == "capable"

    @property
    def judges(self) -> bool:
        """Its yes/no verdicts on open questions are worth a model call."""
        return self.tier == "capable"

    @property
    def holds_conversation(self) -> bool:
        """Open chat and hard cases go to it; a small model gets a deterministic reply."""
        return self.tier == "capable"


def _gguf_tier(path_text: str) -> Tier:
    try:
        size = Path(path_text).expanduser().stat().st_size
    except OSError:
        return "small"  # a missing file fails at load; the safe reading until then
    return "capable" if size >= CAPABLE_GGUF_BYTES else "small"


def profile_for_model(model: str, *, env: Mapping[str, str] | None = None) -> ModelProfile:
    """The profile of the model ADK knows as `model` (`local:smollm2`, `gguf:/x.gguf`,
    `gemini-2.5-flash`, ...). `DRAFTGUARD_MODEL_PROFILE=small|capable` overrides it."""
    env = os.environ if env is None else env
    forced = env.get(_ENV, "").strip().lower()
    if forced in ("small", "capable"):
        return ModelProfile(model=model, tier=forced, source="env")
    return _profile(model)


@cache
def _profile(model: str) -> ModelProfile:
    if model.startswith("local:"):
        return ModelProfile(model=model, tier="small", source="bundled")
    if model.startswith("gguf:") or model.endswith(".gguf"):
        return ModelProfile(model=model, tier=_gguf_tier(model.removeprefix("gguf:")),
                            source="gguf-size")
    return ModelProfile(model=model, tier="capable", source="remote")

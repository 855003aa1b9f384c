"""The unit every grounded step works on: a chunk of the post or of an ingested source."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["POST_SOURCE", "SourceChunk"]

#: The `source` of chunks cut from the post itself.
POST_SOURCE = "post"


class SourceChunk(BaseModel):
    """A passage that generated content may rest on: `id` is stable within its source."""

    model_config = ConfigDict(frozen=True)

    id: str
    source: str
    text: str

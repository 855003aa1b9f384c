"""The settings models of the core systems, the one copy of each default.

They live here rather than beside the code that reads them so that loading agents.yaml imports
only pydantic: `draftguard check-split` should not pay for numpy, the document sniffers and the
anchor search just to read one size limit. Each system re-exports its own model.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel

__all__ = [
    "DEFAULT_MIN_CHARS",
    "DEFAULT_MIN_OPAQUE_CHARS",
    "DEFAULT_PREVIEW_BUDGET_BYTES",
    "AnalysisSettings",
    "DedupeSettings",
    "PatchSettings",
]

#: Base64 runs shorter than this are never decoded (ids, hashes).
DEFAULT_MIN_CHARS = 32
#: Runs that decode to no known format must be at least this long to count as base64.
DEFAULT_MIN_OPAQUE_CHARS = 256
#: How much of the judge's prompt the document summaries may take.
DEFAULT_PREVIEW_BUDGET_BYTES = 32 * 1024


class DedupeSettings(BaseModel):
    """Every tunable, and the one copy of its default: this model is agents.yaml's
    `event_planning.duplicate_detector` section."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)

    similarity_threshold: float = Field(default=0.95, ge=0.0, le=1.0)
    """Chunk level: a chunk at least this similar to the one before it is a replay."""
    content_similarity_threshold: float = Field(default=0.85, ge=0.0, le=1.0)
    """Content level: a sentence at least this similar (rapidfuzz ratio) to a kept one goes."""
    sentence_window_size: int = Field(default=50, ge=1)
    """How many kept sentences each new one is compared with."""
    min_sentence_chars: int = Field(default=12, ge=0)
    """Shorter units ("Yes.") are exempt."""
    min_chunk_chars: int = Field(default=32, ge=1)
    """Shorter chunks skip the chunk-level check."""


class AnalysisSettings(BaseModel):
    """Thresholds for previews and parsing (agents.yaml section `document_validator`)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    full_preview_max_bytes: int = Field(default=50 * 1024, ge=0)
    """Text and structured documents up to this size are previewed in full."""
    large_preview_bytes: int = Field(default=1024, ge=0)
    """Larger ones show this many leading bytes plus a size indicator."""
    parse_limit_bytes: int = Field(default=8 * 1024 * 1024, ge=0)
    """Documents up to this size are parsed in full (JSON, XML, YAML, base64 decoding)."""
    base64_min_chars: int = Field(default=DEFAULT_MIN_CHARS, ge=4)
    base64_min_opaque_chars: int = Field(default=DEFAULT_MIN_OPAQUE_CHARS, ge=4)

    @model_validator(mode="after")
    def _parse_covers_full_preview(self) -> AnalysisSettings:
        if self.parse_limit_bytes < self.full_preview_max_bytes:
            raise ValueError("parse_limit_bytes must be at least full_preview_max_bytes")
        return self


@dataclass(frozen=True)
class PatchSettings:
    """How closely an anchor must match and how much one plan may change.

    agents.yaml's `content_editor` section exposes the first, fourth and fifth; the class
    attributes are the defaults every signature in `draftguard.edits` refers to.
    """

    score_cutoff: float = 85.0
    """Fuzzy anchor matches score at least this (0-100); below it: "did you mean"."""
    min_fuzzy_length: int = 8
    """Anchors shorter than this are never matched fuzzily."""
    ambiguity_margin: float = 3.0
    """A second fuzzy match within this many points of the best one makes the anchor ambiguous."""
    max_changed_lines: int = 12
    """Line budget cap per plan ..."""
    max_changed_fraction: float = 0.08
    """... or this share of the document's lines, whichever is smaller."""
    diff_context: int = 3
    """Unchanged lines shown around each hunk of the diff."""

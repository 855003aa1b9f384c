"""Source material an author brings (notes, transcripts) as chunks that artifacts and edits
are grounded in."""

from __future__ import annotations

from draftguard.sources._chunks import SourceChunk

__all__ = ["SourceChunk"]

"""Source material an author brings (notes, transcripts) as chunks that artifacts and edits
are grounded in."""

from __future__ import annotations

from draftguard.sources._chunking import DEFAULT_MAX_WORDS, chunk_text
from draftguard.sources._chunks import POST_SOURCE, SourceChunk
from draftguard.sources._index import SourceIndex

__all__ = ["DEFAULT_MAX_WORDS", "POST_SOURCE", "SourceChunk", "SourceIndex", "chunk_text"]

"""Which chunks an artifact is made from: the post's and any ingested sources' chunks that
the request is about (`SourceIndex.relevant`)."""

from __future__ import annotations

from collections.abc import Mapping

from draftguard.sources._chunking import chunk_text
from draftguard.sources._chunks import POST_SOURCE, SourceChunk
from draftguard.sources._index import SourceIndex

__all__ = ["DEFAULT_CHUNKS", "artifact_chunks"]

#: Chunks an artifact is made from at most: enough for a dozen items, few enough that a
#: small model's prompt and the capable path's `max_source_chars` hold them.
DEFAULT_CHUNKS = 12


def artifact_chunks(
    post: str, request: str, *, sources: Mapping[str, str] | None = None,
    k: int = DEFAULT_CHUNKS,
) -> list[SourceChunk]:
    """The chunks of `post` (source "post") and of each `sources` text (source = its id)
    that `request` is about, at most `k`, in reading order. A request naming no topic of the
    text ("a quiz, please") gets the first `k` chunks."""
    chunks = chunk_text(post, source=POST_SOURCE) if post.strip() else []
    for source_id, text in (sources or {}).items():
        chunks += chunk_text(text, source=source_id)
    if len(chunks) <= k:
        return chunks
    return SourceIndex(chunks).relevant(request, k=k)

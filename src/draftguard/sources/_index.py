"""Which chunks a request is about: BM25 over stemmed topic words (bm25s)."""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.sources._chunks import SourceChunk
from draftguard.split._coverage import stems

__all__ = ["SourceIndex"]


class SourceIndex:
    """A BM25 index over chunks; build once per set of chunks, query many times."""

    def __init__(self, chunks: Sequence[SourceChunk]) -> None:
        self.chunks = list(chunks)
        self._tokens = [stems(c.text) for c in self.chunks]
        self._bm25 = None
        if any(self._tokens):
            import bm25s  # numpy-backed; loaded only when an index is built

            self._bm25 = bm25s.BM25(method="lucene")
            # bm25s refuses an empty document; a chunk of only stop words gets a placeholder
            # that no query stem can equal.
            self._bm25.index([t or ["\x00"] for t in self._tokens], show_progress=False)

    def scores(self, query: str) -> list[float]:
        """One BM25 score per chunk, in order (all 0 when the query has no topic words)."""
        query_stems = [s for s in stems(query) if any(s in t for t in self._tokens)]
        if self._bm25 is None or not query_stems:
            return [0.0] * len(self.chunks)
        return [float(x) for x in self._bm25.get_scores(query_stems)]

    def relevant(self, query: str, *, k: int, min_score: float = 0.0) -> list[SourceChunk]:
        """The `k` chunks scoring highest for `query` above `min_score`, in reading order.

        A query with no topic word in common with the chunks ("a quiz on the post") gets the
        first `k` chunks: the request names no topic, so the whole text is the topic.
        """
        scores = self.scores(query)
        if not any(scores):
            return self.chunks[:k]
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        chosen = sorted(i for i in ranked[:k] if scores[i] > min_score)
        return [self.chunks[i] for i in chosen]

"""A proven upper bound on a block's fuzzy score: skip blocks that cannot reach a cutoff.

The fuzzy tier scores a block B (length n) against a needle N (length m) with rapidfuzz:
`partial_ratio` when n >= m, `ratio` when n < m. Both are the best ratio(N, W) over windows
W of B with |W| <= m, where ratio(N, W) = 200 * LCS(N, W) / (m + |W|):

- a window of length exactly m can lie anywhere in B;
- a shorter window is a prefix of B or a suffix of B (or B itself when n < m).

Scoring every window of every block costs O(m) per window, about 40 ms per needle over a
1 MB post. But LCS over a longer string bounds LCS over each of its substrings, and one
bit-parallel LCS over a string of length L costs O(L). So, once per width class M >= m:

- the text is cut into overlapping segments S_k = T[kM : kM + 2M]; a window [i, i + m)
  lies inside S_k for k = i // M, so its score 100 * LCS(N, W) / m <= 100 * U / m with
  U = LCS(N, S_k);
- each block's first and last M - 1 characters are its edges; a window of length L < m
  lies inside one of them, and its score 200 * LCS(N, W) / (m + L) <= 200 * min(U, L) /
  (m + L) <= 200 * U / (m + U) with U = LCS(N, edge) (the middle term grows with L while
  L <= U and falls after).

So a block can reach `cutoff` only if it overlaps a segment with U >= cutoff * m / 100, or
one of its edges has U >= cutoff * m / (200 - cutoff). `reachable` returns every such block
(and the two blocks cut by the search range, whose edges move), so a block it leaves out
provably scores below `cutoff`; blocks it keeps still get their real score. A small slack
absorbs float rounding in rapidfuzz's scores.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from math import ceil

from rapidfuzz import process
from rapidfuzz.distance import LCSseq

__all__ = ["SegmentBound", "segment_width"]

_SLACK = 1e-6
_KEEP_CLASSES = 6


def segment_width(m: int) -> int:
    """The width class M >= m: steps of about 1.25x, so a segment is at most ~2.5 m long."""
    width = 8
    while width < m:
        width = max(width + 1, width * 5 // 4)
    return width


class SegmentBound:
    """Segments and block edges of one text per width class, built lazily and kept."""

    def __init__(self, text: str, blocks: Sequence[tuple[int, int]]) -> None:
        self.text = text
        self.blocks = list(blocks)
        self.block_starts = [b for b, _ in self.blocks]
        self.block_ends = [e for _, e in self.blocks]
        self._classes: dict[int, tuple[list[str], list[str], list[str]]] = {}

    def pieces(self, width: int) -> tuple[list[str], list[str], list[str]]:
        """The segments, the blocks' first edges and their last edges for class `width`."""
        got = self._classes.get(width)
        if got is None:
            t, edge = self.text, width - 1
            segments = [t[k : k + 2 * width] for k in range(0, max(len(t), 1), width)]
            firsts = [t[s : min(e, s + edge)] for s, e in self.blocks]
            lasts = [t[max(s, e - edge) : e] for s, e in self.blocks]
            if len(self._classes) >= _KEEP_CLASSES:
                del self._classes[next(iter(self._classes))]
            got = self._classes[width] = (segments, firsts, lasts)
        return got

    def reachable(
        self, needle: str, cutoff: float, first: int, last: int, lo: int, hi: int
    ) -> list[int]:
        """Indices in [first, last) of the blocks (clipped to [lo, hi]) that may score >= cutoff."""
        m = len(needle)
        if m == 0 or first >= last:
            return []
        c = cutoff - _SLACK
        if c <= 0:
            return list(range(first, last))
        if c > 100:
            return []
        tight = ceil(c * m / 100)
        loose = ceil(c * m / (200 - c))
        width = segment_width(m)
        segments, firsts, lasts = self.pieces(width)
        keep = {first, last - 1}  # cut by lo and hi: their edges are not the cached ones
        for edges in (firsts, lasts):
            hits = process.extract(
                needle, edges[first:last], scorer=LCSseq.similarity, score_cutoff=loose, limit=None
            )
            keep.update(first + k for _, _, k in hits)
        k0 = lo // width
        k1 = min(len(segments), hi // width + 1)
        hits = process.extract(
            needle, segments[k0:k1], scorer=LCSseq.similarity, score_cutoff=tight, limit=None
        )
        starts, ends = self.block_starts, self.block_ends
        for _, _, k in hits:
            a = (k0 + k) * width
            # Every block overlapping the segment may hold a full-length window in it.
            lo_block = max(first, bisect_right(ends, a))
            keep.update(range(lo_block, min(last, bisect_left(starts, a + 2 * width))))
        return sorted(keep)

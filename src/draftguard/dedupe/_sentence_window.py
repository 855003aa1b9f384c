"""The last N kept sentence keys, and an exact best-match search over them.

`SentenceWindow.best(key, score_cutoff=...)` answers what
`rapidfuzz.process.extractOne(key, keys, scorer=fuzz.ratio, score_cutoff=...)` answers
(the best score, ties going to the oldest key), without scoring every key in a large window.

Why it is exact: `fuzz.ratio` is 100 * 2 * LCS(a, b) / (len(a) + len(b)), and the longest
common subsequence can use each character at most as often as the rarer of the two strings
has it, so 100 * 2 * sum_c min(count_a(c), count_b(c)) / (len(a) + len(b)) is an upper bound.
Characters are counted in a few dozen buckets (each bucket merges characters, which can
only raise the bound), for every key at once with numpy. A key whose bound is below the
cutoff cannot match. The best score is at least the score of the key with the highest
bound, so a key whose bound is below that score cannot be the best either. Only the keys
left are scored, oldest first, by rapidfuzz: the answer is the one a full scan gives.
Small windows skip the bound (one C-level pass is cheaper there).
"""

from __future__ import annotations

import string

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process

__all__ = ["SentenceWindow"]

# Casefolded prose is mostly these characters; each gets its own bucket, anything else
# (other punctuation, other scripts, "?" from encoding) shares the last one.
_OWN_BUCKET = string.ascii_lowercase + string.digits + " .,'$-!?&():;/\"%"
_BUCKETS = len(_OWN_BUCKET) + 1
_TABLE = bytes(
    _OWN_BUCKET.index(chr(b)) if chr(b) in _OWN_BUCKET else _BUCKETS - 1 for b in range(256)
)
_COUNT_MAX = np.iinfo(np.uint8).max
# Below this many keys one C-level extractOne pass is cheaper than the numpy bound.
_PREFILTER_FROM = 96
# Float slack on the 0-100 scale: the bound and rapidfuzz's score round differently in the
# last place, so comparisons lean towards scoring a key rather than skipping it.
_SLACK = 1e-6


def _counts(key: str) -> npt.NDArray[np.intp]:
    data = np.frombuffer(key.encode("latin-1", "replace").translate(_TABLE), dtype=np.uint8)
    return np.bincount(data, minlength=_BUCKETS)


class SentenceWindow:
    """The last `size` keys with their sentences, oldest first."""

    def __init__(self, size: int, *, prefilter_from: int = _PREFILTER_FROM) -> None:
        self.size = size
        self._prefilter_from = prefilter_from
        # Keys and sentences by slot (O(1) access for the candidates the bound leaves).
        self._keys: list[str] = []
        self._texts: list[str] = []
        # Bucket counts (clipped to uint8) and lengths by slot: a ring once `size` keys are
        # in. Capacity grows by doubling, so a huge `size` that is never filled costs nothing.
        self._counts: npt.NDArray[np.uint8] = np.zeros((_BUCKETS, 0), dtype=np.uint8)
        self._lengths: npt.NDArray[np.float64] = np.zeros(0, dtype=np.float64)
        self._scratch: npt.NDArray[np.uint8] = np.zeros((_BUCKETS, 0), dtype=np.uint8)
        self._oldest = 0  # slot of the oldest key once the ring is full

    def __len__(self) -> int:
        return len(self._keys)

    @property
    def keys(self) -> list[str]:
        """Oldest first."""
        return self._keys[self._oldest :] + self._keys[: self._oldest]

    @property
    def texts(self) -> list[str]:
        """Oldest first."""
        return self._texts[self._oldest :] + self._texts[: self._oldest]

    @property
    def oldest_key(self) -> str:
        return self._keys[self._oldest]

    def add(self, key: str, text: str) -> None:
        n = len(self._keys)
        if n == self.size:
            slot = self._oldest
            self._oldest = (self._oldest + 1) % self.size
        else:
            slot = n
            if slot == self._lengths.shape[0] and self.size >= self._prefilter_from:
                self._grow(min(self.size, max(64, 2 * slot)))
        if slot == len(self._keys):
            self._keys.append(key)
            self._texts.append(text)
        else:
            self._keys[slot], self._texts[slot] = key, text
        if self.size < self._prefilter_from:
            return  # the bound is never used for a window this small
        # A count above 255 is clipped: min(clipped, q) still equals min(true, q) for every
        # query count q <= 255, and a query with a larger count skips the bound.
        self._counts[:, slot] = np.minimum(_counts(key), _COUNT_MAX)
        self._lengths[slot] = len(key)

    def _grow(self, capacity: int) -> None:
        counts = np.zeros((_BUCKETS, capacity), dtype=np.uint8)
        counts[:, : self._counts.shape[1]] = self._counts
        lengths = np.zeros(capacity, dtype=np.float64)
        lengths[: self._lengths.shape[0]] = self._lengths
        self._counts, self._lengths = counts, lengths
        self._scratch = np.empty_like(counts)

    def best(self, key: str, *, score_cutoff: float) -> tuple[str, float] | None:
        """The sentence whose key scores highest (`fuzz.ratio`, 0-100) against `key`, and
        that score, if it reaches `score_cutoff`; ties go to the oldest."""
        n = len(self._keys)
        if n == 0:
            return None
        # rapidfuzz turns its cutoff into a distance bound and can round a score exactly at
        # the cutoff down to a miss; ask it for a hair less and compare exactly here.
        loose = max(0.0, score_cutoff - _SLACK)
        slots: list[int] | None = None
        if n >= self._prefilter_from:
            query = _counts(key)
            if query.max() <= _COUNT_MAX:
                slots = self._candidates(key, query, n, loose)
        choices = self.keys if slots is None else [self._keys[s] for s in slots]
        # Choices go oldest first, and extractOne keeps the first of equal scores.
        hit = process.extractOne(key, choices, scorer=fuzz.ratio, score_cutoff=loose)
        if hit is None or hit[1] < score_cutoff:
            return None
        slot = (hit[2] + self._oldest) % n if slots is None else slots[hit[2]]
        return self._texts[slot], float(hit[1])

    def _candidates(
        self, key: str, query: npt.NDArray[np.intp], n: int, loose: float
    ) -> list[int]:
        """Slots, oldest first, of the keys that may score best: bound >= `loose` and >= the
        score of the key with the highest bound (which the best score is at least)."""
        common = self._scratch[:, :n]
        np.minimum(self._counts[:, :n], query.astype(np.uint8)[:, None], out=common)
        # 53 buckets of at most 255 each: the sum fits in uint16.
        shared = np.add.reduce(common, axis=0, dtype=np.uint16)
        bound = shared * 200.0 / (self._lengths[:n] + len(key))
        slots = np.flatnonzero(bound >= loose)
        if slots.size > 1:
            top = int(slots[np.argmax(bound[slots])])
            floor = float(fuzz.ratio(key, self._keys[top])) - _SLACK
            if floor > loose:
                slots = slots[bound[slots] >= floor]
        if self._oldest:  # the ring has wrapped: slots from the oldest one come first
            slots = np.concatenate((slots[slots >= self._oldest], slots[slots < self._oldest]))
        result: list[int] = slots.tolist()
        return result

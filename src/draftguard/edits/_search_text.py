"""A document prepared once for many anchor searches, and the fold every tier compares in."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from draftguard.edits._exact_search import ExactFinder
from draftguard.edits._fuzzy_bound import SegmentBound
from draftguard.text import DOUBLE_QUOTES, SINGLE_QUOTES

__all__ = ["AnchorMatch", "MatchTier", "SearchText", "fold"]


class MatchTier(StrEnum):
    EXACT = "exact"
    NORMALIZED = "normalized"
    FUZZY = "fuzzy"


@dataclass(frozen=True, slots=True)
class AnchorMatch:
    """A span of the searched text and how it was found (score is 0-100)."""

    start: int
    end: int
    tier: MatchTier
    score: float = 100.0


# The typed quotes (`draftguard.text`), and for search only their look-alikes: primes, the
# backtick and the acute accent.
_QUOTES = SINGLE_QUOTES + "\u2032\u0060\u00b4"
_DQUOTES = DOUBLE_QUOTES + "\u2033"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_SPACES = "\u00a0\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B)))
# Length-preserving on purpose: offsets in folded text are offsets in the original.
_FOLD = str.maketrans(
    {
        **dict.fromkeys(map(ord, _QUOTES), "'"),
        **dict.fromkeys(map(ord, _DQUOTES), '"'),
        **dict.fromkeys(map(ord, _DASHES), "-"),
        **dict.fromkeys(map(ord, _SPACES), " "),
        ord("\t"): " ",
    }
)


def fold(text: str) -> str:
    """Quotes, dashes and spaces unified, lower case; same length as `text` whenever possible."""
    return _fold(text)[0]


# str.translate looks every character up in a dict once the text is not ASCII (~240 ms per
# MB); replacing only the characters that occur costs a few fast scans instead.
_FOLD_PAIRS = tuple((chr(k), str(v)) for k, v in _FOLD.items())


def _unify(text: str) -> str:
    """`text.translate(_FOLD)`, fast: no replacement creates a character that is replaced."""
    for char, repl in _FOLD_PAIRS:
        if char in text:
            text = text.replace(char, repl)
    return text


def _fold(text: str) -> tuple[str, bool]:
    """`fold(text)` and whether it could lower the case without changing the length."""
    folded = _unify(text)
    lowered = folded.lower()
    # A few characters (e.g. "İ") change length when lowered; keep offsets valid instead.
    return (lowered, True) if len(lowered) == len(folded) else (folded, False)


class SearchText:
    """A text prepared once for many anchor searches.

    Everything costly is built on first use and kept: the SIMD exact finder, the folded copy,
    the flattened copy (line breaks as spaces) the fuzzy tier scores, its block slices and
    the segments of the fuzzy bound. Build one per document version and reuse it for every
    op of a plan.
    """

    def __init__(self, text: str, blocks: Sequence[tuple[int, int]] = ()) -> None:
        self.text = text
        self.blocks = sorted(blocks) or _paragraph_spans(text)
        self.block_starts = [s for s, _ in self.blocks]
        self.block_ends = [e for _, e in self.blocks]
        self._folded: str | None = None
        self._lowered = True
        self._folded_finder: ExactFinder | None = None
        self._flat: str | None = None
        self._block_texts: list[str] | None = None
        self._finder: ExactFinder | None = None
        self._bound: SegmentBound | None = None
        self._decomposed: bool | None = None

    @property
    def folded(self) -> str:
        if self._folded is None:
            self._folded, self._lowered = _fold(self.text)
        return self._folded

    @property
    def decomposed(self) -> bool:
        """Whether the text holds decomposed (NFD) characters."""
        if self._decomposed is None:
            self._decomposed = not unicodedata.is_normalized("NFC", self.text)
        return self._decomposed

    @property
    def lowered(self) -> bool:
        """Whether `folded` is in lower case (false only for texts like "İ")."""
        _ = self.folded
        return self._lowered

    @property
    def folded_finder(self) -> ExactFinder:
        if self._folded_finder is None:
            self._folded_finder = ExactFinder(self.folded)
        return self._folded_finder

    @property
    def flat(self) -> str:
        """The folded text with line breaks as spaces (same length), so anchors span lines."""
        if self._flat is None:
            self._flat = self.folded.replace("\r", " ").replace("\n", " ")
        return self._flat

    @property
    def finder(self) -> ExactFinder:
        if self._finder is None:
            self._finder = ExactFinder(self.text)
        return self._finder

    @property
    def bound(self) -> SegmentBound:
        if self._bound is None:
            self._bound = SegmentBound(self.flat, self.blocks)
        return self._bound

    def block_texts(self) -> list[str]:
        """Each block's slice of `flat`."""
        if self._block_texts is None:
            f = self.flat
            self._block_texts = [f[s:e] for s, e in self.blocks]
        return self._block_texts

    def block_text(self, i: int, lo: int, hi: int) -> tuple[int, str]:
        """Block `i` clipped to [lo, hi]: its start offset and its slice of `flat`."""
        s, e = self.blocks[i]
        if lo <= s and e <= hi:
            return s, self.block_texts()[i]
        s, e = max(s, lo), min(e, hi)
        return s, self.flat[s:e]

    def exact(self, needle: str, lo: int = 0, hi: int | None = None) -> list[AnchorMatch]:
        """Every occurrence of `needle` in `text[lo:hi]`, overlapping ones included."""
        n = len(needle)
        return [
            AnchorMatch(p, p + n, MatchTier.EXACT) for p in self.finder.find_all(needle, lo, hi)
        ]


_BLANK_RUN = re.compile(r"\n[ \t\r]*\n\s*")


def _paragraph_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _BLANK_RUN.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return spans

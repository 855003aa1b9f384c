"""Finding an anchor in a document: exact, then normalised, then fuzzy; never a guess.

The cascade stops at the first tier that finds anything and returns *every* match of that
tier, so the caller can refuse an ambiguous anchor instead of picking one. Normalisation folds
case, runs of whitespace, curly quotes, Unicode dashes and the ellipsis. Fuzzy matching aligns
the anchor inside each block with rapidfuzz's `partial_ratio_alignment`, so a fragment of a
long paragraph line is found; a second alignment within `ambiguity_margin` of the best is
reported as ambiguity, never silently dropped.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rapidfuzz import fuzz, process

__all__ = [
    "AnchorMatch",
    "AnchorSearch",
    "MatchTier",
    "SearchText",
    "find_anchor",
    "fold",
]


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


@dataclass(frozen=True, slots=True)
class AnchorSearch:
    """Every match of the first tier that found any; `near` holds "did you mean" spans."""

    matches: tuple[AnchorMatch, ...] = ()
    near: tuple[AnchorMatch, ...] = ()

    @property
    def tier(self) -> MatchTier | None:
        return self.matches[0].tier if self.matches else None


_QUOTES = "\u2018\u2019\u201a\u201b\u2032\u0060\u00b4"
_DQUOTES = "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"
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
    folded = text.translate(_FOLD)
    lowered = folded.lower()
    # A few characters (e.g. "İ") change length when lowered; keep offsets valid instead.
    return lowered if len(lowered) == len(folded) else folded


class SearchText:
    """A text prepared once for many anchor searches (folded copy and block slices)."""

    def __init__(self, text: str, blocks: Sequence[tuple[int, int]] = ()) -> None:
        self.text = text
        self._folded: str | None = None
        self.blocks = sorted(blocks) or _paragraph_spans(text)
        self.block_starts = [s for s, _ in self.blocks]
        self.block_ends = [e for _, e in self.blocks]
        self._block_texts: list[str] | None = None

    @property
    def folded(self) -> str:
        if self._folded is None:
            self._folded = fold(self.text)
        return self._folded

    @property
    def case_preserved(self) -> bool:
        return self.folded == self.text.translate(_FOLD)

    def block_texts(self) -> list[str]:
        if self._block_texts is None:
            f = self.folded
            self._block_texts = [f[s:e] for s, e in self.blocks]
        return self._block_texts


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


def _exact(text: str, anchor: str, lo: int, hi: int) -> list[AnchorMatch]:
    found: list[AnchorMatch] = []
    pos = text.find(anchor, lo, hi)
    while pos != -1:
        found.append(AnchorMatch(pos, pos + len(anchor), MatchTier.EXACT))
        pos = text.find(anchor, pos + 1, hi)
    return found


_ELLIPSIS = re.compile(r"\.\.\.|\u2026")


def _normalized_pattern(anchor: str) -> re.Pattern[str] | None:
    words = fold(anchor.strip()).split()
    if not words:
        return None
    parts: list[str] = []
    for word in words:
        pieces = _ELLIPSIS.split(word)
        parts.append(r"(?:\.\.\.|\u2026)".join(re.escape(p) for p in pieces))
    # Whitespace runs (including line breaks and CRLF) match any other whitespace run.
    return re.compile(r"\s+".join(parts))


def _normalized(search: SearchText, anchor: str, lo: int, hi: int) -> list[AnchorMatch]:
    pattern = _normalized_pattern(anchor)
    if pattern is None:
        return []
    haystack = search.folded
    if len(haystack) != len(search.text):  # pragma: no cover - exotic case changes
        haystack = search.text
        pattern = re.compile(pattern.pattern, re.IGNORECASE)
    return [
        AnchorMatch(m.start(), m.end(), MatchTier.NORMALIZED)
        for m in pattern.finditer(haystack, lo, hi)
    ]


_WORD = re.compile(r"\w")


def _snap(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """Widen a fuzzy span to whole words and trim surrounding spaces."""
    while start > lo and _WORD.match(text[start - 1]) and _WORD.match(text[start]):
        start -= 1
    while end < hi and end > start and _WORD.match(text[end - 1]) and _WORD.match(text[end]):
        end += 1
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


@dataclass(slots=True)
class _Scored:
    score: float
    start: int
    end: int
    extra: list[_Scored] = field(default_factory=list)


def _align(needle: str, block: str, offset: int) -> _Scored | None:
    if len(block) < len(needle):
        return _Scored(fuzz.ratio(needle, block), offset, offset + len(block))
    al = fuzz.partial_ratio_alignment(needle, block)
    if al is None:  # pragma: no cover - only with a score_cutoff
        return None
    return _Scored(al.score, offset + al.dest_start, offset + al.dest_end)


def _fuzzy(
    search: SearchText,
    anchor: str,
    lo: int,
    hi: int,
    *,
    score_cutoff: float,
    ambiguity_margin: float,
    suggest_cutoff: float,
    limit_near: int,
) -> tuple[list[AnchorMatch], list[AnchorMatch]]:
    needle = fold(" ".join(anchor.split()))
    folded = search.folded
    first = bisect_right(search.block_ends, lo)
    last = bisect_left(search.block_starts, hi)
    if first >= last or not needle:
        return [], []
    texts = search.block_texts()[first:last]
    floor = min(suggest_cutoff, score_cutoff - ambiguity_margin)
    # One C-level pass scores all blocks; only the best get an alignment.
    scores = process.cdist(
        [needle], texts, scorer=fuzz.partial_ratio, score_cutoff=floor, workers=1
    )[0]
    order = sorted(
        (k for k in range(len(texts)) if scores[k] >= floor), key=lambda k: -scores[k]
    )[: max(8, limit_near)]
    scored: list[_Scored] = []
    for i in (first + k for k in order):
        s, e = search.blocks[i]
        s, e = max(s, lo), min(e, hi)
        # Line breaks become spaces (same length) so anchors spanning lines still align.
        block = folded[s:e].replace("\r", " ").replace("\n", " ")
        got = _align(needle, block, s)
        if got is None:
            continue
        # Look for a second, equally good place inside the same block.
        for a, b in ((s, got.start), (got.end, e)):
            if b - a >= len(needle) * 0.8:
                other = _align(needle, block[a - s : b - s], a)
                if other is not None:
                    got.extra.append(other)
        scored.append(got)
    if not scored:
        return [], []
    scored.sort(key=lambda x: -x.score)
    text = search.text
    out: list[AnchorMatch] = []
    best = scored[0].score
    for sc in scored:
        start, end = _snap(text, sc.start, sc.end, lo, hi)
        score = fuzz.ratio(needle, " ".join(fold(text[start:end]).split()))
        out.append(AnchorMatch(start, end, MatchTier.FUZZY, round(max(score, sc.score), 1)))
    if best < score_cutoff:
        return [], [m for m in out if m.score >= suggest_cutoff][:limit_near]
    matches = [m for m, sc in zip(out, scored, strict=True) if sc.score >= best - ambiguity_margin]
    for sc in scored[: len(matches)]:
        for x in sc.extra:
            if x.score >= best - ambiguity_margin:
                start, end = _snap(text, x.start, x.end, lo, hi)
                matches.append(AnchorMatch(start, end, MatchTier.FUZZY, round(x.score, 1)))
    matches.sort(key=lambda m: m.start)
    return matches, []


def find_anchor(
    search: SearchText | str,
    anchor: str,
    *,
    start: int = 0,
    end: int | None = None,
    score_cutoff: float = 85.0,
    min_fuzzy_length: int = 8,
    ambiguity_margin: float = 3.0,
    suggest_cutoff: float = 50.0,
    limit_near: int = 3,
) -> AnchorSearch:
    """All places `anchor` occurs in `search.text[start:end]`, from the first tier that hits.

    Fuzzy matching runs only for anchors of at least `min_fuzzy_length` characters and
    accepts alignments scoring at least `score_cutoff`. Without any match, `near` holds up to
    `limit_near` candidates scoring at least `suggest_cutoff` ("did you mean").
    """
    if isinstance(search, str):
        search = SearchText(search)
    hi = len(search.text) if end is None else end
    if not anchor.strip():
        return AnchorSearch()
    exact = _exact(search.text, anchor, start, hi)
    if exact:
        return AnchorSearch(tuple(exact))
    normalized = _normalized(search, anchor, start, hi)
    if normalized:
        return AnchorSearch(tuple(normalized))
    cutoff = score_cutoff if len(anchor.strip()) >= min_fuzzy_length else 101.0
    matches, near = _fuzzy(
        search,
        anchor,
        start,
        hi,
        score_cutoff=cutoff,
        ambiguity_margin=ambiguity_margin,
        suggest_cutoff=suggest_cutoff,
        limit_near=limit_near,
    )
    return AnchorSearch(tuple(matches), tuple(near))

"""Finding an anchor in a document: exact, then normalised, then fuzzy; never a guess.

The cascade stops at the first tier that finds anything and returns *every* match of that
tier, so the caller can refuse an ambiguous anchor instead of picking one. Normalisation folds
case, runs of whitespace, curly quotes, Unicode dashes and the ellipsis. Fuzzy matching aligns
the anchor inside each block with rapidfuzz's `partial_ratio_alignment`, so a fragment of a
long paragraph line is found; a second alignment within `ambiguity_margin` of the best is
reported as ambiguity, never silently dropped.

Speed without guessing: the exact tier is a SIMD scan (`exact_search`), the normalised tier
runs its regex only when every literal word of the anchor occurs, and the fuzzy tier scores
only the blocks that a proven upper bound (`fuzzy_bound`) cannot rule out. Each shortcut
answers exactly like the plain search; tests/edits/test_edit_ops_search.py pins that.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rapidfuzz import fuzz, process

from draftguard.edits._graphemes import snap_to_clusters, splits_cluster
from draftguard.edits._search_text import AnchorMatch, MatchTier, SearchText, fold
from draftguard.settings._system_settings import PatchSettings

__all__ = [
    "AnchorMatch",
    "AnchorSearch",
    "MatchTier",
    "SearchText",
    "find_anchor",
    "fold",
]


@dataclass(frozen=True, slots=True)
class AnchorSearch:
    """Every match of the first tier that found any; `near` holds "did you mean" spans."""

    matches: tuple[AnchorMatch, ...] = ()
    near: tuple[AnchorMatch, ...] = ()

    @property
    def tier(self) -> MatchTier | None:
        return self.matches[0].tier if self.matches else None


_ELLIPSIS = re.compile(r"\.\.\.|\u2026")


def _both_forms(piece: str) -> tuple[str, list[str]]:
    """`piece` as a regex matching it composed (NFC) or decomposed (NFD), and its literals.

    Posts come from editors that store either form, and a model writes NFC; the folded
    regex accepts both, character by character, so mixed texts match too.
    """
    nfc = unicodedata.normalize("NFC", piece)
    if unicodedata.is_normalized("NFD", nfc):
        return re.escape(nfc), [nfc] if nfc else []
    out: list[str] = []
    literals: list[str] = []
    run = ""
    for ch in nfc:
        nfd = unicodedata.normalize("NFD", ch)
        if nfd == ch:
            out.append(re.escape(ch))
            run += ch
            continue
        out.append(f"(?:{re.escape(ch)}|{re.escape(nfd)})")
        if run:
            literals.append(run)
        run = ""
    if run:
        literals.append(run)
    return "".join(out), literals


def _with_other_forms(
    search: SearchText, anchor: str, lo: int, hi: int, exact: list[AnchorMatch]
) -> list[AnchorMatch]:
    """`exact` plus the anchor's copies in the other Unicode form (NFC against NFD).

    Canonically equivalent text is the same text to a reader, so the exact tier matches it
    in either form: a unique-looking exact match with a decomposed twin elsewhere is
    ambiguous, and an anchor in the other form than the post is still an exact match.
    """
    pattern, _ = _both_forms(anchor)
    if pattern == re.escape(unicodedata.normalize("NFC", anchor)) and unicodedata.is_normalized(
        "NFC", anchor
    ):
        return exact  # nothing in the anchor has another form
    rx = re.compile(pattern)
    seen = {(m.start, m.end) for m in exact}
    more = list(exact)
    m = rx.search(search.text, lo, hi)
    while m is not None:
        span = (m.start(), m.end())
        if span not in seen and not splits_cluster(search.text, *span):
            more.append(AnchorMatch(*span, MatchTier.EXACT))
        m = rx.search(search.text, m.start() + 1, hi)
    return sorted(more, key=lambda x: (x.start, x.end))


def _normalized_pattern(anchor: str) -> tuple[re.Pattern[str], list[str]] | None:
    """The anchor as a folded regex, and the literal pieces every match must contain."""
    words = fold(anchor.strip()).split()
    if not words:
        return None
    parts: list[str] = []
    literals: list[str] = []
    for word in words:
        pieces = [_both_forms(p) for p in _ELLIPSIS.split(word)]
        parts.append(r"(?:\.\.\.|\u2026)".join(p for p, _ in pieces))
        literals += [lit for _, lits in pieces for lit in lits]
    # Whitespace runs (including line breaks and CRLF) match any other whitespace run.
    return re.compile(r"\s+".join(parts)), literals


def _normalized(search: SearchText, anchor: str, lo: int, hi: int) -> list[AnchorMatch]:
    got = _normalized_pattern(anchor)
    if got is None:
        return []
    pattern, literals = got
    if search.lowered:
        # A match contains every literal piece verbatim, so one SIMD scan for a missing
        # piece (typically the misspelt word of a fuzzy anchor) proves there is none.
        for piece in sorted(set(literals), key=len, reverse=True):
            if search.folded_finder.find(piece, lo, hi) == -1:
                return []
    else:  # the text has a character whose lower case is longer (e.g. "İ"): match any case
        pattern = re.compile(pattern.pattern, re.IGNORECASE)
    # Overlapping matches count, as in the exact tier: "a. a" occurs twice in "a. a. a",
    # and a non-overlapping scan would hide the second and call the anchor unique.
    found: list[AnchorMatch] = []
    folded, text = search.folded, search.text
    m = pattern.search(folded, lo, hi)
    while m is not None:
        if not splits_cluster(text, m.start(), m.end()):
            found.append(AnchorMatch(m.start(), m.end(), MatchTier.NORMALIZED))
        m = pattern.search(folded, m.start() + 1, hi)
    return found


_WORD = re.compile(r"\w")


def _wordish(ch: str) -> bool:
    """A word character, or a combining mark that belongs to one (NFD accents)."""
    return bool(_WORD.match(ch)) or unicodedata.combining(ch) != 0


def _snap(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """Widen a fuzzy span to whole words and grapheme clusters; trim surrounding spaces."""
    start, end = snap_to_clusters(text, start, end)
    start, end = max(start, lo), min(end, hi)
    while start > lo and _wordish(text[start - 1]) and _wordish(text[start]):
        start -= 1
    while end < hi and end > start and _wordish(text[end - 1]) and _wordish(text[end]):
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


def _align(needle: str, block: str, offset: int) -> _Scored:
    """Where `needle` fits `block` best: its best window, or all of a shorter block."""
    if len(block) < len(needle):
        return _Scored(fuzz.ratio(needle, block), offset, offset + len(block))
    al = fuzz.partial_ratio_alignment(needle, block)
    if al is None:  # pragma: no cover - only with a score_cutoff
        return _Scored(0.0, offset, offset)
    return _Scored(al.score, offset + al.dest_start, offset + al.dest_end)


def _block_scores(
    search: SearchText,
    needle: str,
    lo: int,
    hi: int,
    blocks: Iterable[int],
    *,
    at_least: float,
) -> dict[int, float]:
    """`_align`'s score of each of `blocks` (clipped to [lo, hi]) that reaches `at_least`.

    The same scorers `_align` uses, run in C over all the blocks at once, each distinct
    text once.
    """
    m = len(needle)
    same: dict[str, list[int]] = {}
    for i in blocks:
        _, text = search.block_text(i, lo, hi)
        same.setdefault(text, []).append(i)
    scores: dict[int, float] = {}
    for wide in (True, False):
        texts = [t for t in same if (len(t) >= m) is wide]
        if not texts:
            continue
        scorer = fuzz.partial_ratio if wide else fuzz.ratio
        for _, score, k in process.extract(
            needle, texts, scorer=scorer, score_cutoff=at_least, limit=None
        ):
            scores.update(dict.fromkeys(same[texts[k]], score))
    return scores


# Below this cutoff the fuzzy bound keeps nearly every block, so it is not worth its cost.
_BOUND_WORTHWHILE = 65.0


def _scores_at_least(
    search: SearchText, needle: str, lo: int, hi: int, first: int, last: int, cutoff: float
) -> dict[int, float]:
    """The score of every block in [first, last) that reaches `cutoff`, and no other."""
    if cutoff >= _BOUND_WORTHWHILE:
        # Sound: the bound drops only blocks that provably score below `cutoff`.
        blocks: Iterable[int] = search.bound.reachable(needle, cutoff, first, last, lo, hi)
    else:
        blocks = range(first, last)
    return _block_scores(search, needle, lo, hi, blocks, at_least=cutoff)


def _placed(
    search: SearchText, needle: str, i: int, lo: int, hi: int
) -> tuple[_Scored, AnchorMatch, int, str]:
    """Block `i`'s best alignment, snapped to whole words and rescored as a match."""
    s, block = search.block_text(i, lo, hi)
    got = _align(needle, block, s)
    text = search.text
    start, end = _snap(text, got.start, got.end, lo, hi)
    score = fuzz.ratio(needle, " ".join(fold(text[start:end]).split()))
    return got, AnchorMatch(start, end, MatchTier.FUZZY, round(max(score, got.score), 1)), s, block


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
    # Score in the text's own form, so an accent counts as one difference, not two.
    needle = unicodedata.normalize("NFD" if search.decomposed else "NFC", needle)
    first = bisect_right(search.block_ends, lo)
    last = bisect_left(search.block_starts, hi)
    if first >= last or not needle:
        return [], []
    floor = score_cutoff - ambiguity_margin
    found: dict[int, float] = {}
    if score_cutoff <= 100:
        found = _scores_at_least(search, needle, lo, hi, first, last, floor)
        best = max(found.values(), default=0.0)
        if best >= score_cutoff:
            return _matches(search, needle, lo, hi, found, best - ambiguity_margin), []
    # No match: the best few blocks become "did you mean" candidates. When the first pass
    # already holds `want` blocks they are the top ones; otherwise every block is scored.
    want = max(8, limit_near)
    low = min(suggest_cutoff, floor)
    scores = found
    if len(scores) < want:
        scores = _scores_at_least(search, needle, lo, hi, first, last, low)
    near: list[AnchorMatch] = []
    for i in sorted(scores, key=lambda k: (-scores[k], k))[:want]:
        _, match, _, _ = _placed(search, needle, i, lo, hi)
        if match.score >= suggest_cutoff:
            near.append(match)
    return [], near[:limit_near]


def _block_matches(
    search: SearchText, needle: str, i: int, lo: int, hi: int, threshold: float
) -> list[AnchorMatch]:
    """Block `i`'s best place, plus a second, equally good one inside the same block."""
    got, match, s, block = _placed(search, needle, i, lo, hi)
    found = [match]
    for a, b in ((s, got.start), (got.end, s + len(block))):
        if b - a >= len(needle) * 0.8:
            other = _align(needle, block[a - s : b - s], a)
            if other.score >= threshold:
                start, end = _snap(search.text, other.start, other.end, lo, hi)
                found.append(AnchorMatch(start, end, MatchTier.FUZZY, round(other.score, 1)))
    return found


def _matches(
    search: SearchText,
    needle: str,
    lo: int,
    hi: int,
    scores: dict[int, float],
    threshold: float,
) -> list[AnchorMatch]:
    """Every block's places within `threshold` (`_block_matches`).

    A block whose text another block already had is placed alike, shifted: a post that
    repeats a paragraph a thousand times costs one alignment, not a thousand. Only whole
    blocks are shared, since a clipped one is placed against the text around it.
    """
    matches: list[AnchorMatch] = []
    placed: dict[str, tuple[int, list[AnchorMatch]]] = {}
    for i in sorted(k for k, score in scores.items() if score >= threshold):
        s, e = search.blocks[i]
        whole = lo <= s and e <= hi
        key = search.text[s:e] if whole else None
        if key is not None and key in placed:
            base, seen = placed[key]
            matches += [replace(m, start=m.start - base + s, end=m.end - base + s) for m in seen]
            continue
        found = _block_matches(search, needle, i, lo, hi, threshold)
        if key is not None and all(s <= m.start and m.end <= e for m in found):
            placed[key] = (s, found)
        matches += found
    matches.sort(key=lambda m: m.start)
    return matches


def find_anchor(
    search: SearchText | str,
    anchor: str,
    *,
    start: int = 0,
    end: int | None = None,
    score_cutoff: float = PatchSettings.score_cutoff,
    min_fuzzy_length: int = PatchSettings.min_fuzzy_length,
    ambiguity_margin: float = PatchSettings.ambiguity_margin,
    suggest_cutoff: float = 50.0,
    limit_near: int = 3,
    fuzzy: bool = True,
) -> AnchorSearch:
    """All places `anchor` occurs in `search.text[start:end]`, from the first tier that hits.

    Fuzzy matching runs only for anchors of at least `min_fuzzy_length` characters and
    accepts alignments scoring at least `score_cutoff`. Without any match, `near` holds up to
    `limit_near` candidates scoring at least `suggest_cutoff` ("did you mean"). `fuzzy=False`
    stops after the normalised tier, with no suggestions.
    """
    if isinstance(search, str):
        search = SearchText(search)
    hi = len(search.text) if end is None else end
    if not anchor.strip():
        return AnchorSearch()
    exact = [m for m in search.exact(anchor, start, hi) if not splits_cluster(
        search.text, m.start, m.end)]
    if search.decomposed or not unicodedata.is_normalized("NFC", anchor):
        exact = _with_other_forms(search, anchor, start, hi, exact)
    if exact:
        return AnchorSearch(tuple(exact))
    normalized = _normalized(search, anchor, start, hi)
    if normalized or not fuzzy:
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

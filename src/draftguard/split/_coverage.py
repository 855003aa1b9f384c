"""Outline coverage: does `draft_ok` hold something for every outline item, and does
`draft_not_ok` hold a paragraph that plainly belongs to one?

Integrity (nothing lost, added or duplicated) says nothing about whether the split is right;
a split that puts every topic in `draft_not_ok` is perfectly intact. This check is the
other half. It is lexical and deterministic: words are stemmed (Snowball) and function
words dropped, so "hydration" finds "Hydration" and "baking" finds "bake". Each stem weighs
its BM25 IDF over the split's paragraphs (bm25s), so a word every paragraph uses decides
little. A paragraph's score for an item is the share of the item's attainable weight it
holds (0-100); it relates to the item at `score_cutoff` and above, and may relate to several.
It is a heuristic a reader can check by eye, not a judge of meaning: a paragraph that
merely mentions an item's rarest word ("loaf") relates to it.

Given a `Similarity` (`draftguard.split._meaning`), the score is blended with meaning, the
same scores the split proposal uses, so a paragraph that shares no word with its heading can
cover it. Flags (a `draft_not_ok` paragraph holding every word of an item) stay lexical.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Literal

import snowballstemmer
from pydantic import BaseModel

from draftguard.split._meaning import DEFAULT_BLEND, Blend, Similarity, blend_scores
from draftguard.split._order import covered_in_order
from draftguard.split._segmentation import Granularity, segment

__all__ = [
    "DEFAULT_FLAG_CUTOFF",
    "DEFAULT_SCORE_CUTOFF",
    "CoverageReport",
    "ItemCandidates",
    "ItemCoverage",
    "ParagraphMatch",
    "check_coverage",
    "outline_candidates",
    "outline_items",
    "stems",
]

Destination = Literal["draft_ok", "draft_not_ok"]

#: A paragraph relates to an outline item from this score (share of the item's stems, 0-100).
DEFAULT_SCORE_CUTOFF = 50.0
#: A `draft_not_ok` paragraph holding this share of an item's stems is flagged.
DEFAULT_FLAG_CUTOFF = 100.0
_PREVIEW_WORDS = 8
# Bullets, numbering and heading marks that start an outline line.
_ITEM_MARK = re.compile(r"^\s*(?:[-*+•]\s+|\d+[.)]\s+|[a-zA-Z][.)]\s+|#+\s*)+")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# Function words carry no topic; an outline item of only these has nothing to look for.
_STOP_WORDS = frozenset({
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
    "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
    "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few",
    "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers",
    "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its",
    "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of",
    "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own",
    "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs",
    "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to",
    "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
    "yourselves", "i'm", "it's", "let's",
})


@cache
def _stemmer() -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer("english")


def stems(text: str) -> list[str]:
    """The topic words of `text`, stemmed, in order, without function words or digits."""
    words = [w.lower().replace("’", "'") for w in _WORD.findall(text)]
    kept = [w for w in words if w not in _STOP_WORDS and len(w) > 1]
    return list(_stemmer().stemWords(kept))


def outline_items(outline: str) -> list[str]:
    """The outline's items: its non-blank lines, without bullets, numbers or heading marks."""
    items = []
    for line in outline.replace("\r\n", "\n").split("\n"):
        text = _ITEM_MARK.sub("", line).strip()
        if text:
            items.append(text)
    return items


class ParagraphMatch(BaseModel):
    """One output paragraph and the outline item it is credited to: the item whose word it
    opens with, else the item it scores best for (None below the cutoff); `score` is its
    best score. A paragraph can relate to several items (`related`)."""

    destination: Destination
    position: int  # 1-based, within its file
    preview: str
    item: int | None  # 1-based outline item
    score: float
    related: list[int] = []  # every item scoring at least score_cutoff, best first


class ItemCoverage(BaseModel):
    """One outline item: its best paragraph in `draft_ok`, and `draft_not_ok` paragraphs that
    match it strongly."""

    item: int
    text: str
    covered: bool
    best_ok: ParagraphMatch | None
    best_not_ok: ParagraphMatch | None
    flagged_not_ok: list[int]  # positions in draft_not_ok
    rivals_not_ok: list[int] = []
    """Positions in draft_not_ok of paragraphs about this item (it is their best match)
    that score at least as well as the weakest draft_ok paragraph kept for it."""
    weakest_kept: int | None = None  # that draft_ok paragraph's position


class CoverageReport(BaseModel):
    """Whether the split matches the outline, item by item and paragraph by paragraph."""

    covered: bool
    items: list[ItemCoverage]
    paragraphs: list[ParagraphMatch]
    messages: list[str]
    score_cutoff: float
    flag_cutoff: float

    @property
    def message(self) -> str:
        """All findings joined with '; ' (empty when covered)."""
        return "; ".join(self.messages)


def preview(unit: str) -> str:
    """A unit's first words, as findings quote it."""
    words = unit.split()
    text = " ".join(words[:_PREVIEW_WORDS])
    return text + ("…" if len(words) > _PREVIEW_WORDS else "")


class _StemScores:
    """Per stem, its BM25 score in each unit: the stem's IDF where the unit holds it, else 0."""

    def __init__(self, corpus: Sequence[list[str]]) -> None:
        self._size = len(corpus)
        self._index = None
        self._seen: dict[str, list[float]] = {}
        if any(corpus):
            import bm25s  # numpy-backed; loaded only when a coverage check runs

            self._index = bm25s.BM25(k1=0.0, b=0.0, method="lucene")
            self._index.index([list(u) for u in corpus], show_progress=False)

    def __call__(self, stem: str) -> list[float]:
        if stem not in self._seen:
            self._seen[stem] = (
                [float(x) for x in self._index.get_scores([stem])]
                if self._index is not None else [0.0] * self._size
            )
        return self._seen[stem]


def _topic_items(outline: str) -> list[tuple[int, str, list[str]]]:
    """The outline's items with their stems; items without a topic word are dropped."""
    items = [(i, text, stems(text)) for i, text in enumerate(outline_items(outline), 1)]
    return [(i, text, s) for i, text, s in items if s]


def _score(
    items: Sequence[tuple[int, str, list[str]]], units: Sequence[str]
) -> tuple[list[list[float]], list[list[int]]]:
    """scores[item][unit]: the unit's share of the item's attainable weight (0-100);
    matched[item][unit]: how many of the item's stems the unit holds."""
    stem_scores = _StemScores([stems(u) for u in units])
    scores: list[list[float]] = []
    matched: list[list[int]] = []
    for _, _, item_stems in items:
        per_stem = [stem_scores(s) for s in dict.fromkeys(item_stems)]
        attainable = sum(max(col, default=0.0) for col in per_stem)
        scores.append([
            100.0 * sum(col[u] for col in per_stem) / attainable if attainable else 0.0
            for u in range(len(units))
        ])
        matched.append([sum(1 for col in per_stem if col[u] > 0) for u in range(len(units))])
    return scores, matched


class ItemCandidates(BaseModel):
    """One outline item and the units (1-based ids, best first) the coverage check wants in
    `draft_ok` for it: those it relates to, and those it would flag if left out."""

    item: int
    text: str
    ids: list[int]


def outline_candidates(
    outline: str,
    units: Sequence[str],
    *,
    score_cutoff: float = DEFAULT_SCORE_CUTOFF,
    flag_cutoff: float = DEFAULT_FLAG_CUTOFF,
    min_flag_stems: int = 2,
    similarity: Similarity | None = None,
    blend: Blend = DEFAULT_BLEND,
) -> list[ItemCandidates]:
    """Per outline item, the ids of `units` (the whole draft, in order) that `check_coverage`
    would count for it, best first.

    Scores depend only on the set of units, not on how they are split, so these are the
    checker's own numbers: putting every candidate in `draft_ok` satisfies coverage for
    every item that has one.
    """
    items = _topic_items(outline)
    lexical, matched = _score(items, units)
    scores = blend_scores([t for _, t, _ in items], units, lexical, similarity, blend=blend)
    found = []
    for k, (i, text, item_stems) in enumerate(items):
        need = min(min_flag_stems, len(set(item_stems)))
        ids = [u + 1 for u in range(len(units)) if scores[k][u] > 0 and (
            scores[k][u] >= score_cutoff
            or (lexical[k][u] >= flag_cutoff and matched[k][u] >= need))]
        found.append(ItemCandidates(item=i, text=text,
                                    ids=sorted(ids, key=lambda n: (-scores[k][n - 1], n))))
    return found


def _lead_item(
    unit: str, items: Sequence[tuple[int, str, list[str]]], unit_scores: Sequence[float]
) -> int | None:
    """The item whose words include the unit's first topic word (the best scoring such
    item); None for a heading or a unit that opens with no item's word."""
    if unit.lstrip().startswith("#"):
        return None
    first = next(iter(stems(unit)), None)
    found = [(unit_scores[k], i) for k, (i, _, item_stems) in enumerate(items)
             if first is not None and first in item_stems]
    if not found:
        return None
    return max(found)[1]


def _rivals(
    k: int, units: Sequence[tuple[Destination, int, str]], scores: list[list[float]],
    flagged: list[int],
) -> tuple[list[int], int | None]:
    """draft_not_ok paragraphs about item `k` that match it at least as well as the weakest
    draft_ok paragraph kept for it ("about": `k` is the paragraph's best-scoring item)."""
    def about(u: int) -> bool:
        best = max(range(len(scores)), key=lambda j: (scores[j][u], -j))
        return best == k and scores[k][u] > 0

    kept = [(scores[k][u], pos) for u, (dest, pos, _) in enumerate(units)
            if dest == "draft_ok" and about(u)]
    if not kept:
        return [], None
    weakest_score, weakest = min(kept)
    rivals = [pos for u, (dest, pos, _) in enumerate(units)
              if dest == "draft_not_ok" and about(u) and scores[k][u] >= weakest_score
              and pos not in flagged]
    return rivals, weakest


def _credit(
    units: Sequence[tuple[Destination, int, str]],
    items: Sequence[tuple[int, str, list[str]]],
    scores: list[list[float]],
    score_cutoff: float,
    best_floor: float | None = None,
    in_order: Sequence[int | None] = (),
) -> list[ParagraphMatch]:
    """Each unit with the item it is credited to and the items it relates to. With
    `best_floor` (meaning), a unit below the cutoff is credited to an item it is the draft's
    best paragraph for, from that score; a unit that covers an item by the outline's order
    (`in_order`, per item) is credited to it, as coverage counts it (the listing then names
    a paragraph for every covered item)."""
    paragraphs: list[ParagraphMatch] = []
    ordered = {u: items[k][0] for k, u in enumerate(in_order) if u is not None}
    best_for: dict[int, int] = {}  # unit -> an item it is the best paragraph for
    if best_floor is not None and units:
        for k, (i, _, _) in enumerate(items):
            top = max(range(len(units)), key=lambda u: (scores[k][u], -u))
            if scores[k][top] >= best_floor and scores[k][top] > 0:
                best_for.setdefault(top, i)
    for u, (dest, pos, text) in enumerate(units):
        best_item, best = None, 0.0
        for k, (i, _, _) in enumerate(items):
            if scores[k][u] > best:
                best_item, best = i, scores[k][u]
        lead = _lead_item(text, items, [row[u] for row in scores])
        credited = ordered.get(u) or (
            best_item if best >= score_cutoff and best > 0 else best_for.get(u))
        if lead is not None:
            # A paragraph that opens with an item's word is about that item, even when
            # another item's rarer word scores higher ("... enough to raise a loaf").
            credited = lead
        related = sorted((k for k in range(len(items))
                          if scores[k][u] >= score_cutoff and scores[k][u] > 0),
                         key=lambda k: -scores[k][u])
        paragraphs.append(ParagraphMatch(
            destination=dest, position=pos, preview=preview(text),
            item=credited, score=best,
            # The credited item first, then the others it relates to, best first.
            related=sorted((items[k][0] for k in related), key=lambda i: i != credited),
        ))
    return paragraphs


def _item_coverage(
    k: int,
    items: Sequence[tuple[int, str, list[str]]],
    units: Sequence[tuple[Destination, int, str]],
    scores: tuple[list[list[float]], list[list[int]], list[list[float]]],
    *,
    score_cutoff: float,
    flag_cutoff: float,
    min_flag_stems: int,
    best_floor: float | None = None,
    in_order: int | None = None,
) -> ItemCoverage:
    """Item `k`'s best paragraph in each output, the draft_not_ok paragraphs that match it
    strongly (flagged) and those about it that rival a kept one. `in_order`: the kept unit
    that covers it by the outline's order, if one does."""
    i, text, item_stems = items[k]
    share, matched, lexical = scores
    need = min(min_flag_stems, len(set(item_stems)))
    best_of: dict[Destination, ParagraphMatch | None] = {"draft_ok": None, "draft_not_ok": None}
    flagged: list[int] = []
    for u, (dest, pos, utext) in enumerate(units):
        score = share[k][u]
        current = best_of[dest]
        if score > 0 and (current is None or score > current.score):
            best_of[dest] = ParagraphMatch(destination=dest, position=pos,
                                           preview=preview(utext), item=i, score=score)
        if dest == "draft_not_ok" and lexical[k][u] >= flag_cutoff and matched[k][u] >= need:
            flagged.append(pos)
    best_ok = best_of["draft_ok"]
    rivals, weakest = _rivals(k, units, share, flagged)
    return ItemCoverage(item=i, text=text,
                        covered=in_order is not None or (best_ok is not None and (
                            best_ok.score >= score_cutoff or (
                                best_floor is not None and best_ok.score >= best_floor
                                and (best_of["draft_not_ok"] is None
                                     or best_ok.score >= best_of["draft_not_ok"].score)))),
                        best_ok=best_ok, best_not_ok=best_of["draft_not_ok"],
                        flagged_not_ok=flagged, rivals_not_ok=rivals, weakest_kept=weakest)


def _findings(item: ItemCoverage, not_ok_preview: dict[int, str], score_cutoff: float
              ) -> list[str]:
    """What the report says about one item: uncovered (naming a draft_not_ok paragraph
    that matches it), then each flagged paragraph not already named."""
    messages: list[str] = []
    named: set[int] = set()
    if not item.covered:
        hint = item.best_not_ok
        if hint is not None and hint.score >= score_cutoff:
            messages.append(f"draft_not_ok paragraph {hint.position} ('{hint.preview}') fits "
                            f"outline item {item.item} ('{item.text}'); nothing in draft_ok "
                            "does")
            named.add(hint.position)
        else:
            messages.append(f"No paragraph clearly fits outline item {item.item} "
                            f"('{item.text}')")
    for pos in item.flagged_not_ok:
        if pos not in named:
            messages.append(f"draft_not_ok paragraph {pos} ('{not_ok_preview[pos]}') "
                            f"matches outline item {item.item} ('{item.text}')")
    return messages


def check_coverage(
    outline: str,
    draft_ok: str,
    draft_not_ok: str,
    *,
    score_cutoff: float = DEFAULT_SCORE_CUTOFF,
    flag_cutoff: float = DEFAULT_FLAG_CUTOFF,
    min_flag_stems: int = 2,
    granularity: Granularity = Granularity.PARAGRAPH,
    similarity: Similarity | None = None,
    blend: Blend = DEFAULT_BLEND,
) -> CoverageReport:
    """Check that every outline item has a related `draft_ok` paragraph (score at or above
    `score_cutoff`) and that no `draft_not_ok` paragraph matches an item strongly (lexical
    share at or above `flag_cutoff`, with at least `min_flag_stems` of its stems, or all of
    them when it has fewer). Items with no topic words are skipped. `similarity` blends
    meaning into the score as `blend` says (None: lexical only); with it, an item is also
    covered by the draft's best paragraph for it, kept in draft_ok, when that scores at
    least `blend.best_floor` (a heading phrased unlike any paragraph rarely reaches the
    cutoff, yet its paragraph is plainly the one that fits it best).
    """
    for name, value in (("score_cutoff", score_cutoff), ("flag_cutoff", flag_cutoff)):
        if not 0.0 <= value <= 100.0:
            raise ValueError(f"{name} must be between 0 and 100, got {value!r}")
    items = _topic_items(outline)
    units: list[tuple[Destination, int, str]] = [
        *(("draft_ok", n, u) for n, u in enumerate(segment(draft_ok, granularity), 1)),
        *(("draft_not_ok", n, u) for n, u in enumerate(segment(draft_not_ok, granularity), 1)),
    ]
    lexical, matched = _score(items, [u for _, _, u in units])
    blended = blend_scores([t for _, t, _ in items], [u for _, _, u in units], lexical,
                           similarity, blend=blend)
    scores = (blended, matched, lexical)
    best_floor = blend.best_floor if similarity is not None else None
    in_order: list[int | None] = [None] * len(items)
    if similarity is not None:
        in_order = covered_in_order([t for _, t, _ in items], [u for _, _, u in units], lexical,
                                    similarity, kept=[d == "draft_ok" for d, _, _ in units],
                                    blend=blend)
    paragraphs = _credit(units, items, blended, score_cutoff, best_floor, in_order)
    not_ok_preview = {m.position: m.preview for m in paragraphs
                      if m.destination == "draft_not_ok"}
    coverage = [_item_coverage(k, items, units, scores, score_cutoff=score_cutoff,
                               best_floor=best_floor, in_order=in_order[k],
                               flag_cutoff=flag_cutoff, min_flag_stems=min_flag_stems)
                for k in range(len(items))]
    messages = [m for item in coverage for m in _findings(item, not_ok_preview, score_cutoff)]
    return CoverageReport(
        covered=not messages, items=coverage, paragraphs=paragraphs, messages=messages,
        score_cutoff=score_cutoff, flag_cutoff=flag_cutoff,
    )

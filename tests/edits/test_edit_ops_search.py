"""The fast anchor search, pinned to slow and obvious references with Hypothesis.

- `ExactFinder` (SIMD, UTF-8 bytes) answers exactly like repeated `str.find`.
- The fuzzy bound never drops a block whose real score reaches the cutoff.
- `find_anchor` gives the same answer with the bound as without it.
- The normalised tier's literal pre-check gives the same answer as the bare regex.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

import draftguard.edits._anchors as anchors
import draftguard.edits._search_text as search_text
from draftguard.edits._anchors import SearchText, find_anchor, fold
from draftguard.edits._exact_search import ExactFinder
from draftguard.edits._fuzzy_bound import SegmentBound, segment_width
from draftguard.edits._graphemes import splits_cluster
from draftguard.markdown import MarkdownMap, count_lines

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_finds(text: str, needle: str, lo: int, hi: int) -> list[int]:
    """The reference: every (overlapping) occurrence, by repeated `str.find`."""
    found, pos = [], text.find(needle, lo, hi)
    while pos != -1:
        found.append(pos)
        pos = text.find(needle, pos + 1, hi)
    return found


# Characters of 1, 2, 3 and 4 UTF-8 bytes, a lone surrogate and a line break.
chars = st.sampled_from([*"ab a\n", "é", "\u2019", "\u2014", "😀", "\ud83d"])


@FAST
@given(text=st.text(chars, max_size=300), needle=st.text(chars, min_size=1, max_size=4),
       lo=st.integers(0, 320), hi=st.integers(0, 320))
@example(text="😀a😀a", needle="a", lo=2, hi=4)
@example(text="\ud83d\ude00", needle="😀", lo=0, hi=2)  # a surrogate pair is not the emoji
def test_exact_finder_equals_str_find(text: str, needle: str, lo: int, hi: int) -> None:
    finder = ExactFinder(text)
    lo, hi = min(lo, len(text)), min(hi, len(text))
    assert finder.find_all(needle, lo, hi) == all_finds(text, needle, lo, hi)
    assert finder.find(needle, lo, hi) == text.find(needle, lo, hi)


def test_exact_finder_offsets_across_checkpoints() -> None:
    # Long enough for several 4 KiB checkpoints, with multi-byte characters straddling them.
    text = ("é\u2019😀 word " * 2000) + "needle" + (" x\u2014y" * 3000) + "needle"
    finder = ExactFinder(text)
    assert finder.find_all("needle") == all_finds(text, "needle", 0, len(text))
    assert finder.find_all("needle", 20_000, 30_000) == all_finds(text, "needle", 20_000, 30_000)
    assert finder.find_all("😀 w", 4000, 9000) == all_finds(text, "😀 w", 4000, 9000)
    assert finder.find_all("") == []


# Few letters, so near-matches and repeats are common; blank lines make several blocks.
word = st.text(st.sampled_from("abcde'\u2019"), min_size=1, max_size=6)
line = st.lists(word, min_size=1, max_size=12).map(" ".join)
block = st.lists(line, min_size=1, max_size=3).map("\n".join)
document = st.lists(block, min_size=1, max_size=8).map("\n\n".join)


def block_score(needle: str, text: str) -> float:
    """The fuzzy tier's definition of a block's score, computed directly."""
    if len(text) < len(needle):
        return fuzz.ratio(needle, text)
    return fuzz.partial_ratio(needle, text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=document, needle=st.text(st.sampled_from("abcde' "), min_size=1, max_size=90),
       cutoff=st.floats(40, 100), cut=st.tuples(st.integers(0, 400), st.integers(0, 400)))
def test_fuzzy_bound_never_drops_a_block_that_reaches_the_cutoff(
    doc: str, needle: str, cutoff: float, cut: tuple[int, int]
) -> None:
    search = SearchText(doc, [(b.start, b.end) for b in MarkdownMap(doc).blocks])
    lo, hi = sorted((min(cut[0], len(doc)), min(cut[1], len(doc))))
    first = sum(1 for e in search.block_ends if e <= lo)
    last = sum(1 for s in search.block_starts if s < hi)
    bound = SegmentBound(search.flat, search.blocks)
    kept = set(bound.reachable(needle, cutoff, first, last, lo, hi))
    for i in range(first, last):
        _, text = search.block_text(i, lo, hi)
        if block_score(needle, text) >= cutoff:
            assert i in kept, (i, text, block_score(needle, text))


@FAST
@given(doc=document, needle=st.text(st.sampled_from("abcde' "), min_size=1, max_size=40))
def test_block_scores_in_c_equal_the_alignment_scores(doc: str, needle: str) -> None:
    search = SearchText(doc)
    n = len(search.blocks)
    scores = anchors._block_scores(search, needle, 0, len(doc), range(n), at_least=0.0)
    for i in range(n):
        s, text = search.block_text(i, 0, len(doc))
        assert scores.get(i, 0.0) == pytest.approx(anchors._align(needle, text, s).score)


def mutate(anchor: str, edits: list[tuple[int, str]]) -> str:
    chars_ = list(anchor)
    for at, ch in edits:
        if chars_:
            chars_[at % len(chars_)] = ch
    return "".join(chars_)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=document, start=st.integers(0, 2000), length=st.integers(8, 70),
       edits=st.lists(st.tuples(st.integers(0, 100), st.sampled_from("abcxyz \u2019")),
                      max_size=4),
       cutoff=st.sampled_from([70.0, 85.0, 95.0]), cut=st.integers(0, 400))
def test_find_anchor_same_with_and_without_the_bound(
    doc: str, start: int, length: int, edits: list[tuple[int, str]], cutoff: float, cut: int
) -> None:
    start %= len(doc)
    anchor = mutate(doc[start : start + length], edits)
    if len(anchor.strip()) < 8:
        return
    lo = min(cut, len(doc))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(anchors, "_BOUND_WORTHWHILE", 1000.0)  # never use the bound
        slow = find_anchor(SearchText(doc), anchor, start=lo, score_cutoff=cutoff)
    fast = find_anchor(SearchText(doc), anchor, start=lo, score_cutoff=cutoff)
    assert fast == slow


@FAST
@given(doc=document, start=st.integers(0, 2000), length=st.integers(1, 40),
       edits=st.lists(st.tuples(st.integers(0, 100), st.sampled_from("ab '\u2019\u2014\n")),
                      max_size=3),
       cut=st.tuples(st.integers(0, 400), st.integers(0, 400)))
def test_normalized_literal_precheck_equals_the_bare_regex(
    doc: str, start: int, length: int, edits: list[tuple[int, str]], cut: tuple[int, int]
) -> None:
    start %= len(doc)
    anchor = mutate(doc[start : start + length], edits)
    got = anchors._normalized_pattern(anchor)
    if got is None:
        return
    lo, hi = sorted((min(cut[0], len(doc)), min(cut[1], len(doc))))
    search = SearchText(doc)
    # Every start where the pattern matches: overlapping matches count, like exact ones.
    folded = fold(doc)
    want = [
        (m.start(), m.end())
        for p in range(lo, hi)
        if (m := got[0].match(folded, p, hi)) and not splits_cluster(doc, p, m.end())
    ]
    assert [(m.start, m.end) for m in anchors._normalized(search, anchor, lo, hi)] == want


def test_normalized_tier_ignores_case_when_lowering_would_change_offsets() -> None:
    # "İ" lowers to two characters, so the folded copy keeps its case; matching must not.
    doc = "İstanbul notes.\n\nGeno\u2019s won the vote."
    found = find_anchor(doc, "geno's   WON")
    assert found.tier is anchors.MatchTier.NORMALIZED
    assert doc[found.matches[0].start : found.matches[0].end] == "Geno\u2019s won"


def test_fuzzy_finds_typo_anchor_in_a_large_document() -> None:
    filler = "\n\n".join(f"Paragraph {i} talks about bread and onions." for i in range(3000))
    doc = filler + "\n\nThe cheesesteak at Geno's won the 2019 battle.\n\n" + filler
    found = find_anchor(doc, "cheesestake at Genos won the 2019")
    assert found.tier is anchors.MatchTier.FUZZY and len(found.matches) == 1
    start, end = found.matches[0].start, found.matches[0].end
    assert "cheesesteak at Geno's won the 2019" in doc[start:end]


@pytest.mark.parametrize("m", [1, 8, 9, 33, 64, 65, 500])
def test_segment_width_covers_the_needle(m: int) -> None:
    assert segment_width(m) >= m


@FAST
@given(text=st.text(st.sampled_from(["a", "B", "\t", "`",
                                     *(c for c, _ in search_text._FOLD_PAIRS)]),
                    max_size=60))
def test_fast_fold_equals_translate(text: str) -> None:
    assert search_text._unify(text) == text.translate(search_text._FOLD)


@FAST
@given(text=st.text(st.sampled_from("ab\n\r"), max_size=40))
def test_count_lines_equals_the_markdown_map(text: str) -> None:
    assert count_lines(text) == MarkdownMap(text).line_count

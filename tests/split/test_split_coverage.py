"""Outline coverage beside integrity: an intact split can still put the topics in the wrong file."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.split import check_coverage
from draftguard.split._coverage import outline_candidates, outline_items, stems
from draftguard.split._segmentation import segment

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
OUTLINE = (SAMPLES / "outline.md").read_text(encoding="utf-8")
PARAGRAPHS = (SAMPLES / "draft.md").read_text(encoding="utf-8").strip().split("\n\n")


def _split(ok_ids: set[int]) -> tuple[str, str]:
    ok = [p for i, p in enumerate(PARAGRAPHS, 1) if i in ok_ids]
    not_ok = [p for i, p in enumerate(PARAGRAPHS, 1) if i not in ok_ids]
    return "\n\n".join(ok), "\n\n".join(not_ok)


def test_the_right_split_of_the_sample_covers_the_outline() -> None:
    report = check_coverage(OUTLINE, *_split({3, 5, 6}))
    assert report.covered and report.messages == []
    assert [i.covered for i in report.items] == [True, True, True]


def test_a_backwards_split_is_intact_but_not_covered() -> None:
    # What the embedded model once did: the title and intro as draft_ok, every topic elsewhere.
    report = check_coverage(OUTLINE, *_split({1, 2}))
    assert not report.covered
    assert [i.covered for i in report.items] == [False, False, False]
    assert report.messages[1] == (
        "draft_not_ok paragraph 3 ('Hydration matters more than any other variable. A…') "
        "fits outline item 2 ('Dough hydration'); nothing in draft_ok does"
    )
    hydration = report.items[1]
    assert hydration.flagged_not_ok == [3] and hydration.best_not_ok is not None
    assert hydration.best_not_ok.score == 100.0


def test_each_paragraph_names_the_item_it_matches() -> None:
    report = check_coverage(OUTLINE, *_split({3, 5, 6}))
    by_place = {(m.destination, m.position): m for m in report.paragraphs}
    assert by_place[("draft_ok", 2)].item == 2  # "Hydration matters…"
    assert by_place[("draft_not_ok", 4)].item is None  # the ukulele
    assert by_place[("draft_not_ok", 4)].preview.startswith("Unrelated: I am also")


def test_a_strong_match_left_in_draft_not_ok_is_flagged_even_when_the_item_is_covered() -> None:
    outline = "Dough hydration"
    ok = "Hydration of the dough is the key variable."
    not_ok = "My dough hydration notes, again."
    report = check_coverage(outline, ok, not_ok)
    assert report.items[0].covered and report.items[0].flagged_not_ok == [1]
    assert report.messages == [
        "draft_not_ok paragraph 1 ('My dough hydration notes, again.') matches outline item "
        "1 ('Dough hydration')"
    ]


def test_outline_marks_and_function_words_are_ignored() -> None:
    assert outline_items("# Plan\n\n1. Dough\n- b) Oven\n* It\n") == ["Plan", "Dough", "Oven",
                                                                      "It"]
    assert stems("What a sourdough starter is, and baking!") == ["sourdough", "starter", "bake"]
    # "It" has no topic word, so it is not an item anyone must cover.
    report = check_coverage("It\nDough", "Dough.", "")
    assert [i.text for i in report.items] == ["Dough"] and report.covered


def test_bake_baking_and_bakes_share_one_stem_and_weigh_by_how_rare_they_are() -> None:
    assert stems("Bake baking bakes baked") == ["bake"] * 4
    # [6] "Bake in a preheated Dutch oven" holds item 3's "bake": its 33 is the IDF share,
    # not a stemming miss ("bake" is in three of seven paragraphs, "loaf" in one).
    report = check_coverage(OUTLINE, "\n\n".join(PARAGRAPHS), "")
    assert [round(m.score) for m in report.paragraphs] == [41, 41, 67, 33, 100, 33, 0]


def test_the_samples_candidates_are_the_paragraphs_coverage_counts() -> None:
    found = outline_candidates(OUTLINE, segment("\n\n".join(PARAGRAPHS)))
    assert [(c.item, c.ids) for c in found] == [(1, [3]), (2, [5]), (3, [3])]
    assert [c.ids for c in outline_candidates(OUTLINE, PARAGRAPHS, score_cutoff=30)] == [
        [3, 1, 2], [5], [3, 2, 4, 6]]


def test_cutoffs_are_checked() -> None:
    with pytest.raises(ValueError, match="score_cutoff"):
        check_coverage(OUTLINE, "a", "b", score_cutoff=101)
    with pytest.raises(ValueError, match="flag_cutoff"):
        check_coverage(OUTLINE, "a", "b", flag_cutoff=math.nan)


# --- properties against a slow, obvious reference ---------------------------------------------

WORDS = ["dough", "starter", "oven", "loaf", "crumb", "flour", "water", "salt", "cat", "lid"]
paragraph = st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join)
paragraphs = st.lists(paragraph, min_size=1, max_size=8)
item = st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join)


def _reference_scores(items: list[str], units: list[str]) -> list[list[float]]:
    """Each unit's share of the item's attainable IDF, with Lucene's IDF, unit by unit."""
    unit_words = [set(stems(u)) for u in units]
    n = len(units)

    def idf(word: str) -> float:
        df = sum(1 for words in unit_words if word in words)
        return math.log(1 + (n - df + 0.5) / (df + 0.5)) if df else 0.0

    out = []
    for it in items:
        words = set(stems(it))
        attainable = sum(idf(w) for w in words)
        out.append([
            100 * sum(idf(w) for w in words if w in uw) / attainable if attainable else 0.0
            for uw in unit_words
        ])
    return out


@settings(max_examples=60, deadline=None)
@given(items=st.lists(item, min_size=1, max_size=4), ok=paragraphs, not_ok=paragraphs,
       cutoff=st.floats(min_value=1, max_value=100))
def test_coverage_matches_the_reference(items: list[str], ok: list[str], not_ok: list[str],
                                        cutoff: float) -> None:
    report = check_coverage("\n".join(items), "\n\n".join(ok), "\n\n".join(not_ok),
                            score_cutoff=cutoff)
    expected = _reference_scores(items, [*ok, *not_ok])
    got = [m.score for m in report.paragraphs]
    for it in report.items:
        ref_ok = max(expected[it.item - 1][: len(ok)])
        if abs(ref_ok - cutoff) > 1e-3:  # bm25s scores in float32
            assert it.covered == (ref_ok >= cutoff), (it, ref_ok)
    best = [max((row[u] for row in expected), default=0.0) for u in range(len(ok) + len(not_ok))]
    assert got == pytest.approx(best, abs=1e-3)


@settings(max_examples=60, deadline=None)
@given(items=st.lists(item, min_size=1, max_size=4), units=st.lists(paragraph, min_size=2,
       max_size=8), data=st.data())
def test_moving_a_paragraph_into_draft_ok_never_uncovers_an_item(
    items: list[str], units: list[str], data: st.DataObject
) -> None:
    cut = data.draw(st.integers(min_value=0, max_value=len(units) - 1))
    before = check_coverage("\n".join(items), "\n\n".join(units[:cut]),
                            "\n\n".join(units[cut:]))
    after = check_coverage("\n".join(items), "\n\n".join(units[: cut + 1]),
                           "\n\n".join(units[cut + 1:]))
    for b, a in zip(before.items, after.items, strict=True):
        assert a.covered or not b.covered


@settings(max_examples=60, deadline=None)
@given(items=st.lists(item, min_size=1, max_size=4), units=paragraphs,
       cutoff=st.floats(min_value=1, max_value=100))
def test_candidates_are_the_reference_matches_and_picking_them_all_covers(
    items: list[str], units: list[str], cutoff: float
) -> None:
    outline = "\n".join(items)
    found = outline_candidates(outline, units, score_cutoff=cutoff)
    expected = _reference_scores(items, units)
    for c in found:
        row = expected[c.item - 1]
        strong = {u + 1 for u, score in enumerate(row) if score >= cutoff + 1e-3}
        weak = {u + 1 for u, score in enumerate(row) if score > 0 and score >= cutoff - 1e-3}
        assert strong <= set(c.ids) <= weak, (c, row)
        assert [row[i - 1] for i in c.ids] == sorted((row[i - 1] for i in c.ids), reverse=True)
    chosen = {i for c in found for i in c.ids}
    report = check_coverage(
        outline, "\n\n".join(u for i, u in enumerate(units, 1) if i in chosen),
        "\n\n".join(u for i, u in enumerate(units, 1) if i not in chosen), score_cutoff=cutoff)
    assert [i.covered for i in report.items] == [bool(c.ids) for c in found]
    assert all(not i.flagged_not_ok for i in report.items)


# --- the verdict: where each paragraph went, in the planner's ids --------------------------------


@settings(max_examples=60, deadline=None)
@given(items=st.lists(item, min_size=1, max_size=4),
       units=st.lists(paragraph, min_size=1, max_size=8, unique=True), data=st.data())
def test_routes_name_each_raw_paragraph_where_it_went(
    items: list[str], units: list[str], data: st.DataObject
) -> None:
    from draftguard.split import check_split
    from draftguard.split._verdict import coverage_verdict, route_paragraphs

    ok_ids = data.draw(st.sets(st.integers(min_value=1, max_value=len(units))))
    ok = [u for i, u in enumerate(units, 1) if i in ok_ids]
    not_ok = [u for i, u in enumerate(units, 1) if i not in ok_ids]
    raw = "\n\n".join(units)
    report = check_split(raw, "\n\n".join(ok), "\n\n".join(not_ok))
    coverage = check_coverage("\n".join(items), "\n\n".join(ok), "\n\n".join(not_ok))
    routes = route_paragraphs(raw, report, coverage)

    assert [r.id for r in routes] == list(range(1, len(units) + 1))
    assert [r.destination for r in routes] == [
        "draft_ok" if i in ok_ids else "draft_not_ok" for i in range(1, len(units) + 1)]
    by_place = {(m.destination, m.position): m.item for m in coverage.paragraphs}
    assert all(r.item == by_place[(r.destination, r.position)] for r in routes)
    verdict = coverage_verdict(coverage, routes, blocking=True)
    assert verdict.uncovered_items == [i.item for i in coverage.items if not i.covered]
    assert verdict.ok == coverage.covered and verdict.blocking == (not coverage.covered)
    flagged = {routes[i].id for i in range(len(routes)) if routes[i].destination == "draft_not_ok"
               and any(routes[i].position in it.flagged_not_ok for it in coverage.items)}
    assert set(verdict.flagged_ids) == flagged


def test_coverage_modes_block_as_documented() -> None:
    from draftguard.split._verdict import CoverageMode

    assert [CoverageMode(m).blocks(last_attempt=last) for m in CoverageMode
            for last in (False, True)] == [True, True, False, False, True, False]

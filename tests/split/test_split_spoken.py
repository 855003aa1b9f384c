"""Outlines said as people say them ("how I got dragged along tae it", "what went sideways",
"the quiet bit once they're gone"): matched to paragraphs by meaning and by the outline's
order, and the checker accepts the right split (tests/data/splits/spoken.yaml)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.split import check_coverage
from draftguard.split._assignment import propose_split
from draftguard.split._meaning import language_similarity
from draftguard.split._order import ordered_anchors
from draftguard.split._segmentation import segment

needs_language = pytest.mark.skipif(
    language_similarity() is None, reason="the language extra is not installed")

SPOKEN = Path(__file__).resolve().parents[1] / "data" / "splits" / "spoken.yaml"


def _cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = yaml.safe_load(SPOKEN.read_text("utf-8"))
    return cases


def _files(case: dict[str, Any], ok_ids: set[int]) -> tuple[str, str]:
    units = segment(case["draft"])
    return ("\n\n".join(u for n, u in enumerate(units, 1) if n in ok_ids),
            "\n\n".join(u for n, u in enumerate(units, 1) if n not in ok_ids))


@needs_language
def test_spoken_outlines_are_proposed_right_on_most_drafts() -> None:
    # Measured: 7 of 10 drafts exactly right (38 of 44 paragraphs) before the outline's
    # order was read, 8 of 10 (41 of 44) after. The two misses are items the encoder does
    # not relate to their paragraph at all ("what were rubbish", "what I reckon now").
    similarity = language_similarity()
    right = paragraphs = exact = 0
    for case in _cases():
        units = segment(case["draft"])
        chosen = set(propose_split(case["outline"], units, similarity=similarity).ok_ids)
        gold = set(case["ok"])
        right += sum((n in chosen) == (n in gold) for n in range(1, len(units) + 1))
        paragraphs += len(units)
        exact += chosen == gold
    assert (right, paragraphs) >= (41, 44) and exact >= 8


@needs_language
def test_the_checker_accepts_the_right_spoken_split_and_rejects_it_backwards() -> None:
    # Before: 1 of 10 right splits accepted; an item said as what happens scored below
    # every floor, so the loop rejected a right split and ended failed.
    similarity = language_similarity()
    accepted = 0
    for case in _cases():
        gold = set(case["ok"])
        accepted += check_coverage(case["outline"], *_files(case, gold),
                                   similarity=similarity).covered
        everything = set(range(1, len(segment(case["draft"])) + 1))
        backwards = check_coverage(case["outline"], *_files(case, everything - gold),
                                   similarity=similarity)
        assert not backwards.covered, case["id"]
    assert accepted >= 9


@needs_language
def test_the_first_item_takes_the_paragraph_in_its_place() -> None:
    case = next(c for c in _cases() if c["id"] == "quiz-night")
    units = segment(case["draft"])
    proposal = propose_split(case["outline"], units, similarity=language_similarity())
    placed = {a.text: a.ids for a in proposal.items}
    assert placed["how I got dragged along tae it"] == [2]  # "My cousin Eilidh needed a fourth"
    assert proposal.ok_ids == [2, 3, 4]
    report = check_coverage(case["outline"], *_files(case, {2, 3, 4}),
                            similarity=language_similarity())
    assert report.covered
    assert [m.item for m in report.paragraphs if m.destination == "draft_ok"] == [1, 2, 3]


def _brute(scores: Sequence[Sequence[float]], eligible: Sequence[bool],
           skip_cost: float) -> float:
    places = [u for u, ok in enumerate(eligible) if ok]
    best = float("-inf")
    for choice in itertools.product([None, *places], repeat=len(scores)):
        taken = [p for p in choice if p is not None]
        if taken != sorted(set(taken)):
            continue
        total = sum(scores[k][p] if p is not None else -skip_cost
                    for k, p in enumerate(choice))
        best = max(best, total)
    return best


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, 100), min_size=4, max_size=4), min_size=n, max_size=n),
    st.lists(st.booleans(), min_size=4, max_size=4))))
def test_the_order_is_the_best_one_in_order(case: tuple[list[list[int]], list[bool]]) -> None:
    scores, eligible = case
    chosen = ordered_anchors(scores, eligible, skip_cost=50.0)
    taken = [p for p in chosen if p is not None]
    assert taken == sorted(set(taken)) and all(eligible[p] for p in taken)
    total = sum(scores[k][p] if p is not None else -50.0 for k, p in enumerate(chosen))
    assert total == _brute(scores, eligible, 50.0)


def test_an_item_weak_by_meaning_takes_the_paragraph_between_its_neighbours() -> None:
    # The first item is closest to the last paragraph by meaning, but that one is the last
    # item's; in the outline's order its place is the first paragraph.
    outline = "how it began\nthe middle part\nhow it ended"
    units = ["Alpha alpha.", "Beta beta.", "Gamma gamma."]
    cosines = {"how it began": [0.15, 0.05, 0.2], "the middle part": [0.0, 0.6, 0.0],
               "how it ended": [0.0, 0.0, 0.6]}

    def fake(items: Sequence[str], texts: Sequence[str]) -> list[list[float]]:
        return [cosines[i] for i in items]

    proposal = propose_split(outline, units, similarity=fake)
    assert {a.text: a.ids for a in proposal.items}["how it began"] == [1]
    assert proposal.ok_ids == [1, 2, 3]


@needs_language
def test_when_no_paragraph_clearly_fits_the_verdict_says_so_in_plain_words() -> None:
    case = next(c for c in _cases() if c["id"] == "quiz-night")
    outline = case["outline"] + "how to change a bicycle tyre\n"
    report = check_coverage(outline, *_files(case, {2, 3, 4}), similarity=language_similarity())
    assert not report.covered
    assert report.messages == [
        "No paragraph clearly fits outline item 4 ('how to change a bicycle tyre')"]


@needs_language
def test_spoken_spellings_of_small_words_are_embedded_as_the_words() -> None:
    from draftguard.split._meaning import spelled

    assert spelled("how I got roped intae it") == "how I got roped into it"
    assert spelled("whit happened aboot the parking") == "whit happened about the parking"
    # Words English knows stay as typed ("whit" is one), and so do topic words.
    assert spelled("Grinding; water temperature") == "Grinding; water temperature"


def test_the_title_is_not_proposed_for_an_item_that_shares_its_word() -> None:
    # The title names the whole post: "allotment" in it says nothing about which item.
    outline = "the allotment day itself\nsummer harvest"
    units = ["# Our allotment year",
             "In winter the allotment is mud, frost and a shed full of mice.",
             "By August the summer harvest is more courgettes than anyone can eat."]
    assert propose_split(outline, units).ok_ids == [2, 3]

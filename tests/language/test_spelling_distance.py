"""The edit distance behind spelling fixes, against a slow obvious reference: the fewest
single edits (insert, delete, substitute, swap neighbours) found by breadth-first search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.language._spelling import edit_distance

_WORDS = st.text(alphabet="abc", max_size=4)


def _neighbours(word: str) -> set[str]:
    out = {word[:i] + word[i + 1:] for i in range(len(word))}
    out |= {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in "abc"}
    out |= {word[:i] + c + word[i + 1:] for i in range(len(word)) for c in "abc"}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    return out


def _reference(a: str, b: str) -> int:
    seen, frontier, steps = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for w in frontier for n in _neighbours(w) if len(n) <= 6} - seen
        seen |= frontier
        steps += 1
    return steps


@settings(max_examples=150, deadline=None)
@given(_WORDS, _WORDS)
def test_distance_is_at_most_the_fewest_edits(a: str, b: str) -> None:
    # the alignment distance never edits a swapped pair again, so it may exceed the
    # unrestricted fewest edits but never falls below it, and equals it for one edit
    assert edit_distance(a, b) >= _reference(a, b)
    if _reference(a, b) <= 1:
        assert edit_distance(a, b) == _reference(a, b)


def test_a_swap_of_neighbours_is_one_edit() -> None:
    assert edit_distance("recieve", "receive") == 1
    assert edit_distance("seperate", "separate") == 1

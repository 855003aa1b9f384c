"""`draftguard.grounding`: arguments kept only when the user's words support them (no ADK)."""

from __future__ import annotations

from datetime import date
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from draftguard.grounding import (
    GroundingReport,
    date_matcher,
    ground_arguments,
    number_mentioned,
    price_level_matcher,
    vocabulary_matcher,
)
from draftguard.grounding._phrases import mentioned_keys

COLOURS = {"red": ("crimson", "scarlet"), "dark red": ("maroon",), "blue": ()}


def test_arguments_without_a_matcher_or_none_are_kept() -> None:
    report = ground_arguments({"colour": "red", "note": "x", "size": None}, "I like red",
                              {"colour": vocabulary_matcher(COLOURS),
                               "size": number_mentioned})
    assert report.kept == {"colour": "red", "note": "x", "size": None}
    assert report.ignored == {} and report.ignored_line is None


def test_ignored_line_names_value_and_reason() -> None:
    report = ground_arguments({"colour": "blue", "size": 3}, "a crimson one",
                              {"colour": vocabulary_matcher(COLOURS),
                               "size": number_mentioned},
                              reasons={"colour": "you never mentioned a colour"})
    assert report.kept == {}
    assert report.ignored["colour"] == "you never mentioned a colour"
    assert report.ignored_line == ("Ignored: colour='blue' (you never mentioned a colour); "
                                   "size=3 (you never mentioned size 3)")


def test_a_value_the_matcher_cannot_read_is_left_to_the_tool() -> None:
    report = ground_arguments({"colour": "green"}, "anything",
                              {"colour": vocabulary_matcher(COLOURS)})
    assert report.kept == {"colour": "green"}


def test_a_longer_phrase_of_another_value_does_not_count() -> None:
    matcher = vocabulary_matcher(COLOURS)
    assert not matcher("red", "dark red walls")
    assert matcher("dark red", "dark red walls") and matcher("dark red", "Maroon")
    assert matcher("red", "red and dark red")
    assert mentioned_keys(COLOURS, "scarlet, not dark-red") == ["red", "dark red"]


def test_price_levels_by_signs_or_words() -> None:
    matcher = price_level_matcher({"$": ("cheap",), "$$$$": ("splurge",)})
    assert matcher("$", "somewhere cheap") and matcher("$$$$", "$$$$ please")
    assert not matcher("$", "$$$$ please") and not matcher("$", "under $50")
    assert not matcher("$$", "cheap")


def test_dates_read_relative_words_against_today() -> None:
    matcher = date_matcher(today=date(2026, 6, 10))
    assert matcher("2026-06-11", "tomorrow") and not matcher("2026-06-12", "tomorrow")
    assert matcher("2026-06-14T19:00:00Z", "on 14 June")


@given(st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), st.integers(0, 30)),
       st.lists(st.integers(0, 30), max_size=4))
def test_report_partitions_the_arguments(args: dict[str, Any], said: list[int]) -> None:
    text = "we are " + " and ".join(str(n) for n in said)
    report = ground_arguments(args, text, {"a": number_mentioned, "b": number_mentioned})
    assert set(report.kept) | set(report.ignored) == set(args)
    assert not set(report.kept) & set(report.ignored)
    for name, value in args.items():
        expected_kept = name not in {"a", "b"} or value in said
        assert (name in report.kept) == expected_kept
    assert isinstance(report, GroundingReport)
    assert (report.ignored_line is None) == (not report.ignored)


def _named_slowly(vocabulary: dict[str, tuple[str, ...]], words: list[str]) -> list[str]:
    """Reference: a value is named when one of its phrases occurs as whole words and that
    occurrence is not inside an occurrence of another value's longer phrase."""
    def spans(phrase: str) -> list[tuple[int, int]]:
        p = phrase.split()
        return [(i, i + len(p)) for i in range(len(words) - len(p) + 1)
                if words[i:i + len(p)] == p]

    named = []
    for value, names in vocabulary.items():
        own = (value, *names)
        longer = [q for other, qs in vocabulary.items() if other != value
                  for q in (other, *qs) if any(q != p and f" {p} " in f" {q} " for p in own)]
        covered = [s for q in longer for s in spans(q)]
        if any(not any(a <= i and j <= b for a, b in covered)
               for p in own for i, j in spans(p)):
            named.append(value)
    return named


@given(st.lists(st.sampled_from(["dark", "red", "crimson", "maroon", "blue", "sky", "and"]),
                max_size=12))
def test_mentioned_keys_agree_with_a_slow_reference(words: list[str]) -> None:
    vocabulary = {"red": ("crimson",), "dark red": ("maroon",), "blue": ("sky blue",)}
    assert mentioned_keys(vocabulary, " ".join(words)) == _named_slowly(vocabulary, words)

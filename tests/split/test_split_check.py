"""check_split: the seed-000 scenarios, the multiset rules and normalisation."""

from __future__ import annotations

import pytest

from draftguard.errors import EmptyInputError
from draftguard.split import check_split
from draftguard.split._segmentation import Granularity, segment

# --- Seed 000 "Example Scenarios" ---------------------------------------------------------


def test_seed_valid_split() -> None:
    report = check_split("Intro\n\nBody\n\nConclusion", "Intro\n\nBody", "Conclusion")
    assert report.valid
    assert report.messages == []


def test_seed_lost_content() -> None:
    report = check_split("Intro\n\nBody\n\nConclusion", "Intro", "Conclusion")
    assert not report.valid
    assert report.messages[0] == "Lost content: 1 paragraphs missing from split (e.g., 'body')"
    assert report.lost == ["body"]


def test_seed_added_content() -> None:
    report = check_split("Intro\n\nBody", "Intro\n\nBody\n\nExtra paragraph the LLM invented", "")
    assert not report.valid
    assert report.messages[0] == (
        "Added content: 1 paragraphs not in original (e.g., 'extra paragraph the llm invented')"
    )


def test_seed_duplicate_content() -> None:
    report = check_split("Intro\n\nBody\n\nConclusion", "Intro\n\nBody", "Body\n\nConclusion")
    assert report.messages[0] == "Duplicate content: 1 paragraphs in both files (e.g., 'body')"
    assert report.duplicated_across == ["body"]


def test_seed_rewritten_content() -> None:
    report = check_split("The quick brown fox jumps", "A fast brown fox leaps", "")
    assert not report.valid
    assert report.message.startswith(
        "Lost content: 1 paragraphs missing from split (e.g., 'the quick brown fox jumps'); "
        "Added content: 1 paragraphs not in original (e.g., 'a fast brown fox leaps')"
    )


# --- Multiset semantics ---------------------------------------------------------------------


def test_paragraph_written_twice_in_raw_must_appear_twice() -> None:
    raw = "Same\n\nOther\n\nSame"
    assert check_split(raw, "Same\n\nOther", "Same").valid
    lost_one = check_split(raw, "Same\n\nOther", "")
    assert lost_one.lost == ["same"]
    assert lost_one.messages[0].startswith("Lost content: 1 paragraphs")


def test_paragraph_repeated_inside_one_output_is_caught() -> None:
    report = check_split("A para\n\nB para", "A para\n\nA para", "B para")
    assert not report.valid
    assert report.duplicated_within == ["a para"]
    assert "repeated within one file" in report.message


# --- Normalisation: whitespace, case, CRLF, NFC and nothing else ----------------------------


@pytest.mark.parametrize(
    "variant",
    [
        "  INTRO  \r\n\r\nbody\r\n",  # case, CRLF, surrounding whitespace
        "Intro\n\n\n\n   Body",  # extra blank lines and indentation
        "Intro\n\nBody\t",
    ],
)
def test_formatting_changes_pass(variant: str) -> None:
    assert check_split("Intro\n\nBody", variant, "").valid


def test_unicode_nfc_equivalence_passes() -> None:
    composed = "Caf\u00e9 culture"
    decomposed = "Cafe\u0301 culture"
    assert check_split(composed, decomposed, "").valid


def test_changed_word_fails() -> None:
    report = check_split("The fox jumps", "The fox jumped", "")
    assert not report.valid
    assert report.lost == ["the fox jumps"]
    assert report.added == ["the fox jumped"]


def test_punctuation_change_fails() -> None:
    assert not check_split("Hello, world", "Hello world", "").valid


# --- Structure ------------------------------------------------------------------------------


def test_fenced_code_block_is_one_unit() -> None:
    raw = "Intro\n\n```python\ndef f():\n\n    return 1\n```\n\nOutro"
    assert segment(raw) == ["Intro", "```python\ndef f():\n\n    return 1\n```", "Outro"]
    # Moving the whole block is fine; splitting it across files is not.
    assert check_split(raw, "Intro\n\n```python\ndef f():\n\n    return 1\n```", "Outro").valid
    broken = check_split(raw, "Intro\n\n```python\ndef f():", "    return 1\n```\n\nOutro")
    assert not broken.valid


def test_unclosed_fence_runs_to_end() -> None:
    assert segment("a\n\n~~~\ncode\n\nmore") == ["a", "~~~\ncode\n\nmore"]


@pytest.mark.parametrize(
    ("granularity", "units"),
    [
        ("paragraph", ["One. Two.\nThree."]),
        ("line", ["One. Two.", "Three."]),
        ("sentence", ["One.", "Two.", "Three."]),
    ],
)
def test_granularity_options(granularity: str, units: list[str]) -> None:
    assert segment("One. Two.\nThree.", Granularity(granularity)) == units


def test_sentence_granularity_catches_intra_paragraph_move() -> None:
    raw = "Alpha one. Beta two."
    assert check_split(raw, "Alpha one.", "Beta two.", granularity="sentence").valid
    report = check_split(raw, "Alpha one.", "", granularity="sentence")
    assert report.messages[0] == "Lost content: 1 sentences missing from split (e.g., 'beta two.')"


# --- Length, existence, evidence, samples ---------------------------------------------------


def test_length_tolerance_is_configurable() -> None:
    raw = "a" * 100 + "\n\n" + "b" * 10
    report = check_split(raw, "a" * 100, "", length_tolerance=0.5)
    assert report.length_ok
    assert not report.valid  # the lost paragraph still fails it
    strict = check_split(raw, "a" * 100, "", length_tolerance=0.05)
    assert not strict.length_ok
    assert any(m.startswith("Length mismatch:") for m in strict.messages)


def test_missing_outputs_are_reported() -> None:
    report = check_split("Intro", None, "Intro")
    assert report.missing_outputs == ["draft_ok"]
    assert report.messages[0] == "Missing output: draft_ok is absent"
    assert not report.valid


def test_empty_raw_draft_is_bad_input() -> None:
    with pytest.raises(EmptyInputError):
        check_split(" \n\n\t", "", "")


def test_evidence_says_where_each_paragraph_went() -> None:
    report = check_split("A\n\nB\n\nC", "C\n\nA", "")
    placed = [(p.raw_index, p.destination, p.position) for p in report.placements]
    assert placed == [(0, "draft_ok", 1), (1, None, None), (2, "draft_ok", 0)]


def test_samples_are_cut_to_50_chars_and_several_checks_join_with_semicolons() -> None:
    long = "x" * 80
    report = check_split(f"{long}\n\nkeep", "keep\n\nnew text", "")
    assert f"(e.g., '{'x' * 50}...')" in report.messages[0]
    assert report.message == "; ".join(report.messages)
    assert report.message.count("; ") == len(report.messages) - 1 >= 1

"""`draftguard validate-artifact`, driven in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draftguard_adk.cli import main

DATA = Path(__file__).parent.parent / "data" / "artifacts"


def test_seed_quiz_lists_all_three_violations_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate-artifact", "quiz", str(DATA / "photosynthesis_quiz.json")]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "INVALID: 3 violations in quiz with 2 items",
        "  - Question 1: Must have at least 4 options (has 3)",
        "  - Question 2: Options must be unique (found duplicates)",
        "  - Question 2: correct_answer 'Chloroplasts' must be one of the options",
    ]


def test_valid_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-artifact", "mindmap", str(DATA / "mindmap_nested.json")]) == 0
    assert capsys.readouterr().out.startswith("VALID: mindmap with 4 items")


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate-artifact", "flashcards", str(DATA / "atp_flashcards.json"), "--json"])
    payload = json.loads(capsys.readouterr().out)
    assert code == 1 and payload["valid"] is False
    assert payload["messages"] == [
        "Flashcard 1: Back too long (354 chars, max 300)", "Duplicate term found: 'ATP'"]
    assert payload["violations"][0] == {
        "message": "Flashcard 1: Back too long (354 chars, max 300)",
        "code": "back_too_long", "item": 1}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"questions": [', "not valid JSON"),
        (b"", "is empty"),
        (b"\x00\x01binary", "binary"),
        (b"\xff\xfe{}", "UTF-8"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    f = tmp_path / "a.json"
    f.write_bytes(content)
    assert main(["validate-artifact", "quiz", str(f)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_file_and_unknown_type_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate-artifact", "quiz", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["validate-artifact", "poem", str(DATA / "photosynthesis_quiz.json")])
    assert exc.value.code == 2


def test_bad_input_with_json_flag_is_a_json_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "a.json"
    f.write_text("[1,", encoding="utf-8")
    assert main(["validate-artifact", "quiz", str(f), "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["ok"] is False and payload["exit_code"] == 2

"""`draftguard edit` in-process: exit codes, atomic in-place writes, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draftguard_adk.cli import main

DOC = (
    "# Post\n\nGeno's is loud.\n\n## Conclusion\n\nGeno's won, by a whisker.\n"
    + "".join(f"\nFiller {n}.\n" for n in range(20))
)


def files(tmp_path: Path, plan: object, doc: str | bytes = DOC) -> tuple[Path, Path]:
    f = tmp_path / "post.md"
    f.write_bytes(doc.encode() if isinstance(doc, str) else doc)
    p = tmp_path / "plan.json"
    p.write_text(plan if isinstance(plan, str) else json.dumps(plan))
    return f, p


REPLACE = {"scope": "Conclusion", "ops": [{"type": "replace", "anchor": "Geno's", "text": "Pat's"}]}


def test_applies_in_place_then_reports_already_applied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f, p = files(tmp_path, REPLACE)
    assert main(["edit", str(f), "--ops", str(p)]) == 0
    assert f.read_text() == DOC.replace("Geno's won", "Pat's won")
    assert "APPLIED" in capsys.readouterr().out
    assert main(["edit", str(f), "--ops", str(p), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "already_applied"
    assert not [x for x in tmp_path.iterdir() if x.name.endswith(".tmp")]


def test_dry_run_prints_diff_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f, p = files(tmp_path, REPLACE)
    assert main(["edit", str(f), "--ops", str(p), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "DRY RUN" in out and "--- a/post.md" in out and "+Pat's won" in out
    assert f.read_text() == DOC


def test_rejected_exits_1_with_question_and_candidates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f, p = files(tmp_path, {"ops": [{"type": "replace", "anchor": "Geno's", "text": "Pat's"}]})
    assert main(["edit", str(f), "--ops", str(p), "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["reason"] == "ambiguous" and [c["line"] for c in payload["candidates"]] == [3, 7]
    assert payload["question"].endswith("Which one do you mean?")
    assert "text" not in payload
    assert main(["edit", str(f), "--ops", str(p)]) == 1
    out = capsys.readouterr().out
    assert "REJECTED (ambiguous)" in out and "candidate line 7" in out
    assert f.read_text() == DOC


@pytest.mark.parametrize(
    ("plan", "doc", "needle"),
    [
        ('{"ops": [{"type": "replace", "anchor": "x"}]}', DOC, "ops.0.replace.text"),
        ("{not json", DOC, "not valid JSON"),
        (REPLACE, b"\x00\x01binary", "binary"),
        (REPLACE, "", "empty"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], plan: object, doc: str | bytes,
    needle: str,
) -> None:
    f, p = files(tmp_path, plan, doc)
    before = f.read_bytes()
    assert main(["edit", str(f), "--ops", str(p)]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
    assert f.read_bytes() == before


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "plan.json"
    p.write_text(json.dumps(REPLACE))
    assert main(["edit", str(tmp_path / "nope.md"), "--ops", str(p), "--json"]) == 2
    assert "no such file" in json.loads(capsys.readouterr().out)["error"]


def test_crlf_bom_and_missing_final_newline_kept(tmp_path: Path) -> None:
    raw = b"\xef\xbb\xbf" + DOC.replace("\n", "\r\n").rstrip("\r\n").encode()
    f, p = files(tmp_path, REPLACE, raw)
    assert main(["edit", str(f), "--ops", str(p)]) == 0
    assert f.read_bytes() == raw.replace(b"Geno's won", b"Pat's won")


def test_editing_through_a_symlink_changes_the_target_and_keeps_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f, p = files(tmp_path, REPLACE)
    link = tmp_path / "link.md"
    link.symlink_to(f.name)
    assert main(["edit", str(link), "--ops", str(p)]) == 0
    assert link.is_symlink()
    assert f.read_text() == DOC.replace("Geno's won", "Pat's won")

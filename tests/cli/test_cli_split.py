"""`draftguard check-split` and `draftguard split` as a user runs them."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from draftguard_adk.cli import main


def _files(tmp_path: Path, raw: str | bytes, ok: str, not_ok: str) -> list[str]:
    paths = []
    for name, text in (("raw.md", raw), ("ok.md", ok), ("not_ok.md", not_ok)):
        p = tmp_path / name
        p.write_bytes(text if isinstance(text, bytes) else text.encode())
        paths.append(str(p))
    return ["check-split", "--raw", paths[0], "--ok", paths[1], "--not-ok", paths[2]]


def test_valid_split_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(_files(tmp_path, "Intro\n\nBody\n\nConclusion", "Intro\n\nBody", "Conclusion"))
    assert code == 0
    assert capsys.readouterr().out.startswith("VALID: 3 paragraphs in raw, 2 in ok, 1 in not-ok")


def test_invalid_split_exits_1_with_the_seed_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(_files(tmp_path, "Intro\n\nBody\n\nConclusion", "Intro", "Conclusion"))
    out = capsys.readouterr().out
    assert code == 1
    assert "  - Lost content: 1 paragraphs missing from split (e.g., 'body')" in out


def test_json_report_with_evidence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _files(tmp_path, "A\n\nB", "B", "")
    code = main([*args, "--json", "--evidence"])
    payload = json.loads(capsys.readouterr().out)
    assert code == 1
    assert payload["valid"] is False
    assert payload["lost"] == ["a"]
    assert payload["placements"] == [[0, None, None], [1, "draft_ok", 0]]
    assert payload["message"].startswith("Lost content: 1 paragraphs")


@pytest.mark.parametrize(
    ("raw", "error"),
    [
        ("", "is empty or whitespace-only"),
        ("  \n\n\t", "is empty or whitespace-only"),
        (b"\xff\xfe bad utf8 \xc3\x28", "is not valid UTF-8"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "looks like a binary file"),
    ],
)
def test_bad_raw_draft_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: str | bytes, error: str
) -> None:
    code = main(_files(tmp_path, raw, "x", "y"))
    err = capsys.readouterr().err
    assert code == 2
    assert error in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_missing_file_and_json_error_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["check-split", "--raw", str(tmp_path / "nope.md"), "--ok", "a", "--not-ok", "b", "--json"]
    )
    payload = json.loads(capsys.readouterr().out)
    assert code == 2
    assert payload == {
        "ok": False,
        "error": f"raw draft {tmp_path / 'nope.md'}: no such file",
        "exit_code": 2,
    }


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check-split", "--raw", "x"])
    assert exc.value.code == 2
    assert main([]) == 2


def test_draft_over_the_configured_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text("agents:\n  content_splitter:\n    max_draft_bytes: 10\n")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    code = main(_files(tmp_path, "x" * 11, "x", ""))
    assert code == 2
    assert "over the 10-byte limit" in capsys.readouterr().err


@pytest.mark.parametrize("missing", ["draft", "outline"])
def test_split_with_bad_input_exits_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], missing: str
) -> None:
    draft = tmp_path / "draft.md"
    outline = tmp_path / "outline.md"
    draft.write_text("" if missing == "draft" else "Para one.\n\nPara two.")
    if missing == "draft":
        outline.write_text("1. One")
    out = tmp_path / "out"
    code = main(["split", "--draft", str(draft), "--outline", str(outline), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert ("is empty" in err) if missing == "draft" else ("no such file" in err)
    assert not out.exists()


def test_split_refuses_an_out_path_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    draft = tmp_path / "d.md"
    draft.write_text("One.\n\nTwo.")
    outline = tmp_path / "o.md"
    outline.write_text("1. One")
    blocker = tmp_path / "out"
    blocker.write_text("keep me")
    code = main(["split", "--draft", str(draft), "--outline", str(outline), "--out", str(blocker)])
    assert code == 2
    assert blocker.read_text() == "keep me"


def test_a_pipe_given_as_a_draft_is_refused_not_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    fifo = tmp_path / "draft.fifo"
    os.mkfifo(fifo)
    args = _files(tmp_path, "x", "x", "")
    args[2] = str(fifo)
    assert main(args) == 2  # opening a FIFO for reading would block forever
    assert "not a regular file" in capsys.readouterr().err


# --- `draftguard split` on a scripted model: which paragraph went where, both checks named --

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _split_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turns: list[object], *extra: str,
    coverage: str | None = None,
) -> tuple[int, Path]:
    from functools import partial

    from scripted_llm import ScriptedLlm

    import draftguard_adk.split._runner as split_pkg

    if coverage is not None:
        cfg = tmp_path / "agents.yaml"
        cfg.write_text(f"agents:\n  content_splitter:\n    coverage: {coverage}\n")
        monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    model = ScriptedLlm(turns)
    monkeypatch.setattr(split_pkg, "run_split", partial(split_pkg.run_split, model=model))
    out = tmp_path / "out"
    code = main(["split", "--draft", str(SAMPLES / "draft.md"), "--outline",
                 str(SAMPLES / "outline.md"), "--out", str(out), *extra])
    return code, out


def test_split_prints_where_each_paragraph_went_and_both_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _split_cli(tmp_path, monkeypatch, [{"ok_ids": [3, 5, 6]}])
    text = capsys.readouterr().out
    assert code == 0
    assert "  [5] ok      Hydration matters more than any other variable. A…" in text
    assert "-> 2. Dough hydration" in text
    assert "  [7] not_ok  Unrelated: I am also learning to play the…" in text
    assert "Integrity: OK (3 in draft_ok, 4 in draft_not_ok" in text
    assert "Coverage: OK" in text
    assert "VALID after 1 attempt(s): integrity OK, coverage OK" in text
    assert (out / "draft_ok.md").read_text().startswith("A starter is just flour")


def test_a_backwards_split_never_prints_a_bare_valid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three different answers, each keeping the title and intro and leaving every topic out.
    code, out = _split_cli(tmp_path, monkeypatch,
                           [{"ok_ids": [1]}, {"ok_ids": [2]}, {"ok_ids": [1, 2]}])
    text = capsys.readouterr().out
    assert code == 1
    assert "VALID" not in text
    assert ("KEPT, OUTLINE NOT COVERED after 3 attempt(s): integrity OK, coverage NOT MET "
            "(advisory)") in text
    assert "  [1] ok      # Sourdough at home" in text
    assert ("  - Paragraph [5] ('Hydration matters more than any other variable. A…') fits "
            "outline item 2 ('Dough hydration') but was left out") in text
    # The last attempt is kept for inspection (coverage is advisory there by default).
    assert (out / "draft_ok.md").read_text().startswith("# Sourdough at home")


def test_the_same_backwards_answer_is_not_retried_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # What the embedded model did: title and intro kept, every topic left out, three times.
    # The second time code adds each uncovered item's best paragraph instead of resubmitting.
    code, out = _split_cli(tmp_path, monkeypatch, [{"ok_ids": [1, 2]}] * 3)
    text = capsys.readouterr().out
    assert code == 0
    assert "VALID after 2 attempt(s): integrity OK, coverage OK" in text
    assert "Attempt 2: 5 paragraphs to draft_ok, 2 to draft_not_ok." in text
    assert "Bake in a preheated Dutch oven" in (out / "draft_ok.md").read_text()


def test_blocking_coverage_fails_and_writes_nothing_and_json_separates_the_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _split_cli(tmp_path, monkeypatch,
                           [{"ok_ids": [1]}, {"ok_ids": [2]}, {"ok_ids": [1, 2]}], "--json",
                           coverage="blocking")
    payload = json.loads(capsys.readouterr().out)
    assert code == 1
    assert not out.exists()
    assert payload["valid"] is False and payload["files"] == []
    assert payload["integrity"]["ok"] is True
    assert payload["coverage"]["ok"] is False and payload["coverage"]["blocking"] is True
    assert payload["coverage"]["uncovered_items"] == [1, 2, 3]
    assert payload["verdict"] == ("FAILED after 3 attempt(s): integrity OK, coverage FAILED")
    assert [(p["id"], p["destination"], p["item"]) for p in payload["paragraphs"]][:5] == [
        # [3] opens with "A starter is...": credited to item 1, not to item 3 for its "loaf".
        (1, "draft_ok", None), (2, "draft_ok", None), (3, "draft_not_ok", 1),
        (4, "draft_not_ok", None), (5, "draft_not_ok", 2),
    ]
    assert payload["paragraphs"][4]["preview"].startswith("Hydration matters")


def test_split_logs_no_app_name_mismatch(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # ADK's Runner guesses the app from the agent class's folder (draftguard_adk/agents) and
    # warned "App name mismatch" on every `draftguard split` and demo run.
    import asyncio

    from scripted_llm import ScriptedLlm

    from draftguard_adk.split._runner import run_split

    with caplog.at_level(logging.WARNING, logger="google_adk"):
        asyncio.run(run_split("Intro.\n\nBody about cats.\n", "Cats",
                              model=ScriptedLlm([{"ok_ids": [2]}])))
    assert not [r for r in caplog.records if "App name mismatch" in r.getMessage()]

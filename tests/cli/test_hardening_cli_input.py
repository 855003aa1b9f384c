"""Issue 11: hostile input to the CLI gives one clear line and exit 2, never a traceback.

Deep nesting, 5,000-digit numbers and lone surrogates in JSON (validate-artifact, dedupe)
and YAML (analyze-docs, frontmatter); invalid UTF-8 on dedupe's stdin; split's output
folder and session URI checked before any model call; nan tolerances; plan anchors that
are blank; control characters in plans.
"""

from __future__ import annotations

import errno
import functools
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from draftguard.edits import parse_edit_plan
from draftguard.edits._frontmatter import edit_frontmatter, read_frontmatter
from draftguard.errors import CommandError, FrontmatterError, SchemaError
from draftguard.understanding._edit_words import parse_edit_request
from draftguard_adk.cli import main
from tests.scripted_llm import ScriptedLlm

_FIXTURES = [HealthCheck.function_scoped_fixture]


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert out == "" and len(lines) == 1 and lines[0].startswith("draftguard: error: "), err
    return lines[0]


def nested(depth: int, leaf: str = "1") -> str:
    """JSON nested `depth` levels deep, objects and arrays in turn."""
    opens = "".join("[" if i % 2 else '{"a":' for i in range(depth))
    closes = "".join("]" if i % 2 else "}" for i in reversed(range(depth)))
    return opens + leaf + closes


# --- validate-artifact ---------------------------------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=_FIXTURES)
@given(depth=st.one_of(st.integers(201, 3000), st.just(100_000)))
def test_deep_json_artifact_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], depth: int
) -> None:
    f = tmp_path / "deep.json"
    f.write_text(nested(depth))
    assert main(["validate-artifact", "mindmap", str(f)]) == 2
    assert "nested deeper than 200 levels" in one_error_line(capsys)


def test_artifact_within_the_nesting_limit_is_validated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "ok.json"
    f.write_text(nested(150))
    assert main(["validate-artifact", "mindmap", str(f)]) == 1  # checked, not refused
    assert capsys.readouterr().out.startswith("INVALID")


@settings(max_examples=20, deadline=None, suppress_health_check=_FIXTURES)
@given(digits=st.integers(4301, 20_000))
def test_huge_number_in_an_artifact_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], digits: int
) -> None:
    f = tmp_path / "big.json"
    f.write_text('{"flashcards": [{"front": "ab", "back": ' + "7" * digits + "}]}")
    assert main(["validate-artifact", "flashcards", str(f), "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["exit_code"] == 2 and "a number over 4,300 digits" in payload["error"]


@settings(max_examples=30, deadline=None, suppress_health_check=_FIXTURES)
@given(code=st.integers(0xD800, 0xDFFF), where=st.sampled_from(["front", "key"]))
def test_lone_surrogate_in_an_artifact_is_refused_before_any_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: int, where: str
) -> None:
    escape = f"\\u{code:04x}"
    card = f'{{"front": "ab{escape}", "back": "x"}}' if where == "front" else \
        f'{{"front": "ab", "back": "x", "k{escape}": 1}}'
    f = tmp_path / "sur.json"
    f.write_text(f'{{"flashcards": [{card}]}}')
    assert main(["validate-artifact", "flashcards", str(f)]) == 2
    assert f"lone surrogate \\u{code:04x}" in one_error_line(capsys)


# --- terminal escapes ------------------------------------------------------------------------

REPAINT = "Paris\x1b[1A\x1b[2K\rVALID: flashcards with 2 items\x9b31m"


def test_a_crafted_flashcard_cannot_repaint_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"flashcards": [{"front": REPAINT, "back": "x"},
                                            {"front": REPAINT, "back": "y"}]}))
    assert main(["validate-artifact", "flashcards", str(f)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INVALID: 1 violation")
    assert not any(c in out for c in "\x1b\r\x9b")
    assert "Paris\\x1b[1A\\x1b[2K\\x0dVALID" in out and "\\x9b31m" in out
    assert main(["validate-artifact", "flashcards", str(f), "--json"]) == 1
    out = capsys.readouterr().out
    assert "\x9b" not in out and json.loads(out)["messages"][0].endswith(REPAINT + "'")


POST = "# Post\n\nSome text.\n"


def edit_post(tmp_path: Path, op: dict[str, str]) -> int:
    """`draftguard edit` of a small post with a one-op plan."""
    (tmp_path / "post.md").write_text(POST)
    (tmp_path / "plan.json").write_text(json.dumps({"ops": [op]}))
    return main(["edit", str(tmp_path / "post.md"), "--ops", str(tmp_path / "plan.json")])


@settings(max_examples=40, deadline=None, suppress_health_check=_FIXTURES)
@given(control=st.characters(categories=["Cc"]).filter(lambda c: c not in "\n\t"))
def test_control_characters_in_an_anchor_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], control: str
) -> None:
    edit_post(tmp_path, {"type": "replace", "anchor": f"gone{control}x", "text": "y"})
    out, err = capsys.readouterr()
    assert control not in out + err
    assert (tmp_path / "post.md").read_text() == POST


# --- edit plans --------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(exclude_categories=["Cc", "Cs"])), control=st.sampled_from(
    [chr(c) for c in [*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F]]))
def test_plan_text_with_control_characters_is_a_schema_error(text: str, control: str) -> None:
    mid = len(text) // 2
    bad = text[:mid] + control + text[mid:]
    with pytest.raises(SchemaError, match=f"control character U\\+{ord(control):04X}"):
        parse_edit_plan({"ops": [{"type": "replace", "anchor": "a", "text": bad}]})
    with pytest.raises(SchemaError, match="control character"):
        parse_edit_plan({"ops": [{"type": "insert", "anchor": "a", "text": bad + "x"}]})


def test_control_characters_in_a_chat_edit_request_do_not_parse() -> None:
    with pytest.raises(CommandError, match="control character U\\+0007"):
        parse_edit_request('replace "Some" with "Some\x07"')


def test_control_characters_in_a_plan_leave_the_post_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert edit_post(tmp_path, {"type": "replace", "anchor": "Some", "text": "Some\u0000"}) == 2
    assert "control character U+0000" in one_error_line(capsys)
    assert (tmp_path / "post.md").read_text() == POST


@pytest.mark.parametrize("anchor", [" ", "\n", " \t\r\n ", "\u00a0"])
def test_whitespace_only_anchor_is_a_schema_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], anchor: str
) -> None:
    assert edit_post(tmp_path, {"type": "delete", "anchor": anchor}) == 2
    assert "anchor: Value error, is whitespace only" in one_error_line(capsys)


# --- dedupe ------------------------------------------------------------------------------

def run_dedupe(monkeypatch: pytest.MonkeyPatch, data: bytes) -> int:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    return main(["dedupe"])


@settings(max_examples=25, deadline=None, suppress_health_check=_FIXTURES)
@given(bad=st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]))
def test_dedupe_refuses_invalid_utf8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], bad: bytes
) -> None:
    assert run_dedupe(monkeypatch, b'{"text": "Hello ' + bad + b' there."}\n') == 2
    assert "stdin is not valid UTF-8" in one_error_line(capsys)


@pytest.mark.parametrize(("line", "said"), [
    (nested(100_000), "nested deeper than 200 levels"),
    ('{"text": "a", "n": ' + "9" * 5000 + "}", "a number over 4,300 digits"),
    ('{"text": "Hello \\udc00 there."}', "lone surrogate \\udc00"),
])
def test_dedupe_refuses_unusable_json_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str, said: str
) -> None:
    assert run_dedupe(monkeypatch, ('{"text": "Fine."}\n' + line + "\n").encode()) == 2
    error = one_error_line(capsys)
    assert error.startswith("draftguard: error: stdin line 2: ") and said in error


# --- analyze-docs and frontmatter (YAML too) ---------------------------------------------------

@pytest.mark.parametrize(("name", "body", "said"), [
    ("deep.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n", "YAML nested deeper than 200"),
    ("block.yaml", "- " * 5000 + "x\n", "YAML nested deeper than 200"),
    ("big.yaml", "a: " + "9" * 5000 + "\n", "YAML holds a number too long"),
    ("big.json", '{"a": ' + "9" * 5000 + "}", "JSON holds a number too long"),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "JSON too deeply nested"),
])
def test_analyze_docs_reports_unparseable_structure_as_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, body: str, said: str
) -> None:
    f = tmp_path / name
    f.write_text(body)
    assert main(["analyze-docs", str(f)]) == 1  # analysed: a document with a problem
    out, err = capsys.readouterr()
    assert said in out and "Traceback" not in out + err


@pytest.mark.parametrize(("front", "said"), [
    ("a: " + "[" * 5000 + "]" * 5000, "nested deeper than 200"),
    ("a: " + "9" * 5000, "number over 4,300 digits"),
])
def test_hostile_frontmatter_is_a_frontmatter_error(front: str, said: str) -> None:
    with pytest.raises(FrontmatterError, match=said):
        read_frontmatter(f"---\n{front}\n---\n# Post\n")


@pytest.mark.parametrize("key", ["title\n", "title\nevil", "\ntitle", "ti tle"])
def test_frontmatter_key_names_are_matched_whole(key: str) -> None:
    with pytest.raises(FrontmatterError):
        edit_frontmatter("---\ntitle: A\n---\n# Post\n", set_keys={key: "B"})


# --- check-split --------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["nan", "-1", "inf", "-inf", "-0.01", "ten"])
def test_check_split_refuses_a_bad_length_tolerance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    for name, text in (("raw", "A\n\nB\n"), ("ok", "A\n"), ("not_ok", "B\n")):
        (tmp_path / f"{name}.md").write_text(text)
    with pytest.raises(SystemExit) as exit_:
        main(["check-split", "--raw", str(tmp_path / "raw.md"), "--ok",
              str(tmp_path / "ok.md"), "--not-ok", str(tmp_path / "not_ok.md"),
              f"--length-tolerance={value}"])
    assert exit_.value.code == 2
    assert "must be a finite number >= 0" in capsys.readouterr().err


# --- split: refused before any model call --------------------------------------------------

@pytest.fixture
def split_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    import draftguard_adk.split._runner as split_pkg

    # Any model call fails the test: the script has no turns.
    model = ScriptedLlm([])
    monkeypatch.setattr(split_pkg, "run_split", functools.partial(split_pkg.run_split,
                                                                  model=model))
    draft, outline = tmp_path / "draft.md", tmp_path / "outline.md"
    draft.write_text("Para one.\n\nPara two.\n")
    outline.write_text("1. One\n")
    return draft, outline


def split_args(draft: Path, outline: Path, *extra: str) -> list[str]:
    return ["split", "--draft", str(draft), "--outline", str(outline), *extra]


@pytest.mark.parametrize("err", [errno.EACCES, errno.EROFS])
def test_split_into_an_unwritable_folder_is_refused_before_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    split_files: tuple[Path, Path], err: int,
) -> None:
    def no_write(*args: Any, **kwargs: Any) -> Any:
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr("tempfile.mkstemp", no_write)  # a read-only folder, even for root
    out = tmp_path / "ro" / "out"
    assert main(split_args(*split_files, "--out", str(out))) == 2
    assert f"--out {out}: cannot write there" in one_error_line(capsys)


@pytest.mark.parametrize(("uri", "said"), [
    ("", "--session-uri must look like memory://"),
    ("sessions.db", "--session-uri must look like memory://"),
    ("sqlite:////no/such/folder/s.db", "the folder /no/such/folder does not exist"),
    ("nosuchscheme://x", "cannot open the session store"),
    ("postgresql+nosuchdriver://u:hunter2@db/x", "cannot open the session store"),
])
def test_split_with_a_bad_session_uri_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], split_files: tuple[Path, Path],
    uri: str, said: str,
) -> None:
    code = main(split_args(*split_files, "--out", str(tmp_path / "o"), "--session-uri", uri))
    error = one_error_line(capsys)
    assert code == 2 and said in error and "hunter2" not in error
    assert not (tmp_path / "o").exists()


def test_an_outline_over_the_limit_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    split_files: tuple[Path, Path],
) -> None:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text("agents:\n  content_splitter:\n    max_draft_bytes: 100\n")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    draft, outline = split_files
    outline.write_text("1. One\n" * 50)
    assert main(split_args(draft, outline, "--out", str(tmp_path / "o"))) == 2
    assert "over the 100-byte limit" in one_error_line(capsys)

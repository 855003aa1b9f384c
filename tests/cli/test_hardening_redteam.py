"""Issue 18: the red team's failed classes, each as the red team ran it (or the function
under it), with what must happen now: one line, no partial write, bounded memory."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.documents import Document
from draftguard.documents._analysis import analyze_documents
from draftguard.documents._sniffing import sniff_zip
from draftguard.edits import parse_edit_plan
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.errors import ConfigError, FrontmatterError, OutputError, SchemaError
from draftguard.settings import load_settings
from draftguard.textio._atomic_write import write_many_atomic
from draftguard.textio._display import dump_json
from draftguard.textio._structured_input import yaml_problem
from draftguard_adk.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert out == "" and len(lines) == 1 and lines[0].startswith("draftguard: error: "), err
    return lines[0]


# --- 1: a failed command writes nothing, across all of its files ----------------------------

def test_a_write_that_fails_on_the_second_file_leaves_the_first_as_it_was(
    tmp_path: Path,
) -> None:
    (tmp_path / "draft_ok.md").write_text("PREV\n")
    (tmp_path / "draft_not_ok.md").mkdir()
    with pytest.raises(OutputError, match=r"draft_not_ok\.md"):
        write_many_atomic({tmp_path / "draft_ok.md": "new\n",
                           tmp_path / "draft_not_ok.md": "new\n"})
    assert (tmp_path / "draft_ok.md").read_text() == "PREV\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draft_not_ok.md", "draft_ok.md"]


def test_a_rename_that_fails_midway_is_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The target is checked before staging; a failure after the first rename (a folder made
    # by someone else at that moment, permissions changed) must still undo the first.
    files = {tmp_path / n: f"new {n}\n" for n in ("a.md", "b.md", "c.md")}
    (tmp_path / "a.md").write_text("old a\n")
    real_replace = os.replace

    def flaky(src: Any, dst: Any) -> None:
        if Path(dst).name == "c.md":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(OutputError, match=r"c\.md: no space left on device"):
        write_many_atomic(files)
    monkeypatch.undo()
    assert (tmp_path / "a.md").read_text() == "old a\n"
    assert not (tmp_path / "b.md").exists() and not (tmp_path / "c.md").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["a.md"]  # no temp or backup left


@settings(max_examples=60, deadline=None)
@given(existing=st.lists(st.booleans(), min_size=1, max_size=4),
       fail_at=st.one_of(st.none(), st.integers(0, 3)))
def test_a_multi_file_write_is_all_or_nothing_wherever_it_fails(
    existing: list[bool], fail_at: int | None
) -> None:
    """Whichever rename fails, the folder holds exactly the old files or exactly the new."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        names = [f"f{i}.md" for i in range(len(existing))]
        before = {n: f"old {n}\n" for n, there in zip(names, existing, strict=True) if there}
        for name, text in before.items():
            (root / name).write_text(text)
        real_replace, renames = os.replace, [0]

        def faulty(src: Any, dst: Any) -> None:
            # The fail_at-th rename fails, once: the renames that undo it go through.
            if renames[0] == fail_at:
                renames[0] += 1
                raise OSError(errno.EIO, "Input/output error")
            renames[0] += 1
            real_replace(src, dst)

        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(os, "replace", faulty)
            try:
                write_many_atomic({root / n: f"new {n}\n" for n in names})
                wrote = True
            except OutputError:
                wrote = False
        after = {p.name: p.read_text() for p in root.iterdir()}
        assert after == ({n: f"new {n}\n" for n in names} if wrote else before)
        assert wrote == (fail_at is None or fail_at >= len(names))


def test_split_into_an_out_folder_with_a_directory_in_the_way_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from functools import partial

    from scripted_llm import ScriptedLlm

    import draftguard_adk.split._runner as split_pkg

    out = tmp_path / "out"
    (out / "draft_not_ok.md").mkdir(parents=True)
    (out / "draft_ok.md").write_text("PREV\n")
    monkeypatch.setattr(split_pkg, "run_split",
                        partial(split_pkg.run_split, model=ScriptedLlm([{"ok_ids": [3, 5, 6]}])))
    code = main(["split", "--draft", str(SAMPLES / "draft.md"), "--outline",
                 str(SAMPLES / "outline.md"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "is a directory" in err and "Traceback" not in err
    assert (out / "draft_ok.md").read_text() == "PREV\n"


def test_a_split_whose_write_fails_leaves_no_new_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from functools import partial

    from scripted_llm import ScriptedLlm

    import draftguard_adk.cli.split as split_cli
    import draftguard_adk.split._runner as split_pkg

    def full_disk(files: Any) -> None:
        raise OutputError("cannot write draft_ok.md: no space left on device")

    monkeypatch.setattr(split_cli, "write_many_atomic", full_disk)
    monkeypatch.setattr(split_pkg, "run_split",
                        partial(split_pkg.run_split, model=ScriptedLlm([{"ok_ids": [3, 5, 6]}])))
    out = tmp_path / "new" / "out"
    code = main(["split", "--draft", str(SAMPLES / "draft.md"), "--outline",
                 str(SAMPLES / "outline.md"), "--out", str(out)])
    assert code == 2 and "no space left" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# --- 3: a zip member is read with a cap while inflating -------------------------------------

def _bomb(path: Path, inflated: int) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        with zf.open("mimetype", "w", force_zip64=True) as member:
            block = b"\0" * (1 << 20)
            for _ in range(inflated >> 20):
                member.write(block)
        zf.writestr("content.xml", "<x/>")
    return path


def test_a_zip_whose_mimetype_inflates_to_64_mb_is_sniffed_in_bounded_memory(
    tmp_path: Path,
) -> None:
    bomb = _bomb(tmp_path / "bomb.odt", 64 << 20)
    assert bomb.stat().st_size < 1 << 20
    tracemalloc.start()
    try:
        fmt, problem = sniff_zip(bomb)
        [summary] = analyze_documents([Document.from_path(bomb)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (fmt, problem) == ("zip", None)  # not an ODF media type, and not read whole
    assert summary.name == "bomb.odt"
    assert peak < 8 << 20, f"peak {peak:,} bytes"


# --- 4: stdin is bounded before it is buffered ----------------------------------------------

class _EndlessStdin:
    """/dev/zero as stdin: any read without a size never returns, so it is refused here."""

    def __init__(self) -> None:
        self.read_bytes = 0
        self.buffer = self

    def read(self, size: int = -1) -> bytes:
        assert size is not None and size >= 0, "stdin read without a bound"
        self.read_bytes += size
        return b"\0" * size


@pytest.mark.parametrize("argv", [["dedupe"], ["edit", "POST", "--ops", "-"]])
def test_endless_stdin_is_refused_at_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: list[str],
) -> None:
    post = tmp_path / "post.md"
    post.write_text("# Title\n\nBody.\n")
    stdin = _EndlessStdin()
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main([str(post) if a == "POST" else a for a in argv]) == 2
    assert "over the 16,777,216-byte limit" in one_error_line(capsys)
    assert stdin.read_bytes <= (16 << 20) + 1
    assert post.read_text() == "# Title\n\nBody.\n"


# --- 5: YAML aliases are measured before anything is built ----------------------------------

def _alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_in_frontmatter_is_refused_before_it_is_built() -> None:
    post = "---\n" + _alias_bomb(8) + "---\n\n# Post\n"
    assert len(post.encode()) < 600
    with pytest.raises(FrontmatterError, match="alias bomb"):
        read_frontmatter(post)


def test_an_alias_bomb_in_agents_yaml_and_in_a_document(tmp_path: Path) -> None:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text(_alias_bomb(8))
    with pytest.raises(ConfigError, match="alias bomb"):
        load_settings(cfg)
    doc = tmp_path / "bomb.yaml"
    doc.write_text(_alias_bomb(8))
    [summary] = analyze_documents([Document.from_path(doc)])
    assert any("alias bomb" in p for p in summary.problems)


def test_ordinary_aliases_still_load() -> None:
    post = ("---\nbase: &b {author: Ann, tags: [a, b]}\nen: *b\nfr: *b\ntitle: T\n---\n\n"
            "Body\n")
    assert read_frontmatter(post)["fr"] == {"author": "Ann", "tags": ["a", "b"]}


def _alias_added_nodes(text: str) -> int:
    """The slow, obvious count: compose the node graph and walk it with every alias
    expanded; what the walk visits beyond the distinct nodes written is what aliases add."""
    import yaml

    seen: set[int] = set()

    def walk(node: Any) -> int:
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            return 1 + sum(walk(k) + walk(v) for k, v in node.value)
        if isinstance(node, yaml.SequenceNode):
            return 1 + sum(walk(v) for v in node.value)
        return 1

    return walk(yaml.compose(text)) - len(seen)


@settings(max_examples=60, deadline=None)
@given(fan=st.integers(1, 6), levels=st.integers(1, 5), bound=st.integers(1, 3000),
       leaf=st.sampled_from(["x", "[x, y]", "{k: v}"]))
def test_the_alias_bound_matches_the_composed_graph(
    fan: int, levels: int, bound: int, leaf: str
) -> None:
    lines = [f"a0: &a0 {leaf}"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * fan)}]")
    text = "\n".join(lines) + "\n"
    refused = yaml_problem(text, max_alias_nodes=bound) is not None
    assert refused == (_alias_added_nodes(text) > bound)


# --- 6: a malformed session URI is never echoed ---------------------------------------------

@pytest.mark.parametrize("uri", ["postgresql//u:hunter2@h/db", "u:hunter2@h/db",
                                 "a:hunter2@h/x://y", "hunter2"])
def test_a_malformed_session_uri_does_not_print_its_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], uri: str
) -> None:
    code = main(["split", "--draft", str(SAMPLES / "draft.md"), "--outline",
                 str(SAMPLES / "outline.md"), "--out", str(tmp_path / "o"),
                 "--session-uri", uri])
    line = one_error_line(capsys)
    assert code == 2 and "hunter2" not in line and "--session-uri" in line


# --- 8: usage errors are escaped ------------------------------------------------------------

def test_a_usage_error_quoting_escapes_stays_one_escaped_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["dedupe", "x\x1b]0;PWNED\x07\nFAKE"])
    assert exit_.value.code == 2
    line = one_error_line(capsys)
    assert "\x1b" not in line and "\x07" not in line and "\\x1b]0;PWNED\\x07" in line


def test_a_usage_error_in_json_holds_no_raw_control(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["dedupe", "--json", "\x9b\x7f"])
    assert exit_.value.code == 2
    out = capsys.readouterr().out
    assert not any(0x7f <= ord(c) <= 0x9f for c in out)
    assert json.loads(out)["error"].startswith("unrecognized arguments: \x9b\x7f")


# --- 9, 10: every output path ends in one line ----------------------------------------------

def _cli(args: list[str], *, shell_redirect: str = "", env: dict[str, str] | None = None,
         stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    code = "import sys; from draftguard_adk.cli import main; sys.exit(main(sys.argv[1:]))"
    cmd = " ".join(["exec", _quote(sys.executable), "-c", _quote(code),
                    *map(_quote, args), shell_redirect])
    full_env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")]), **(env or {})}
    return subprocess.run(["bash", "-c", cmd], capture_output=True, env=full_env, input=stdin,
                          timeout=120, check=False)


def _quote(s: str) -> str:
    import shlex

    return shlex.quote(s)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_in_a_non_utf8_locale_is_escaped_not_a_traceback(
    tmp_path: Path, encoding: str
) -> None:
    post = tmp_path / "post.md"
    post.write_text("# Café “quoted” — naïve 😀\n\nThe body ends here.\n", encoding="utf-8")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"ops": [{"type": "replace", "anchor": "ends here",
                                         "text": "ends “there” 😀"}]}))
    env = {"PYTHONIOENCODING": encoding}
    preview = _cli(["analyze-docs", "--preview", str(post)], env=env)
    assert preview.returncode == 0 and preview.stderr == b"", preview.stderr
    assert b"\\u201cquoted\\u201d" in preview.stdout
    dry = _cli(["edit", str(post), "--ops", str(plan), "--dry-run"], env=env)
    assert dry.returncode == 0 and dry.stderr == b"", dry.stderr
    as_json = _cli(["edit", str(post), "--ops", str(plan), "--dry-run", "--json"], env=env)
    assert as_json.returncode == 0, as_json.stderr
    assert "ends “there” 😀" in json.loads(as_json.stdout.decode(encoding))["diff"]


@settings(max_examples=80, deadline=None)
@given(text=st.text(st.characters(codec="utf-8"), max_size=30),
       encoding=st.sampled_from(["ascii", "latin-1", "cp1252", "utf-8"]))
def test_json_printed_in_any_encoding_parses_back_to_the_same_text(
    text: str, encoding: str
) -> None:
    from draftguard_adk.cli._output import emit_json, escaped_output

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdout", stream)
        with escaped_output(json_style=True):
            emit_json({"text": text})
        stream.flush()
    assert json.loads(raw.getvalue().decode(encoding)) == {"text": text}


@pytest.mark.parametrize(("redirect", "reason"), [
    (">&-", "stdout is closed; nothing was done"),
    ("> /dev/full", "cannot write to stdout: no space left on device"),
])
def test_a_closed_or_full_stdout_is_one_line(tmp_path: Path, redirect: str, reason: str) -> None:
    quiz = tmp_path / "q.json"
    quiz.write_text(json.dumps({"questions": [{"question": "Why?", "options": ["a", "b"],
                                               "correct_answer": "a"}]}))
    for args in (["validate-artifact", "quiz", str(quiz)], ["analyze-docs", "--help"],
                 ["dedupe", "--json"]):
        run = _cli(args, shell_redirect=redirect, stdin=b'{"text": "Hi."}\n')
        err = run.stderr.decode()
        assert run.returncode == 2, err
        assert err == f"draftguard: error: {reason}\n", err


# --- 11: a deep agents.yaml is one line -----------------------------------------------------

@pytest.mark.parametrize("argv", [["worker", "--once"], ["split", "--draft", "D", "--outline",
                                                         "O"]])
def test_a_deeply_nested_agents_yaml_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: list[str],
) -> None:
    cfg = tmp_path / "d.yaml"
    cfg.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    args = [str(SAMPLES / "draft.md") if a == "D" else str(SAMPLES / "outline.md") if a == "O"
            else a for a in argv]
    assert main(args) == 2
    assert "nested deeper than 200 levels" in one_error_line(capsys)


# --- 12, 13: JSON lines are split at \n only, and written with every control escaped -------

@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85", "\x1c", "\x0b", "\x0c"])
def test_a_json_line_holding_a_unicode_line_break_is_one_chunk(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], sep: str
) -> None:
    line = json.dumps({"text": f"a{sep}b. Done."}, ensure_ascii=False) + "\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(line.encode())))
    assert main(["dedupe"]) == 0
    out = capsys.readouterr().out
    assert "".join(json.loads(x)["content"] for x in out.splitlines()) == f"a{sep}b. Done."


@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(codec="utf-8"), min_size=1, max_size=40))
def test_dedupe_output_is_json_with_no_raw_control_character(text: str) -> None:
    stdin = json.dumps({"text": text}, ensure_ascii=False).encode() + b"\n"
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        mp.setattr(sys, "stdout", out)
        assert main(["dedupe"]) == 0
    raw = out.getvalue()
    assert not any((ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f for c in raw)
    assert "".join(json.loads(x)["content"] for x in raw.split("\n") if x) == text


def test_dump_json_escapes_what_json_dumps_leaves_raw() -> None:
    text = dump_json({"k\x7f": "Hi \x9b x \u2028 \ud800 é"})
    assert text == '{"k\\u007f": "Hi \\u009b x \\u2028 \\ud800 é"}'
    assert json.loads(text) == {"k\x7f": "Hi \x9b x \u2028 \ud800 é"}


# --- 14: the edit plan's types are the schema's ---------------------------------------------

@pytest.mark.parametrize(("plan", "where"), [
    ({"ops": [{"type": "delete", "anchor": "Body", "line": True}]}, "line"),
    ({"ops": [{"type": "delete", "anchor": "Body", "line": "3"}]}, "line"),
    ({"ops": [{"type": "delete", "anchor": "Body"}],
      "constraints": {"allow_heading_changes": "yes"}}, "allow_heading_changes"),
    ({"ops": [{"type": "delete", "anchor": "Body"}],
      "constraints": {"allow_heading_changes": 1}}, "allow_heading_changes"),
    ({"ops": [{"type": "delete", "anchor": "Body"}],
      "constraints": {"max_changed_lines": True}}, "max_changed_lines"),
    ({"base_version": "2", "ops": [{"type": "delete", "anchor": "Body"}]}, "base_version"),
])
def test_a_plan_with_the_wrong_json_types_is_refused_and_the_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], plan: dict[str, Any], where: str
) -> None:
    post = tmp_path / "post.md"
    post.write_text("# Title\n\nBody here.\n\nMore.\n")
    ops = tmp_path / "plan.json"
    ops.write_text(json.dumps(plan))
    assert main(["edit", str(post), "--ops", str(ops)]) == 2
    assert where in one_error_line(capsys)
    assert post.read_text() == "# Title\n\nBody here.\n\nMore.\n"
    with pytest.raises(SchemaError):
        parse_edit_plan(json.dumps(plan))


def test_an_integral_float_is_still_a_line_number() -> None:
    # Function-call arguments arrive as floats; JSON Schema's "integer" includes 3.0.
    plan = parse_edit_plan({"ops": [{"type": "delete", "anchor": "Body", "line": 3.0}]})
    assert plan.ops[0].line == 3


# --- surprising: a newline in a file name stays inside its document's line ------------------

def test_a_newline_in_a_file_name_does_not_split_analyze_docs_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "a\nFAKE: ok.md"
    odd.write_text("# Post\n")
    assert main(["analyze-docs", str(odd)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("a\\x0aFAKE: ok.md: md") and len(out) == 2

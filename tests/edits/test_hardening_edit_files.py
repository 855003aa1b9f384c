"""Issue 11: `draftguard edit` on files it cannot or must not replace: one line, exit 2,
the target's bytes unchanged, no temporary file left behind."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from draftguard.textio._atomic_write import STALE_TEMP_SECONDS, write_atomic
from draftguard_adk.cli import edit as edit_cli
from draftguard_adk.cli import main

DOC = "# Diary\n\nThe alpha stall opened early.\n" + "".join(
    f"\nFiller line {n} about the market.\n" for n in range(30)
)
PLAN = {"ops": [{"type": "replace", "anchor": "alpha stall", "text": "ALPHA stall"}]}


@pytest.fixture
def post(tmp_path: Path) -> Path:
    p = tmp_path / "post.md"
    p.write_text(DOC)
    (tmp_path / "plan.json").write_text(json.dumps(PLAN))
    return p


def edit(post: Path, *extra: str) -> int:
    return main(["edit", str(post), "--ops", str(post.parent / "plan.json"), *extra])


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("draftguard: error: ")
    return lines[0]


def no_temp_files(folder: Path) -> bool:
    return not [x for x in folder.iterdir() if x.name.endswith(".tmp")]


def test_read_only_target_is_refused(post: Path, capsys: pytest.CaptureFixture[str]) -> None:
    post.chmod(0o444)
    assert edit(post) == 2
    assert "is read-only (mode 0444)" in one_error_line(capsys)
    assert post.read_text() == DOC and (post.stat().st_mode & 0o777) == 0o444
    assert edit(post, "--dry-run") == 0  # a preview writes nothing, so it is allowed


def test_mode_and_owner_are_kept(post: Path) -> None:
    post.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(post, 1234, 5678)
    assert edit(post) == 0
    st = post.stat()
    assert post.read_text() == DOC.replace("alpha stall", "ALPHA stall")
    assert st.st_mode & 0o7777 == 0o640
    if os.geteuid() == 0:
        assert (st.st_uid, st.st_gid) == (1234, 5678)


def test_hard_linked_target_is_refused(post: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = post.parent / "other-name.md"
    os.link(post, other)
    assert edit(post) == 2
    assert "has 2 hard links" in one_error_line(capsys)
    assert post.read_text() == DOC and os.path.samefile(post, other)


@pytest.mark.parametrize(("where", "err", "said"), [
    ("mkstemp", errno.EACCES, "permission denied"),
    ("fsync", errno.ENOSPC, "no space left on device"),
    ("replace", errno.ENOSPC, "no space left on device"),
    ("replace", errno.EROFS, "read-only file system"),
])
def test_write_faults_give_one_line_and_leave_the_file_alone(
    post: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    where: str, err: int, said: str,
) -> None:
    def fault(*args: Any, **kwargs: Any) -> Any:
        raise OSError(err, os.strerror(err))

    target = {"mkstemp": "tempfile.mkstemp", "fsync": "os.fsync", "replace": "os.replace"}
    monkeypatch.setattr(target[where], fault)
    assert edit(post) == 2
    assert one_error_line(capsys).endswith(f"cannot write {post.resolve()}: {said}")
    assert post.read_text() == DOC and no_temp_files(post.parent)


def test_a_file_removed_mid_edit_is_a_clean_error(
    post: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = edit_cli.apply_plan

    def remove_then_apply(*args: Any, **kwargs: Any) -> Any:
        post.unlink()
        return real(*args, **kwargs)

    monkeypatch.setattr(edit_cli, "apply_plan", remove_then_apply)
    assert edit(post) == 2
    assert "removed while being edited" in one_error_line(capsys)
    assert not post.exists() and no_temp_files(post.parent)


def test_a_missing_or_unreadable_file_is_one_line(
    post: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit", str(post.parent / "nope.md"), "--ops",
                 str(post.parent / "plan.json")]) == 2
    assert one_error_line(capsys).endswith("nope.md: no such file")


def test_stale_temp_files_of_a_killed_edit_are_cleaned_on_the_next_write(post: Path) -> None:
    folder = post.parent
    old = folder / ".post.md.draftguard-k1ll3d00.tmp"
    fresh = folder / ".post.md.draftguard-wr1t1ng0.tmp"
    foreign = folder / ".post.md.swp.tmp"  # not ours: another tool's name
    for f in (old, fresh, foreign):
        f.write_text("half a post")
    past = time.time() - STALE_TEMP_SECONDS - 60
    for f in (old, foreign):
        os.utime(f, (past, past))
    assert edit(post) == 0
    assert not old.exists() and fresh.exists() and foreign.exists()
    # Any atomic write does the same (the content tools' file mirror, split's output).
    os.utime(fresh, (past, past))
    write_atomic(post, "new text\n")
    assert not fresh.exists()


def test_a_killed_edit_leaves_the_old_bytes(post: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill between staging and renaming: the target keeps its bytes; the temp is ours."""
    def killed(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", killed)
    assert edit(post) == 130
    assert post.read_text() == DOC and no_temp_files(post.parent)

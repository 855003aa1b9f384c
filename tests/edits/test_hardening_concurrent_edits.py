"""Issue 11, high 2: two `draftguard edit` runs on one file never lose a change."""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
import os
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from draftguard_adk.cli import build_parser, main

DOC = "# Diary\n\nThe alpha stall opened early.\n\nThe beta stall opened late.\n" + "".join(
    f"\nFiller line {n} about the market.\n" for n in range(30)
)
CHANGES = {"alpha": ("The alpha stall", "The ALPHA stall"),
           "beta": ("The beta stall", "The BETA stall")}

_fork = multiprocessing.get_context("fork")


def _edit(barrier: Barrier, post: str, plan: str, results: Any, key: str) -> None:
    out = io.StringIO()
    barrier.wait()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["edit", post, "--ops", plan, "--json"])
    results.put((key, code, out.getvalue()))


def _plans(tmp_path: Path) -> dict[str, Path]:
    plans = {}
    for key, (anchor, text) in CHANGES.items():
        plans[key] = tmp_path / f"{key}.json"
        plans[key].write_text(json.dumps(
            {"ops": [{"type": "replace", "anchor": anchor, "text": text}]}))
    return plans


def test_100_concurrent_pairs_lose_no_update(tmp_path: Path) -> None:
    build_parser()  # import every subcommand once, so the forked pairs start together
    plans = _plans(tmp_path)
    outcomes = {"applied": 0, "stale": 0}
    for pair in range(100):
        post = tmp_path / f"post{pair}.md"
        post.write_text(DOC)
        barrier, results = _fork.Barrier(2), _fork.Queue()
        procs = [_fork.Process(target=_edit, args=(barrier, str(post), str(plans[k]), results, k))
                 for k in CHANGES]
        for p in procs:
            p.start()
        got = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=60)
        text = post.read_text()
        for key, code, out in got:
            payload = json.loads(out)
            anchor, replacement = CHANGES[key]
            if code == 0:
                assert payload["status"] == "applied"
                assert replacement in text and anchor not in text, (pair, key, text)
                outcomes["applied"] += 1
            else:
                assert (code, payload["reason"]) == (1, "stale_version"), (pair, key, out)
                assert "changed on disk" in payload["message"]
                outcomes["stale"] += 1
        # Every change that reported success is in the file; nothing else changed.
        expected = DOC
        for key, code, _ in got:
            if code == 0:
                expected = expected.replace(*CHANGES[key])
        assert text == expected
        assert not [x for x in tmp_path.iterdir() if x.name.endswith(".tmp")]
    assert outcomes["applied"] >= 100  # at least one of each pair gets through


def test_a_file_changed_underneath_is_refused_as_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from draftguard_adk.cli import edit as edit_cli

    post = tmp_path / "post.md"
    post.write_text(DOC)
    plans = _plans(tmp_path)
    real = edit_cli.apply_plan

    def someone_else_saves_meanwhile(*args: Any, **kwargs: Any) -> Any:
        post.write_text(DOC.replace("Filler line 3", "Filler line three"))
        return real(*args, **kwargs)

    monkeypatch.setattr(edit_cli, "apply_plan", someone_else_saves_meanwhile)
    assert main(["edit", str(post), "--ops", str(plans["alpha"])]) == 1
    out = capsys.readouterr().out
    assert out.startswith("REJECTED (stale_version): ") and "run the edit again" in out
    assert post.read_text() == DOC.replace("Filler line 3", "Filler line three")


def test_a_waiting_writer_relocks_the_file_that_replaced_the_one_it_waited_on(
    tmp_path: Path,
) -> None:
    from draftguard.errors import FileChangedError
    from draftguard.textio._atomic_write import replace_if_unchanged

    post = tmp_path / "post.md"
    post.write_bytes(b"old\n")
    replace_if_unchanged(post, b"first\n", expected=b"old\n")
    with pytest.raises(FileChangedError):
        replace_if_unchanged(post, b"second\n", expected=b"old\n")
    assert post.read_bytes() == b"first\n"
    assert os.stat(post).st_nlink == 1

"""What .env.example, docs/jobs.md and `--help` say is what the CLI and the API do."""

from __future__ import annotations

import json
import logging
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._config import ApiKeys, normalize_database_url
from draftguard.settings import JobsSettings
from draftguard.textio._atomic_write import write_atomic, write_many_atomic
from draftguard_adk.cli import main

ROOT = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = (ROOT / ".env.example").read_text()


def _example(name: str) -> str:
    """The value .env.example shows (commented out) for `name`."""
    found = re.search(rf"^#{name}=(.*)$", ENV_EXAMPLE, re.M)
    assert found, name
    return found.group(1)


# --- .env ------------------------------------------------------------------------------------

@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    for name, text in (("raw", "One paragraph.\n"), ("ok", "One paragraph.\n"), ("no", "")):
        (tmp_path / name).write_text(text)
    yield tmp_path


def test_the_cli_reads_dot_env_in_the_working_directory(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "the\ndraftguard CLI reads ./.env" in ENV_EXAMPLE or "CLI reads ./.env" in ENV_EXAMPLE
    cfg = in_tmp / "strict.yaml"
    cfg.write_text("agents:\n  content_splitter:\n    max_draft_bytes: 5\n")
    (in_tmp / ".env").write_text(f"DRAFTGUARD_CONFIG={cfg}\n")
    monkeypatch.delenv("DRAFTGUARD_CONFIG", raising=False)
    code = main(["check-split", "--raw", "raw", "--ok", "ok", "--not-ok", "no"])
    assert code == 2
    assert "over the 5-byte limit" in capsys.readouterr().err
    monkeypatch.delenv("DRAFTGUARD_CONFIG", raising=False)  # main() set it; undo for others


def test_the_environment_wins_over_dot_env(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (in_tmp / ".env").write_text("DRAFTGUARD_CONFIG=/nonexistent/agents.yaml\n")
    real = in_tmp / "agents.yaml"
    real.write_text("agents: {}\n")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(real))
    assert main(["check-split", "--raw", "raw", "--ok", "ok", "--not-ok", "no"]) == 0
    assert os.environ["DRAFTGUARD_CONFIG"] == str(real)


def test_importing_the_cli_reads_no_dot_env(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    import draftguard_adk.cli as cli

    (in_tmp / ".env").write_text("DRAFTGUARD_ONLY_FROM_DOT_ENV=1\n")
    importlib.reload(cli)
    assert "DRAFTGUARD_ONLY_FROM_DOT_ENV" not in os.environ


def test_the_sample_api_keys_are_accepted() -> None:
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": _example("DRAFTGUARD_API_KEYS")},
                                 config=ROOT / "agents.yaml")
    keys = ApiKeys(settings.api_keys)
    assert keys
    for pair in _example("DRAFTGUARD_API_KEYS").split(","):
        user, key = pair.split(":")
        assert keys.user_for(key) == user


def test_the_job_database_is_named_as_it_is_created() -> None:
    default = JobsSettings().sqlite_path
    assert default in ENV_EXAMPLE
    assert Path(_example("DRAFTGUARD_JOBS_DB")).suffix == Path(default).suffix
    assert "jobs.db" not in ENV_EXAMPLE


# --- usage errors and help -------------------------------------------------------------------

def test_a_usage_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["check-split", "--raw", "x"])
    captured = capsys.readouterr()
    assert exc.value.code == 2
    assert captured.out == ""
    assert captured.err == (
        "draftguard: error: the following arguments are required: --ok, --not-ok "
        "(see draftguard check-split --help)\n")


def test_a_usage_error_with_json_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["edit", "--json", "doc.md"])
    captured = capsys.readouterr()
    assert exc.value.code == 2
    assert captured.err == ""
    assert json.loads(captured.out) == {
        "ok": False, "exit_code": 2,
        "error": "the following arguments are required: --ops (see draftguard edit --help)"}


def test_no_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err == "draftguard: error: no command given (see draftguard --help)\n"


def test_edit_help_shows_a_plain_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["edit", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert re.search(r"min\(\d+, \d+% of lines\)", text), text
    assert "%%" not in text


# --- files follow the umask ------------------------------------------------------------------

@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_follow_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    old = os.umask(umask)
    try:
        write_many_atomic({tmp_path / "draft_ok.md": "a\n", tmp_path / "draft_not_ok.md": "b\n"})
    finally:
        os.umask(old)
    for name in ("draft_ok.md", "draft_not_ok.md"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "post.md"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text() == "new\n"


# --- docs/jobs.md: the 401 bodies ------------------------------------------------------------

async def test_the_documented_401_bodies_are_the_real_ones(tmp_path: Path) -> None:
    from draftguard_adk.jobs import create_jobs_app
    from draftguard_adk.jobs._api import JobApi

    doc = (ROOT / "docs" / "jobs.md").read_text()
    rows = [line for line in doc.splitlines() if line.startswith("| 401 |")]
    documented = [json.loads(re.search(r"`(\{.*?\})`", row).group(1)) for row in rows]  # type: ignore[union-attr]
    key = "alice-key-0123456789"
    url = normalize_database_url(f"sqlite:///{tmp_path / 'jobs.sqlite3'}")
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{key}"}, database_url=url)
    store = JobStore(settings.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, settings)))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            missing = await client.get("/ai/artifact/00000000-0000-4000-8000-000000000000")
            wrong = await client.get("/ai/artifact/00000000-0000-4000-8000-000000000000",
                                     headers={"X-API-Key": "not-alices-key-at-all"})
    finally:
        await store.close()
    assert (missing.status_code, wrong.status_code) == (401, 401)
    assert documented == [missing.json(), wrong.json()]


# --- logs ------------------------------------------------------------------------------------

def test_tracked_sentences_are_logged_only_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    from draftguard_adk.dedupe import DuplicateDetector

    secret = "My sister's surprise party is at Osteria Bianchi on Friday."
    with caplog.at_level(logging.INFO):
        DuplicateDetector(session_id="s").add_content(secret)
    assert not [r for r in caplog.records if "Osteria" in r.getMessage()]
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        DuplicateDetector(session_id="s").add_content(secret)
    assert [r for r in caplog.records
            if r.levelno == logging.DEBUG and "Osteria" in r.getMessage()]


def test_the_local_model_class_is_registered_once(caplog: pytest.LogCaptureFixture) -> None:
    from draftguard_adk.llm import agent_model
    from draftguard_adk.llm._local_llm import register_local_models

    with caplog.at_level(logging.INFO):
        register_local_models()
        agent_model("blogger")
        agent_model("content_splitter")
        register_local_models()
    assert not [r for r in caplog.records if "Updating LLM class" in r.getMessage()]

"""The apps and agents.yaml are found through the installed packages, not a checkout's layout,
and our own runs state their app without ADK's private attributes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from google.adk.runners import InMemoryRunner
from google.adk.sessions import InMemorySessionService
from scripted_llm import ScriptedLlm

from draftguard.settings import _loading, load_settings
from draftguard_adk.agents._apps import agents_dir, app_runner
from draftguard_adk.artifacts._loop import build_artifact_repair_loop
from draftguard_adk.split import build_content_splitter

ROOT = Path(__file__).resolve().parents[1]


def test_the_agents_folder_is_where_both_app_packages_are() -> None:
    folder = agents_dir()
    assert (folder / "blogger" / "agent.py").is_file()
    assert (folder / "event_planning" / "agent.py").is_file()


def test_agents_yaml_falls_back_to_the_packaged_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(_loading.CONFIG_ENV, raising=False)
    settings = load_settings()
    assert settings.source == str(_loading._PACKAGED.resolve())
    assert Path(settings.source).read_text(encoding="utf-8") == (
        (ROOT / "agents.yaml").read_text(encoding="utf-8"))
    (tmp_path / "agents.yaml").write_text("agents:\n  content_splitter:\n    max_iterations: 5\n")
    assert load_settings().agents.content_splitter.max_iterations == 5  # ./agents.yaml first


def test_our_own_runs_log_no_app_name_mismatch(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.chdir(ROOT)  # where ADK's guess from the class's folder would fire
    with caplog.at_level(logging.WARNING):
        app_runner(app_name="blogger", agent=build_content_splitter(model=ScriptedLlm([])),
                   session_service=InMemorySessionService())
        InMemoryRunner(agent=build_artifact_repair_loop(model=ScriptedLlm([])),
                       app_name="blogger")
    assert not [r for r in caplog.records if "App name mismatch" in r.getMessage()]


def test_no_private_adk_attributes_and_no_checkout_layout_in_the_code() -> None:
    offenders = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "src").rglob("*.py"))
        if "_adk_origin" in (text := p.read_text(encoding="utf-8")) or "parents[3]" in text
    ]
    assert offenders == []

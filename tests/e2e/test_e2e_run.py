"""The five tasks in `adk run`, typed into a terminal: tmux send-keys, screens captured.

Each chat is one `adk run <app>` in a private tmux server (its own socket, so no one else's
tmux is touched). The session and the artifacts go to a SQLite file and a folder of this
test (`--session_service_uri`, `--artifact_service_uri`), which the checks read back through
ADK's own services. Every turn's screen is printed into the test log.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_harness import (
    ADK,
    REPO,
    SEEDED,
    TASK_GROUPS,
    TURN_TIMEOUT_S,
    ModelCalls,
    Recorder,
    app_env,
    log_printer,
    markdown_part,
    part_text,
    require,
    require_local_model,
    wait_for,
)
from google.adk.artifacts.file_artifact_service import FileArtifactService
from google.adk.sessions import Session
from google.adk.sessions.sqlite_session_service import SqliteSessionService

pytestmark = pytest.mark.e2e

USER = "test_user"  # the user id `adk run` gives its session
PROMPT = "[user]:"
#: What ADK's CLI asks once per machine before its first command (google/adk/cli/cli_tools_click).
TELEMETRY_QUESTION = "Enable telemetry?"


class Tmux:
    """One private tmux server; a pane per chat."""

    def __init__(self, socket: str, env: dict[str, str]) -> None:
        self.socket = socket
        self.env = env

    def __call__(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              env=self.env, capture_output=True, text=True, timeout=30)
        if check and done.returncode != 0:
            raise AssertionError(f"tmux {args[0]} failed: {done.stderr.strip()}")
        return done.stdout

    def screen(self, target: str) -> str:
        return self("capture-pane", "-p", "-J", "-S", "-", "-t", target)

    def dead(self, target: str) -> bool:
        return self("display-message", "-p", "-t", target, "#{pane_dead}").strip() == "1"

    def stop(self) -> None:
        self("kill-server", check=False)


@pytest.fixture(scope="module")
def tmux(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Tmux, Path, ModelCalls]]:
    require("tmux", shutil.which("tmux") is not None)
    require_local_model()
    require("adk", ADK.exists())
    work = tmp_path_factory.mktemp("adk_run")
    calls = ModelCalls(work / "model_calls.jsonl")
    server = Tmux(f"draftguard-e2e-{os.getpid()}", app_env(calls.path))
    # exit-empty off: between two chats the server has no session, and one that exits then
    # races the next new-session ("server exited unexpectedly").
    server("start-server", ";", "set-option", "-g", "exit-empty", "off", ";",
           "set-option", "-g", "history-limit", "100000")
    try:
        yield server, work, calls
    finally:
        server.stop()


class RunStore:
    """The session and artifacts `adk run` stored, read through ADK's services."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.app = ""
        self.db: Path | None = None
        self.artifacts: Path | None = None

    def _run(self, coro: Any) -> Any:
        return asyncio.run(coro)

    def _session_id(self) -> str | None:
        assert self.db is not None

        async def newest() -> str | None:
            listed = await SqliteSessionService(str(self.db)).list_sessions(
                app_name=self.app, user_id=USER)
            sessions = sorted(listed.sessions, key=lambda s: s.last_update_time)
            return sessions[-1].id if sessions else None

        return self._run(newest()) if self.db.exists() else None

    def session(self) -> Session:
        assert self.db is not None
        session_id = self._session_id()
        assert session_id, f"adk run stored no {self.app} session in {self.db}"
        session = self._run(SqliteSessionService(str(self.db)).get_session(
            app_name=self.app, user_id=USER, session_id=session_id))
        assert session is not None
        return session

    def versions(self, name: str) -> list[int]:
        session_id = self._session_id()
        if session_id is None or self.artifacts is None:
            return []
        return sorted(self._run(FileArtifactService(self.artifacts).list_versions(
            app_name=self.app, user_id=USER, filename=name, session_id=session_id)))

    def artifact(self, name: str, version: int | None = None) -> str | None:
        session_id = self._session_id()
        if session_id is None or self.artifacts is None:
            return None
        return part_text(self._run(FileArtifactService(self.artifacts).load_artifact(
            app_name=self.app, user_id=USER, filename=name, session_id=session_id,
            version=version)))

    def seed_post(self, text: str) -> None:
        session_id = self._session_id()
        assert session_id is not None and self.artifacts is not None
        self._run(FileArtifactService(self.artifacts).save_artifact(
            app_name=self.app, user_id=USER, filename="draft.md", session_id=session_id,
            artifact=markdown_part(text), custom_metadata=SEEDED))


class TerminalChat:
    """`adk run <app>` in a tmux pane: type a line, press Enter, wait for the next prompt."""

    multiline = False

    def __init__(self, server: Tmux, store: RunStore, emit: Any) -> None:
        self.server = server
        self.store = store
        self.emit = emit
        self.target = ""
        self.sent = 0
        self.chats = 0

    def new_session(self, app: str) -> None:
        self.close()
        self.chats += 1
        folder = self.store.work / f"chat{self.chats}-{app}"
        folder.mkdir()
        self.store.app = app
        self.store.db = folder / "sessions.db"
        self.store.artifacts = folder / "artifacts"
        self.target = f"{self.store.work.name}-chat{self.chats}"
        self.sent = 0
        command = [str(ADK), "run", "--timeout", f"{int(TURN_TIMEOUT_S)}s",
                   "--session_service_uri", f"sqlite:///{self.store.db}",
                   "--artifact_service_uri", f"file://{self.store.artifacts}", app]
        self.server("new-session", "-d", "-s", self.target, "-x", "160", "-y", "50",
                    "-c", str(REPO), shlex.join(command))
        self.server("set-option", "-t", self.target, "remain-on-exit", "on")
        self._answer_first_run_question(app)
        self._wait_prompt(1, timeout=120, what=f"adk run {app} shows no prompt")

    def _answer_first_run_question(self, app: str) -> None:
        """Say no to ADK's one-time question about usage data, as the browser test does.

        ADK asks it before anything else when `~/.adk/config.json` holds no answer (a new
        machine; here, always: the harness gives ADK an empty HOME).
        """
        def asked_or_ready() -> str | None:
            if self.server.dead(self.target):
                raise AssertionError(f"adk run exited:\n{self.server.screen(self.target)}")
            screen = self.server.screen(self.target)
            lines = [ln.strip() for ln in screen.splitlines() if ln.strip()]
            if lines and lines[-1].startswith(TELEMETRY_QUESTION):
                return "asked"
            return "ready" if self._prompts(screen) else None

        found = self._wait(asked_or_ready, timeout=120,
                           what=f"adk run {app} shows neither a prompt nor its first-run "
                                "question")
        if found == "asked":
            self.server("send-keys", "-t", self.target, "-l", "n")
            self.server("send-keys", "-t", self.target, "Enter")
            self.emit(f"[adk run {app}] answered ADK's first-run usage-data question: n")

    def close(self) -> None:
        """End the running `adk run` (each one holds its own copy of the model)."""
        if self.target:
            self.server("kill-session", "-t", self.target, check=False)
            self.target = ""

    def _prompts(self, screen: str) -> int:
        return sum(1 for line in screen.splitlines() if line.startswith(PROMPT))

    def _wait_prompt(self, count: int, *, timeout: float, what: str) -> str:
        def ready() -> str | None:
            if self.server.dead(self.target):
                raise AssertionError(f"adk run exited:\n{self.server.screen(self.target)}")
            screen = self.server.screen(self.target)
            lines = [ln for ln in screen.splitlines() if ln.strip()]
            if self._prompts(screen) >= count and lines and lines[-1].strip() == PROMPT:
                return screen
            return None

        return str(self._wait(ready, timeout=timeout, what=what))

    def _wait(self, predicate: Callable[[], Any], *, timeout: float, what: str) -> Any:
        """`wait_for`, and on a timeout the whole screen goes into the log, then the error."""
        try:
            return wait_for(predicate, timeout=timeout, what=what)
        except TimeoutError:
            screen = self.server.screen(self.target)
            shown = "\n".join(f"  | {ln}" for ln in screen.rstrip().splitlines())
            self.emit(f"[adk run {self.store.app}] timed out: {what}; the screen:\n{shown}")
            raise

    def send(self, text: str) -> str:
        assert "\n" not in text, "adk run sends a message per line"
        self.sent += 1
        before = self.server.screen(self.target)
        self.server("send-keys", "-t", self.target, "-l", text)
        self.server("send-keys", "-t", self.target, "Enter")
        screen = self._wait_prompt(self.sent + 1, timeout=TURN_TIMEOUT_S + 30,
                                   what=f"no reply to {text[:40]!r}")
        self.emit(self._turn(screen, before, text))
        return screen

    def _turn(self, screen: str, before: str, text: str) -> str:
        start = len(before.rstrip().splitlines()) - 1
        shown = "\n".join(f"  | {ln}" for ln in screen.rstrip().splitlines()[max(start, 0):])
        return f"[adk run {self.store.app} #{self.sent}] screen:\n{shown}"


@pytest.fixture
def terminal(tmux: tuple[Tmux, Path, ModelCalls], capsys: pytest.CaptureFixture[str],
             tmp_path: Path) -> Iterator[tuple[TerminalChat, RunStore, Recorder]]:
    server, _work, calls = tmux
    emit = log_printer(capsys)
    store = RunStore(tmp_path)
    chat = TerminalChat(server, store, emit)
    try:
        yield chat, store, Recorder("adk run", calls, emit)
    finally:
        chat.close()



@pytest.mark.parametrize("group", list(TASK_GROUPS))
def test_user_tasks(group: str, terminal: tuple[TerminalChat, RunStore, Recorder]) -> None:
    chat, store, rec = terminal
    TASK_GROUPS[group](chat, store, rec)
    rec.assert_all_ok()

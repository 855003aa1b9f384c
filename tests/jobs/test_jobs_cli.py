"""`draftguard worker` and `draftguard serve`: in-process CLI runs, a real server process, and
the combined app (ADK + job API + embedded worker) end to end with the real repair loop."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from scripted_llm import ScriptedLlm

import draftguard_adk.jobs._runner as runner_module
from draftguard.jobs import JobStatus, JobStore, load_job_settings
from draftguard_adk.cli import main
from draftguard_adk.jobs._runner import repair_loop_runner
from draftguard_adk.jobs._server import build_server_app

KEY = "alice-key-0123456789"
SOURCE = "Photosynthesis occurs in chloroplasts, which contain chlorophyll."
QUIZ = {"questions": [{
    "question": "Where does photosynthesis occur?",
    "options": ["Mitochondria", "Chloroplasts", "Nucleus", "Cell wall"],
    "correct_answer": "Chloroplasts", "explanation": "Chloroplasts contain chlorophyll.",
}]}


@pytest.fixture
def jobs_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "jobs.sqlite3"
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(path))
    yield path


def _scripted(monkeypatch: pytest.MonkeyPatch, turns: list[Any]) -> None:
    """The worker command runs the real loop, with this script as its model."""
    real = repair_loop_runner
    monkeypatch.setattr(runner_module, "repair_loop_runner",
                        lambda **kw: real(model=ScriptedLlm(turns), call_timeout_s=2))


def _queue(path: Path, n: int = 1) -> list[str]:
    async def go() -> list[str]:
        store = JobStore(f"sqlite+aiosqlite:///{path}")
        await store.create_schema()
        ids = [(await store.create(owner="alice", artifact_type="quiz", source=SOURCE,
                                   request="quiz")).id for _ in range(n)]
        await store.close()
        return ids

    return asyncio.run(go())


def test_worker_once_json_completes_the_queue_and_exits_0(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (job_id,) = _queue(jobs_db)
    _scripted(monkeypatch, [QUIZ, {"issues": []}])
    assert main(["worker", "--once", "--json", "--name", "cli-w"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["worker"], out["processed"], out["completed"], out["failed"]) == \
        ("cli-w", 1, 1, 0)
    assert out["jobs"][0]["job_id"] == job_id and out["jobs"][0]["status"] == "completed"


def test_worker_once_exits_1_when_a_job_failed(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _queue(jobs_db)
    _scripted(monkeypatch, [RuntimeError("model down")])
    assert main(["worker", "--once"]) == 1
    out = capsys.readouterr().out
    assert "0 completed, 1 failed" in out and "RuntimeError: model down" in out


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (["worker", "--once", "--max-jobs", "0"], {}, "--max-jobs must be at least 1"),
        (["worker", "--once"], {"DATABASE_URL": "mysql://db/x"}, "unsupported database URL"),
        (["worker", "--once"], {"DATABASE_URL": "postgresql://u:p@127.0.0.1:1/none"},
         "cannot open the job database"),
        (["serve", "--port", "0"], {"DRAFTGUARD_API_KEYS": ""}, "no API key configured"),
        (["serve"], {"DRAFTGUARD_API_KEYS": "alice:short"}, "shorter than 16"),
    ],
)
def test_bad_configuration_is_exit_2_with_one_line(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: list[str], env: dict[str, str], message: str,
) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_serve_refuses_a_port_in_use(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DRAFTGUARD_API_KEYS", f"alice:{KEY}")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_serve_is_one_process_for_adk_and_the_job_api(jobs_db: Path, tmp_path: Path) -> None:
    env = {**os.environ, "DRAFTGUARD_API_KEYS": f"alice:{KEY}",
           "DRAFTGUARD_JOBS_DB": str(jobs_db)}
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from draftguard_adk.cli import main; raise SystemExit(main())",
         "serve", "--port", "0", "--workers", "0", "--no-web", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    try:
        lines = []
        while not lines or lines[-1] != "}":
            line = proc.stdout.readline()  # type: ignore[union-attr]
            assert line, proc.stderr.read()  # type: ignore[union-attr]
            lines.append(line.rstrip())
        url = json.loads("\n".join(lines))["url"]
        deadline = time.monotonic() + 60
        while True:
            try:
                apps = httpx.get(f"{url}/list-apps", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        assert apps.json() == ["blogger", "event_planning"]  # ADK's own endpoint
        r = httpx.post(f"{url}/ai/artifact", headers={"X-API-Key": KEY},
                       json={"artifact_type": "mindmap", "source": SOURCE, "request": "map"})
        assert r.status_code == 202
        job = httpx.get(f"{url}/ai/artifact/{r.json()['job_id']}", headers={"X-API-Key": KEY})
        assert job.json()["status"] == "pending"
        paths = httpx.get(f"{url}/openapi.json").json()["paths"]
        assert {"/ai/artifact", "/ai/artifact/{job_id}", "/list-apps"} <= set(paths)
        assert httpx.get(f"{url}/ai/artifact/{r.json()['job_id']}").status_code == 401
    finally:
        proc.terminate()
        proc.wait(timeout=30)


async def test_served_app_runs_a_job_end_to_end_with_its_embedded_worker(
    tmp_path: Path,
) -> None:
    settings = load_job_settings(
        {"DRAFTGUARD_API_KEYS": f"alice:{KEY}"},
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'jobs.db'}", poll_seconds=0.05,
    )
    model = ScriptedLlm([QUIZ, {"issues": []}])
    app = build_server_app(settings, web=False, workers=1,
                           runner=repair_loop_runner(model=model))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            assert (await client.get("/list-apps")).json() == ["blogger", "event_planning"]
            r = await client.post("/ai/artifact", headers={"X-API-Key": KEY}, json={
                "artifact_type": "quiz", "source": SOURCE, "request": "quiz"})
            job_id = r.json()["job_id"]
            progress: list[int] = []
            for _ in range(400):
                body = (await client.get(f"/ai/artifact/{job_id}",
                                         headers={"X-API-Key": KEY})).json()
                progress.append(body["progress"])
                if body["status"] in ("completed", "failed"):
                    break
                await asyncio.sleep(0.02)
    assert body["status"] == JobStatus.COMPLETED and body["result"] == QUIZ
    assert progress == sorted(progress) and progress[-1] == 100


def test_polls_are_left_out_of_tracing_but_job_creation_is_not(tmp_path: Path) -> None:
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"},
                                 database_url=f"sqlite+aiosqlite:///{tmp_path / 'j.db'}")
    app = build_server_app(settings, web=False, workers=0)
    exclude = app._telemetry["exclude"]  # type: ignore[attr-defined]
    poll = {"type": "http", "method": "GET", "path": "/ai/artifact/0c7d"}
    assert exclude(poll) is True
    assert exclude({**poll, "method": "POST", "path": "/ai/artifact"}) is False
    assert exclude({**poll, "path": "/list-apps"}) is False
    # Our routes are matched before ADK's: the first route entry answers our paths.
    first = app.router.routes[0]
    scope = {"type": "http", "method": "GET", "path": "/ai/artifact/x", "root_path": "",
             "headers": []}
    assert first.matches(scope)[0].name == "FULL"
    assert first.matches({**scope, "path": "/list-apps"})[0].name == "NONE"


def test_worker_stops_cleanly_on_sigterm(jobs_db: Path) -> None:
    env = {**os.environ, "DRAFTGUARD_JOBS_DB": str(jobs_db)}
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", "from draftguard_adk.cli import main; raise SystemExit(main())",
         "worker", "--json", "--name", "sig-w", "--log-json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    try:
        first = json.loads(proc.stderr.readline())  # type: ignore[union-attr]
        assert first["event"] == "worker_started" and first["worker"] == "sig-w"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert json.loads(out)["worker"] == "sig-w"
    assert json.loads(err.strip().splitlines()[-1])["event"] == "worker_stopped"


def test_serve_starts_without_adk_s_experimental_warnings(tmp_path: Path) -> None:
    # Seen starting `draftguard serve` by hand: two "[EXPERIMENTAL] ...CredentialService"
    # UserWarnings from ADK on every start, before the server's own line.
    import warnings

    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"},
                                 database_url=f"sqlite+aiosqlite:///{tmp_path / 'j.db'}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        build_server_app(settings, web=False, workers=0)
    assert [str(w.message) for w in caught if "EXPERIMENTAL" in str(w.message)] == []

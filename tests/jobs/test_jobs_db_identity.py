"""A SQLite job file deleted or replaced while in use fails loudly: the API answers 503 (never
a 202 for a job that would vanish at the next restart) and the worker stops with exit 1."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import draftguard_adk.jobs._runner as runner_module
from draftguard.errors import StoreReplacedError
from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard_adk.cli import main
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

KEY = "alice-key-0123456789"
BODY = {"artifact_type": "quiz", "source": "Photosynthesis occurs in chloroplasts."}


def _remove(db: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def _truncate(db: Path) -> None:
    """`truncate -s 0 jobs.sqlite3` (issue 25 #12): the same file, no database in it."""
    os.truncate(db, 0)


def _cut_short(db: Path) -> None:
    """A file cut after its first page (a copy that failed half way): SQLite's header is
    still there, the pages it counts are not."""
    with sqlite3.connect(db) as other:
        other.execute("PRAGMA wal_checkpoint(FULL)")
    page = sqlite3.connect(db).execute("PRAGMA page_size").fetchone()[0]
    assert db.stat().st_size > page
    os.truncate(db, page)


def _replace(db: Path) -> None:
    other = db.with_name("other.sqlite3")
    sqlite3.connect(other).close()
    os.replace(other, db)


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient, Path]]:
    db = tmp_path / "jobs.sqlite3"
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"},
                                 database_url=f"sqlite+aiosqlite:///{db}")
    store = JobStore(settings.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, settings)))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c, db
    await store.close()


@pytest.mark.parametrize("change", [_remove, _replace, _truncate, _cut_short])
async def test_the_api_answers_503_once_the_file_is_gone_or_replaced(
    client: tuple[httpx.AsyncClient, Path], change: Any
) -> None:
    c, db = client
    auth = {"X-API-Key": KEY}
    created = await c.post("/ai/artifact", headers=auth, json=BODY)
    assert created.status_code == 202
    job_id = created.json()["job_id"]
    change(db)
    for r in (await c.post("/ai/artifact", headers=auth, json=BODY),
              await c.get(f"/ai/artifact/{job_id}", headers=auth)):
        assert r.status_code == 503, r.text
        assert r.json()["detail"] == ("the job database was deleted, replaced or truncated "
                                      "on the server; it must be restarted")
        assert "retry-after" not in r.headers and r.headers["cache-control"] == "no-store"


async def test_a_store_refuses_every_call_after_its_file_was_replaced(tmp_path: Path) -> None:
    db = tmp_path / "jobs.sqlite3"
    store = JobStore(f"sqlite+aiosqlite:///{db}")
    await store.create_schema()
    job = await store.create(owner="alice", artifact_type="quiz", source="s", request="")
    _replace(db)
    calls = [
        store.create(owner="alice", artifact_type="quiz", source="s", request=""),
        store.poll(job.id, owner="alice"), store.get(job.id),
        store.claim("w", lease_seconds=30), store.count_by_status(),
    ]
    for call in calls:
        with pytest.raises(StoreReplacedError, match="replaced by another file"):
            await call
    await store.close()


@pytest.mark.parametrize(("change", "said"), [
    (_remove, "was deleted while in use"),
    # Issue 25 #12: `truncate -s 0 jobs.sqlite3` under a running worker stops it.
    (_truncate, "was truncated while in use"),
])
def test_the_worker_stops_with_exit_1_when_the_file_goes_mid_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    change: Any, said: str,
) -> None:
    db = tmp_path / "jobs.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(db))

    async def queue() -> None:
        store = JobStore(f"sqlite+aiosqlite:///{db}")
        await store.create_schema()
        for _ in range(2):
            await store.create(owner="alice", artifact_type="quiz", source="s", request="")
        await store.close()

    asyncio.run(queue())

    async def changing_runner(job: JobRecord, *_a: Any) -> JobOutcome:
        change(db)
        return JobOutcome(ok=True, result={"questions": []})

    monkeypatch.setattr(runner_module, "repair_loop_runner", lambda **_kw: changing_runner)
    assert main(["worker", "--once", "--json"]) == 1
    out = capsys.readouterr()
    summary = json.loads(out.out)
    assert summary["completed"] == 0 and said in summary["error"]
    assert said in out.err

"""With the disk full (injected: SQLite's "database or disk is full", the OS's ENOSPC, or
PostgreSQL's disk_full SQLSTATE 53100) a POST gets a JSON 503 saying so, with Retry-After,
never a plain-text 500 or a reset; polls of stored jobs keep working, and creating works
again once space is back."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import httpx
import pytest
from job_db import db_url_fixture  # noqa: F401
from sqlalchemy import event

from draftguard.jobs import JobStore, load_job_settings
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

KEY = "alice-key-0123456789"
BODY = {"artifact_type": "quiz", "source": "Photosynthesis occurs in chloroplasts."}
AUTH = {"X-API-Key": KEY}


class DiskFull:
    """Fails every INSERT/UPDATE with `error` while `full` is set, as a full disk would."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.full = False

    def __call__(self, _conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        if self.full and statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise self.error


@pytest.fixture
async def served(db_url: str) -> AsyncIterator[tuple[httpx.AsyncClient, JobStore]]:
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"}, database_url=db_url)
    store = JobStore(settings.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, settings)),
                                    raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        yield client, store
    await store.close()


def _full_disk_errors(store: JobStore) -> list[BaseException]:
    """What each database's driver raises when the disk is full, plus the OS's own error."""
    if store.dialect == "sqlite":
        return [sqlite3.OperationalError("database or disk is full"),
                OSError(errno.ENOSPC, "No space left on device")]
    pg_error = asyncpg.exceptions.DiskFullError("could not extend file: No space left")
    return [store.engine.dialect.loaded_dbapi.Error(str(pg_error), pg_error),
            OSError(errno.ENOSPC, "No space left on device")]


@pytest.mark.parametrize("which", [0, 1], ids=["driver", "enospc"])
async def test_a_full_disk_is_a_json_503_and_recovers(
    served: tuple[httpx.AsyncClient, JobStore], which: int
) -> None:
    client, store = served
    error = _full_disk_errors(store)[which]
    first = await client.post("/ai/artifact", headers=AUTH, json=BODY)
    assert first.status_code == 202
    disk = DiskFull(error)
    event.listen(store.engine.sync_engine, "before_cursor_execute", disk)
    disk.full = True
    r = await client.post("/ai/artifact", headers=AUTH, json=BODY)
    assert r.status_code == 503, r.text
    assert r.headers["content-type"] == "application/json"
    assert r.json() == {"detail": "the job database is out of disk space; try again later"}
    assert r.headers["retry-after"] == "5" and r.headers["cache-control"] == "no-store"
    poll = await client.get(f"/ai/artifact/{first.json()['job_id']}", headers=AUTH)
    assert poll.status_code == 200 and poll.json()["status"] == "pending"
    disk.full = False
    assert (await client.post("/ai/artifact", headers=AUTH, json=BODY)).status_code == 202
    assert (await store.count_by_status()) == {"pending": 2}


async def test_an_unexpected_failure_is_a_json_500_without_details(
    served: tuple[httpx.AsyncClient, JobStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, store = served

    async def broken(**_kw: Any) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(store, "create", broken)
    r = await client.post("/ai/artifact", headers=AUTH, json=BODY)
    assert r.status_code == 500 and r.json() == {"detail": "internal error"}
    assert "secret internals" not in r.text


async def test_any_other_database_outage_is_a_503_that_names_no_server_detail(
    served: tuple[httpx.AsyncClient, JobStore]
) -> None:
    client, store = served
    if store.dialect == "sqlite":
        outage: BaseException = sqlite3.OperationalError("unable to open database file /srv/x")
    else:
        cause = asyncpg.exceptions.CannotConnectNowError("the database system is starting up")
        outage = store.engine.dialect.loaded_dbapi.Error(str(cause), cause)
    down = DiskFull(outage)
    down.full = True
    event.listen(store.engine.sync_engine, "before_cursor_execute", down)
    r = await client.post("/ai/artifact", headers=AUTH, json=BODY)
    assert r.status_code == 503 and r.headers["retry-after"] == "5"
    assert r.json() == {"detail": "the job database is unavailable; try again later"}

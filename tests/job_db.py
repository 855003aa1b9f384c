"""Job-store fixtures shared by the job tests: every store test runs on SQLite and PostgreSQL.

The PostgreSQL variant uses DRAFTGUARD_TEST_DATABASE_URL (`eval "$(.ci/start_postgres.sh)"`
sets it). Without it the variant is skipped on a laptop, but FAILS when CI is set: CI must
never go green by silently not testing PostgreSQL.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from draftguard.jobs import JobStore
from draftguard.jobs._config import normalize_database_url
from draftguard.jobs._store import utcnow

PG_ENV = "DRAFTGUARD_TEST_DATABASE_URL"


class FakeClock:
    """A clock tests move by hand, so lease expiry needs no sleeping."""

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def _pg_url() -> str:
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {PG_ENV} is not: run .ci/start_postgres.sh first")
        pytest.skip(f"{PG_ENV} not set (eval \"$(.ci/start_postgres.sh)\" to run on PostgreSQL)")
    return normalize_database_url(url)


@pytest.fixture(name="db_url", params=["sqlite", "postgresql"])
async def db_url_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database URL with an empty job table (import as `db_url_fixture`)."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'jobs.sqlite3'}"
    else:
        url = _pg_url()
    store = JobStore(url)
    await store.drop_schema()
    await store.create_schema()
    await store.close()
    yield url


@pytest.fixture(name="clock")
async def clock_fixture() -> FakeClock:
    return FakeClock()


@pytest.fixture(name="store")
async def store_fixture(db_url: str, clock: FakeClock) -> AsyncIterator[JobStore]:
    s = JobStore(db_url, clock=clock)
    try:
        yield s
    finally:
        await s.close()

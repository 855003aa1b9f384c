"""`draftguard worker --once` exits 0 only when it did its job: impossible durations are
refused up front (exit 2), and a queue it could not claim from is exit 1, never "0 jobs"."""

from __future__ import annotations

import asyncio
import math
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import draftguard.jobs._store as store_module
from draftguard.errors import ConfigError, StoreUnavailableError
from draftguard.jobs import JobStore, load_job_settings
from draftguard_adk.cli import main

SOURCE = "Photosynthesis occurs in chloroplasts, which contain chlorophyll."


@pytest.fixture
def jobs_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    path = tmp_path / "jobs.sqlite3"
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(path))
    return path


def _queue(path: Path) -> str:
    async def go() -> str:
        store = JobStore(f"sqlite+aiosqlite:///{path}")
        await store.create_schema()
        job = await store.create(owner="alice", artifact_type="quiz", source=SOURCE,
                                 request="quiz")
        await store.close()
        return job.id

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("flag", "value"),
    [("--lease-seconds", "1e308"), ("--lease-seconds", "inf"), ("--lease-seconds", "nan"),
     ("--lease-seconds", "0"), ("--lease-seconds", "-5"), ("--job-timeout", "1e308"),
     ("--job-timeout", "nan")],
)
def test_an_impossible_duration_is_refused_before_any_claim(
    jobs_db: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    _queue(jobs_db)
    assert main(["worker", "--once", flag, value]) == 2
    err = capsys.readouterr().err
    assert f"{flag} must be more than 0 and at most" in err
    assert len(err.strip().splitlines()) == 1


@settings(max_examples=60, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_any_lease_either_loads_or_is_a_config_error(lease: float) -> None:
    heartbeat = lease / 3 if lease > 0 and math.isfinite(lease) else 1.0
    try:
        s = load_job_settings({}, lease_seconds=lease, heartbeat_seconds=heartbeat)
    except ConfigError:
        return
    # Whatever loads can be added to any timestamp a claim computes `now + lease` from.
    far = datetime(9000, 1, 1)
    assert far + timedelta(seconds=s.lease_seconds) >= far


def test_every_claim_failing_is_exit_1_with_the_reason(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _queue(jobs_db)
    real = store_module._sqlite_pragmas

    def read_only(dbapi_conn: Any, record: Any) -> None:
        real(dbapi_conn, record)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA query_only=1")  # SQLite's own read-only database
        cur.close()

    monkeypatch.setattr(store_module, "_sqlite_pragmas", read_only)
    assert main(["worker", "--once"]) == 1
    out = capsys.readouterr()
    assert "0 job(s)" in out.out
    assert "could not claim a job" in out.err and "readonly database" in out.err


def test_json_summary_says_why_the_work_was_not_done(
    jobs_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    _queue(jobs_db)

    async def claim_fails(*_a: Any, **_k: Any) -> None:
        raise StoreUnavailableError("the job database is out of disk space")

    monkeypatch.setattr(JobStore, "claim", claim_fails)
    assert main(["worker", "--once", "--json"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["processed"] == 0 and summary["claim_errors"] == 1
    assert "out of disk space" in summary["error"]

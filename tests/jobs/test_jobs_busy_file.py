"""A busy SQLite job file is not a truncated one. Another process's WAL checkpoint writes the
header (with the new page count) before the pages that extend the file, so for a moment the
file is shorter than its header says. The store must ride that out: a worker that took it
for truncation stopped mid-queue, leaving claimed jobs that nobody ran (CI, 2026-11-28)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from draftguard.errors import StoreReplacedError
from draftguard.jobs import JobStore
from draftguard.jobs._file_watch import SqliteFileWatch


def _database(path: Path, rows: int) -> bytes:
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (x BLOB)")
        con.executemany("INSERT INTO t VALUES (randomblob(3000))", [()] * rows)
    con.close()
    return path.read_bytes()


async def test_a_file_short_of_its_header_for_a_moment_is_not_called_truncated(
    tmp_path: Path,
) -> None:
    db = tmp_path / "jobs.sqlite3"
    whole = _database(db, rows=20)
    watch = SqliteFileWatch(str(db))
    await watch.check()
    page = 4096
    db.write_bytes(whole[:page])  # the header says 20-odd pages; one is there so far

    async def finish_checkpoint() -> None:
        await asyncio.sleep(0.15)
        with db.open("ab") as f:
            f.write(whole[page:])

    done = asyncio.ensure_future(finish_checkpoint())
    await watch.check(settle_seconds=5.0)
    await done


async def test_a_file_that_stays_short_of_its_header_is_truncated(tmp_path: Path) -> None:
    db = tmp_path / "jobs.sqlite3"
    whole = _database(db, rows=20)
    watch = SqliteFileWatch(str(db))
    await watch.check()
    db.write_bytes(whole[:4096])
    started = time.monotonic()
    with pytest.raises(StoreReplacedError, match="was truncated while in use"):
        await watch.check(settle_seconds=0.3)
    assert time.monotonic() - started >= 0.3


async def test_a_file_cut_below_sqlite_s_header_is_refused_at_once(tmp_path: Path) -> None:
    db = tmp_path / "jobs.sqlite3"
    _database(db, rows=2)
    watch = SqliteFileWatch(str(db))
    await watch.check()
    db.write_bytes(b"")
    started = time.monotonic()
    with pytest.raises(StoreReplacedError, match="was truncated while in use"):
        await watch.check(settle_seconds=30.0)
    assert time.monotonic() - started < 5.0


async def test_the_store_keeps_answering_while_another_process_checkpoints(
    tmp_path: Path,
) -> None:
    db = tmp_path / "jobs.sqlite3"
    store = JobStore(f"sqlite+aiosqlite:///{db}")
    await store.create_schema()
    job = await store.create(owner="alice", artifact_type="quiz", source="s", request="")
    stop = threading.Event()
    checkpoints = 0

    def other_process() -> None:
        # Grows the database past the auto-checkpoint size again and again.
        nonlocal checkpoints
        with sqlite3.connect(db, timeout=10) as con:
            con.execute("CREATE TABLE filler (x BLOB)")
            while not stop.is_set():
                con.executemany("INSERT INTO filler VALUES (randomblob(4000))", [()] * 50)
                con.commit()
                con.execute("PRAGMA wal_checkpoint(PASSIVE)")
                checkpoints += 1
        con.close()

    writer = threading.Thread(target=other_process)
    writer.start()
    try:
        deadline = time.monotonic() + 4.0
        looks = 0
        while time.monotonic() < deadline:
            got = await store.get(job.id)
            assert got is not None and got.id == job.id
            looks += 1
    finally:
        stop.set()
        writer.join()
        await store.close()
    assert checkpoints > 10 and looks > 100

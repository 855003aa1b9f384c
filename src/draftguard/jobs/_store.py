"""The durable job table, on SQLite (default) or PostgreSQL, through async SQLAlchemy 2.

Claiming is one statement on both databases, so two workers can never take the same job:

    UPDATE draftguard_jobs SET status='planning', lease_owner=..., lease_token=..., ...
    WHERE id = (SELECT id FROM draftguard_jobs WHERE <claimable>
                ORDER BY created_at LIMIT 1 [FOR UPDATE SKIP LOCKED])
      AND <claimable>
    RETURNING *

PostgreSQL's `SKIP LOCKED` lets concurrent claimers pass over each other's rows instead of
queueing; SQLite serialises writers, and the repeated `<claimable>` makes the update
conditional. A job is claimable when pending, or when it is active and its lease has run
out (its worker died). Every later write by a worker names the `lease_token` of its claim,
so a worker that lost its lease can no longer touch the job: that is what makes "never run
twice at once" hold even when a slow worker wakes up after its job was reclaimed.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    event,
    func,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from draftguard.jobs._file_watch import SqliteFileWatch
from draftguard.jobs._models import JobOutcome, JobRecord, JobView, llm_calls_of, shortfall_of
from draftguard.jobs._redact import redact
from draftguard.jobs._status import JobStatus, Stage, progress_for, status_for
from draftguard.jobs._table import (
    ACTIVE,
    COLUMNS,
    VIEW_COLUMNS,
    VIEW_SQL,
    Base,
    JobRow,
    is_unavailable,
    record_of,
    storable,
    unavailable,
)

__all__ = ["Clock", "JobStore", "utcnow"]

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    """Naive UTC now: the store keeps every timestamp naive UTC so SQLite and PG agree."""
    return datetime.now(UTC).replace(tzinfo=None)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets pollers read while a worker writes; busy_timeout makes writers queue, not fail.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


class JobStore:
    """Create, claim, advance and finish jobs. One instance per process; share it."""

    def __init__(self, database_url: str, *, clock: Clock = utcnow, echo: bool = False) -> None:
        self.url = database_url
        self.clock = clock
        self.dialect = "sqlite" if database_url.startswith("sqlite") else "postgresql"
        kwargs: dict[str, Any] = {"echo": echo}
        if self.dialect == "sqlite":
            # Each aiosqlite connection is a thread: pool them, opening one per query costs ms.
            kwargs["pool_size"] = 5
            kwargs["connect_args"] = {"timeout": 10}
            self._ensure_parent(database_url)
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: AsyncEngine = create_async_engine(database_url, **kwargs)
        if self.dialect == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._sqlite_path = self._path_of(database_url) if self.dialect == "sqlite" else None
        self._readers = threading.local()
        self._reader_cons: list[sqlite3.Connection] = []
        self._last_reap: datetime | None = None
        self._file_watch = SqliteFileWatch(self._sqlite_path) if self._sqlite_path else None
        password = self.engine.url.password
        self._secrets = [database_url, *([str(password)] if password else [])]

    def masked(self, text: str) -> str:
        """`text` with this store's URL and password masked (for error messages)."""
        return redact(text, secrets=self._secrets)

    async def _check_file(self) -> None:
        """Refuse to go on when the SQLite file is not the one this store opened (see
        `SqliteFileWatch`)."""
        if self._file_watch is not None:
            await self._file_watch.check()

    @contextlib.asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        """Around every database call: the file-identity check before and after (a write
        that landed in a replaced file must not be reported as stored), and failures of the
        database itself as `StoreUnavailableError` with no secret in its message."""
        await self._check_file()
        try:
            yield
        except Exception as err:
            if not is_unavailable(err):
                raise
            await self._check_file()
            raise unavailable(err, secrets=self._secrets) from err
        await self._check_file()

    @staticmethod
    def _path_of(url: str) -> str | None:
        path = url.split(":///", 1)[1] if ":///" in url else ""
        return path if path and path != ":memory:" else None

    @classmethod
    def _ensure_parent(cls, url: str) -> None:
        from pathlib import Path

        if path := cls._path_of(url):
            Path(path).parent.mkdir(parents=True, exist_ok=True)

    async def create_schema(self) -> None:
        """Create the table and its indexes if missing (idempotent, safe to race)."""
        async with self._guard():  # the race is settled inside: the guard sees only a real failure
            try:
                async with self.engine.begin() as conn:
                    await conn.run_sync(self._create_all)
            except DBAPIError:
                # Two processes starting together: only one CREATE TABLE wins (PostgreSQL:
                # a duplicate pg_type row; SQLite: "table ... already exists" between the
                # check and the create). Fine if the table is there now.
                async with self.engine.connect() as conn:
                    exists = await conn.run_sync(
                        lambda sync: inspect(sync).has_table(JobRow.__tablename__))
                if not exists:
                    raise

    @staticmethod
    def _create_all(conn: Connection) -> None:
        Base.metadata.create_all(conn, checkfirst=True)

    async def drop_schema(self) -> None:
        """Drop the job table (tests only)."""
        async with self._guard(), self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.drop_all)

    async def close(self) -> None:
        for con in self._reader_cons:
            con.close()
        self._reader_cons.clear()
        self._readers = threading.local()
        await self.engine.dispose()

    # -- clients -------------------------------------------------------------------------------

    async def create(
        self, *, owner: str, artifact_type: str, source: str, request: str
    ) -> JobRecord:
        """Queue a new pending job and return it."""
        now = self.clock()
        row = JobRow(
            id=str(uuid.uuid4()), owner=owner, status=JobStatus.PENDING.value, stage=None,
            progress=0, artifact_type=artifact_type, source=source, request=request,
            created_at=now, updated_at=now, attempts=0, claims=0,
        )
        async with self._guard(), self._sessions.begin() as session:
            session.add(row)
        got = await self.get(row.id)
        assert got is not None
        return got

    async def get(self, job_id: str, *, owner: str | None = None) -> JobRecord | None:
        """The job, or None when it does not exist or (with `owner`) belongs to someone else."""
        stmt = select(*COLUMNS).where(JobRow.id == job_id)
        if owner is not None:
            stmt = stmt.where(JobRow.owner == owner)
        async with self._guard(), self.engine.connect() as conn:
            row = (await conn.execute(stmt)).first()
        return None if row is None else record_of(row)

    async def poll(self, job_id: str, *, owner: str) -> JobView | None:
        """What `GET /ai/artifact/{job_id}` shows, for `owner` only: the hot path.

        On SQLite this reads with a plain sqlite3 connection, synchronously: an indexed
        primary-key read in WAL mode never waits for writers and takes microseconds, while
        the aiosqlite thread hop plus SQLAlchemy costs milliseconds (see docs/jobs.md).
        """
        if self._sqlite_path is not None:
            async with self._guard():
                con = self._reader()
                row = con.execute(VIEW_SQL, (job_id, owner)).fetchone()
            if row is None:
                return None
            data = dict(zip(VIEW_COLUMNS, row, strict=True))
            for name in ("result", "details"):
                if isinstance(data[name], str):
                    data[name] = json.loads(data[name])
        else:
            cols = [JobRow.__table__.c[name] for name in VIEW_COLUMNS]
            stmt = select(*cols).where(JobRow.id == job_id, JobRow.owner == owner)
            async with self._guard(), self.engine.connect() as conn:
                got = (await conn.execute(stmt)).first()
            if got is None:
                return None
            data = dict(got._mapping)
        return JobView(
            job_id=data["id"], status=data["status"], progress=data["progress"],
            artifact_type=data["artifact_type"], created_at=data["created_at"],
            updated_at=data["updated_at"], attempts=data["attempts"],
            result=data["result"] if data["status"] == JobStatus.COMPLETED.value else None,
            error=data["error"] if data["status"] == JobStatus.FAILED.value else None,
            llm_calls=llm_calls_of(data["status"], data["details"]),
            shortfall=shortfall_of(data["status"], data["details"]),
        )

    def _reader(self) -> sqlite3.Connection:
        con: sqlite3.Connection | None = getattr(self._readers, "con", None)
        if con is None:
            assert self._sqlite_path is not None
            con = sqlite3.connect(self._sqlite_path, timeout=2.0, isolation_level=None,
                                  check_same_thread=False)
            con.execute("PRAGMA busy_timeout=2000")
            con.execute("PRAGMA query_only=1")
            self._readers.con = con
            self._reader_cons.append(con)
        return con

    async def count_by_status(self) -> dict[str, int]:
        stmt = select(JobRow.status, func.count()).group_by(JobRow.status)
        async with self._guard(), self.engine.connect() as conn:
            rows = (await conn.execute(stmt)).all()
        return {str(status): int(n) for status, n in rows}

    async def all_jobs(self) -> list[JobRecord]:
        async with self._guard(), self.engine.connect() as conn:
            rows = (await conn.execute(select(*COLUMNS).order_by(JobRow.created_at))).all()
        return [record_of(r) for r in rows]

    # -- workers -------------------------------------------------------------------------------

    def _claimable(self, now: datetime, max_claims: int | None = None) -> Any:
        lapsed = (JobRow.status.in_(ACTIVE)) & (JobRow.lease_expires_at < now)
        if max_claims is not None:
            lapsed = lapsed & (JobRow.claims < max_claims)
        return or_(JobRow.status == JobStatus.PENDING.value, lapsed)

    async def claim(
        self, worker: str, *, lease_seconds: float, max_claims: int | None = None
    ) -> JobRecord | None:
        """Atomically take the oldest claimable job for `worker`, or None when there is none.

        With `max_claims`, a job whose lease has lapsed that many times is failed instead of
        run again: a job that kills every worker that touches it must not loop forever.
        """
        now = self.clock()
        if max_claims is not None and (
            self._last_reap is None
            or now - self._last_reap >= timedelta(seconds=lease_seconds)
        ):
            # A write per claim would make idle workers contend on SQLite's single writer
            # lock; exhausted jobs are unclaimable anyway, so failing them can wait a lease.
            self._last_reap = now
            await self._fail_exhausted(now, max_claims)
        pick = (
            select(JobRow.id)
            .where(self._claimable(now, max_claims))
            .order_by(JobRow.created_at, JobRow.id)
            .limit(1)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
        token = str(uuid.uuid4())
        stmt = (
            update(JobRow)
            .where(JobRow.id == pick, self._claimable(now, max_claims))
            .values(
                status=JobStatus.PLANNING.value, stage=Stage.PLANNING.value,
                progress=progress_for(Stage.PLANNING), attempts=0, claims=JobRow.claims + 1,
                lease_owner=worker, lease_token=token,
                lease_expires_at=now + timedelta(seconds=lease_seconds),
                heartbeat_at=now, updated_at=now, result=None, error=None,
            )
            .returning(*COLUMNS)
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            row = (await conn.execute(stmt)).first()
        return None if row is None else record_of(row)

    async def _fail_exhausted(self, now: datetime, max_claims: int) -> None:
        stmt = (
            update(JobRow)
            .where(
                JobRow.status.in_(ACTIVE), JobRow.lease_expires_at < now,
                JobRow.claims >= max_claims,
            )
            .values(
                status=JobStatus.FAILED.value, progress=100, updated_at=now, finished_at=now,
                error=(
                    f"worker lost: the job's lease lapsed {max_claims} time(s) "
                    "(its worker died or hung each time); not retrying"
                ),
                lease_owner=None, lease_token=None, lease_expires_at=None,
            )
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            await conn.execute(stmt)

    def _held(self, job: JobRecord) -> Any:
        return (JobRow.id == job.id) & (JobRow.lease_token == job.lease_token)

    async def heartbeat(self, job: JobRecord, *, lease_seconds: float) -> bool:
        """Extend the lease; False means it was lost (the job was reclaimed elsewhere)."""
        now = self.clock()
        stmt = (
            update(JobRow)
            .where(self._held(job), JobRow.status.in_(ACTIVE))
            .values(heartbeat_at=now, lease_expires_at=now + timedelta(seconds=lease_seconds))
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            return (await conn.execute(stmt)).rowcount == 1

    async def advance(
        self, job: JobRecord, stage: Stage | str, progress: int, attempt: int = 0
    ) -> bool:
        """Record the loop's stage and percentage. Progress never goes backwards and stays
        below 100 until `finish`: only a stored outcome may say 100, so the loop's own
        `done`/`failed` report only refreshes `updated_at`."""
        try:
            st: Stage | None = Stage(stage)
        except ValueError:
            st = None  # a stage this version does not know: keep the status, move the number
        pct = max(0, min(99, int(progress)))
        greatest = func.max if self.dialect == "sqlite" else func.greatest
        now = self.clock()
        values: dict[str, Any] = {
            "updated_at": now, "progress": greatest(JobRow.progress, pct),
            "attempts": greatest(JobRow.attempts, max(0, int(attempt))),
        }
        if st in (Stage.DONE, Stage.FAILED):
            del values["progress"]
        elif st is not None:
            values["status"] = status_for(st).value
            values["stage"] = st.value
        stmt = (
            update(JobRow)
            .where(self._held(job), JobRow.status.in_(ACTIVE))
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            return (await conn.execute(stmt)).rowcount == 1

    async def finish(self, job: JobRecord, outcome: JobOutcome) -> bool:
        """Store the outcome and release the lease; False when the lease was already lost.

        `attempts` never goes back: an outcome made without the loop's count (a job time-out,
        a runner crash) keeps the repair attempts polls have already shown.
        """
        now = self.clock()
        greatest = func.max if self.dialect == "sqlite" else func.greatest
        stmt = (
            update(JobRow)
            .where(self._held(job), JobRow.status.in_(ACTIVE))
            .values(
                status=(JobStatus.COMPLETED if outcome.ok else JobStatus.FAILED).value,
                stage=Stage.DONE.value, progress=100,
                attempts=greatest(JobRow.attempts, outcome.attempts),
                result=outcome.result if outcome.ok else None,
                error=None if outcome.ok else storable(outcome.error or "failed"),
                details=outcome.details or None, updated_at=now, finished_at=now,
                lease_owner=None, lease_token=None, lease_expires_at=None,
            )
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            return (await conn.execute(stmt)).rowcount == 1

    async def release(self, job: JobRecord) -> bool:
        """Give a claimed job back (graceful shutdown): pending again, at once claimable."""
        now = self.clock()
        stmt = (
            update(JobRow)
            .where(self._held(job), JobRow.status.in_(ACTIVE))
            .values(
                status=JobStatus.PENDING.value, stage=None, progress=0, attempts=0,
                claims=JobRow.claims - 1, updated_at=now,
                lease_owner=None, lease_token=None, lease_expires_at=None,
            )
            .execution_options(synchronize_session=False)
        )
        async with self._guard(), self.engine.begin() as conn:
            return (await conn.execute(stmt)).rowcount == 1

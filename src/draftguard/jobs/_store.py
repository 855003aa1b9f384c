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
import errno
import json
import os
import re
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Index,
    Integer,
    String,
    Text,
    event,
    func,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from draftguard.errors import StoreFullError, StoreReplacedError, StoreUnavailableError
from draftguard.jobs._models import JobOutcome, JobRecord, JobView, llm_calls_of
from draftguard.jobs._redact import redact
from draftguard.jobs._status import ACTIVE_STATUSES, JobStatus, Stage, progress_for, status_for

__all__ = ["Clock", "JobStore", "utcnow"]

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    """Naive UTC now: the store keeps every timestamp naive UTC so SQLite and PG agree."""
    return datetime.now(UTC).replace(tzinfo=None)


class _Base(DeclarativeBase):
    pass


class _JobRow(_Base):
    __tablename__ = "draftguard_jobs"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    status: Mapped[str] = mapped_column(String(20))
    stage: Mapped[str | None] = mapped_column(String(20))
    progress: Mapped[int] = mapped_column(Integer, default=0)
    artifact_type: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(Text)
    request: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    updated_at: Mapped[datetime] = mapped_column(DateTime())
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claims: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    lease_owner: Mapped[str | None] = mapped_column(String(200), nullable=True)
    lease_token: Mapped[str | None] = mapped_column(String(36), nullable=True)
    lease_expires_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    heartbeat_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    details: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    __table_args__ = (Index("ix_draftguard_jobs_status_created", "status", "created_at"),)


_COLUMNS = tuple(_JobRow.__table__.columns)
# What a poll needs: never the source text, which may be hundreds of kilobytes.
_VIEW_COLUMNS = ("id", "status", "progress", "artifact_type", "created_at", "updated_at",
                 "attempts", "result", "error", "details")
_VIEW_SQL = (f"SELECT {', '.join(_VIEW_COLUMNS)} FROM {_JobRow.__tablename__} "
             "WHERE id = ? AND owner = ?")
_ACTIVE = [s.value for s in ACTIVE_STATUSES]


def _record(row: Any) -> JobRecord:
    data = dict(row._mapping)
    return JobRecord.model_validate(data)


# What "the database cannot be used now" looks like from each layer: SQLAlchemy's wrappers of
# connection and disk failures, the plain sqlite3 reader's, and the OS's (ENOSPC, EROFS).
_UNAVAILABLE = (OperationalError, InterfaceError, sqlite3.OperationalError, OSError, TimeoutError)
_DISK_FULL_TEXT = ("database or disk is full", "no space left on device")
# PostgreSQL's SQLSTATE classes for the same (asyncpg's errors reach SQLAlchemy as plain
# DBAPIError): 08 connection exception, 53 insufficient resources (53100 disk full),
# 57P operator intervention (shutdown, cannot connect now).
_UNAVAILABLE_SQLSTATES = ("08", "53", "57P")
_DISK_FULL_SQLSTATE = "53100"


def _sqlstate(err: BaseException) -> str:
    return str(getattr(getattr(err, "orig", None), "sqlstate", None) or "")


def _is_unavailable(err: BaseException) -> bool:
    return isinstance(err, _UNAVAILABLE) or _sqlstate(err).startswith(_UNAVAILABLE_SQLSTATES)


def _unavailable(err: BaseException, *, secrets: list[str]) -> StoreUnavailableError:
    """The database's failure as one line for people: disk full named as such, the driver's
    message otherwise, never a password."""
    orig = getattr(err, "orig", None) or err
    text = " ".join(str(orig).split()) or type(orig).__name__
    if (isinstance(orig, OSError) and orig.errno == errno.ENOSPC) \
            or _sqlstate(err) == _DISK_FULL_SQLSTATE \
            or any(t in text.lower() for t in _DISK_FULL_TEXT):
        return StoreFullError("the job database is out of disk space; try again later")
    return StoreUnavailableError(
        f"the job database is unavailable: {redact(text[:200], secrets=secrets)}")


def _storable(text: str) -> str:
    """`text` as both databases can hold it: an error message may quote model output, and
    PostgreSQL's text refuses NUL while no UTF-8 holds a lone surrogate."""
    return _UNSTORABLE.sub("\ufffd", text)


_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


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
        self._file_identity: tuple[int, int] | None = None
        password = self.engine.url.password
        self._secrets = [database_url, *([str(password)] if password else [])]

    def masked(self, text: str) -> str:
        """`text` with this store's URL and password masked (for error messages)."""
        return redact(text, secrets=self._secrets)

    def _check_file(self) -> None:
        """Refuse to go on when the SQLite file is not the one this store opened.

        Open connections keep writing to a deleted or replaced file's old inode, so every
        job written from then on would vanish at the next restart, silently. A real database
        server would refuse the connection; this makes the file behave the same.
        """
        if self._sqlite_path is None:
            return
        try:
            st = os.stat(self._sqlite_path)
        except FileNotFoundError:
            if self._file_identity is None:
                return  # not created yet: the first connection creates it
            raise StoreReplacedError(
                f"the job database {self._sqlite_path} was deleted while in use; jobs written "
                "now would be lost: restart to start a new database") from None
        identity = (st.st_dev, st.st_ino)
        if self._file_identity is None:
            self._file_identity = identity
        elif identity != self._file_identity:
            raise StoreReplacedError(
                f"the job database {self._sqlite_path} was replaced by another file while in "
                "use; restart to use the new one")

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Around every database call: the file-identity check before and after (a write
        that landed in a replaced file must not be reported as stored), and failures of the
        database itself as `StoreUnavailableError` with no secret in its message."""
        self._check_file()
        try:
            yield
        except Exception as err:
            if not _is_unavailable(err):
                raise
            self._check_file()
            raise _unavailable(err, secrets=self._secrets) from err
        self._check_file()

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
        try:
            with self._guard():
                async with self.engine.begin() as conn:
                    await conn.run_sync(self._create_all)
        except DBAPIError:
            # Two processes starting together: PostgreSQL lets only one CREATE TABLE win
            # (the other sees a duplicate pg_type row). Fine if the table is there now.
            with self._guard():
                async with self.engine.connect() as conn:
                    exists = await conn.run_sync(
                        lambda sync: inspect(sync).has_table(_JobRow.__tablename__))
            if not exists:
                raise

    @staticmethod
    def _create_all(conn: Connection) -> None:
        _Base.metadata.create_all(conn, checkfirst=True)

    async def drop_schema(self) -> None:
        """Drop the job table (tests only)."""
        with self._guard():
            async with self.engine.begin() as conn:
                await conn.run_sync(_Base.metadata.drop_all)

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
        row = _JobRow(
            id=str(uuid.uuid4()), owner=owner, status=JobStatus.PENDING.value, stage=None,
            progress=0, artifact_type=artifact_type, source=source, request=request,
            created_at=now, updated_at=now, attempts=0, claims=0,
        )
        with self._guard():
            async with self._sessions.begin() as session:
                session.add(row)
        got = await self.get(row.id)
        assert got is not None
        return got

    async def get(self, job_id: str, *, owner: str | None = None) -> JobRecord | None:
        """The job, or None when it does not exist or (with `owner`) belongs to someone else."""
        stmt = select(*_COLUMNS).where(_JobRow.id == job_id)
        if owner is not None:
            stmt = stmt.where(_JobRow.owner == owner)
        with self._guard():
            async with self.engine.connect() as conn:
                row = (await conn.execute(stmt)).first()
        return None if row is None else _record(row)

    async def poll(self, job_id: str, *, owner: str) -> JobView | None:
        """What `GET /ai/artifact/{job_id}` shows, for `owner` only: the hot path.

        On SQLite this reads with a plain sqlite3 connection, synchronously: an indexed
        primary-key read in WAL mode never waits for writers and takes microseconds, while
        the aiosqlite thread hop plus SQLAlchemy costs milliseconds (see docs/jobs.md).
        """
        if self._sqlite_path is not None:
            with self._guard():
                con = self._reader()
                row = con.execute(_VIEW_SQL, (job_id, owner)).fetchone()
            if row is None:
                return None
            data = dict(zip(_VIEW_COLUMNS, row, strict=True))
            for name in ("result", "details"):
                if isinstance(data[name], str):
                    data[name] = json.loads(data[name])
        else:
            cols = [_JobRow.__table__.c[name] for name in _VIEW_COLUMNS]
            stmt = select(*cols).where(_JobRow.id == job_id, _JobRow.owner == owner)
            with self._guard():
                async with self.engine.connect() as conn:
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
        stmt = select(_JobRow.status, func.count()).group_by(_JobRow.status)
        with self._guard():
            async with self.engine.connect() as conn:
                rows = (await conn.execute(stmt)).all()
        return {str(status): int(n) for status, n in rows}

    async def all_jobs(self) -> list[JobRecord]:
        with self._guard():
            async with self.engine.connect() as conn:
                rows = (await conn.execute(select(*_COLUMNS).order_by(_JobRow.created_at))).all()
        return [_record(r) for r in rows]

    # -- workers -------------------------------------------------------------------------------

    def _claimable(self, now: datetime, max_claims: int | None = None) -> Any:
        lapsed = (_JobRow.status.in_(_ACTIVE)) & (_JobRow.lease_expires_at < now)
        if max_claims is not None:
            lapsed = lapsed & (_JobRow.claims < max_claims)
        return or_(_JobRow.status == JobStatus.PENDING.value, lapsed)

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
            select(_JobRow.id)
            .where(self._claimable(now, max_claims))
            .order_by(_JobRow.created_at, _JobRow.id)
            .limit(1)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
        token = str(uuid.uuid4())
        stmt = (
            update(_JobRow)
            .where(_JobRow.id == pick, self._claimable(now, max_claims))
            .values(
                status=JobStatus.PLANNING.value, stage=Stage.PLANNING.value,
                progress=progress_for(Stage.PLANNING), attempts=0, claims=_JobRow.claims + 1,
                lease_owner=worker, lease_token=token,
                lease_expires_at=now + timedelta(seconds=lease_seconds),
                heartbeat_at=now, updated_at=now, result=None, error=None,
            )
            .returning(*_COLUMNS)
            .execution_options(synchronize_session=False)
        )
        with self._guard():
            async with self.engine.begin() as conn:
                row = (await conn.execute(stmt)).first()
        return None if row is None else _record(row)

    async def _fail_exhausted(self, now: datetime, max_claims: int) -> None:
        stmt = (
            update(_JobRow)
            .where(
                _JobRow.status.in_(_ACTIVE), _JobRow.lease_expires_at < now,
                _JobRow.claims >= max_claims,
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
        with self._guard():
            async with self.engine.begin() as conn:
                await conn.execute(stmt)

    def _held(self, job: JobRecord) -> Any:
        return (_JobRow.id == job.id) & (_JobRow.lease_token == job.lease_token)

    async def heartbeat(self, job: JobRecord, *, lease_seconds: float) -> bool:
        """Extend the lease; False means it was lost (the job was reclaimed elsewhere)."""
        now = self.clock()
        stmt = (
            update(_JobRow)
            .where(self._held(job), _JobRow.status.in_(_ACTIVE))
            .values(heartbeat_at=now, lease_expires_at=now + timedelta(seconds=lease_seconds))
            .execution_options(synchronize_session=False)
        )
        with self._guard():
            async with self.engine.begin() as conn:
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
            "updated_at": now, "progress": greatest(_JobRow.progress, pct),
            "attempts": greatest(_JobRow.attempts, max(0, int(attempt))),
        }
        if st in (Stage.DONE, Stage.FAILED):
            del values["progress"]
        elif st is not None:
            values["status"] = status_for(st).value
            values["stage"] = st.value
        stmt = (
            update(_JobRow)
            .where(self._held(job), _JobRow.status.in_(_ACTIVE))
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        with self._guard():
            async with self.engine.begin() as conn:
                return (await conn.execute(stmt)).rowcount == 1

    async def finish(self, job: JobRecord, outcome: JobOutcome) -> bool:
        """Store the outcome and release the lease; False when the lease was already lost.

        `attempts` never goes back: an outcome made without the loop's count (a job time-out,
        a runner crash) keeps the repair attempts polls have already shown.
        """
        now = self.clock()
        greatest = func.max if self.dialect == "sqlite" else func.greatest
        stmt = (
            update(_JobRow)
            .where(self._held(job), _JobRow.status.in_(_ACTIVE))
            .values(
                status=(JobStatus.COMPLETED if outcome.ok else JobStatus.FAILED).value,
                stage=Stage.DONE.value, progress=100,
                attempts=greatest(_JobRow.attempts, outcome.attempts),
                result=outcome.result if outcome.ok else None,
                error=None if outcome.ok else _storable(outcome.error or "failed"),
                details=outcome.details or None, updated_at=now, finished_at=now,
                lease_owner=None, lease_token=None, lease_expires_at=None,
            )
            .execution_options(synchronize_session=False)
        )
        with self._guard():
            async with self.engine.begin() as conn:
                return (await conn.execute(stmt)).rowcount == 1

    async def release(self, job: JobRecord) -> bool:
        """Give a claimed job back (graceful shutdown): pending again, at once claimable."""
        now = self.clock()
        stmt = (
            update(_JobRow)
            .where(self._held(job), _JobRow.status.in_(_ACTIVE))
            .values(
                status=JobStatus.PENDING.value, stage=None, progress=0, attempts=0,
                claims=_JobRow.claims - 1, updated_at=now,
                lease_owner=None, lease_token=None, lease_expires_at=None,
            )
            .execution_options(synchronize_session=False)
        )
        with self._guard():
            async with self.engine.begin() as conn:
                return (await conn.execute(stmt)).rowcount == 1

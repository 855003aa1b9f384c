"""The job table's schema and what a poll reads of it, and the database failures told
apart: unavailable (or full) is said as one line for people, never with a password.
"""

from __future__ import annotations

import errno
import re
import sqlite3
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Index, Integer, String, Text
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from draftguard.errors import StoreFullError, StoreUnavailableError
from draftguard.jobs._models import JobRecord
from draftguard.jobs._redact import redact
from draftguard.jobs._status import ACTIVE_STATUSES

__all__ = ["ACTIVE", "COLUMNS", "VIEW_COLUMNS", "VIEW_SQL", "Base", "JobRow", "is_unavailable",
           "record_of", "storable", "unavailable"]


class Base(DeclarativeBase):
    pass


class JobRow(Base):
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


COLUMNS = tuple(JobRow.__table__.columns)
# What a poll needs: never the source text, which may be hundreds of kilobytes.
VIEW_COLUMNS = ("id", "status", "progress", "artifact_type", "created_at", "updated_at",
                 "attempts", "result", "error", "details")
VIEW_SQL = (f"SELECT {', '.join(VIEW_COLUMNS)} FROM {JobRow.__tablename__} "
             "WHERE id = ? AND owner = ?")
ACTIVE = [s.value for s in ACTIVE_STATUSES]


def record_of(row: Any) -> JobRecord:
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


def is_unavailable(err: BaseException) -> bool:
    return isinstance(err, _UNAVAILABLE) or _sqlstate(err).startswith(_UNAVAILABLE_SQLSTATES)


def unavailable(err: BaseException, *, secrets: list[str]) -> StoreUnavailableError:
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


def storable(text: str) -> str:
    """`text` as both databases can hold it: an error message may quote model output, and
    PostgreSQL's text refuses NUL while no UTF-8 holds a lone surrogate."""
    return _UNSTORABLE.sub("\ufffd", text)


_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")

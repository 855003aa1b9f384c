"""`SqliteFileWatch`: the SQLite job file must stay the file the store opened.

Open connections keep writing to a deleted or replaced file's old inode, so every job
written from then on would vanish at the next restart, silently; a file truncated in place
(`truncate -s 0`, a copy that failed half way) keeps its inode but holds no database any
more. A real database server would refuse the connection; the store checks the file around
every call and raises `StoreReplacedError`, so the API answers 503 and the worker stops.

A file shorter than its header's page count is not always truncated: a WAL checkpoint in
another process writes page 1 (the header, with the new count) before the pages that extend
the file. So that one finding is looked at again, without blocking the event loop, until it
clears or `settle_seconds` pass; only a shortfall that stays is a truncation.
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass

from draftguard.errors import StoreReplacedError

__all__ = ["SqliteFileWatch"]

#: SQLite's file header; a database file that held one and is now shorter was truncated.
SQLITE_HEADER_BYTES = 100


class SqliteFileWatch:
    """The identity (device, inode) and the header of one SQLite file, checked on demand."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._identity: tuple[int, int] | None = None
        self._held_header = False

    async def check(self, *, settle_seconds: float = 2.0) -> None:
        """`StoreReplacedError` when the file was deleted, replaced or truncated since the
        first check; nothing while it has not been created yet. A file shorter than its
        header says is looked at again for up to `settle_seconds` (a checkpoint in flight)."""
        deadline = time.monotonic() + settle_seconds
        delay = 0.005
        while (problem := self._look()) is not None:
            if not isinstance(problem, _ShortOfHeader) or time.monotonic() >= deadline:
                raise problem.error
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.1)

    def _look(self) -> _Replaced | _ShortOfHeader | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            if self._identity is None:
                return None  # not created yet: the first connection creates it
            return _Replaced(StoreReplacedError(
                f"the job database {self.path} was deleted while in use; jobs written "
                "now would be lost: restart to start a new database"))
        identity = (st.st_dev, st.st_ino)
        if self._identity is None:
            self._identity = identity
        elif identity != self._identity:
            return _Replaced(StoreReplacedError(
                f"the job database {self.path} was replaced by another file while in "
                "use; restart to use the new one"))
        # Once the file held SQLite's header, it must go on holding it, and as many pages
        # as the header says the database has.
        if st.st_size >= SQLITE_HEADER_BYTES:
            self._held_header = True
        lost_header = self._held_header and st.st_size < SQLITE_HEADER_BYTES
        if lost_header or st.st_size < _size_in_header(self.path):
            error = StoreReplacedError(
                f"the job database {self.path} was truncated while in use (it is "
                f"{st.st_size} bytes now); jobs written now would be lost: restore it or "
                "restart to start a new database")
            return _Replaced(error) if lost_header else _ShortOfHeader(error)
        return None


@dataclass(frozen=True)
class _Replaced:
    """Deleted, replaced, or cut below SQLite's header: final at first sight."""

    error: StoreReplacedError


@dataclass(frozen=True)
class _ShortOfHeader:
    """Shorter than the header's page count: a truncation, or a checkpoint in flight."""

    error: StoreReplacedError


def _size_in_header(path: str) -> int:
    """The database size SQLite's header records (page size times pages), when the header
    says that figure is current; 0 when it cannot be read or is not current."""
    try:
        with open(path, "rb") as file:
            header = file.read(SQLITE_HEADER_BYTES)
    except OSError:
        return 0
    if len(header) < SQLITE_HEADER_BYTES or not header.startswith(b"SQLite format 3\x00"):
        return 0
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # The count is valid only when "version-valid-for" matches the change counter.
    if header[24:28] != header[92:96]:
        return 0
    return page_size * pages

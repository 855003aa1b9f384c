"""Writing files so that a reader sees the old bytes or the new ones, never half of each."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["write_atomic", "write_many_atomic"]


def _umask() -> int:
    """The process umask: from /proc where Linux shows it, else by setting it and putting it
    straight back (which another thread creating a file at that instant could notice)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, fsync it, then rename it into place."""
    write_many_atomic({path: data})


def write_many_atomic(files: Mapping[str | Path, str | bytes]) -> None:
    """Stage every file first, then rename them all; a failure while staging writes nothing."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            p = Path(path)
            raw = data.encode("utf-8") if isinstance(data, str) else data
            fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
            staged.append((tmp, p))
            with os.fdopen(fd, "wb") as fh:
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
            # mkstemp makes 0600; a replaced file keeps its mode, a new one follows the umask.
            os.chmod(tmp, p.stat().st_mode & 0o7777 if p.exists() else 0o666 & ~_umask())
        for tmp, p in staged:
            os.replace(tmp, p)
    except BaseException:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)
        raise

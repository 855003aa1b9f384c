"""Opening files people name: one set of one-line messages for what can go wrong."""

from __future__ import annotations

import errno
import stat
from pathlib import Path

__all__ = ["os_error_message", "regular_file_problem"]


def regular_file_problem(path: Path) -> str | None:
    """Why `path` must not be opened for reading, or None.

    A FIFO would block on open and a device such as /dev/zero would stream forever, so
    anything but a regular file (or a missing path, which open reports) is refused first."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # open() raises the precise error
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if not stat.S_ISREG(mode):
        return "not a regular file (device, pipe or socket)"
    return None


def os_error_message(err: OSError) -> str:
    """The reason part of a one-line message for an OSError raised while reading a file."""
    if isinstance(err, FileNotFoundError):
        return "no such file"
    if isinstance(err, IsADirectoryError):
        return "is a directory, not a file"
    if isinstance(err, PermissionError) or err.errno == errno.EACCES:
        return "permission denied"
    return f"cannot read ({err.strerror or err})"

"""Turning bytes from people into text, or a clear `InputError`."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from draftguard.errors import EmptyInputError, InputError, InputTooLargeError, NotTextError
from draftguard.textio._file_access import os_error_message, regular_file_problem

__all__ = [
    "DEFAULT_MAX_BYTES",
    "decode_text",
    "read_file_bytes",
    "read_stream_bytes",
    "read_text_file",
]

#: Drafts and plans above this size are refused. Big enough for a book, small enough that a
#: mistaken path to a disk image fails fast instead of filling memory.
DEFAULT_MAX_BYTES = 16 * 1024 * 1024

# Text control characters we accept; any other C0 byte marks the input as binary.
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


def decode_text(
    data: bytes,
    *,
    what: str = "input",
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_empty: bool = False,
) -> str:
    """Decode UTF-8 text, refusing binary, oversized and (unless allowed) blank input."""
    if len(data) > max_bytes:
        raise InputTooLargeError(
            f"{what} is {len(data):,} bytes, over the {max_bytes:,}-byte limit"
        )
    if b"\x00" in data or any(b < 0x20 and b not in _TEXT_CONTROLS for b in data[:4096]):
        raise NotTextError(f"{what} looks like a binary file, not UTF-8 text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise NotTextError(f"{what} is not valid UTF-8 (bad byte at offset {err.start})") from None
    if not allow_empty and not text.strip():
        raise EmptyInputError(f"{what} is empty or whitespace-only")
    return text


def read_file_bytes(
    path: str | Path, *, what: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES
) -> bytes:
    """A regular file's bytes in one read, raising `InputError` with one-line messages."""
    p = Path(path)
    label = what or str(p)
    if problem := regular_file_problem(p):
        raise InputError(f"{label}: {problem}")
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise InputTooLargeError(
                f"{label} is {size:,} bytes, over the {max_bytes:,}-byte limit"
            )
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)  # a file still growing is held to the limit too
    except OSError as err:
        raise InputError(f"{label}: {os_error_message(err)}") from None
    if len(data) > max_bytes:
        raise InputTooLargeError(f"{label} is over the {max_bytes:,}-byte limit (it grew while "
                                 "being read)")
    return data


def read_stream_bytes(
    stream: BinaryIO, *, what: str = "stdin", max_bytes: int = DEFAULT_MAX_BYTES
) -> bytes:
    """At most `max_bytes` of `stream`, or `InputTooLargeError` as soon as there is more.

    Read in chunks and stopped one byte past the limit: `< /dev/zero` is refused after
    `max_bytes`, not after filling memory.
    """
    chunks: list[bytes] = []
    size = 0
    while size <= max_bytes:
        chunk = stream.read(min(1 << 20, max_bytes + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise InputTooLargeError(f"{what} is over the {max_bytes:,}-byte limit (reading stopped)")


def read_text_file(
    path: str | Path,
    *,
    what: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_empty: bool = False,
) -> str:
    """Read a UTF-8 text file, raising `InputError` subclasses with one-line messages."""
    label = what or str(path)
    data = read_file_bytes(path, what=label, max_bytes=max_bytes)
    return decode_text(data, what=label, max_bytes=max_bytes, allow_empty=allow_empty)

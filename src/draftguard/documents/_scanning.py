"""One bounded-memory pass over a document's bytes.

Files are streamed from disk in chunks; in-memory bytes are walked through a memoryview.
Either way the pass keeps only a head, a tail and, when the document is small enough to
parse, the whole body. A 100 MB file costs a few megabytes, and nothing is read twice.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from draftguard.errors import DocumentReadError
from draftguard.textio._file_access import os_error_message, regular_file_problem

__all__ = [
    "CHUNK_BYTES",
    "TAIL_BYTES",
    "ContentScan",
    "iter_bytes",
    "iter_file",
    "iter_text",
    "scan_chunks",
]

CHUNK_BYTES = 1024 * 1024
#: Enough for a ZIP end-of-central-directory record with the longest comment (65,557 B).
TAIL_BYTES = 66 * 1024

_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_B64_STANDARD = _B64_ALPHABET + b"+/"
_B64_URLSAFE = _B64_ALPHABET + b"-_"
_WHITESPACE = b" \t\r\n"
# C0 controls other than these mark bytes as binary even when they decode as UTF-8.
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


@dataclass(frozen=True)
class ContentScan:
    """What one pass learned about a document's bytes."""

    size: int
    head: bytes
    tail: bytes
    body: bytes | None
    """The whole content when it is at most the parse limit, else None."""
    utf8_error: str | None
    """Why the bytes are not clean UTF-8 text (None when they are)."""
    base64_shape: bool
    """Every byte is base64 alphabet or whitespace, `=` only as final padding, and the
    non-whitespace length is a multiple of four. Necessary, not sufficient: see base64_text."""

    @property
    def is_text(self) -> bool:
        return self.utf8_error is None


def iter_file(path: Path, *, chunk_bytes: int = CHUNK_BYTES) -> Iterator[bytes]:
    """Stream a file's bytes; read errors become `DocumentReadError` with one-line messages.

    Only regular files are read: a FIFO would block on open and a device such as /dev/zero
    would stream forever, so both are refused before opening.
    """
    if problem := regular_file_problem(path):
        raise DocumentReadError(f"{path}: {problem}")
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(chunk_bytes):
                yield chunk
    except OSError as err:
        raise DocumentReadError(f"{path}: {os_error_message(err)}") from None


def iter_bytes(data: bytes | bytearray | memoryview, *, chunk_bytes: int = CHUNK_BYTES
               ) -> Iterator[bytes]:
    view = memoryview(data).cast("B")
    for start in range(0, len(view), chunk_bytes):
        yield bytes(view[start : start + chunk_bytes])


def iter_text(text: str, *, chunk_chars: int = CHUNK_BYTES // 4) -> Iterator[bytes]:
    """UTF-8 bytes of `text`, encoded a chunk at a time (never one full-size copy).

    Lone surrogates are passed through so the scan reports them as invalid UTF-8.
    """
    for start in range(0, len(text), chunk_chars):
        yield text[start : start + chunk_chars].encode("utf-8", "surrogatepass")


class _Base64Shape:
    """Tracks base64 well-formedness across chunk boundaries."""

    def __init__(self) -> None:
        self.ok = True
        self.alphabet: bytes | None = None
        self.chars = 0
        self.padding = 0

    def feed(self, chunk: bytes) -> None:
        if not self.ok:
            return
        compact = chunk.translate(None, _WHITESPACE)
        # After padding, only more padding may follow.
        if self.padding and compact.strip(b"="):
            self.ok = False
            return
        stripped = compact.rstrip(b"=")
        pad = len(compact) - len(stripped)
        if b"=" in stripped:
            self.ok = False
            return
        if self.alphabet is None and stripped:
            urlsafe = bool(stripped.translate(None, _B64_STANDARD))
            self.alphabet = _B64_URLSAFE if urlsafe else _B64_STANDARD
        if self.alphabet is not None and stripped.translate(None, self.alphabet):
            self.ok = False
            return
        self.chars += len(compact)
        self.padding += pad

    def result(self) -> bool:
        return self.ok and self.chars > 0 and self.chars % 4 == 0 and self.padding <= 2


def scan_chunks(
    chunks: Iterable[bytes], *, head_bytes: int, parse_limit: int,
    tail_bytes: int = TAIL_BYTES, size_hint: int | None = None,
) -> ContentScan:
    """Walk `chunks` once, keeping a head, a tail and (if small) the body.

    `size_hint` (a file's stat size) over the parse limit skips collecting the body at all.
    """
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    shape = _Base64Shape()
    head = bytearray()
    tail = b""
    body: list[bytes] | None = [] if size_hint is None or size_hint <= parse_limit else None
    size = 0
    utf8_error: str | None = None
    bom = b""
    for chunk in chunks:
        if size == 0 and chunk.startswith(codecs.BOM_UTF8):
            bom, chunk = codecs.BOM_UTF8, chunk[len(codecs.BOM_UTF8) :]
            size += len(bom)
            head += bom
        if len(head) < head_bytes:
            head += chunk[: head_bytes - len(head)]
        tail = (tail + chunk)[-tail_bytes:]
        if body is not None:
            body.append(chunk)
            if size + len(chunk) > parse_limit:
                body = None
        if utf8_error is None:
            utf8_error = _text_error(chunk, decoder, offset=size)
        shape.feed(chunk)
        size += len(chunk)
    if utf8_error is None:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            utf8_error = "not valid UTF-8 (truncated multi-byte character at the end)"
    return ContentScan(
        size=size,
        head=bytes(head),
        tail=tail,
        body=bom + b"".join(body) if body is not None else None,
        utf8_error=utf8_error,
        base64_shape=shape.result(),
    )


def _text_error(chunk: bytes, decoder: codecs.IncrementalDecoder, *, offset: int) -> str | None:
    nul = chunk.find(b"\x00")
    if nul >= 0:
        return f"binary: NUL byte at offset {offset + nul}"
    if offset == 0 and any(b < 0x20 and b not in _TEXT_CONTROLS for b in chunk[:4096]):
        return "binary: control bytes near the start"
    try:
        decoder.decode(chunk)
    except UnicodeDecodeError as err:
        return f"not valid UTF-8 (bad byte at offset {offset + err.start})"
    return None

"""Deciding that text is base64, without firing on ordinary words or ids.

Every string of letters whose length is a multiple of four decodes as base64, so decoding
alone proves nothing. Text counts as base64 only when all of these hold:

1. it is at least `min_chars` long (after removing line breaks), or it is a `data:` URI;
2. every character is in one base64 alphabet (standard or URL-safe, not a mix), `=` appears
   only as final padding, and the length is a multiple of four;
3. it is not hexadecimal (hex ids and hashes also fit the alphabet);
4. line breaks, if any, wrap lines of one fixed width (MIME style): no spaces, no prose;
5. it uses upper case, lower case and digits (base64 of real data always does);
6. what it decodes to is evidence of its own: a known file signature (PNG, PDF, ...), clean
   UTF-8 text, or, for opaque bytes, a length of at least `min_opaque_chars` AND the look of
   an encoder's output: both of its alphabet's two symbols (`+` and `/`, or `-` and `_`)
   occur, and wrapped lines have a width that is a multiple of four (76, 64, ...).

Rule 6's last part keeps lists of ids apart from encoded data. A file of voucher codes or
API keys, one per line, passes rules 1-5 and decodes to opaque bytes, but its ids come from
an alphanumeric alphabet; encoded random bytes miss `+` or `/` with probability under 4%
at 256 characters and under 1e-6 at 1,000. A miss only shows a small blob as text.
"""

from __future__ import annotations

import base64
import binascii
import codecs
from dataclasses import dataclass
from typing import Literal

from draftguard.documents._scanning import ContentScan, iter_text, scan_chunks
from draftguard.documents._sniffing import sniff_magic
from draftguard.settings._system_settings import DEFAULT_MIN_CHARS, DEFAULT_MIN_OPAQUE_CHARS

__all__ = [
    "DEFAULT_MIN_CHARS",
    "DEFAULT_MIN_OPAQUE_CHARS",
    "Base64Finding",
    "detect_base64",
    "looks_like_base64",
]

_HEX = frozenset(b"0123456789abcdefABCDEF")
_CONTROLS = frozenset(range(0x20)) - frozenset(b"\t\n\r")

Payload = Literal["signature", "text", "opaque"]


@dataclass(frozen=True)
class Base64Finding:
    """Base64 content and what its decoded bytes turned out to be."""

    payload: Payload
    format: str | None
    """The decoded payload's format when a signature proves it (png, pdf, ...)."""
    decoded_bytes: int
    data_uri_mime: str | None = None


def _data_uri(head: bytes) -> tuple[str, int] | None:
    """(declared mime, payload offset) for `data:<mime>;base64,` text, else None."""
    if not head.startswith(b"data:"):
        return None
    comma = head.find(b",", 0, 512)
    if comma < 0:
        return None
    meta = head[5:comma].decode("ascii", "replace")
    if not meta.endswith(";base64"):
        return None
    return meta[: -len(";base64")].split(";", 1)[0] or "text/plain", comma + 1


def _fixed_width_lines(sample: bytes) -> bool:
    lines = sample.replace(b"\r\n", b"\n").split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if len(lines) <= 1:
        return True
    # The last line of `sample` may be cut off by the head limit, so it is not judged.
    width = len(lines[0])
    return width > 0 and all(len(line) == width for line in lines[1:-1]) and (
        0 < len(lines[-1]) <= width
    )


def _decoded_kind(decoded: bytes, *, whole: bool) -> tuple[Payload, str | None]:
    # Unknown total size: the checks then only bound what they can see.
    fmt = sniff_magic(decoded, size=len(decoded) if whole else 1 << 62)
    if fmt is not None:
        return "signature", fmt
    try:
        codecs.getincrementaldecoder("utf-8")("strict").decode(decoded, final=whole)
    except UnicodeDecodeError:
        return "opaque", None
    if decoded and not any(b in _CONTROLS for b in decoded):
        return "text", None
    return "opaque", None


def detect_base64(
    scan: ContentScan,
    *,
    min_chars: int = DEFAULT_MIN_CHARS,
    min_opaque_chars: int = DEFAULT_MIN_OPAQUE_CHARS,
) -> Base64Finding | None:
    """The base64 finding for scanned text content, or None when it is not base64."""
    if not scan.is_text:
        return None
    head = scan.head.removeprefix(codecs.BOM_UTF8)
    body = scan.body.removeprefix(codecs.BOM_UTF8) if scan.body is not None else None
    uri = _data_uri(head)
    uri_mime: str | None = None
    if uri is not None:
        uri_mime, offset = uri
        if body is None:
            return None  # a data: URI over the parse limit is treated as text
        rest = body[offset:]
        scan = scan_chunks([rest], head_bytes=len(head), parse_limit=len(rest))
        head, body = scan.head, scan.body
    if not scan.base64_shape:
        return None
    sample = (body if body is not None else head).strip()
    if b" " in sample or b"\t" in sample or not _fixed_width_lines(sample):
        return None
    compact = sample.translate(None, b"\r\n")
    total_chars = len(compact) if body is not None else _compact_len(scan)
    if uri is None and total_chars < min_chars:
        return None
    if uri is None and all(b in _HEX for b in compact):
        return None
    if uri is None and not (
        any(65 <= b <= 90 for b in compact)
        and any(97 <= b <= 122 for b in compact)
        and any(48 <= b <= 57 for b in compact)
    ):
        return None
    urlsafe = b"-" in compact or b"_" in compact
    whole = body is not None
    source = body.translate(None, b" \t\r\n") if body is not None else compact
    if not whole:
        source = source[: len(source) // 4 * 4]
    try:
        if urlsafe:
            decoded = base64.urlsafe_b64decode(source)
        else:
            decoded = base64.b64decode(source, validate=True)
    except (binascii.Error, ValueError):
        return None
    payload, fmt = _decoded_kind(decoded[:8192], whole=whole and len(decoded) <= 8192)
    if payload == "opaque" and uri is None and (
        total_chars < min_opaque_chars or not _encoder_shaped(sample, compact, urlsafe=urlsafe)
    ):
        return None
    padding = len(source) - len(source.rstrip(b"="))
    decoded_bytes = len(decoded) if whole else total_chars // 4 * 3 - padding
    return Base64Finding(payload=payload, format=fmt, decoded_bytes=decoded_bytes,
                         data_uri_mime=uri_mime)


def _encoder_shaped(sample: bytes, compact: bytes, *, urlsafe: bool) -> bool:
    """Whether opaque-payload text looks like an encoder wrote it (module docstring, rule 6)."""
    symbols = b"-_" if urlsafe else b"+/"
    if any(sym not in compact for sym in symbols):
        return False
    first_line = sample.replace(b"\r\n", b"\n").split(b"\n", 1)
    return len(first_line) == 1 or len(first_line[0]) % 4 == 0


def _compact_len(scan: ContentScan) -> int:
    # Over the parse limit we know the byte size but not how much of it is line breaks;
    # estimate from the head's line-break density (exact for fixed-width MIME lines).
    head = scan.head.strip()
    if not head:
        return 0
    ratio = len(head.translate(None, b"\r\n")) / len(head)
    return int(scan.size * ratio)


def looks_like_base64(
    text: str,
    *,
    min_chars: int = DEFAULT_MIN_CHARS,
    min_opaque_chars: int = DEFAULT_MIN_OPAQUE_CHARS,
) -> bool:
    """Whether `text` would be classified as base64 content (same rules as `detect_base64`)."""
    scan = scan_chunks(iter_text(text), head_bytes=64 * 1024, parse_limit=64 * 1024 * 1024)
    return detect_base64(scan, min_chars=min_chars, min_opaque_chars=min_opaque_chars) is not None

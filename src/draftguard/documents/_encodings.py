"""Text that is not UTF-8: which encoding it is in, and whether it is text at all.

A byte-order mark settles UTF-16 and UTF-32. Otherwise `charset-normalizer` ranks the
encodings the bytes decode in by how much sense the decoded text makes, with one tie-break
of ours: among candidates it scores within `_NEAR_TIE` of its best, windows-1252 wins. Short
Western text decodes equally cleanly in several Latin code pages, and charset-normalizer then
picks one by its own order (cp1257 for "naïve", which it shows as "naļve"); windows-1252 is
what the WHATWG encoding standard assumes for unlabelled legacy text. Whatever the choice,
the decoded text must read as text: no NUL, almost no control characters.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

__all__ = ["TextEncoding", "decode_or_none", "detect_encoding"]

# UTF-32 LE's mark begins with UTF-16 LE's, so it is tried first.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_NEAR_TIE = 0.05
# Below this many bytes charset-normalizer's statistics are noise ("café" in Latin-1 comes
# back as two CJK characters in UTF-16), so only windows-1252 is tried.
_MIN_SAMPLE = 64
_ALLOWED_CONTROLS = frozenset("\t\n\r\f\v\x1b")
# Real text has almost no other control characters; binary decoded as a code page has many.
_MAX_CONTROL_SHARE = 0.005
# Unicode's control characters (category Cc: C0, DEL and C1) less the allowed ones.
_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f-\x9f]")
_CONTROL_BYTES = bytes(b for b in range(32) if chr(b) not in _ALLOWED_CONTROLS) + b"\x7f"


@dataclass(frozen=True)
class TextEncoding:
    """An encoding that decodes a document's bytes to text."""

    name: str
    """Python's codec name: "utf-16-le", "cp1252", "cp932", "utf-8"."""
    bom: int = 0
    """Length of the byte-order mark the bytes start with (not part of the text)."""


def detect_encoding(sample: bytes, *, complete: bool) -> TextEncoding | None:
    """The encoding `sample` is text in, or None when it is not text in any.

    `sample` is the document's first bytes, or all of it when `complete` (then a character
    cut at the end is an error, not the edge of the sample).
    """
    for bom, name in _BOMS:
        if sample.startswith(bom):
            found = TextEncoding(name, len(bom))
            return found if decode_or_none(sample, found, complete=complete) is not None else None
    if _binary_controls(sample):
        return None
    candidates = ["cp1252"] if len(sample) < _MIN_SAMPLE else _ranked(sample)
    for name in candidates:
        found = TextEncoding(name)
        if decode_or_none(sample, found, complete=complete) is not None:
            return found
    return None


def _binary_controls(sample: bytes) -> bool:
    """Whether control bytes rule out text before any decoding is tried: a cheap filter that
    spares charset-normalizer the unrecognised binaries. UTF-16 text has NULs (and, in CJK,
    other bytes below 0x20) in every other byte only, one parity far more than the other."""
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if even or odd:
        return min(even, odd) > 0.1 * max(even, odd)
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return controls > _MAX_CONTROL_SHARE * len(sample)


def _ranked(sample: bytes) -> list[str]:
    # Imported here: only documents that are not UTF-8 pay for it.
    from charset_normalizer import from_bytes

    matches = list(from_bytes(sample))
    if not matches:
        return []
    names = [codecs.lookup(m.encoding).name for m in matches]
    best = min(m.chaos for m in matches)
    near = [n for n, m in zip(names, matches, strict=True) if m.chaos <= best + _NEAR_TIE]
    if "cp1252" in near:
        names.remove("cp1252")
        names.insert(0, "cp1252")
    return names[:3]


def decode_or_none(data: bytes, encoding: TextEncoding, *, complete: bool) -> str | None:
    """`data` decoded (byte-order mark dropped), or None when it does not decode or does not
    read as text. Without `complete`, a character cut at the end of `data` is dropped."""
    decoder = codecs.getincrementaldecoder(encoding.name)("strict")
    try:
        text = decoder.decode(data[encoding.bom :], final=complete)
    except UnicodeDecodeError:
        return None
    if not text or "\x00" in text:
        return None
    controls = len(_CONTROL_CHARS.findall(text))
    return text if controls <= _MAX_CONTROL_SHARE * len(text) else None

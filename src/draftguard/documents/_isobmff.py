"""ISO base media files (MP4, M4A, QuickTime, HEIC, AVIF): what the brands and tracks say.

All of them start with an `ftyp` box. Its brands name the profile the file follows, and the
generic ones (`isom`, `mp41`, `mp42`) say nothing about audio or video: an AAC track muxed
by FFmpeg's mp4 muxer is `isom` just like a film. Then the track handlers decide: a `vide`
handler is video, `soun` handlers alone are audio. The `moov` box that holds them sits at
the start of a file written for streaming and at the end otherwise, so both ends are read.
"""

from __future__ import annotations

__all__ = ["sniff_isobmff"]

_IMAGE_BRANDS = {b"avif": "avif", b"avis": "avif", b"heic": "heic", b"heix": "heic",
                 b"hevc": "heic", b"hevx": "heic", b"heim": "heic", b"heis": "heic",
                 b"mif1": "heic", b"msf1": "heic"}
_AUDIO_BRANDS = frozenset({b"M4A ", b"M4B ", b"M4P "})
_VIDEO_BRANDS = frozenset({b"M4V ", b"M4VH", b"M4VP", b"avc1", b"dash"})


def _brands(head: bytes) -> list[bytes] | None:
    """Major then compatible brands of a leading `ftyp` box, or None."""
    if len(head) < 16 or head[4:8] != b"ftyp":
        return None
    size, start = int.from_bytes(head[:4], "big"), 8
    if size == 1:  # a 64-bit box size follows the type
        size, start = int.from_bytes(head[8:16], "big"), 16
    if size < start + 8 or size > len(head):
        size = min(len(head), 256)
    major = head[start : start + 4]
    return [major, *(head[i : i + 4] for i in range(start + 8, size - 3, 4))]


def _handlers(*parts: bytes) -> set[bytes]:
    """Handler types of the `hdlr` boxes found in `parts` (box layout: size, "hdlr",
    version and flags, pre_defined, handler type)."""
    found: set[bytes] = set()
    for part in parts:
        at = part.find(b"hdlr")
        while at != -1:
            found.add(part[at + 12 : at + 16])
            at = part.find(b"hdlr", at + 4)
    return found


def sniff_isobmff(head: bytes, tail: bytes) -> tuple[str | None, str | None]:
    """(format, note): the format is None when the brands are generic and no track handler
    is in the bytes read; the note then says so."""
    brands = _brands(head)
    if brands is None:
        return None, None
    major = brands[0]
    for brand in (major, *brands[1:]):
        if brand in _IMAGE_BRANDS and major not in _AUDIO_BRANDS | _VIDEO_BRANDS:
            return _IMAGE_BRANDS[brand], None
    if major == b"qt  ":
        return "mov", None
    handlers = _handlers(head, tail)
    if b"vide" in handlers:
        return ("mov" if b"qt  " in brands else "mp4"), None
    if major in _AUDIO_BRANDS or b"soun" in handlers:
        return "m4a", None
    if major in _VIDEO_BRANDS or any(b in _VIDEO_BRANDS for b in brands):
        return "mp4", None
    if any(b in _AUDIO_BRANDS for b in brands):
        return "m4a", None
    return None, ("ISO media file (MP4 family): neither its brands nor the track handlers "
                  "in its first and last bytes say whether it is audio or video")

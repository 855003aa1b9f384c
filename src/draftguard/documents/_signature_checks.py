"""Confirming the short signatures (BMP, ICO, MP3, tar) by the header that follows them.

"BM", four zero-and-one bytes, a two-byte MPEG sync word: such signatures match ordinary
data far too often to be believed alone, so each is believed only when the header fields
after it hold values the format allows. The checks read the first bytes only.
"""

from __future__ import annotations

import tarfile

__all__ = ["confirm_signature"]

_DIB_HEADER_SIZES = frozenset({12, 16, 40, 52, 56, 64, 108, 124})
# 0: the pixels are an embedded JPEG or PNG (compression 4 or 5).
_BMP_BIT_COUNTS = frozenset({0, 1, 2, 4, 8, 16, 24, 32, 64})
_ICO_BIT_COUNTS = frozenset({0, 1, 2, 4, 8, 16, 24, 32})
# MPEG audio bit rates (kbit/s) by [version is MPEG-1][layer III]: index 1..14.
_MP3_RATES_V1 = (32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320)
_MP3_RATES_V2 = (8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)
_MP3_SAMPLE_RATES = {3: (44100, 48000, 32000), 2: (22050, 24000, 16000),
                     0: (11025, 12000, 8000)}


def confirm_signature(fmt: str, head: bytes, size: int) -> bool:
    """Whether the header after `fmt`'s signature at the start of `head` is well formed.

    `size` is the whole document's size; formats without a check here are confirmed.
    """
    check = _CHECKS.get(fmt)
    return True if check is None else check(head, size)


def _bmp(head: bytes, size: int) -> bool:
    if len(head) < 30 or head[:2] != b"BM":
        return False
    offset = int.from_bytes(head[10:14], "little")
    dib = int.from_bytes(head[14:18], "little")
    if dib not in _DIB_HEADER_SIZES or not 14 + dib <= offset <= max(size, 14 + dib):
        return False
    if dib == 12:  # OS/2 1.x: 16-bit width and height
        planes, bits = (int.from_bytes(head[22:24], "little"),
                        int.from_bytes(head[24:26], "little"))
    else:
        planes, bits = (int.from_bytes(head[26:28], "little"),
                        int.from_bytes(head[28:30], "little"))
    return planes == 1 and bits in _BMP_BIT_COUNTS


def _ico(head: bytes, size: int) -> bool:
    count = int.from_bytes(head[4:6], "little")
    if head[:4] != b"\x00\x00\x01\x00" or count == 0 or len(head) < 6 + 16 * min(count, 4):
        return False
    for i in range(min(count, 4)):
        entry = head[6 + 16 * i : 22 + 16 * i]
        reserved, planes = entry[3], int.from_bytes(entry[4:6], "little")
        bits = int.from_bytes(entry[6:8], "little")
        length = int.from_bytes(entry[8:12], "little")
        offset = int.from_bytes(entry[12:16], "little")
        if reserved != 0 or planes > 1 or bits not in _ICO_BIT_COUNTS or length == 0:
            return False
        if offset < 6 + 16 * count or offset + length > size:
            return False
    return True


def _mpeg_frame_length(header: bytes) -> int | None:
    """Length of the MPEG layer III frame whose 4-byte header is `header`, or None."""
    if len(header) < 4 or header[0] != 0xFF or header[1] & 0xE0 != 0xE0:
        return None
    version = (header[1] >> 3) & 3  # 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
    layer = (header[1] >> 1) & 3  # 1: layer III
    rate_index, sample_index = header[2] >> 4, (header[2] >> 2) & 3
    if version == 1 or layer != 1 or rate_index in (0, 15) or sample_index == 3:
        return None
    rates = _MP3_RATES_V1 if version == 3 else _MP3_RATES_V2
    bit_rate = rates[rate_index - 1] * 1000
    sample_rate = _MP3_SAMPLE_RATES[version][sample_index]
    padding = (header[2] >> 1) & 1
    per_frame = 144 if version == 3 else 72
    return per_frame * bit_rate // sample_rate + padding


def _mp3(head: bytes, size: int) -> bool:
    start = 0
    if head[:3] == b"ID3":
        # ID3v2: version 2-4, then a 28-bit "syncsafe" size (top bit of each byte clear).
        if len(head) < 10 or head[3] not in (2, 3, 4) or any(b & 0x80 for b in head[6:10]):
            return False
        tag = 10 + sum(b << (7 * (3 - i)) for i, b in enumerate(head[6:10]))
        tag += 10 if head[5] & 0x10 else 0  # footer present
        if tag + 4 > len(head):
            return tag < size  # the audio lies past the bytes read: the tag is the evidence
        start = tag
        while start < len(head) and head[start] == 0:  # padding some taggers leave
            start += 1
    first = _mpeg_frame_length(head[start : start + 4])
    if first is None:
        return False
    # One frame header can be chance; the next one where the first says it ends is not.
    after = start + first
    if after + 4 > len(head):
        return after >= size - 4 or after + 4 > size
    return _mpeg_frame_length(head[after : after + 4]) is not None


def _tar(head: bytes, size: int) -> bool:
    if len(head) < 512:
        return False
    try:
        # The stdlib's header parser verifies the header checksum.
        tarfile.TarInfo.frombuf(head[:512], "utf-8", "surrogateescape")
    except tarfile.HeaderError:
        return False
    return True


_CHECKS = {"bmp": _bmp, "ico": _ico, "mp3": _mp3, "tar": _tar}

"""Every occurrence of a literal string in a large text, with SIMD search and char offsets.

An anchor is only usable when it is proven unique, and proving that means scanning the whole
document for a second hit. CPython's `str.find` scans about 2-3 GB/s on prose (its skip
table rarely fires), so 100 anchors over a 1 MB post cost 40-90 ms. StringZilla's SIMD
substring search is about ten times faster, with no index to build.

StringZilla searches bytes. The text is encoded once to UTF-8 (lone surrogates kept with
"surrogatepass"), which keeps a mostly-ASCII post at about one byte per character. UTF-8 is
self-synchronising: a valid needle's bytes can only match at a character boundary, so byte
matches are exactly the character matches. Byte offsets become character offsets through a
table of checkpoints (one per 4 KiB), counting the lead bytes after the checkpoint; a pure
ASCII text needs no table at all.
"""

from __future__ import annotations

from bisect import bisect_right

import stringzilla as sz

__all__ = ["ExactFinder"]

_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8 bytes that do not start a character
_STEP = 4096


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _chars_in(data: bytes) -> int:
    """How many characters the UTF-8 bytes `data` hold (its lead bytes)."""
    return len(data.translate(None, _CONTINUATION))


class _Offsets:
    """Character <-> byte offsets of one UTF-8 text, via checkpoints at character starts."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        byte_at, char_at = [0], [0]
        for b in range(_STEP, len(data), _STEP):
            while data[b] & 0xC0 == 0x80:  # step back to the start of a character
                b -= 1
            if b > byte_at[-1]:
                char_at.append(char_at[-1] + _chars_in(data[byte_at[-1] : b]))
                byte_at.append(b)
        self.byte_at, self.char_at = byte_at, char_at

    def to_char(self, b: int) -> int:
        i = bisect_right(self.byte_at, b) - 1
        return self.char_at[i] + _chars_in(self.data[self.byte_at[i] : b])

    def to_byte(self, c: int) -> int:
        if c == 0:
            return 0
        i = bisect_right(self.char_at, c) - 1
        start = self.byte_at[i]
        end = self.byte_at[i + 1] if i + 1 < len(self.byte_at) else len(self.data)
        chunk = self.data[start:end].decode("utf-8", "surrogatepass")
        return start + len(_utf8(chunk[: c - self.char_at[i]]))


class ExactFinder:
    """One text, encoded once, searched for many needles; same answers as `str.find`."""

    def __init__(self, text: str) -> None:
        self.text = text
        data = _utf8(text)
        self._data = data  # sz.Str is a view: keep the buffer it reads alive beside it
        self._haystack = sz.Str(data)
        self._offsets = None if len(data) == len(text) else _Offsets(data)

    def find(self, needle: str, start: int = 0, end: int | None = None) -> int:
        """Offset of the first occurrence of `needle` in `text[start:end]`, else -1."""
        hits = self._scan(needle, start, end, first_only=True)
        return hits[0] if hits else -1

    def find_all(self, needle: str, start: int = 0, end: int | None = None) -> list[int]:
        """Start offsets of every occurrence of `needle` in `text[start:end]`, overlaps included.

        Equal to repeating `text.find(needle, pos + 1, end)` from `start` (but offsets are
        clamped, never counted from the end); an empty needle has no occurrences.
        """
        return self._scan(needle, start, end, first_only=False)

    def _scan(self, needle: str, start: int, end: int | None, *, first_only: bool) -> list[int]:
        n = len(self.text)
        end = n if end is None else min(end, n)
        start = max(0, start)
        if not needle or end - start < len(needle):
            return []
        data = _utf8(needle)
        offsets = self._offsets
        if offsets is None:
            lo, hi = start, end
        else:
            lo = offsets.to_byte(start)
            hi = len(offsets.data) if end == n else offsets.to_byte(end)
        find = self._haystack.find
        found: list[int] = []
        pos = find(data, lo, hi)
        while pos != -1:
            found.append(pos)
            if first_only:
                break
            # The next match may overlap this one; it starts at the next character at least.
            pos = find(data, pos + 1, hi)
        if offsets is not None:
            found = [offsets.to_char(p) for p in found]
        return found

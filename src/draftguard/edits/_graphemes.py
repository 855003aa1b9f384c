"""Grapheme-cluster boundaries: where a span of text may start or end without splitting a
character a reader sees as one (an accented letter, a flag, a ZWJ emoji sequence).

The rules are Unicode's extended grapheme clusters (UAX #29), checked at one offset from
the neighbouring characters' properties, so a match in a megabyte costs a few lookups.
"""

from __future__ import annotations

import regex

__all__ = ["is_cluster_boundary", "snap_to_clusters", "splits_cluster"]

# Never a break before these (GB9, GB9a) and never after a Prepend (GB9b).
_JOINS_PREVIOUS = regex.compile(r"[\p{GCB=Extend}\p{GCB=ZWJ}\p{GCB=SpacingMark}]")
_PREPEND = regex.compile(r"\p{GCB=Prepend}")
_PICTOGRAPHIC = regex.compile(r"\p{Extended_Pictographic}")
_EXTEND = regex.compile(r"\p{GCB=Extend}")
_REGIONAL = regex.compile(r"\p{GCB=Regional_Indicator}")
_CONSONANT = regex.compile(r"\p{InCB=Consonant}")
_LINKER = regex.compile(r"\p{InCB=Linker}")
_INCB_EXTEND = regex.compile(r"[\p{InCB=Extend}\p{InCB=Linker}]")
_HANGUL = regex.compile(r"\p{GCB=L}|\p{GCB=V}|\p{GCB=T}|\p{GCB=LV}|\p{GCB=LVT}")
# Hangul syllable sequences (GB6-GB8): which class may follow which without a break.
_HANGUL_JOINS = {
    "L": {"L", "V", "LV", "LVT"},
    "LV": {"V", "T"},
    "V": {"V", "T"},
    "LVT": {"T"},
    "T": {"T"},
}


def _hangul(ch: str) -> str | None:
    if not _HANGUL.match(ch):
        return None
    for name in ("LVT", "LV", "L", "V", "T"):
        if regex.match(rf"\p{{GCB={name}}}", ch):
            return name
    return None  # pragma: no cover - every match above has one class


def _zwj_sequence(text: str, zwj: int) -> bool:
    """Whether the ZWJ at `zwj` follows a pictograph (with Extend marks between): GB11."""
    k = zwj - 1
    while k >= 0 and _EXTEND.match(text[k]):
        k -= 1
    return k >= 0 and bool(_PICTOGRAPHIC.match(text[k]))


def _conjunct(text: str, pos: int) -> bool:
    """Whether a consonant at `pos` joins what comes before through a virama (GB9c).

    Read as the regex module's segmentation reads it, without requiring a consonant before
    the virama: keeping such a pair whole is the safe side.
    """
    k, linked = pos - 1, False
    while k >= 0 and _INCB_EXTEND.match(text[k]):
        linked = linked or bool(_LINKER.match(text[k]))
        k -= 1
    return linked


def is_cluster_boundary(text: str, pos: int) -> bool:
    """Whether a span may start or end at `pos` without splitting a grapheme cluster."""
    if pos <= 0 or pos >= len(text):
        return True
    before, after = text[pos - 1], text[pos]
    # Line breaks (CRLF too) are the patcher's to fit: it keeps each line's own newline.
    if (before < "\x80" and after < "\x80") or before in "\r\n" or after in "\r\n":
        return True
    if _JOINS_PREVIOUS.match(after) or _PREPEND.match(before):
        return False
    if before == "\u200d" and _PICTOGRAPHIC.match(after):
        return not _zwj_sequence(text, pos - 1)
    if _CONSONANT.match(after) and _conjunct(text, pos):
        return False
    if _REGIONAL.match(before) and _REGIONAL.match(after):
        k = pos - 1
        while k >= 0 and _REGIONAL.match(text[k]):
            k -= 1
        return (pos - 1 - k) % 2 == 0  # an even run before: `after` starts a new flag
    h_before, h_after = _hangul(before), _hangul(after)
    return not (h_before and h_after and h_after in _HANGUL_JOINS[h_before])


def splits_cluster(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` begins or ends inside a grapheme cluster.

    A span that leaves part of a cluster outside it would graft that part onto the
    replacement ("cafe" -> "bar" in NFD "cafe\u0301" gives "bár"; the woman of a
    woman-technologist emoji turns into a man-technologist), so it is no match.
    """
    return not (is_cluster_boundary(text, start) and is_cluster_boundary(text, end))


def snap_to_clusters(text: str, start: int, end: int) -> tuple[int, int]:
    """The smallest span holding `text[start:end]` that splits no grapheme cluster."""
    while start > 0 and not is_cluster_boundary(text, start):
        start -= 1
    while end < len(text) and not is_cluster_boundary(text, end):
        end += 1
    return start, end

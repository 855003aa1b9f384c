"""Cutting text into comparable units (paragraphs, lines or sentences) and normalising them.

Normalisation is deliberately narrow: CRLF to LF, Unicode NFC, case folding and runs of
whitespace. Anything beyond that (punctuation, a changed word) is a real change.
Fenced code blocks are always one unit, whatever the granularity.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from enum import StrEnum

import stringzilla as sz

from draftguard.markdown import FENCE_MARKERS, fence_closes, fence_opening
from draftguard.text import SENTENCE_END

__all__ = ["Granularity", "normalize_text", "normalize_unit", "segment", "segment_normalized"]


class Granularity(StrEnum):
    PARAGRAPH = "paragraph"
    LINE = "line"
    SENTENCE = "sentence"

    @property
    def plural(self) -> str:
        return f"{self.value}s"


# A blank line is one holding only whitespace; any run of them separates paragraphs.
_BLANK_LINES = re.compile(r"\n[^\S\n]*(?:\n[^\S\n]*)+")
# Whitespace that is not already a single plain space: runs, tabs, newlines, NBSP...
_ODD_SPACE = re.compile(r"\s{2,}|[^\S ]")
_ODD_HSPACE = re.compile(r"[^\S\n]{2,}|[^\S\n ]")
_ASCII_ODD_SPACE = "\t\x0b\x0c\r\x1c\x1d\x1e\x1f"
# Marks unit boundaries inside one string so normalisation runs once over the whole text.
_BOUNDARY = "\uffff"


def normalize_text(text: str) -> str:
    """Whole-text normalisation that keeps line structure: CRLF/CR, NFC and case."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text.lower()


def normalize_unit(unit: str) -> str:
    """One unit's comparison key: whitespace runs folded to one space, ends stripped."""
    return " ".join(unit.split())


class _FenceScanner:
    """Finds fence openings left to right; remembers the next hit of each marker so a text
    with no `~~~` (or no backticks) is not rescanned for it at every fence.

    The search only finds candidate lines; `draftguard.markdown` decides what is a fence.
    """

    def __init__(self, text: str, find: Callable[[str, int], int]) -> None:
        self.text = text
        self.find = find
        self.next = {m: find(m, 0) for m in FENCE_MARKERS}

    def _hit(self, marker: str, pos: int) -> int:
        i = self.next[marker]
        if i != -1 and i < pos:
            i = self.next[marker] = self.find(marker, pos)
        return i

    def opening(self, start: int) -> tuple[int, str] | None:
        """The next fence opening line at or after `start`: (line start, fence run)."""
        text = self.text
        pos = start
        while True:
            hits = [i for i in (self._hit(m, pos) for m in FENCE_MARKERS) if i != -1]
            if not hits:
                return None
            i = min(hits)
            line_start = text.rfind("\n", 0, i) + 1
            # An opening run starts within three characters of its line's start, and it is
            # the first hit on its line, so a later hit never needs the line read.
            if i - line_start <= 3:
                line_end = text.find("\n", i)
                line = text[line_start:] if line_end == -1 else text[line_start:line_end]
                if fence := fence_opening(line):
                    return line_start, fence
            pos = i + 3


def _fence_close(text: str, start: int, fence: str, find: Callable[[str, int], int]) -> int:
    """End offset of the line closing `fence` at or after `start`, or len(text) if unclosed."""
    pos = start
    while True:
        i = find(fence[0] * 3, pos)
        if i == -1:
            return len(text)
        line_start = text.rfind("\n", 0, i) + 1
        line_end = text.find("\n", i)
        line_end = len(text) if line_end == -1 else line_end
        if i - line_start <= 3 and fence_closes(text[line_start:line_end], fence):
            return line_end
        pos = line_end


def _blocks(text: str) -> list[tuple[str, bool]]:
    """Split LF text into (chunk, is_code) runs, fences kept whole; unclosed fences run to EOF."""
    out: list[tuple[str, bool]] = []
    pos = 0
    # For ASCII text, character and byte offsets agree, so StringZilla's SIMD search can
    # stand in for str.find on the long scans between fences.
    find: Callable[[str, int], int] = sz.Str(text).find if text.isascii() else text.find
    scanner = _FenceScanner(text, find)
    while (found := scanner.opening(pos)) is not None:
        line_start, fence = found
        out.append((text[pos:line_start], False))
        line_end = text.find("\n", line_start)
        end = len(text) if line_end == -1 else _fence_close(text, line_end + 1, fence, find)
        out.append((text[line_start:end], True))
        pos = end
    out.append((text[pos:], False))
    return out


def _split_prose(chunk: str, granularity: Granularity) -> list[str]:
    if granularity is Granularity.LINE:
        return chunk.split("\n")
    paragraphs = _BLANK_LINES.split(chunk)
    if granularity is Granularity.PARAGRAPH:
        return paragraphs
    sentences: list[str] = []
    for para in paragraphs:
        sentences.extend(SENTENCE_END.split(para))
    return sentences


def segment(text: str, granularity: Granularity = Granularity.PARAGRAPH) -> list[str]:
    """The text's units as written (CRLF folded), blank units dropped, code fences whole."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    units: list[str] = []
    for chunk, is_code in _blocks(text):
        if is_code:
            units.append(chunk.strip("\n"))
        else:
            units.extend(u.strip() for u in _split_prose(chunk, granularity) if u.strip())
    return units


def _normalized_prose(chunk: str, granularity: Granularity) -> list[str]:
    """Comparison keys of one fence-free chunk, normalised in whole-string passes."""
    if _BOUNDARY in chunk:  # cannot mark boundaries; take the unit-by-unit path
        return [k for k in map(normalize_unit, _split_prose(chunk, granularity)) if k]
    if granularity is Granularity.LINE:
        marked = _ODD_HSPACE.sub(" ", chunk).replace(" \n", "\n").replace("\n ", "\n")
        return [u for u in marked.strip(" ").split("\n") if u]
    marked = _BLANK_LINES.sub(_BOUNDARY, chunk)
    marked = _ODD_SPACE.sub(" ", marked)
    marked = marked.replace(" " + _BOUNDARY, _BOUNDARY).replace(_BOUNDARY + " ", _BOUNDARY)
    units = [u for u in marked.strip(" ").split(_BOUNDARY) if u]
    if granularity is Granularity.PARAGRAPH:
        return units
    return [s for u in units for s in SENTENCE_END.split(u) if s]


def segment_normalized(text: str, granularity: Granularity = Granularity.PARAGRAPH) -> list[str]:
    """Comparison keys of `segment(text)`, in order: equal to normalising each unit."""
    if granularity is Granularity.PARAGRAPH:
        return [str(key) for key in paragraph_keys(text).keys]
    keys: list[str] = []
    for chunk, is_code in _blocks(normalize_text(text)):
        if is_code:
            if key := normalize_unit(chunk):
                keys.append(key)
        else:
            keys.extend(_normalized_prose(chunk, granularity))
    return keys


class ParagraphKeys:
    """Paragraph keys as zero-copy views into one normalised buffer, and their total length
    in characters. Views hash and compare like the bytes they show, so two texts' keys can
    be counted and compared; `str(key)` gives the text."""

    __slots__ = ("chars", "keys")

    def __init__(self, keys: list[sz.Str], chars: int) -> None:
        self.keys = keys
        self.chars = chars


def _plain_paragraph_views(chunk: str) -> tuple[list[sz.Str], int] | None:
    """`_plain_paragraphs` on StringZilla views: SIMD scans, no per-paragraph copies."""
    chunk = chunk.strip("\n")
    if not chunk:
        return [], 0
    if chunk[0] == " " or chunk[-1] == " ":
        return None
    spaced = chunk.replace("\n", " ")
    view = sz.Str(spaced)
    if spaced.isascii():
        if view.find_first_of(_ASCII_ODD_SPACE) != -1:
            return None
    elif not spaced.isprintable():  # False for controls and every Unicode space but " "
        return None
    if view.find("   ") != -1:  # three newlines, or a space next to a paragraph break
        return None
    parts = view.split("  ")
    # Each "  " must come from a paragraph break, not a double space or " \n" / "\n ".
    if len(parts) != sz.Str(chunk).count("\n\n") + 1:
        return None
    return list(parts), len(spaced) - 2 * (len(parts) - 1)


def paragraph_keys(text: str) -> ParagraphKeys:
    """Paragraph comparison keys of `text` as views; as text, `segment_normalized(text)`."""
    keys: list[sz.Str] = []
    chars = 0
    for chunk, is_code in _blocks(normalize_text(text)):
        if is_code:
            if key := normalize_unit(chunk):
                keys.append(sz.Str(key))
                chars += len(key)
        elif (found := _plain_paragraph_views(chunk)) is not None:
            keys.extend(found[0])
            chars += found[1]
        else:
            general = _normalized_prose(chunk, Granularity.PARAGRAPH)
            keys.extend(map(sz.Str, general))
            chars += sum(map(len, general))
    return ParagraphKeys(keys, chars)

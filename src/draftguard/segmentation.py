"""Cutting text into comparable units (paragraphs, lines or sentences) and normalising them.

Normalisation is deliberately narrow: CRLF to LF, Unicode NFC, case folding and runs of
whitespace. Anything beyond that (punctuation, a changed word) is a real change.
Fenced code blocks are always one unit, whatever the granularity.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum

__all__ = ["Granularity", "normalize_unit", "normalize_text", "segment", "segment_normalized"]


class Granularity(StrEnum):
    PARAGRAPH = "paragraph"
    LINE = "line"
    SENTENCE = "sentence"

    @property
    def plural(self) -> str:
        return f"{self.value}s"


_BLANK_LINES = re.compile(r"\n[ \t\f\v]*(?:\n[ \t\f\v]*)+")
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)
# A sentence ends at . ! or ? (optionally closed by quotes or brackets) followed by space.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"')\]])\s+")


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


def _blocks(text: str) -> list[tuple[str, bool]]:
    """Split LF text into (chunk, is_code) runs, fences kept whole; unclosed fences run to EOF."""
    if "```" not in text and "~~~" not in text:
        return [(text, False)]
    out: list[tuple[str, bool]] = []
    pos = 0
    while True:
        m = _FENCE_OPEN.search(text, pos)
        if m is None:
            out.append((text[pos:], False))
            return out
        out.append((text[pos : m.start()], False))
        fence = m.group(1)
        close = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.MULTILINE)
        line_end = text.find("\n", m.end())
        if line_end == -1:
            out.append((text[m.start() :], True))
            return out
        c = close.search(text, line_end + 1)
        end = len(text) if c is None else c.end()
        out.append((text[m.start() : end], True))
        pos = end


def _split_prose(chunk: str, granularity: Granularity) -> list[str]:
    if granularity is Granularity.LINE:
        return chunk.split("\n")
    paragraphs = _BLANK_LINES.split(chunk)
    if granularity is Granularity.PARAGRAPH:
        return paragraphs
    sentences: list[str] = []
    for para in paragraphs:
        sentences.extend(_SENTENCE_END.split(para))
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


def segment_normalized(text: str, granularity: Granularity = Granularity.PARAGRAPH) -> list[str]:
    """Comparison keys of `segment(text)`, in order."""
    keys = (normalize_unit(u) for u in segment(normalize_text(text), granularity))
    return [k for k in keys if k]

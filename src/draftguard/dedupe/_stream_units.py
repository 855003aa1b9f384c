"""Cutting a streamed markdown answer into dedupe units, incrementally and prefix-stably.

A unit is a sentence of prose, a list item's sentence (the marker stays with the first one),
a markdown heading line, a table row or a line of a fenced code block. Everything between
units is a separator (whitespace and newlines), kept verbatim so that text with nothing
removed comes out byte for byte as it went in.

The scanner is prefix-stable: feeding text in any chunking yields the same pieces as feeding
it whole, because a unit is only committed once nothing that follows can change it. A
sentence is committed when its end punctuation is followed by whitespace (and the word before
a lone "." is not an abbreviation such as St. or Dr.), a line when its newline arrives. Only
the unfinished tail of the current line is held back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from draftguard.markdown import FENCE_MARKERS, fence_closes, fence_opening
from draftguard.text import SENTENCE_END_MARKS

__all__ = [
    "ABBREVIATIONS",
    "MAYBE_END",
    "NEVER_END",
    "Piece",
    "PieceKind",
    "UnitScanner",
    "split_units",
    "units_only",
]


class PieceKind(StrEnum):
    SEPARATOR = "separator"
    SENTENCE = "sentence"
    HEADING = "heading"
    TABLE = "table"
    CODE = "code"

    @property
    def exempt(self) -> bool:
        """Code and tables pass untouched: repeating a column header is not a duplicate."""
        return self in (PieceKind.TABLE, PieceKind.CODE)


@dataclass(frozen=True, slots=True)
class Piece:
    kind: PieceKind
    text: str


# After a lone "." these words never end a sentence ("Dr. Vetri", "e.g. pasta")...
NEVER_END = frozenset(
    """
    dr mr mrs ms mx prof rev hon gen capt lt sgt col mt ft vs cf approx e.g i.e
    """.split()  # noqa: SIM905
)
# ...and these end one only when a capital letter follows ("on Passyunk Ave. Book ahead."
# ends, "Passyunk Ave. near 9th" and "Jan. 5" do not). "St." is a title at the start of a
# name ("St. Louis", "on St. Mark's") and a street suffix after one ("S 9th St.").
MAYBE_END = frozenset(
    """
    st ave blvd rd ln pl sq hwy pkwy apt ste bldg fl rm no nos est dept
    inc co corp ltd bros assn univ jr sr etc a.m p.m u.s
    jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thurs fri sat sun
    """.split()  # noqa: SIM905
)
ABBREVIATIONS = NEVER_END | MAYBE_END

_LIST_MARKER = re.compile(r"[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+")
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t]|$)")
# End punctuation, then closing quotes/brackets/emphasis, then (lookahead) whitespace.
_SENTENCE_END = re.compile(rf"[{re.escape(SENTENCE_END_MARKS)}]+[\"'”’)\]*_]*(?=\s)")
_LAST_WORD = re.compile(r"([A-Za-z][A-Za-z.]*)$")
_DOTTED = re.compile(r"(?:[a-z]\.)+[a-z]")  # e.g, i.e, a.m, p.m, u.s
# A partial line starting with one of these is held whole until its newline: it may turn
# out to be a fence, a table row or a heading, which are not split into sentences.
_UNDECIDED_START = "".join(m[0] for m in FENCE_MARKERS) + "|#"


_WORDS_BEFORE = re.compile(r"(\S+)\s+\S*$")


def _ends_sentence(text: str, unit_start: int, dot: int, after: int) -> bool | None:
    """Whether the lone "." at `dot` ends a sentence; None when the next character decides
    and has not arrived yet. `after` is where the whitespace after the "." ends."""
    m = _LAST_WORD.search(text, unit_start, dot)
    if m is None:
        return True  # after a number, a symbol or a closing bracket
    word = m.group(1).lower().rstrip(".")
    if "." in word and _DOTTED.fullmatch(word) is None:
        return True
    if len(word) == 1 or word in NEVER_END:
        return False
    if word not in MAYBE_END and _DOTTED.fullmatch(word) is None:
        return True
    if word == "st":
        prev = _WORDS_BEFORE.search(text, unit_start, m.end())
        if prev is None or prev.group(1)[0].islower():
            return False  # "St. Louis", "on St. Mark's": a title
    if after >= len(text):
        return None
    return text[after].isupper()


def _sentences(text: str, start: int, *, final: bool) -> tuple[list[tuple[int, int]], int]:
    """Sentence spans in text[start:], and where the uncommitted rest begins.

    With `final` the end of `text` closes the last sentence; otherwise the text after the
    last committed boundary is left for later.
    """
    spans: list[tuple[int, int]] = []
    pos = start
    for m in _SENTENCE_END.finditer(text, start):
        if m.group().rstrip("\"'”’)]*_") == ".":
            after = m.end()
            while after < len(text) and text[after].isspace():
                after += 1
            decided = _ends_sentence(text, pos, m.start(), after)
            if decided is None:
                if final:
                    continue  # the line ends here, so the sentence does too
                return spans, pos
            if not decided:
                continue
        spans.append((pos, m.end()))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    if final and text[pos:].strip():
        end = len(text.rstrip())
        spans.append((pos, end))
        pos = len(text)
    return spans, pos


class UnitScanner:
    """Incremental splitter: `feed` chunks, then `finish`; both return the pieces committed."""

    def __init__(self) -> None:
        # The unemitted tail of the current line, and whether part of that line was already
        # emitted. Only the tail is kept: a long paragraph without line breaks must not be
        # copied again for every chunk.
        self._line = ""
        self._mid = False
        self._fence: str | None = None  # the opening fence while inside a code block

    @property
    def held(self) -> str:
        """The raw text not yet emitted (the unfinished tail)."""
        return self._line

    def feed(self, text: str) -> list[Piece]:
        # State is committed only at the end, so a failure leaves `held` covering all of
        # the text not yet emitted.
        out: list[Piece] = []
        data = self._line + text
        mid = self._mid
        start = 0
        while (nl := data.find("\n", start)) != -1:
            out.extend(self._line_pieces(data[start:nl], mid=mid, final=True))
            out.append(Piece(PieceKind.SEPARATOR, "\n"))
            start, mid = nl + 1, False
        data = data[start:]
        if data:
            pieces = self._line_pieces(data, mid=mid, final=False)
            out.extend(pieces)
            if consumed := sum(len(p.text) for p in pieces):
                data, mid = data[consumed:], True
        self._line, self._mid = data, mid
        return out

    def touches_exempt(self, text: str) -> bool:
        """Whether feeding `text` next would put any of it on a code or table line, or on
        a partial line that may still become one. Changes nothing."""
        lines = (self._line + text).split("\n")
        fence, mid = self._fence, self._mid
        for i, line in enumerate(lines):
            final = i < len(lines) - 1
            if fence is not None:
                return True
            if mid:  # the start of this line already went out as prose
                mid = False
                continue
            stripped = line.lstrip(" \t")
            if not final and (not stripped or stripped[0] in "`~|"):
                return bool(line)  # undecided: it may still open a fence or a table row
            if stripped.startswith("|") or fence_opening(line) is not None:
                return True
        return False

    def finish(self) -> list[Piece]:
        """Commit the held tail as complete (end of stream)."""
        out = self._line_pieces(self._line, mid=self._mid, final=True) if self._line else []
        self._line, self._mid, self._fence = "", False, None
        return out

    def _line_pieces(self, line: str, *, mid: bool, final: bool) -> list[Piece]:
        """Pieces of `line` (the unemitted part of a line; `mid` if its start went out)."""
        if not mid:
            kind = self._block_kind(line, final=final)
            if kind is None:
                return []  # undecided partial line: hold it whole
            if kind is not PieceKind.SENTENCE:
                return [Piece(kind, line)] if line else []
        return self._prose_pieces(line, mid=mid, final=final)

    def _block_kind(self, line: str, *, final: bool) -> PieceKind | None:
        if self._fence is not None:
            if not final:
                return None
            if fence_closes(line, self._fence):
                self._fence = None
            return PieceKind.CODE
        stripped = line.lstrip(" \t")
        if not final and (not stripped or stripped[0] in _UNDECIDED_START):
            return None
        if (fence := fence_opening(line)) is not None:
            self._fence = fence
            return PieceKind.CODE
        if stripped.startswith("|"):
            return PieceKind.TABLE
        if _HEADING.match(line):
            return PieceKind.HEADING
        return PieceKind.SENTENCE

    @staticmethod
    def _prose_pieces(line: str, *, mid: bool, final: bool) -> list[Piece]:
        lead = 0
        while lead < len(line) and line[lead].isspace():
            lead += 1
        if not mid and (marker := _LIST_MARKER.match(line)) is not None:
            first_text = marker.end()  # the marker belongs to the item's first sentence
        else:
            first_text = lead
        spans, rest = _sentences(line, first_text, final=final)
        if not spans:
            # Nothing complete yet: hold all of it, indentation and list marker included,
            # so the next call still sees the line from its start.
            if final and line:
                return [Piece(PieceKind.SEPARATOR, line)]
            return []
        out: list[Piece] = []
        if lead > 0:
            out.append(Piece(PieceKind.SEPARATOR, line[:lead]))
        prev_end = lead
        for i, (s, e) in enumerate(spans):
            unit_start = lead if i == 0 else s
            if unit_start > prev_end:
                out.append(Piece(PieceKind.SEPARATOR, line[prev_end:unit_start]))
            out.append(Piece(PieceKind.SENTENCE, line[unit_start:e]))
            prev_end = e
        # Whitespace after the last committed sentence, up to the held tail.
        tail_end = len(line) if final else rest
        if tail_end > prev_end:
            out.append(Piece(PieceKind.SEPARATOR, line[prev_end:tail_end]))
        return out


def split_units(text: str) -> list[Piece]:
    """All pieces of a complete text (separators included), as the scanner would stream them."""
    scanner = UnitScanner()
    return scanner.feed(text) + scanner.finish()


def units_only(pieces: Iterable[Piece]) -> list[Piece]:
    """The units of `pieces`, separators left out."""
    return [p for p in pieces if p.kind is not PieceKind.SEPARATOR]

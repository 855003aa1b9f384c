"""Which result venues' catalogue lines an answer already holds. No ADK here.

The grounding filter replaces a sentence that states a false fact of a venue with the
catalogue's own line for it (`Venue.line`), once per answer. A line is held whether the
filter put it in or the answer wrote it (its first sentence, word for word), so a note
never repeats a line the answer gave, and when the answer goes on to write a line a note
already gave, its sentences are said already: the filter leaves them out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from draftguard.dedupe import PieceKind, UnitScanner
from event_planning.catalog import venue_by_id

__all__ = ["LineLedger", "in_place_of"]

_MARKER = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+")


def _sentences(text: str) -> list[str]:
    scanner = UnitScanner()
    pieces = scanner.feed(text) + scanner.finish()
    return [p.text for p in pieces if p.kind is PieceKind.SENTENCE]


def in_place_of(sentence: str, replacement: str) -> str:
    """What goes out in place of `sentence`: a list item's replacement keeps its marker; a
    dropped item (no replacement) goes whole."""
    if not replacement:
        return ""
    marker = _MARKER.match(sentence)
    return (marker.group() if marker else "") + replacement


def _bare(sentence: str) -> str:
    """A sentence without its list marker and outer space."""
    return _MARKER.sub("", sentence).strip()


class LineLedger:
    """The catalogue lines one answer holds, and the rest of a noted line it is writing."""

    def __init__(self, results: Iterable[str]) -> None:
        #: Venue ids whose line the answer holds (`judge_sentence`'s `shown_lines`).
        self.shown: set[str] = set()
        self._noted: set[str] = set()
        self._lines: dict[str, list[str]] = {}
        for venue in (venue_by_id(i) for i in results):
            if venue is not None:
                self._lines[venue.id] = _sentences(venue.line())
        self._rest: list[str] = []

    def said_already(self, sentence: str) -> bool:
        """Whether the answer's `sentence` is one of a line a note already gave: its first
        sentence, or the next one of the line it is writing. A first sentence of a line no
        note gave makes that line held."""
        text = _bare(sentence)
        if self._rest and text == self._rest[0]:
            self._rest.pop(0)
            return True
        self._rest = []
        for venue_id, line in self._lines.items():
            if line and text == line[0]:
                if venue_id in self._noted:
                    self._rest = line[1:]
                    return True
                self.shown.add(venue_id)
        return False

    def noted(self, venue_ids: Iterable[str]) -> None:
        """The filter gave these venues' lines in a note."""
        ids = set(venue_ids)
        self.shown |= ids
        self._noted |= ids

"""One document version parsed once for the patcher: its markdown map and its search text.

Both cost more than locating a typical op (about 0.1 s for a 1 MB post), so the last few
versions are kept: a rejected plan leaves the post as it was, and the plan that settles the
question, or the next dry run, finds the work done.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from draftguard.edits._rejection import clip
from draftguard.edits._result import Candidate
from draftguard.edits._search_text import AnchorMatch, SearchText
from draftguard.markdown import MarkdownMap

__all__ = ["PreparedDoc", "prepare"]

_KEEP = 2
_cache: OrderedDict[str, PreparedDoc] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class PreparedDoc:
    """A text with its markdown map and search index; never changed after it is built."""

    text: str
    doc: MarkdownMap
    search: SearchText

    def candidate(self, m: AnchorMatch) -> Candidate:
        """A match as a person sees it: its line, its text and some context."""
        doc = self.doc
        line = doc.line_of(m.start)
        line_text = doc.line_text(line)
        col = m.start - doc.line_starts[line]
        lo = max(0, col - 60)
        context = ("…" if lo else "") + line_text[lo : col + (m.end - m.start) + 60]
        return Candidate(
            line=line + 1, text=clip(self.text[m.start : m.end]), context=clip(context, 160),
            score=m.score,
        )

    def on_line(self, m: AnchorMatch, line: int) -> bool:
        """Whether 1-based `line` is one of the lines the match covers."""
        doc = self.doc
        return doc.line_of(m.start) <= line - 1 <= doc.line_of(max(m.start, m.end - 1))

    def newline_near(self, offset: int) -> str:
        """The line terminator of the line holding `offset` (or the nearest line before it).

        In a file with mixed line endings the local style is the right one for new lines;
        the document's dominant style would rewrite the neighbour's ending.
        """
        doc, text = self.doc, self.text
        line = doc.line_of(offset)
        while line >= 0:
            end = doc.line_end(line)
            if text.startswith("\r\n", end):
                return "\r\n"
            if text.startswith("\n", end):
                return "\n"
            line -= 1
        return doc.newline


def prepare(text: str) -> PreparedDoc:
    """`text` parsed for the patcher, reused when the same text comes again."""
    with _lock:
        hit = _cache.get(text)
        if hit is not None:
            _cache.move_to_end(text)
            return hit
    doc = MarkdownMap(text)
    prepared = PreparedDoc(text, doc, SearchText(text, [(b.start, b.end) for b in doc.blocks]))
    with _lock:
        _cache[text] = prepared
        while len(_cache) > _KEEP:
            _cache.popitem(last=False)
    return prepared

"""Cutting a post or a source into chunks: its paragraphs, with the heading they sit under.

A chunk is what a generated item may cite, so it must be small enough to check an item
against (a paragraph) and must keep its heading, which carries the topic a paragraph alone
may not name. Long paragraphs are cut at sentence ends; fenced code stays one chunk.
"""

from __future__ import annotations

from draftguard.markdown import BlockKind, MarkdownMap
from draftguard.sources._chunks import SourceChunk
from draftguard.text import SENTENCE_BREAK

__all__ = ["DEFAULT_MAX_WORDS", "chunk_text"]

#: A chunk longer than this is cut at sentence ends (a paragraph of a transcript can be long).
DEFAULT_MAX_WORDS = 160


def _pieces(text: str, max_words: int) -> list[str]:
    if len(text.split()) <= max_words:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    count = 0
    for sentence in SENTENCE_BREAK.split(text):
        words = len(sentence.split())
        if current and count + words > max_words:
            pieces.append(" ".join(current))
            current, count = [], 0
        current.append(sentence.strip())
        count += words
    if current:
        pieces.append(" ".join(current))
    return pieces


def chunk_text(text: str, *, source: str, max_words: int = DEFAULT_MAX_WORDS) -> list[SourceChunk]:
    """`text` (markdown or plain text) as chunks `source#1`, `source#2`, ... in reading order.

    Headings are not chunks of their own; each chunk under one starts with its title line,
    so "Baking the loaf" is findable in the paragraph that says only "250 °C for 20 minutes".
    """
    doc = MarkdownMap(text)
    chunks: list[SourceChunk] = []
    heading = ""
    for block in doc.blocks:
        if block.kind is BlockKind.HEADING:
            heading = block.title
            continue
        if block.kind not in (BlockKind.PARAGRAPH, BlockKind.CODE):
            continue
        body = text[block.start : block.end].strip()
        if not body:
            continue
        pieces = [body] if block.kind is BlockKind.CODE else _pieces(" ".join(body.split()),
                                                                      max_words)
        for piece in pieces:
            chunk = f"{heading}\n{piece}" if heading else piece
            chunks.append(SourceChunk(id=f"{source}#{len(chunks) + 1}", source=source,
                                      text=chunk))
    return chunks

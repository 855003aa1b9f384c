"""Duplicate-content filtering of streamed text."""

from __future__ import annotations

from draftguard.dedupe._sentence_window import (
    SentenceWindow,
)
from draftguard.dedupe._stream import (
    ChunkReplay,
    ContentDuplicationEvent,
    DedupeObserver,
    DedupeSettings,
    DuplicateIndex,
    SentenceSimilarity,
    StreamDeduper,
    dedupe_text,
    normalize_sentence,
    similarity,
)
from draftguard.dedupe._stream_units import (
    ABBREVIATIONS,
    MAYBE_END,
    NEVER_END,
    Piece,
    PieceKind,
    UnitScanner,
    split_units,
    units_only,
)

__all__ = [
    "ABBREVIATIONS",
    "MAYBE_END",
    "NEVER_END",
    "ChunkReplay",
    "ContentDuplicationEvent",
    "DedupeObserver",
    "DedupeSettings",
    "DuplicateIndex",
    "Piece",
    "PieceKind",
    "SentenceSimilarity",
    "SentenceWindow",
    "StreamDeduper",
    "UnitScanner",
    "dedupe_text",
    "normalize_sentence",
    "similarity",
    "split_units",
    "units_only",
]

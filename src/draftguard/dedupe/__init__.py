"""Duplicate-content filtering of streamed text."""

from __future__ import annotations

from draftguard.dedupe._stream_units import Piece, PieceKind, UnitScanner

__all__ = [
    "Piece",
    "PieceKind",
    "UnitScanner",
]

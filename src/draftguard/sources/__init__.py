"""Source material an author brings (notes, transcripts) as chunks that artifacts and edits
are grounded in."""

from __future__ import annotations

__all__: list[str] = []

"""A text's words folded for comparison: accents and case off, hyphens as spaces, names
joined with "and" split apart. Cached, as the record's texts are read for every sentence of
a reply."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from draftguard.claims._verb_forms import stems

__all__ = ["fold", "joined", "name_parts", "text_stems", "words_of"]


@lru_cache(maxsize=1024)
def text_stems(text: str) -> frozenset[str]:
    """Every word of `text` and its bases (`stems`), hyphens as spaces; cached."""
    return frozenset(b for word in words_of(text.replace("-", " ")) for b in stems(word))


def fold(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def name_parts(name: str) -> list[str]:
    """The names a name joins with "and" or "&" ("A and B" -> ["A", "B"])."""
    parts = [p.strip() for p in name.replace(" & ", " and ").split(" and ")]
    return [p for p in parts if p]


@lru_cache(maxsize=2048)
def words_of(text: str) -> tuple[str, ...]:
    """The text's words, folded (accents and case off); cached, as the record's texts are
    read for every sentence of a reply."""
    spaced = "".join(c if c.isalnum() or c in ".&" else " " for c in fold(text))
    return tuple(w for w in (w.strip(".") for w in spaced.split()) if w)


@lru_cache(maxsize=2048)
def joined(text: str) -> str:
    """The text's folded words, joined by single spaces, with a space at each end."""
    return f" {' '.join(words_of(text))} "

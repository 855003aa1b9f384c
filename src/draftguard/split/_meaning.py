"""What an outline item and a paragraph mean, beside the words they share.

The split proposal and the coverage check score a paragraph for an outline item by shared
word stems (lexical, always there). When a `Similarity` is given they blend in meaning: the
cosine of the item's and the paragraph's sentence embeddings, so "A burr grinder gives an
even size" is about "Grinding" and "Four minutes in a French press" about "Brewing time",
though neither shares a stem with its heading.

The semantic signal is optional and injected. The core never imports the language layer at
import time; `language_similarity()` returns the language layer's MiniLM cosines when the
`language` extra and its weights are installed, and None otherwise, and None means the
scores are the lexical ones, unchanged (the fallback).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from draftguard.language import Lexicon

__all__ = ["DEFAULT_BLEND", "Blend", "Similarity", "blend_scores", "language_similarity",
           "spelled"]

_WORD = re.compile(r"[^\W\d_]+")
#: Edits a spoken or slipped spelling of a function word may be from it (for `spelled`).
SPELLING_DISTANCE = 2

Similarity = Callable[[Sequence[str], Sequence[str]], Sequence[Sequence[float]]]
"""`similarity(items, units)[k][u]`: the cosine (-1..1) of outline item `k` and unit `u`."""


@dataclass(frozen=True, kw_only=True)
class Blend:
    """How meaning and shared words combine into one score (0-100) per item and paragraph.

    First `contrast` times the paragraph's mean cosine with the *other* items is taken off
    its cosine with this one (an intro or a title is close to every item; a paragraph about
    one item is closer to it than to the rest). That cosine counts 0 at or below
    `similarity_floor` and 100 at or above `similarity_full`, linearly between. The blend is
    `meaning_weight` of that plus the rest of the lexical share, so with the default half and
    half a paragraph relates to an item at the coverage cutoff (50) by holding all of its
    words, by meaning it fully, or by a mix. A heading's score is its words alone (it names
    the whole post). The coverage check also counts an item covered by the draft's best
    paragraph for it when that is kept and scores `best_floor` or more (0-100), or by its
    paragraph in the outline's order (`draftguard.split._order`) when that is kept, scores
    `order_floor` or more without the contrast, and more than any paragraph left out.

    Chosen on the dev set (tests/data/splits/splits.yaml) from a small grid, in the middle
    of a region where neighbouring values score the same; docs/split.md has the figures.
    """

    meaning_weight: float = 0.5
    similarity_floor: float = 0.0
    similarity_full: float = 0.7
    contrast: float = 0.5
    best_floor: float = 15.0
    order_floor: float = 7.5

    def __post_init__(self) -> None:
        if not 0.0 <= self.meaning_weight <= 1.0:
            raise ValueError(f"meaning_weight must be between 0 and 1, got {self.meaning_weight!r}")
        if not 0.0 <= self.contrast <= 1.0:
            raise ValueError(f"contrast must be between 0 and 1, got {self.contrast!r}")
        for name in ("best_floor", "order_floor"):
            if not 0.0 <= getattr(self, name) <= 100.0:
                raise ValueError(f"{name} must be between 0 and 100, "
                                 f"got {getattr(self, name)!r}")
        if not -1.0 <= self.similarity_floor < self.similarity_full <= 1.0:
            raise ValueError("similarity_floor must be below similarity_full, both within -1..1, "
                             f"got {self.similarity_floor!r} and {self.similarity_full!r}")

    def meaning(self, cosine: float) -> float:
        """The cosine as a score, 0-100."""
        share = (cosine - self.similarity_floor) / (self.similarity_full - self.similarity_floor)
        return 100.0 * min(1.0, max(0.0, share))

    def score(self, lexical: float, cosine: float) -> float:
        """The blended score of a lexical share (0-100) and a cosine."""
        return (1.0 - self.meaning_weight) * lexical + self.meaning_weight * self.meaning(cosine)


DEFAULT_BLEND = Blend()


def blend_scores(
    items: Sequence[str],
    units: Sequence[str],
    lexical: Sequence[Sequence[float]],
    similarity: Similarity | None,
    *,
    blend: Blend = DEFAULT_BLEND,
) -> list[list[float]]:
    """`lexical[k][u]` blended with `similarity(items, units)`; the lexical scores, copied,
    when `similarity` is None or there is nothing to compare."""
    if similarity is None or not items or not units:
        return [list(row) for row in lexical]
    cosines = [[float(x) for x in row] for row in similarity(items, units)]
    if len(cosines) != len(items) or any(len(row) != len(units) for row in cosines):
        raise ValueError("the similarity must give one cosine per outline item and unit")
    if len(items) > 1 and blend.contrast:
        n = len(items)
        totals = [sum(cosines[k][u] for k in range(n)) for u in range(len(units))]
        cosines = [[cosines[k][u] - blend.contrast * (totals[u] - cosines[k][u]) / (n - 1)
                    for u in range(len(units))] for k in range(n)]
    # A heading names the whole post: it is close to every item, so meaning cannot tell
    # which one it is about, and only its words count.
    heading = [u.lstrip().startswith("#") for u in units]
    return [[lexical[k][u] * (1.0 - blend.meaning_weight) if heading[u]
             else blend.score(lexical[k][u], cosines[k][u]) for u in range(len(units))]
            for k in range(len(items))]


def language_similarity() -> Similarity | None:
    """The language layer's MiniLM cosines, or None when the `language` extra or its
    embedding weights are not installed (nothing is loaded until the first call)."""
    try:
        from draftguard.language import language_installed
        from draftguard.language._availability import LanguageUnavailableError
        from draftguard.language._similarity import embeddings_folder
    except ImportError:
        return None
    if not language_installed():
        return None
    try:
        embeddings_folder()
    except LanguageUnavailableError:
        return None

    def cosines(items: Sequence[str], units: Sequence[str]) -> list[list[float]]:
        from draftguard.language import embed

        vectors = embed([*(spelled(i) for i in items), *units])
        matrix = vectors[: len(items)] @ vectors[len(items):].T
        return [[float(x) for x in row] for row in matrix]

    return cosines


@cache
def _speller() -> tuple[Lexicon, frozenset[str]]:
    from draftguard.language import Lexicon
    from draftguard.language._dictionary import function_words

    # Two edits: a spoken spelling may change a vowel and add one ("intae": "into").
    return Lexicon({}, typo_distance=SPELLING_DISTANCE), function_words()


def spelled(item: str) -> str:
    """An outline item with its words spelt as the encoder knows them: a word English does
    not know that is a slip or a spoken spelling of a function word ("intae", "aboot",
    "doon", "wiht") becomes that word, by the language layer's correction (edit distance against
    the function words; never a word the dictionary knows). The item's own words are what
    the author sees; this is only what is embedded. Needs the language layer."""
    lexicon, words = _speller()

    def one(match: re.Match[str]) -> str:
        return lexicon.correct(match.group(0), vocabulary=words) or match.group(0)

    return _WORD.sub(one, item)

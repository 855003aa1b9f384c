"""Reading by example: which labelled exemplar sentences a text is most like.

An app gives each of its intents a few example requests in plain words; `ExemplarIndex`
ranks the labels for a new text by the cosine of sentence embeddings. It covers what a
lexicon misses (paraphrase, new vocabulary), and says how sure it is: `best` returns a label
only when its score reaches `min_score` and beats the runner-up by `margin`, else None.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from draftguard.language._similarity import embed

__all__ = ["DEFAULT_MARGIN", "DEFAULT_MIN_SCORE", "ExemplarIndex", "Ranked"]

#: The cosine a text must reach with a label's nearest exemplar.
DEFAULT_MIN_SCORE = 0.6
#: How far ahead of the next label the best one must be.
DEFAULT_MARGIN = 0.05


@dataclass(frozen=True, slots=True)
class Ranked:
    label: str
    score: float
    #: The exemplar that scored it.
    nearest: str


class ExemplarIndex:
    """Labels with example texts; embedded on first use."""

    def __init__(self, exemplars: Mapping[str, Sequence[str]]) -> None:
        self._labels: list[str] = []
        self._texts: list[str] = []
        for label, texts in exemplars.items():
            for text in texts:
                self._labels.append(label)
                self._texts.append(text)
        if not self._texts:
            raise ValueError("an exemplar index needs at least one example")

    @cached_property
    def _vectors(self) -> npt.NDArray[np.float32]:
        return embed(self._texts)

    def rank(self, text: str) -> list[Ranked]:
        """Every label, best first, scored by its nearest exemplar."""
        scores = self._vectors @ embed([text])[0]
        best: dict[str, Ranked] = {}
        for i in np.argsort(-scores):
            label = self._labels[int(i)]
            if label not in best:
                best[label] = Ranked(label, float(scores[int(i)]), self._texts[int(i)])
        return list(best.values())

    def best(
        self, text: str, *, min_score: float = DEFAULT_MIN_SCORE, margin: float = DEFAULT_MARGIN
    ) -> Ranked | None:
        """The one label `text` reads as, or None when no label is near or two are close."""
        ranked = self.rank(text)
        if not ranked or ranked[0].score < min_score:
            return None
        if len(ranked) > 1 and ranked[0].score - ranked[1].score < margin:
            return None
        return ranked[0]

"""Fronts a passage is not about: a common word said once ("Order", "Association",
"Process") that the passage neither returns to nor opens with.

A card's front must name the passage's subject matter. A term is about the passage when it
recurs, when it is a name, a person, a place or a phrase of several words, when the word is
rare in English (a specialist's word: "invertase", "derailleur"), or when it is near in
meaning to the title and first sentence. What is left is one frequent common noun, said
once, far from what the passage opens with: an abstract word the sentence needed, not a
term a learner would study.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from draftguard.artifacts._terms import Term, TextView

__all__ = ["ABOUT_SIMILARITY", "GENERIC_ZIPF", "generic_terms"]

#: A word at least this frequent in English (wordfreq Zipf) is common: "order" 5.5,
#: "association" 5.0, "process" 5.3; "letter" 4.95, "storm" 4.7, "invertase" 0.
GENERIC_ZIPF = 5.0
#: A term at least this near (MiniLM cosine) to the title and first sentence is what the
#: passage is about, however common its word.
ABOUT_SIMILARITY = 0.3


def generic_terms(view: TextView, terms: Sequence[Term], *, min_zipf: float = GENERIC_ZIPF,
                  about: float = ABOUT_SIMILARITY) -> set[int]:
    """The `id`s of the terms the passage is not about (see the module's doc)."""
    from draftguard.artifacts._terms import with_of
    from draftguard.language import similarities, word_frequency

    # the front as a card says it: "side of a zip" is no lone "side"
    suspects = [t for t in terms
                if t.kind in {"thing", "name"} and t.mentions < 2 and t.text.count(" ") == 0
                and (t.role != "subject" or with_of(t) == t.text)
                and word_frequency(t.text.casefold()) >= min_zipf]
    if not suspects or not view.sentences:
        return set()
    opening = f"{view.title}. {view.sentences[0].text}" if view.title else (
        view.sentences[0].text)
    near = similarities(opening, [t.text for t in suspects])
    return {id(t) for t, s in zip(suspects, near, strict=True) if float(s) < about}

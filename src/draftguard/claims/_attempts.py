"""Which go made a thing right, held to how many repairs its run needed.

"They were spot on at the first attempt" after a run that repaired the cards twice: an
ordinal on a word of the claims lexicon's `attempt` ("attempt", "try", "go") after "at",
"on" or "in" says the thing came right at that go, so after one go fewer repairs. A run's
result field whose name holds one of those words or "repair" ("repair_attempts") counts the
repairs. A negation turns it round ("It didn't pass at the first go": not after none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._record import numbers_in
from draftguard.language import Lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from draftguard.claims._view import RecordView

__all__ = ["wrong_go"]

_ORDINALS = {w: n for n, w in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth"), start=1)} | {
    "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6}
_AT = frozenset({"at", "on", "in"})


def _repairs(view: RecordView, lexicon: Lexicon) -> set[float]:
    """The repair counts the runs of this turn give."""
    words = {*lexicon.words_for("attempt.try"), "repair"}
    out: set[float] = set()
    for run in view.record.runs:
        for key, value in numbers_in(run.result):
            parts = {p.removesuffix("s") for p in key.lower().split("_")}
            if parts & words:
                out.add(value)
    return out


def wrong_go(doc: Doc, view: RecordView, lexicon: Lexicon) -> str | None:
    """The go the sentence says a thing came right at, when the runs' repairs say otherwise
    (None when it says none, or no run counts repairs)."""
    for token in doc:
        if lexicon.concept(token.lemma_.lower()) != "attempt.try" or token.dep_ != "pobj" \
                or token.head.lower_ not in _AT:
            continue
        ordinal = next((_ORDINALS[k.lower_] for k in token.children
                        if k.dep_ == "amod" and k.lower_ in _ORDINALS), None)
        if ordinal is None:
            continue
        repairs = _repairs(view, lexicon)
        if not repairs:
            return None
        verb = token.head.head
        negated = any(k.dep_ == "neg" for k in verb.children)
        if (ordinal - 1 in repairs) == negated:
            return f"the {token.text} it came right at"
    return None

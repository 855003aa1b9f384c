"""A cleft: the words a sentence puts first to say which are meant ("it was Patsy Cline she
wanted", "it's Wednesday evenings I do the wards"), the new words of a correction said beside
the old ones ("..., not Dusty Springfield")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_said_short import kind_of

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["cleft_focus"]


def cleft_focus(before: list[Token], old: list[Token]) -> list[Token]:
    """The words a cleft puts first ("it was Patsy Cline she wanted": "Patsy Cline"; "it
    was a hardware store that got robbed": "hardware store"), without articles; for one
    old word, the one word of its kind ("it's Wednesday evenings I do the wards, not
    Tuesday": "Wednesday"); else []."""
    focus = _cleft_words(before)
    if len(old) == 1 and len(focus) > 1:
        return [t for t in focus if kind_of(t) == kind_of(old[0])][:1]
    return focus


def _cleft_words(before: list[Token]) -> list[Token]:
    """The words a cleft puts first, without articles, else []."""
    mine = {t.i for t in before}
    for be in before:
        subject = [c for c in be.children if c.dep_ == "nsubj" and c.lower_ == "it"]
        attr = next((c for c in be.children if c.dep_ == "attr" and c.i in mine), None)
        if be.lemma_ != "be" or not subject or attr is None or not any(
                c.dep_ == "relcl" for c in attr.children):
            continue
        return [t for t in attr.subtree if t.i <= attr.i and t.pos_ != "DET"]
    return []

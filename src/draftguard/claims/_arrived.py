"""A new thing said to have come, whatever the verb: "A quiz came along with them too", "A
mindmap was included". Read as "Here is your quiz" is (`Reading.presents`): a run of this
turn must have made it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["arrived"]


def arrived(doc: Doc, hedged: Callable[[Token], bool]) -> frozenset[str]:
    """The nouns, lemma form, that are the subject of a verb in the past (or a past passive)
    with "a" or "an", not negated and not `hedged`."""
    found: set[str] = set()
    for noun in doc:
        verb = noun.head
        if noun.dep_ in ("nsubj", "nsubjpass") and noun.pos_ == "NOUN" and any(
                k.dep_ == "det" and k.lower_ in ("a", "an") for k in noun.children) and (
                verb.tag_ == "VBD" or (verb.tag_ == "VBN" and any(
                    k.dep_ == "auxpass" and k.tag_ == "VBD" for k in verb.children))) and \
                not any(k.dep_ == "neg" for k in verb.children) and not hedged(verb):
            found.add(noun.lemma_.lower())
    return frozenset(found)

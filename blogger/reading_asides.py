"""What a person says beside a request, after a comma: a sentence of its own ("change that
to nearly an hour, it was never forty minutes to be fair"), which holds no words of the
request."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["before_own_sentence", "own_sentence"]


def own_sentence(part: list[Token]) -> bool:
    """Whether `part` is a sentence of its own: a subject and the verb it is the subject of,
    both in `part` ("it was never forty minutes", "you are a star")."""
    inside = {t.i for t in part}
    return any(t.dep_ in ("nsubj", "nsubjpass", "expl") and t.head.i in inside and
               t.head.pos_ in ("VERB", "AUX") for t in part)


def before_own_sentence(tokens: list[Token]) -> list[Token]:
    """`tokens` up to the first comma after which a sentence of its own follows."""
    for n, t in enumerate(tokens):
        if n > 0 and t.text == "," and own_sentence(tokens[n + 1:]):
            return tokens[:n]
    return tokens

"""Who or what a clause is about (its subject, found through a copula: "is saved", "is
ready"), and whether the clause is negated ("not", "never", "nothing", "no one")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._acted_on import clause_children, clause_head

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["NEGATING_SUBJECTS", "SUBJECTS", "negated", "subject_of", "subject_word"]

SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})
NEGATING_SUBJECTS = frozenset({"nothing", "none", "nobody", "neither"})


def subject_of(token: Token) -> Token | None:
    current: Token | None = token
    for _ in range(4):
        if current is None:
            return None
        for kid in clause_children(current):
            if kid.dep_ in SUBJECTS:
                return kid
        # A participle or adjective under a copula ("is saved", "is ready", "seems done").
        if current.dep_ in ("acomp", "xcomp", "attr", "oprd", "ccomp") and \
                current.head is not current:
            current = current.head
        else:
            return None
    return None


def subject_word(subject: Token | None) -> str | None:
    if subject is None:
        return None
    return subject.lower_ if subject.pos_ == "PRON" else subject.lemma_.lower()


def negated(token: Token, subject: Token | None) -> bool:
    for t in (token, clause_head(token), token.head):
        if any(k.dep_ == "neg" for k in t.children):
            return True
    if any(k.dep_ == "dobj" and k.lower_ in NEGATING_SUBJECTS for k in token.children):
        return True  # "it changed nothing"
    if subject is not None:
        if subject.lower_ in NEGATING_SUBJECTS:
            return True
        if any(k.lower_ == "no" for k in subject.children):
            return True
    return False

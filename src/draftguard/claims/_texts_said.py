"""What a sentence says a text of the record says ("The post says the café opens on
Saturdays"), or does not say ("The post does not mention four kilos"): the content words a
reporting verb puts in the text's mouth, or each thing it denies is there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._subjects import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["denied", "reported"]

#: The parts of speech that carry what a text says.
_CONTENT = frozenset({"NOUN", "PROPN", "ADJ", "VERB"})


def reported(token: Token) -> set[str]:
    """The content words of what a reporting verb says a text says, when its subject is a
    thing (the post, a card) or the author in the present ("You write about ..."), not a
    person in the past ("you said", "I mentioned")."""
    subject = subject_of(token)
    if subject is None and token.dep_ in ("ccomp", "dep"):
        # "You'll find the post now says ...": the parser takes the text for the object
        subject = next((k for k in token.head.children if k.dep_ == "dobj" and k.i < token.i),
                       None)
    if subject is None or (subject.pos_ not in ("NOUN", "PROPN") and not _author(subject)):
        return set()
    words: set[str] = set()
    for kid in token.children:
        if any(k.dep_ == "det" and k.lower_ == "no" for k in kid.children):
            continue  # "The post describes no nesting box": what it lacks is no quote
        if kid.dep_ in ("ccomp", "dobj", "prep", "xcomp", "attr"):
            words.update(t.lemma_.lower() for t in kid.subtree
                         if t.pos_ in _CONTENT and not t.is_stop and t.is_alpha)
    return words


def _author(subject: Token) -> bool:
    """"You", saying in the present what your text says ("You write about a shower", "you
    mention the ferry"): the post's words, as "the post says" would be."""
    return subject.lower_ == "you" and subject.head.tag_ in ("VBP", "VBZ")


def denied(token: Token) -> list[frozenset[str]]:
    """The content words of what a negated reporting verb says a text does not say, one set
    for each thing denied ("The post does not mention four kilos or the hose" -> {"four",
    "kilo"}, {"hose"}), when its subject is a thing; a question word's clause ("never says
    how big the plot is") quotes nothing."""
    subject = subject_of(token)
    if subject is None or subject.pos_ not in ("NOUN", "PROPN"):
        return []
    groups: list[frozenset[str]] = []
    for kid in token.children:
        if kid.dep_ not in ("ccomp", "dobj", "prep", "xcomp", "attr"):
            continue
        if any(t.tag_ in ("WDT", "WP", "WP$", "WRB") or t.lower_ in ("whether", "if")
               for t in kid.subtree):
            return []
        for head in (kid, *kid.conjuncts):
            apart = {t.i for c in head.children if c.dep_ in ("conj", "cc", "preconj")
                     for t in c.subtree}
            words = frozenset(t.lemma_.lower() for t in head.subtree if t.i not in apart
                              and t.is_alpha and (t.pos_ == "NUM" or (
                                  t.pos_ in _CONTENT and not t.is_stop)))
            if words:
                groups.append(words)
    return groups

"""What a person of the post is, held against the post: "Your sister Priya is a school
teacher" of a post that says "My sister Priya, a nurse, ...".

The post tells who someone is in an appositive ("My coach, a retired sprinter"), after a
copula ("Priya is a nurse") or after "work as" ("works as a nurse"). A reply that says the
same person (the same head noun or name) is something else, in any of those shapes or in a
relative clause ("Priya, who works as a doctor"), is false. A noun with an adjective of its
own ("a great help", "a keen cyclist") is an opinion, and a person the post gives no such
noun is left alone: only what the post says decides.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from draftguard.language import parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["identified", "unlike_identity"]

#: Verbs after which "as" gives what someone is ("works as a nurse").
_AS_VERBS = frozenset({"work", "serve", "train", "volunteer"})
#: The author, as the reply and the post say it.
_AUTHOR = {"i": "<author>", "you": "<author>", "me": "<author>"}


def _noun(token: Token) -> str | None:
    """The lemma of a plain noun saying what someone is; None for an opinion (an adjective
    of its own) or anything but a common noun."""
    if token.pos_ != "NOUN" or any(c.dep_ == "amod" for c in token.children):
        return None
    return token.lemma_.lower()


def _as_of(verb: Token) -> set[str]:
    """What "works as a N" says the verb's subject is."""
    if verb.lemma_.lower() not in _AS_VERBS:
        return set()
    return {n for p in verb.children if p.dep_ == "prep" and p.lower_ == "as"
            for o in p.children if o.dep_ == "pobj" and (n := _noun(o)) is not None}


def identities(doc: Doc, *, named: bool = False) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(who, what they are) for each person the text says is something (`named`: only a
    person with a name, or the author: "40 percent of the fixes were kettles" is no one)."""
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for person in doc:
        if person.pos_ not in ("NOUN", "PROPN") and person.lower_ not in _AUTHOR:
            continue
        if person.dep_ == "appos":
            continue  # read with the noun it stands beside
        # "My sister Priya, a nurse": one person, named by an appositive chain
        chain = [person]
        for token in chain:  # grows as it goes: an appositive of an appositive
            chain += [c for c in token.children if c.dep_ == "appos"]
        who = {_AUTHOR.get(person.lower_, person.lemma_.lower())} | {
            c.lemma_.lower() for t in chain for c in (t, *t.children)
            if c.pos_ == "PROPN" and (c is t or c.dep_ == "compound")}
        what = {n for t in chain[1:] if (n := _noun(t)) is not None}
        what |= {n for t in chain for k in t.children if k.dep_ == "relcl" for n in _as_of(k)}
        if person.dep_ == "nsubj":
            verb = person.head
            what |= _as_of(verb)
            if verb.lemma_ == "be" and not any(c.dep_ == "neg" for c in verb.children):
                what |= {n for c in verb.children if c.dep_ == "attr"
                         and (n := _noun(c)) is not None}
        if what and (not named or len(who) > 1 or "<author>" in who or person.pos_ == "PROPN"):
            out.append((frozenset(who), frozenset(what)))
    return out


@lru_cache(maxsize=64)
def _told(document: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    return tuple(p for line in document.splitlines()
                 if (text := line.strip()) and not text.startswith(("#", "---", "|", "```"))
                 for p in identities(parse(text, entities=False), named=True))


@lru_cache(maxsize=64)
def identified(document: str) -> frozenset[str]:
    """The words naming the people the document says are something (for the pre-screen)."""
    return frozenset(w for who, _ in _told(document) for w in who)


def unlike_identity(sentence: Doc, document: str) -> str | None:
    """Who the sentence says a person of the post is, when the post says otherwise."""
    told = _told(document)
    for who, what in identities(sentence):
        said = [(w, t) for w, t in told if w & who]
        if not said:
            continue
        known = {n for w, t in said for n in (*w, *t)}
        other = sorted(what - known)
        if other:
            return f"the document does not say the {min(who)} is a {other[0]}"
    return None

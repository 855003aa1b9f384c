"""What a claimed action says it acted on, read from the parse: its objects, the names it
acted on, where it put a thing or took it from, the parts it names ("the end of the second
paragraph") and what a request asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from draftguard.claims._facts import NAME_LINKS
from draftguard.claims._findings import lemma_of

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["asked_of", "clause_children", "clause_head", "named_objects_of", "objects_of",
           "places_of", "targets_of", "topics_of"]

#: The prepositions that say where a claimed action put a thing, or took it from, by
#: concept; "in" only for a save ("saved in your Documents folder"): "added a note in French"
#: names no place.
_PLACE_PREPOSITIONS: Mapping[str, frozenset[str]] = {
    "action.add": frozenset({"to", "into", "onto", "under", "inside"}),
    "action.shortlist": frozenset({"to", "into", "onto", "under", "inside"}),
    "action.import": frozenset({"to", "into", "onto", "under", "inside"}),
    "action.save": frozenset({"to", "into", "onto", "under", "inside", "in"}),
    "action.revert": frozenset({"to"}),
    "action.remove": frozenset({"from", "off", "out"}),
    # an act in any verb: where it put the thing ("attached the cards to your post")
    "action.unlisted": frozenset({"to", "into", "onto", "inside", "under", "below", "beneath",
                                  "above"}),
}
def clause_head(token: Token) -> Token:
    """The first of coordinated verbs ("edited ... and removed"): they share aux and subject."""
    while token.dep_ == "conj" and token.head is not token:
        token = token.head
    return token


def clause_children(token: Token) -> list[Token]:
    head = clause_head(token)
    return list(token.children) + (list(head.children) if head is not token else [])


def objects_of(token: Token) -> frozenset[str]:
    found: set[str] = set()
    for kid in clause_children(token):
        if kid.dep_ in ("dobj", "attr", "oprd", "pobj", "dative", "nsubjpass") and \
                kid.pos_ in ("NOUN", "PROPN"):
            found.add(kid.lemma_.lower())
            found.update(c.lemma_.lower() for c in kid.conjuncts if c.pos_ in ("NOUN", "PROPN"))
        if kid.dep_ == "prep":
            found.update(g.lemma_.lower() for g in kid.children
                         if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN"))
        if kid.dep_ in ("ccomp", "xcomp"):  # "made a quiz to go with ...": the parser's subject
            found.update(g.lemma_.lower() for g in kid.children
                         if g.dep_ == "nsubj" and g.pos_ == "NOUN")
    return frozenset(found)


def named_objects_of(token: Token) -> tuple[str, ...]:
    """The proper names that are the verb's objects, each with its compound words and a
    capitalised "The" before them ("I took The Keystone Prime off": `unnamed` holds it to a
    name of the record that starts with it, else leaves it out)."""
    out: list[str] = []
    kids = clause_children(token)
    if token.pos_ == "NOUN":  # "the removal of Golden Sichuan Lantern"
        kids = [g for k in token.children if k.dep_ == "prep" and k.lower_ == "of"
                for g in k.children if g.dep_ == "pobj"]
    for kid in kids:
        if (kid.dep_ not in ("dobj", "nsubjpass") and token.pos_ != "NOUN") or \
                kid.pos_ != "PROPN":
            continue
        for head in (kid, *kid.conjuncts):
            if head.pos_ == "PROPN":
                words = [t for t in head.subtree if t.i <= head.i and (
                    t.pos_ == "PROPN" or t.lower_ in NAME_LINKS) and t.dep_ != "conj"]
                before = head.doc[words[0].i - 1] if words and words[0].i > 0 else None
                if before is not None and before.text == "The" and before.head.i == head.i:
                    words.insert(0, before)  # "The Keystone Prime", a name of its own
                out.append(" ".join(t.text for t in words))
    return tuple(out)


def _target_level(noun: Token) -> frozenset[str]:
    """The words that name `noun` as a thing acted on (`Claim.targets`)."""
    words = {noun.lemma_.lower(), noun.lower_}
    left = [k for k in noun.lefts if k.dep_ in ("compound", "punct") and
            (k.dep_ == "compound" or k.tag_ == "HYPH")]
    if left:  # "sign-off", "wrap-up", "opening paragraph"
        words.add("".join(t.text_with_ws for t in noun.doc[left[0].i: noun.i + 1]).lower()
                  .strip())
    for kid in noun.children:
        if kid.dep_ in ("amod", "compound", "nmod") and kid.is_alpha:
            words.add(kid.lemma_.lower())
            words.add(kid.lower_)
        if kid.dep_ == "nummod" and kid.i > noun.i:
            words.add(f"{noun.lemma_.lower()} {kid.lower_}")  # "paragraph 2"
    return frozenset(words)


def _object_chains(token: Token) -> list[list[Token]]:
    """Each noun the claimed action acts on, with the nouns it hangs from by "of" ("the end
    of the second paragraph of your post": end, paragraph, post)."""
    nouns: list[Token] = []
    got = token.lemma_.lower() == "get"  # "The ending got a polish": the subject's
    for kid in clause_children(token):
        if kid.dep_ in ("dobj", "nsubjpass", "attr", "oprd") or (
                got and kid.dep_ == "nsubj" and kid.pos_ == "NOUN"):
            nouns.extend((kid, *kid.conjuncts))
        elif kid.dep_ == "prep":
            for g in kid.children:
                if g.dep_ == "pobj":
                    nouns.extend((g, *g.conjuncts))
    out: list[list[Token]] = []
    for noun in nouns:
        if noun.pos_ not in ("NOUN", "PROPN"):
            continue
        chain = [noun]
        for _ in range(3):
            current = chain[-1]
            of = next((k for k in current.children if k.dep_ == "prep" and k.lower_ == "of"),
                      None)
            nxt = next((g for g in of.children if g.dep_ == "pobj"), None) if of else None
            if nxt is None or nxt.pos_ not in ("NOUN", "PROPN"):
                break
            chain.append(nxt)
        out.append(chain)
    return out


def targets_of(token: Token) -> tuple[tuple[frozenset[str], ...], ...]:
    """What the claimed action says it acted on (`Claim.targets`)."""
    return tuple(tuple(_target_level(n) for n in chain) for chain in _object_chains(token))


def topics_of(token: Token) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each noun acted on with the nouns that say what it is about ("the harvest line":
    line, {harvest}; "the pork sandwich paragraph": paragraph, {pork, sandwich})."""
    out: list[tuple[str, frozenset[str]]] = []
    for chain in _object_chains(token):
        for noun in chain:
            about = frozenset(lemma_of(t) for t in noun.subtree if t.i < noun.i and
                              t.dep_ == "compound" and t.pos_ in ("NOUN", "PROPN")
                              and t.is_alpha) | _about(noun)
            if about:
                out.append((noun.lemma_.lower(), about))
    return tuple(out)


def _about(noun: Token) -> frozenset[str]:
    """What "about" says a part is about ("the bit about the chain"), hung from the part or,
    as the parser often hangs it, from the verb right after its object."""
    preps = [k for k in noun.children if k.dep_ == "prep" and k.lower_ == "about"]
    if noun.dep_ == "dobj":
        preps += [k for k in noun.head.children if k.dep_ == "prep" and k.lower_ == "about"
                  and k.i == noun.right_edge.i + 1]
    return frozenset(lemma_of(t) for p in preps for g in p.children if g.dep_ == "pobj"
                     for t in (g, *(c for c in g.children if c.dep_ == "compound"))
                     if t.pos_ in ("NOUN", "PROPN") and t.is_alpha)


def asked_of(token: Token) -> frozenset[str]:
    """The nouns of what a request asks for: after "for" ("asked the venue for a window
    seat"), else its object ("requested a quiet table")."""
    heads = [g for k in token.children if k.dep_ == "prep" and k.lower_ == "for"
             for g in k.children if g.dep_ == "pobj"]
    if not heads:
        heads = [k for k in token.children if k.dep_ == "dobj"]
    return frozenset(t.lemma_.lower() for h in heads for t in h.subtree
                     if t.pos_ in ("NOUN", "PROPN") and t.is_alpha)


def places_of(token: Token, concept: str) -> tuple[tuple[str, ...], ...]:
    """Where the claimed action put a thing, or took it from (`Claim.places`): the noun after
    each of the verb's place prepositions, with the nouns it hangs from by "of"."""
    preps = _PLACE_PREPOSITIONS.get(concept)
    if preps is None:
        return ()
    found: list[tuple[str, ...]] = []
    objects = [k for k in token.children if k.dep_ in ("dobj", "nsubjpass")]
    # The place hangs from the verb, or from its object ("saved a backup to your desktop").
    for prep in [*token.children, *(p for o in objects for p in o.children)]:
        if prep.dep_ not in ("prep", "prt", "advmod") or prep.lower_ not in preps:
            continue
        for noun in prep.children:
            if noun.dep_ == "prep":  # "out of the post"
                noun = next((g for g in noun.children if g.dep_ == "pobj"), noun)
            if noun.dep_ != "pobj" or noun.pos_ not in ("NOUN", "PROPN"):
                continue
            chain = [noun.lemma_.lower()]
            current = noun
            for _ in range(3):  # "the end of the second paragraph of your post"
                of = next((k for k in current.children if k.dep_ == "prep" and
                           k.lower_ == "of"), None)
                nxt = next((g for g in of.children if g.dep_ == "pobj"), None) if of else None
                if nxt is None or nxt.pos_ not in ("NOUN", "PROPN"):
                    break
                chain.append(nxt.lemma_.lower())
                current = nxt
            found.append(tuple(chain))
    return tuple(found)

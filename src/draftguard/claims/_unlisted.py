"""Acts told as done with verbs the claims lexicon does not hold ("I widened the search",
"I've woven her quotes into the second paragraph", "The report was forwarded to your
editor", "The invitations have gone out"), found by the grammar alone.

A verb is such an act when it is finished, read from its morphology (a simple past, or a
participle after "have" or a past "be"), and told of the app or a thing: its subject is "I"
or "we", or it is a passive or perfect with a noun that is there for subject ("the
report", "your invitations"; not "a shed"). The claim this makes (`UNLISTED`) is held by
the guard against the runs of the turn (`_acted_by.unlisted`). Not read as such an act: a
verb the lexicon knows (it has its own claim), a verb in a time clause ("when we started",
"before it was printed"), a verb of an attempt or a wish with an infinitive ("I tried to
book"), a dated act ("in 1987", "last week"), another's ("by my uncle"), a relative clause
("the hens she named"), a present passive of how things stand ("the line is gone");
questions, plans, conditions and negations are the claim's own grammar (`_reading`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._acted_on import clause_children, objects_of

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.language import Lexicon

__all__ = ["LIGHT", "UNLISTED", "act_objects", "acted_on", "by_name", "dated", "named_with",
           "unlisted_acts"]

#: The concept of an act told with a verb the lexicon does not hold.
UNLISTED = "action.unlisted"
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_SELF = frozenset({"i", "we"})
#: Light verbs, whose object noun names the act rather than a thing ("had a look").
LIGHT = frozenset({"get", "give", "have", "take"})
#: Adverbs that make a present passive this turn's doing ("are now pinned").
_NOW = frozenset({"now", "just", "already"})
#: Marks of a clause told as given, which asserts what it says ("since I locked it in").
_GIVEN = frozenset({"since", "because", "that"})


def _finished(token: Token, kids: list[Token]) -> tuple[bool, bool]:
    """Whether `token` is told as done (simple past, perfect, or past passive), and whether
    as a passive or a perfect (a thing may then be its subject)."""
    if token.tag_ == "VBD":
        return True, False
    if token.tag_ != "VBN":
        return False, False
    perfect = any(k.lemma_ == "have" and k.dep_ == "aux" for k in kids)
    past_be = any(k.dep_ == "auxpass" and k.tag_ in ("VBD", "VBN") for k in kids)
    # A present passive told as this turn's doing: "are now pinned to your blog", "now
    # that the cards are attached to your post" (not how things stand: "the line is gone").
    now = any(k.dep_ == "auxpass" for k in kids) and (
        any(k.lower_ in _NOW and k.dep_ == "advmod" for k in kids) or (
            any(k.dep_ == "mark" and k.lower_ == "that" and k.i > 0
                and k.doc[k.i - 1].lower_ == "now" for k in kids)))
    return perfect or past_be or now, perfect or past_be or now


def _act(token: Token, lexicon: Lexicon) -> bool:
    known = lexicon.concept(token.lemma_.lower())
    if known is not None and known.startswith("attempt."):
        known = None  # "gone out": the verb, not "a go" (`_attempts`)
    if token.pos_ != "VERB" or (known is not None and not known.startswith("report.")):
        return False
    if token.dep_ in ("relcl", "acl", "amod", "xcomp", "pcomp"):
        return False  # the hens she named, a line written by hand, tried to book
    kids = clause_children(token)
    if any((k.dep_ == "mark" and k.lower_ not in _GIVEN) or k.tag_ == "WRB"
           for k in token.children):
        return False  # "when we started", "before it was printed"
    if dated(kids):
        return False  # "was first lit in 1871", "recorded on 3 May", "last week"
    if any(k.dep_ == "agent" and not any(g.lower_ in _SELF for g in k.children)
           for k in kids):
        return False  # someone else's act: "was tarred by my uncle"
    if any(k.dep_ == "xcomp" and any(a.tag_ == "TO" for a in k.children) for k in kids):
        return False  # an attempt or a wish: "I tried to book", "I wanted to keep it"
    done, passive_or_perfect = _finished(token, kids)
    if not done:
        return False
    subject = next((k for k in kids if k.dep_ in _SUBJECTS), None)
    if subject is None:
        return False
    if subject.pos_ == "PROPN" and subject.dep_ == "nsubj":
        return True  # a named person's act ("Sam replied", "Sam has read your message")
    if known is not None:
        return False  # a text's report ("the post says")
    if subject.lower_ in _SELF:
        return True
    # A thing that is there: "the report", "your invitations", "the check's report"; or
    # someone ("Your neighbours have all seen it": `_acted_by.by_other`).
    return passive_or_perfect and subject.pos_ == "NOUN" and any(
        k.dep_ in ("det", "poss") and k.lemma_.lower() not in ("a", "an", "no", "some")
        for k in subject.children)


def dated(kids: list[Token], *, by_number: bool = False) -> bool:
    """The act is dated, so told of another time than this session's: a noun of time
    ("last week", "every March") or a number after a preposition ("in 1987", "on 3 May");
    `by_number`: only the latter (a year or a day, never "last night")."""
    for kid in kids:
        if kid.dep_ in ("npadvmod", "tmod") and not by_number:
            return True
        if kid.dep_ == "prep" and any(g.dep_ == "pobj" and (g.pos_ == "NUM" or (
                g.pos_ == "PROPN" and any(n.dep_ == "nummod" for n in g.children)))
                for g in kid.children):  # not "as version 3"
            return True
    return False


def unlisted_acts(doc: Doc, lexicon: Lexicon, taken: set[int]) -> list[Token]:
    """The verbs of `doc` (not at the indices `taken` by the lexicon's claims) told as acts
    done by the app or to a thing, whatever the verb (see the module docstring)."""
    return [t for t in doc if (t.i not in taken or _attempt(t, lexicon)) and _act(t, lexicon)]


def _attempt(token: Token, lexicon: Lexicon) -> bool:
    """A word of the lexicon's `attempt` ("go"): a verb here ("gone out"), not "a go"."""
    return (lexicon.concept(token.lemma_.lower()) or "").startswith("attempt.")


def acted_on(token: Token) -> frozenset[str]:
    """The nouns of what the act `token` directly acted on (`Claim.acted_on`): its direct
    objects, or a thing that is its subject ("The report was forwarded", "The invitations
    have gone out"); not where it put them ("into the second paragraph")."""
    kids = clause_children(token)
    heads = [k for k in kids if k.dep_ in ("dobj", "nsubjpass") or (
        k.dep_ == "nsubj" and k.lower_ not in _SELF and not any(
            d.dep_ == "dobj" for d in kids))]
    if not heads:  # a particle read as a preposition: "locked in the date"
        heads = [g for k in kids if k.dep_ == "prep" and k.i == token.i + 1
                 for g in k.children if g.dep_ == "pobj"]
    if token.lemma_.lower() in LIGHT and any(h.dep_ == "dobj" and h.pos_ == "NOUN"
                                             for h in heads):
        # "had a look through your version history": the act's noun names no thing; what
        # it is through, at or over is what it acted on
        things = [g for h in heads for p in (*h.children, *(k for k in kids if k.i > h.i))
                  if p.dep_ == "prep" for g in p.children if g.dep_ == "pobj"]
        if things:
            return frozenset(t.lemma_.lower() for g in things for t in (g, *g.children)
                             if t.pos_ in ("NOUN", "PROPN") and (t is g or t.dep_ == "compound"))
    return frozenset(t.lemma_.lower() for h in heads for t in (h, *h.conjuncts)
                     if t.pos_ in ("NOUN", "PROPN"))


def named_with(token: Token) -> frozenset[str]:
    """The nouns the act `token` names after a preposition, its own or its objects' ("to the
    whole city", "into the second paragraph"): where or with what it says it acted."""
    heads = [token, *(k for k in token.children if k.dep_ in ("dobj", "nsubjpass"))]
    return frozenset(g.lemma_.lower() for h in heads for p in h.children if p.dep_ == "prep"
                     for g in p.children if g.dep_ == "pobj" and g.pos_ == "NOUN")


def act_objects(token: Token) -> frozenset[str]:
    """The nouns an act in any verb names, its objects and after its prepositions, but not a
    light verb's own noun ("had a look through ...": no look is acted on)."""
    found = objects_of(token) | named_with(token)
    if token.lemma_.lower() in LIGHT:
        found -= {k.lemma_.lower() for k in token.children if k.dep_ == "dobj"}
    return found


def by_name(token: Token) -> bool:
    """The verb's subject is a name ("Sam replied"): another's act."""
    subject = next((k for k in clause_children(token) if k.dep_ in _SUBJECTS), None)
    return subject is not None and subject.pos_ == "PROPN" and subject.dep_ == "nsubj"

"""What a sentence says a check or another run found, read from the parse, and held
against the run.

- A verb acting on what a check judges against (the lexicon's `standard` concept: "it
  clears the brief", "the brief's three points are all covered") states a verdict, whatever
  the verb (`standard_verbs`).
- A verdict on part of the criteria ("it only met two of the three criteria") is a failing
  one (`partial`).
- A sentence whose subject is a run of this turn or a field of its result ("The check flagged
  that the packing advice is missing", "The check's only suggestion was to add a chart")
  reports what the run found (`findings`; `_acted_by.unfound` holds them against the run).

Only the parse here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._numbers import value_of

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.language import Lexicon

__all__ = ["findings", "judged_by_check", "lemma_of", "partial", "standard_verbs"]

#: Who a verdict is never about: the app or the person ("I read your brief").
_PEOPLE = frozenset({"i", "we", "you"})
#: How a noun hangs from the verb it is the object of, or from a noun above it.
_OBJECTS = frozenset({"dobj", "nsubjpass"})


def lemma_of(token: Token) -> str:
    """The token's lemma, or its own form when the parser's lemma is a phrase of another
    word ("comics": "comic_strip")."""
    lemma = token.lemma_.lower()
    return token.lower_ if "_" in lemma else lemma


def _participle(word: Token, lexicon: Lexicon) -> bool:
    """An adjective that is a participle of a claims-lexicon verb ("satisfied", "covered")."""
    low = word.lower_
    bases = [low[:-3] + "y"] if low.endswith("ied") else [low[:-2], low[:-1]] \
        if low.endswith("ed") else []
    return any(lexicon.concept(b) is not None for b in bases)


def standard_verbs(doc: Doc, lexicon: Lexicon) -> list[Token]:
    """The verbs that act on what a check judges against ("clears the brief", "the brief's
    points are covered"), said of the work, not of a person."""
    out: list[Token] = []
    for term in lexicon.terms(doc, typos=False):
        if not term.concept.startswith("standard."):
            continue
        noun = doc[term.start]
        for _ in range(3):  # "the brief's points", "every point of the brief"
            if noun.dep_ in _OBJECTS or noun.head is noun:
                break
            if noun.dep_ == "poss" or (noun.dep_ == "pobj" and noun.head.lower_ == "of"):
                noun = noun.head if noun.dep_ == "poss" else noun.head.head
            else:
                break
        verb = noun.head
        if noun.dep_ == "nsubj" and verb.lemma_ == "be":  # "Your brief is fully satisfied"
            said = next((k for k in verb.children if k.dep_ == "acomp" and
                         _participle(k, lexicon)), None)
            if said is not None and said not in out:
                out.append(said)
            continue
        # (an adjective with an object is a verb misread: "The post satisfied one of ...")
        if noun.dep_ not in _OBJECTS or verb.pos_ not in ("VERB", "AUX", "ADJ") or verb in out:
            continue
        subject = next((k for k in verb.children if k.dep_ in ("nsubj", "csubj")), None)
        if subject is None or subject.lower_ not in _PEOPLE:
            out.append(verb)
    return out


def partial(verb: Token) -> bool:
    """The verdict's object is part of a whole ("met two of the three criteria")."""
    for kid in verb.children:
        if kid.dep_ not in ("dobj", "nsubjpass", "nsubj"):
            continue
        if kid.like_num:
            part = value_of(kid.text)
        else:  # "ticked two boxes out of three"
            part = next((value_of(n.text) for n in kid.children if n.dep_ == "nummod"), None)
        if part is None:
            continue
        # "of the three criteria" on the part, or "out of three" on it or on the verb
        preps = [k for k in (*kid.children, *verb.children) if k.dep_ == "prep"]
        preps += [g for p in preps if p.lower_ == "out" for g in p.children if g.dep_ == "prep"]
        for prep in (p for p in preps if p.lower_ == "of"):
            for whole in (g for g in prep.children if g.dep_ == "pobj"):
                counts = [value_of(n.text) for n in (whole, *whole.children)
                          if (n is whole and n.like_num) or n.dep_ == "nummod"]
                if any(c is not None and part < c for c in counts):
                    return True
    return False


def findings(doc: Doc, subject: Token | None) -> frozenset[str]:
    """The nouns the main clause says of its subject, a thing ("the check flagged that the
    packing advice is missing": packing, advice); none when the subject is a person or a
    pronoun, or what it says is negated ("found no problems")."""
    if subject is None or subject.pos_ != "NOUN":
        return frozenset()
    inside = {t.i for t in subject.subtree}
    return frozenset(lemma_of(t) for t in doc if t.i not in inside and
                     t.pos_ in ("NOUN", "PROPN") and t.is_alpha and not t.is_stop and
                     not any(k.dep_ == "det" and k.lower_ == "no" for k in t.children))


def judged_by_check(token: Token) -> bool:
    """A verdict a check is said to have given ("It was judged to meet two of the three",
    "was found to fall short"): an infinitive under a passive of the lexicon's checks."""
    from draftguard.claims._guard import claims_lexicon

    head = token.head
    return token.dep_ == "xcomp" and any(k.dep_ == "auxpass" for k in head.children) and \
        claims_lexicon().concept(head.lemma_.lower()) in ("action.check", "action.search")

"""What a term's sentence says of it, when the term is its subject: the sentence without
its subject (`predicate_of`, a mindmap's fact), and that as a clause a learner can read, the
subject turned into the pronoun the text would use (`as_clause`, a flashcard's back). A
sentence that says it of only some of what the term names (a hedge), or of something said
before, or in a clause of another, says nothing of the term.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from draftguard.artifacts._labels import label_ids
from draftguard.artifacts._named import a_person, pronoun_for
from draftguard.artifacts._phrases import phrase
from draftguard.artifacts._terms import Term, points_back, term_span

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["as_clause", "negative_det", "predicate_of"]

#: A verb that makes a clause of its own: finite, or an order ("check the setting").
_FINITE = frozenset({"VB", "VBD", "VBZ", "VBP", "MD"})


def predicate_of(term: Term) -> str:
    """What the term's sentence says it does: the sentence without its subject."""
    if term.span is None or term.role != "subject":
        return ""
    subject = next((t for t in term.span if t.dep_ in {"nsubj", "nsubjpass"}
                    and t.head == term.span.root), None)
    if subject is None or points_back(subject):
        return ""  # "These changes are ...": the sentence is about something said before
    if _hedged(subject, term.text):
        return ""  # "Almost every battery fire began ...": not said of every battery fire
    if term.span.root.lemma_ == "be" and any(c.dep_ == "conj" for c in subject.children):
        # "Ben and his sister were twelve and ten" says what each is, not what Ben is
        # (a deed is shared: "Florey and Chain turned it into a medicine" keeps its card)
        return ""
    root = term.span.root
    if root.tag_ in {"VBN", "VBG"} and not any(c.dep_ in {"aux", "auxpass"}
                                               for c in root.children):
        return ""  # "Leather worn and faded": no finite verb, "It worn ..." is no clause
    end = max(t.i for t in subject.subtree)
    if root.pos_ not in {"VERB", "AUX"} or any(
            t.pos_ not in {"AUX", "PART", "ADV"} for t in subject.doc[end + 1: root.i]):
        # "A taxi to town costs ..." with "costs" read as a noun, "Mr Adeyemi, you have
        # looked after ...": the clause has no verb of this subject, and a pronoun put
        # before it would read "It to town costs 26 pounds"
        return ""
    if any(c.dep_ == "conj" and c.pos_ in {"VERB", "AUX"} and not any(
            t.dep_ == "cc" or t.text in {",", ";"} for t in root.doc[root.i + 1: c.i])
           for c in root.children):
        # "Plots left unworked for two months will be offered ...": two verbs with nothing
        # joining them are a clause the parse misread, and the back would run them on
        return ""
    gone = {t.i for t in subject.subtree}
    for child in term.span.root.children:  # a clause with a subject of its own says more
        if child.dep_ in {"conj", "advcl", "parataxis"} and any(
                c.dep_ in {"nsubj", "nsubjpass"} for c in child.children):
            gone |= {t.i for t in child.subtree}
            gone |= {c.i for c in term.span.root.children
                     if c.dep_ in {"cc", "punct"} and c.i == child.left_edge.i - 1}
    start = min(t.i for t in subject.subtree)
    gone |= label_ids(term.span.doc)  # "Caller: My onions rot ...": the speaker says it
    after = [t for t in term.span if t.i not in gone and t.i > start]
    before = [t for t in term.span if t.i not in gone and t.i < start
              and not (t.i == term.span.start and _linking(t))]
    if any(t.tag_ in _FINITE and _main_clause(t) for t in before):
        # "Brand B absorbed the most water, so my hypothesis was wrong": a main clause of
        # its own before the subject says something else (a "when" or "if" clause stays)
        return ""
    taken = _object_taken(term, before, start)
    if any((t.dep_ == "mark" and t.head.i == root.i) or (_stranded(t) and not taken)
           for t in before):
        # "Once the first flowers appear, feed weekly ...": the subject's own clause hangs
        # on an order; a preposition with no object would end the back on a stray "on"
        return ""
    before += taken
    text = phrase(after).rstrip(" .!?")
    if before:
        text += " " + phrase(before)[:1].lower() + phrase(before)[1:]
    return text[:1].upper() + text[1:]


def _stranded(token: Token) -> bool:
    """A preposition the parse left without an object (nothing hangs on it)."""
    return token.dep_ == "prep" and not any(True for _ in token.children)


def _object_taken(term: Term, before: list[Token], start: int) -> list[Token]:
    """The words the parse took from a preposition into the subject, given back to it:
    "On Saturdays Grandpa Elias drove ..." read "Saturdays Grandpa Elias" as the subject;
    the words before the term's own are "On"'s object ("... on Saturdays")."""
    span = term_span(term)
    if not before or span is None or not _stranded(before[-1]) or before[-1].i != start - 1:
        return []
    taken = list(span.doc[start: span.start])
    return taken if taken and all(t.pos_ in {"PROPN", "NOUN", "NUM", "ADJ"}
                                  for t in taken) else []


def _linking(token: Token) -> bool:
    """Whether a sentence's first word only links it to the one before ("Then", "And",
    "Still"): a conjunction, or an adverb on the verb with nothing of its own. One that is
    part of a phrase ("Long ago", "Much later", "Far below") is no link: a back that left
    it out would say "ago" and "below" alone."""
    if token.pos_ == "CCONJ":
        return True
    return token.pos_ == "ADV" and token.head.pos_ in {"VERB", "AUX"} and not any(
        True for _ in token.children)


def _hedged(subject: Token, front: str) -> bool:
    """Whether the subject is said of only some of what the front names: a quantifier with
    a degree word on it ("almost every", "nearly all") or a quantifying adjective the parser
    lists as a function word ("most", "many", "few"), left out of the front. A card would
    drop the hedge and say it of them all."""
    words = {w.casefold() for w in front.split()}
    mods = [c for c in subject.children if c.lower_ not in words]
    quantified = any(c.dep_ in {"det", "nummod", "predet", "amod"} and c.is_stop
                     for c in subject.children)
    return any(
        (c.dep_ in {"det", "nummod", "predet", "amod"} and c.is_stop and (
            any(g.dep_ == "advmod" for g in c.children) or c.pos_ == "ADJ"))
        # "Almost every delay": the degree word may hang on the noun itself
        or (quantified and c.dep_ == "advmod" and c.i < subject.i)
        or _quantifier(c, subject)
        for c in mods)


def _quantifier(det: Token, noun: Token) -> bool:
    """Whether a determiner says how many of the noun: not an article, a demonstrative
    or an owner, on a plural ("some bats", "several bats") or naming none ("no bat"). A card
    that dropped it would say "They eat fruit" of every bat, or turn "no bat drinks blood"
    into "It drinks blood"; "each side" and "every visitor" say it of each one."""
    if det.dep_ != "det" or not det.is_stop or det.morph.get("PronType", []) or det.pos_ == "PRON":
        return False
    return noun.tag_ in {"NNS", "NNPS"} or negative_det(det)


def negative_det(det: Token) -> bool:
    """Whether a determiner negates its noun ("no bat", "neither side"): the one word
    class that makes a clause untrue of its subject."""
    return det.dep_ == "det" and det.lower_ in {"no", "neither"}


def _main_clause(verb: Token) -> bool:
    """Whether a verb heads a clause of its own rather than one that hangs on another by
    "if", "when", "because" (its mark)."""
    head = verb.head if verb.dep_ in {"aux", "auxpass"} else verb
    if head.dep_ in {"relcl", "acl"}:
        return False  # "In her whole life, which lasts only six weeks, ...": a noun's clause
    return not any(c.dep_ == "mark" or c.tag_ == "WRB" for c in head.children)


def as_clause(sentences: Sequence[Span], term: Term, predicate: str) -> str:
    """What the term's sentence says of it, as a clause a learner can read: the subject
    becomes the pronoun the text would use ("Runner beans have to be staked as they grow"
    -> "They have to be staked as they grow", not "Have to be staked ...", which reads as
    an order); the singular "they" for a person the text calls neither "he" nor "she", and
    no card for a thing that may not be called "it"."""
    if not predicate or term.span is None:
        return ""
    subject = next((t for t in term.span if t.dep_ in {"nsubj", "nsubjpass"}
                    and t.head == term.span.root), None)
    if subject is None:
        return ""
    pronoun = pronoun_for(sentences, subject, predicate)
    if pronoun is None:
        if not a_person(subject):
            # neither "it" nor a person: the singular "they" would make a thing a person
            # ("meeting: They closed at 9:05 pm"), so there is no such card
            return ""
        # someone the text never calls "he" or "she": the singular "they", its verb in
        # agreement ("Ada Price sells ..." -> "They sell ...")
        pronoun, predicate = "they", _in_agreement(subject, predicate)
    first = predicate.split(maxsplit=1)[0]
    said = [w.strip(",;:") for w in term.sentence.split()]
    kept = first.lower() not in said and first in said  # a name stays capitalised
    lowered = predicate if kept else predicate[:1].lower() + predicate[1:]
    return f"{pronoun.capitalize()} {lowered}"


def _in_agreement(subject: Token, predicate: str) -> str:
    """The predicate with its finite verb in agreement with "they" ("was" -> "were", "sells"
    -> "sell", "always has" -> "always have"), read from the verb's tag and dictionary form."""
    verb = next((t for t in subject.doc[max(t.i for t in subject.subtree) + 1:]
                 if t.pos_ in {"VERB", "AUX"}), None)
    if verb is None or verb.tag_ not in {"VBZ", "VBD"}:
        return predicate
    if verb.tag_ == "VBD":
        said = "were" if verb.lemma_ == "be" else verb.text
    else:
        said = "are" if verb.lemma_ == "be" else _plain(verb)
    words = predicate.split(" ")
    at = next((n for n, w in enumerate(words[:4]) if w.casefold() == verb.text.casefold()),
              None)
    if at is None:
        return predicate
    words[at] = said
    return " ".join(words)


def _plain(verb: Token) -> str:
    """A verb's plain form beside "they": its dictionary form when that form gives back the
    verb as written ("sells" of "sell"), else the written form less its "s" (the
    lemmatiser read "rides" as "rid")."""
    lemma, text = verb.lemma_, verb.text.casefold()
    # "-es" follows a hissing end or an "o" ("fixes", "goes"); after any other it is the
    # verb's own "e" and an "s" ("rides")
    hissing = lemma.endswith(("s", "x", "z", "ch", "sh", "o"))
    if text in {lemma + "s", lemma[:-1] + "ies"} or (text == lemma + "es" and hissing) or (
            not text.endswith("s")):
        return lemma
    return verb.text[:-1]

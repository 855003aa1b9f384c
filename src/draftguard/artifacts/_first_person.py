"""What a post written in the first person says of a thing: the writer's own deed on it.

A blog post says most of its facts with "I" or "we" as the subject ("For the rust I used
white vinegar and a ball of aluminium foil"): the thing is the verb's object, and a card
whose back only turned a subject into a pronoun has nothing to say of it. The object's card
says what the writer did with it, in the text's own words: "white vinegar: What I used for
the rust." An order in a how-to ("Soak the whetstone in water for ten minutes") says what
the reader does with it: "whetstone: What you soak in water for ten minutes." The clause
must be the sentence's main one, not denied, and say more than its verb; what the writer
did to some other thing in the same sentence ("... and then oiled every link") stays out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from draftguard.artifacts._labels import label_ids
from draftguard.artifacts._named import a_person
from draftguard.artifacts._people import noun_kind
from draftguard.artifacts._phrases import phrase

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from draftguard.artifacts._terms import Term

__all__ = ["what_the_writer_did"]

_WRITER = frozenset({"i", "we"})
#: Words besides the verb a deed must carry ("What I bought." says nothing).
_MIN_DEED_WORDS = 2
_MAX_DOER_WORDS = 3
#: Children of the verb that belong to another clause or only link this one to the last.
_ELSEWHERE = frozenset({"nsubj", "nsubjpass", "conj", "cc", "punct", "parataxis", "advcl",
                        "ccomp", "mark", "intj", "dep"})


def what_the_writer_did(sentences: Sequence[Span], term: Term) -> str:
    """"What I used for the rust." for the object of the writer's own verb, or ""."""
    words = {w.casefold() for w in term.text.split()}
    for sent in sentences:
        for token in sent:
            said = {t.lower_ for t in token.subtree if not t.is_stop}
            # the term as written, or a shorter mention of it ("the floor" of "a Victorian
            # tile floor")
            if (token.dep_ == "dobj" and token.lemma_.lower() == term.head
                    and (words <= said | {t.lower_ for t in token.subtree} or said <= words)):
                deed = _deed(token, words)
                if deed:
                    return deed
    return ""


def _deed(obj: Token, words: set[str]) -> str:
    verb = obj.head
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    labels = label_ids(obj.doc)  # "Anna:" names who speaks next, not what was done
    # "Stage 4: Strain the mixture ...": a label the parse put above the verb is no part
    if ((verb.dep_ != "ROOT" and verb.head.i not in labels) or verb.pos_ != "VERB"
            or any(c.dep_ == "neg" for c in verb.children)):
        return ""
    doer = _doer(subject) if subject is not None else _reader(verb)
    after_obj = obj.doc[obj.i + 1] if obj.i + 1 < len(obj.doc) else None
    if not doer or (after_obj is not None and after_obj.tag_ == "MD"):
        return ""  # "use a watering can": a modal right after the object cut a noun in two
    start = subject.i if subject is not None else verb.i
    # what hangs on the object past the term's own words is the deed's ("washed the quilt
    # in cold water")
    kept = [t for c in obj.children if c.dep_ == "prep" and c.i > obj.i and c.lower_ != "of"
            and c.lower_ not in words for t in c.subtree]
    for child in verb.children:
        if child.i == obj.i or child.dep_ in _ELSEWHERE or (
                child.dep_ == "advmod" and child.i < start):
            continue
        kept += list(child.subtree)
    kept = [t for t in kept if t.i not in labels]
    if any(t.dep_ == "prep" and not any(True for _ in t.children) for t in kept):
        return ""  # "On Saturdays Grandpa Elias drove ...": the parse took "On"'s object
    own = {"you", "your"} if doer == "you" else {"my", "our", "me", "us"}
    if any(t.pos_ == "PRON" and t.lower_ not in _WRITER | own for t in kept):
        return ""  # "I gave it to them": whom the deed names is said elsewhere
    after = [t for t in kept if t.i > verb.i] + [verb]
    before = sorted((t for t in kept if t.i < verb.i), key=lambda t: t.i)
    # "What my sister chose." names who; "What I bought." says nothing
    if sum(not t.is_punct for t in kept if t.pos_ != "AUX") + (
            _MIN_DEED_WORDS if doer not in {"I", "we", "you"} else 0) < _MIN_DEED_WORDS:
        return ""
    aux = [t for t in before if t.dep_ in {"aux", "auxpass"} and t.i > start]
    lead = [t for t in before if t not in aux]
    said = phrase(sorted([*aux, *after], key=lambda t: t.i))
    if doer == "you":  # "Soak the whetstone ..." opens its sentence: "What you soak ..."
        said = said[:1].lower() + said[1:]
    text = f"{doer} {said}"
    if lead:
        said = phrase(lead)
        text += " " + (said if lead[0].pos_ == "PROPN" else said[:1].lower() + said[1:])
    return f"{'Who' if obj.ent_type_ == 'PERSON' else 'What'} {text}"


def _reader(verb: Token) -> str:
    """"you" for an order ("Soak the whetstone in water ..."): a verb in its plain form at
    the top of its sentence, with no subject and no auxiliary of its own; "" otherwise."""
    return "you" if verb.tag_ == "VB" and not any(
        c.dep_ in {"aux", "auxpass", "nsubj", "nsubjpass", "expl"} for c in verb.children) else ""


def _doer(subject: Token) -> str:
    """Who did it, as a back says it: the writer ("I", "we"), or a person the text names
    in at most `_MAX_DOER_WORDS` words ("my sister", "Aunt Rose"); "" for anyone or
    anything else (a "he" points back; "the slugs" ate, they did no deed worth a card)."""
    if subject.lower_ in _WRITER:
        return "I" if subject.lower_ == "i" else subject.lower_
    tokens = list(subject.subtree)
    if (subject.pos_ not in {"NOUN", "PROPN"} or len(tokens) > _MAX_DOER_WORDS
            or any((t.pos_ == "PRON" and t.dep_ != "poss") or t.is_punct for t in tokens)
            or not (a_person(subject) or _someones(subject))):
        return ""
    said = phrase(tokens)
    return said if tokens[0].pos_ == "PROPN" else said[:1].lower() + said[1:]


def _someones(noun: Token) -> bool:
    """A noun whose words do not say person or thing (`noun_kind` None: "sister",
    "neighbour") given as someone's ("my sister") and doing a deed is taken as a person;
    a thing ("my car") reads as one by its words and is no doer."""
    return any(c.dep_ == "poss" and c.pos_ == "PRON" for c in noun.children) and (
        noun_kind(noun) is None)

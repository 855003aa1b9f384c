"""Questions on what a text names: the person a sentence names as its agent, who a named
person is, and what the text calls a thing.

Teachers ask these ("Who was the head teacher?", "What are the new red colours called?",
"Who drew up the plans?" answered by the name, not by "an engineer named John Roebling"),
and each is the sentence's own words turned around, so it rests on the text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from draftguard.artifacts._distractors import Answer, answer_of
from draftguard.artifacts._people import noun_kind, people_in, personal
from draftguard.artifacts._phrases import clean_span, phrase
from draftguard.artifacts._terms import junk_reason

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["IT_MARGIN", "NAMING", "a_person", "called", "named_person", "naming",
           "person_after", "pronoun_for", "who_is"]

#: A common noun the text gives no sign of is "it" on a card only when its sentence said of
#: "it" is at least this much nearer in meaning (MiniLM cosine) than said of "he" or "she"
#: ("the shed" 0.10 nearer, "the farmer" 0.02 farther).
IT_MARGIN = 0.03
#: Verbs that give a thing its name ("called anthocyanins", "named John Roebling").
NAMING = frozenset({"call", "name"})


def named_person(subject: Token) -> list[Token] | None:
    """The person a subject names beside its description ("The head teacher, Mrs Adeyemi,
    stood ..."; "An engineer named John Roebling drew ..."): who did it is the name."""
    for child in subject.children:
        named = child if child.dep_ == "appos" else next(
            (c for c in child.children if c.dep_ in {"oprd", "attr", "dobj"}), None) if (
            child.dep_ == "acl" and child.lemma_ in NAMING) else None
        if named is not None and named.ent_type_ == "PERSON":
            ent = next((e for e in subject.sent.ents if e.start <= named.i < e.end), None)
            if ent is not None and ent.label_ == "PERSON":
                return clean_span(ent)
    return None


def naming(root: Token) -> Token | None:
    """The name a sentence gives ("These colours are called anthocyanins" -> anthocyanins)."""
    if root.lemma_ not in NAMING or not any(c.dep_ == "auxpass" for c in root.children):
        return None
    return next((c for c in root.children if c.dep_ == "oprd" and c.pos_ in {"NOUN", "PROPN"}),
                None)


def called(sent: Span, position: int) -> Iterable[tuple[str, Answer, list[Token]]]:
    """"What are the new red colours called?" from "These new red colours are called
    anthocyanins" or from "... turned into new red colours called anthocyanins": the thing
    a passage names, asked as a teacher asks it."""
    yield from _called_passive(sent, position)
    yield from _called_beside(sent, position)


def _called_passive(sent: Span, position: int) -> Iterable[tuple[str, Answer, list[Token]]]:
    root = sent.root
    name = naming(root)
    subject = next((c for c in root.children if c.dep_ == "nsubjpass"), None)
    aux = next((c for c in root.children if c.dep_ == "auxpass" and c.i < root.i), None)
    if name is None or subject is None or aux is None or subject.pos_ not in {"NOUN", "PROPN"}:
        return
    described = [t for t in subject.subtree if not t.is_punct]
    if described[0].dep_ in {"det", "poss"} and described[0].head.i == subject.i:
        described = described[1:]
    tokens = clean_span(list(name.subtree))
    if not described or junk_reason(tokens) is not None:
        return
    question = f"What {aux.lower_} the {phrase(described)} {root.text}?"
    answer = answer_of(tokens, "called", position)
    yield question, replace(answer, kind="thing"), tokens


def _called_beside(sent: Span, position: int) -> Iterable[tuple[str, Answer, list[Token]]]:
    """"What is the winter nest called?" from "It builds a winter nest called a
    hibernaculum": a name given beside the thing it names, wherever in the sentence."""
    past = sent.root.tag_ == "VBD" or any(
        c.tag_ == "VBD" for c in sent.root.children if c.dep_ in {"aux", "auxpass"})
    for verb in sent:
        if (verb.lemma_ not in NAMING or verb.dep_ not in {"acl", "advcl"} or verb.i == 0
                or verb.tag_ not in {"VBN", "VBD"}
                or any(c.dep_ in {"nsubj", "nsubjpass"} for c in verb.children)):
            continue
        # the thing named stands right before "called" (the parse may hang it on the verb)
        thing = verb.head if verb.dep_ == "acl" else verb.doc[verb.i - 1]
        while thing.dep_ == "conj" and thing.head.i < thing.i:
            thing = thing.head  # "a dome of sticks and mud called ..."
        if thing.pos_ != "NOUN" or thing.i > verb.i:
            continue
        name = next((c for c in verb.children if c.dep_ in {"oprd", "attr", "dobj"}
                     and c.pos_ in {"NOUN", "PROPN"}), None)
        if name is None or any(t.is_punct for t in sent.doc[verb.i + 1: name.i]):
            continue  # past a comma it is an aside, not the name given
        # "a fold of warm skin called the brood pouch": the fold is what is named
        # (a person's name names the nearest noun: "the hand of a milkmaid called ...")
        whole = thing.head if (thing.dep_ == "pobj" and thing.head.lower_ == "of"
                               and thing.head.head.pos_ == "NOUN"
                               and name.ent_type_ != "PERSON") else thing
        whole = whole.head if whole.lower_ == "of" else whole
        # the thing with its own words, not a clause or an aside hung on it
        aside = {t.i for c in whole.subtree if c.dep_ in {"relcl", "acl", "appos"}
                 for t in c.subtree} | {t.i for t in verb.subtree}
        described = [t for t in whole.subtree if t.i not in aside and t.i < verb.i]
        while described and (described[0].dep_ in {"det", "poss", "predet"}
                             or described[0].is_punct):
            described = described[1:]
        while described and described[-1].is_punct:
            described = described[:-1]
        # the name alone: "a refrigerant", not what the rest of the sentence says of it
        tokens = clean_span([t for t in name.subtree if t.i <= name.i])
        if (not described or len(described) > 6 or junk_reason(tokens) is not None
                or any(t.pos_ == "PRON" for t in described)):
            continue
        plural = whole.tag_ in {"NNS", "NNPS"}
        be = ("were" if plural else "was") if past else ("are" if plural else "is")
        answer = answer_of(tokens, "called", position)
        yield f"What {be} the {phrase(described)} called?", answer, tokens


def who_is(sent: Span, position: int) -> Iterable[tuple[str, Answer, list[Token]]]:
    """"Who was the head teacher?" from "The head teacher, Mrs Adeyemi, stood ...": a person
    the text names beside what they are."""
    verb = "was" if sent.root.tag_ == "VBD" or any(
        t.tag_ == "VBD" for t in sent.root.children if t.dep_ in {"aux", "auxpass"}) else "is"
    for ent in sent.ents:
        role = ent.root.head
        if (ent.label_ != "PERSON" or ent.root.dep_ != "appos" or role.pos_ != "NOUN"
                or role.ent_type_):
            continue
        inside = {t.i for t in ent.root.subtree}
        described = [t for t in role.subtree if t.i not in inside and not t.is_punct
                     and t.dep_ not in {"relcl", "acl"} and not any(
                         a.dep_ in {"relcl", "acl"} and a.head.i == role.i
                         for a in t.ancestors)]
        if described and described[0].dep_ in {"det", "poss"} and described[0].head.i == role.i:
            described = described[1:]
        if not described or len(described) > 6 or any(t.i > role.i + 4 for t in described):
            continue
        tokens = clean_span(ent)
        answer = answer_of(tokens, "who", position)
        yield f"Who {verb} the {phrase(described)}?", replace(answer, kind="person"), tokens


#: The personal pronoun a possessive one stands for (grammar, not a list of terms).
_OWNER = {"his": "he", "her": "she"}


def person_after(sent: Span, person: str) -> str:
    """Who a following "he" or "she" names: the person this sentence's main clause is about
    (its subject, or the name beside it: "The head teacher, Mrs Adeyemi, stood ..."), by the
    fullest name the text gives them ("Jenner" after "Edward Jenner"). A sentence whose
    subject is "he" or "she" keeps `person`; one about anyone or anything else leaves no one
    (""), so a pronoun is never read as the last person merely mentioned ("... the hand of a
    milkmaid called Sarah Nelmes. He scratched it ...").

    A subject that is someone's relation ("Her neighbour, Mr Albert Fenwick, had won ...")
    puts two people in play, the one named and the one "her" points to: the next "she" may
    be either, so it names no one."""
    subject = next((c for c in sent.root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subject is None or subject.lower_ in {"he", "she"}:
        return person
    if any(c.dep_ == "poss" and c.pos_ == "PRON" for c in subject.children):
        return ""
    for ent in sent.ents:
        named = ent.root
        if ent.label_ == "PERSON" and (named.i == subject.i or (
                named.head.i == subject.i and named.dep_ == "appos") or (
                named.head.head.i == subject.i and named.head.dep_ == "acl")):
            full = max((e.text for e in sent.doc.ents if e.label_ == "PERSON"
                        and e.text.endswith(ent.text)), key=len, default=ent.text)
            return full if len(full.split()) > 1 else ""
    return ""


def pronoun_for(sentences: Sequence[Span], subject: Token, predicate: str = "", *,
                it_margin: float = IT_MARGIN) -> str | None:
    """The pronoun that can stand for `subject` at the head of a clause, read from the text:
    "they" for a plural, "it" for a thing, and for a person (a name, or a common noun the
    text shows to be one: `people_in`) the "he" or "she" the text itself uses for them (a
    following sentence whose subject is that pronoun while the person is the one in play,
    as `person_after` reads it). None for a person the text never calls "he" or "she":
    guessing would put a false word on a learner's card. A common noun the text gives no
    sign of is "it" only when its sentence, said of "it", stays nearer in meaning than
    said of "he" or "she" by `it_margin` (`_a_thing`): "a caretaker" is not "it"."""
    if ("Plur" in subject.morph.get("Number", []) or subject.tag_ in {"NNS", "NNPS"}
            or _finite_verb(subject) == "VBP"):  # "sheep graze": the verb says plural
        return "they"
    ahead = _said_ahead(sentences, subject)
    if ahead:
        return ahead
    people = people_in(subject.doc)
    ent = next((e for e in subject.doc.ents if e.start <= subject.i < e.end), None)
    if ent is None or ent.label_ != "PERSON":
        if subject.lemma_.lower() in people:
            return people[subject.lemma_.lower()] or None
        if subject.pos_ == "PROPN":
            return "it" if ent is not None else None
        kind = noun_kind(subject)
        if kind is not None:  # "the meeting", "the council": a thing; "the caretaker": not
            return "it" if kind == "thing" else None
        return "it" if _a_thing(subject, predicate, it_margin=it_margin) else None
    name = set(ent.text.split())
    person = ""
    for sent in sentences:
        said = next((c for c in sent.root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
        if said is not None and personal(said) and person and set(person.split()) & name:
            return said.lower_
        person = person_after(sent, person)
    return None


def _said_ahead(sentences: Sequence[Span], subject: Token) -> str:
    """"she" for the worker bee of "In her whole life, which lasts only about six weeks, a
    worker bee makes ...": a "his" or "her" before the subject, in its own sentence, names
    the subject when no one is in play from the sentence before (`person_after`) and no
    name comes before it. "" otherwise."""
    sent = subject.sent
    before = [t for t in sent if t.i < subject.left_edge.i]
    owner = next((t for t in before if t.dep_ == "poss" and t.lower_ in _OWNER), None)
    if owner is None or any(t.ent_type_ == "PERSON" or t.pos_ == "PROPN" for t in before):
        return ""
    person = ""
    for span in sentences:
        if span.start == sent.start and span.doc is sent.doc:
            return "" if person else _OWNER[owner.lower_]
        person = person_after(span, person)
    return ""


def a_person(subject: Token) -> bool:
    """Whether a subject names a person: a name the tagger reads as a person's, a common
    noun the text's grammar shows to be one (`people_in`), or one whose own words say so
    (`noun_kind`: "the caretaker"); a name the tagger gives no kind counts as one."""
    ent = next((e for e in subject.doc.ents if e.start <= subject.i < e.end), None)
    if ent is not None:
        return ent.label_ == "PERSON"
    if subject.lemma_.lower() in people_in(subject.doc) or subject.pos_ == "PROPN":
        return True  # a name the tagger gives no kind is most often someone's
    return noun_kind(subject) == "person"


def _finite_verb(subject: Token) -> str:
    """The tag of the finite verb the subject agrees with ("VBZ" for "belongs", "VBP" for
    "graze"), or "" when there is none."""
    verb = subject.head
    if verb.pos_ not in {"VERB", "AUX"}:
        return ""
    finite = [verb, *(c for c in verb.children if c.dep_ in {"aux", "auxpass"})]
    if len(finite) == 1 and verb.tag_ == "VB" and subject.dep_ == "nsubj":
        return "VBP"  # "Fish breathe the oxygen": a bare verb with a subject is the plural
    return next((t.tag_ for t in sorted(finite, key=lambda t: t.i)
                 if t.tag_ in {"VBZ", "VBP", "VBD", "MD"}), "")


def _a_thing(subject: Token, predicate: str, *, it_margin: float) -> bool:
    """Whether "it" stands for `subject` in its sentence: the sentence said of "it" is
    nearer in meaning (MiniLM) to the sentence as written than said of "he" or "she", by
    `it_margin` ("The shed leaks ..." is a thing; "A caretaker unlocked ..." is not)."""
    if not predicate:
        return False
    from draftguard.language import similarities

    said = predicate[:1].lower() + predicate[1:]
    he, she, it = (float(x) for x in similarities(subject.sent.text, [
        f"He {said}", f"She {said}", f"It {said}"]))
    return it - max(he, she) >= it_margin

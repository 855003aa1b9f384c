"""Who in a text is a person beyond the names the tagger reads as people: the common nouns
("the farmer", "a nurse", "his grandfather") the text's own grammar shows to be people, with
the pronoun it uses for them. Questions ask "Who ...?" of them with other people as options,
and a card says "he", "she" or "they" of them, never "it"."""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["KIND_MARGIN", "TIME_MARGIN", "acts", "names_a_time", "noun_kind", "people_in",
           "person_by_words", "personal"]

#: A common noun is a person (or a thing) by its words alone when "the NOUN" is at least this
#: much nearer in meaning (MiniLM cosine) to "a person" or "someone" than to "a thing",
#: "something", "a place" or "an event" (or farther, for a thing). Measured on 34 person
#: nouns and 35 thing nouns: "caretaker" +0.21, "farmer" +0.08, "treasurer" +0.05;
#: "meeting" -0.17, "council" -0.12, "hedge" -0.09, "consultation" -0.05; between the two
#: margins ("baker" -0.04, "starter" +0.01) the words do not say. An animal is "it" too:
#: "an animal" stands beside the things ("the bird" +0.14 nearer to it than to a person,
#: "the sheep" +0.15; every person noun measured is at least 0.09 farther).
KIND_MARGIN = 0.04
_PERSON_WORDS = ("a person", "someone")
_THING_WORDS = ("a thing", "something", "a place", "an event", "an animal")
#: A noun at least this much nearer in meaning (MiniLM) to a time than to a place or a
#: thing names a time ("dawn" 0.055 ahead, "the line" 0.047, "the market" 0.045 behind).
TIME_MARGIN = 0.05
_TIME_WORDS = ("a time", "a time of day", "a season")
_TIME_PREPS = frozenset({"at", "in", "on", "during", "after", "before", "until", "since", "by"})
_PLACE_WORDS = ("a place", "a building", "somewhere", "a thing", "an object")


def people_in(doc: Doc) -> dict[str, str]:
    """The common nouns a text shows to be people ("the farmer", "a nurse", "his
    grandfather"), by lemma, each with the pronoun the text uses for them ("he", "she", or
    "" when it uses none). Read from the grammar, never from a list of words:

    - a relative "who" hangs on the noun ("the nurse who ran the ward");
    - the noun stands beside a person's name ("the guard, Mrs Patel"; "Old Tom, a retired
      miner");
    - the noun is a main clause's subject and the next sentence's subject is "he" or "she"
      (a person's pronoun, by its gender in the parse: "The farmer lost his hat. He ...").

    Read once per parse (kept in the parse's own `user_data`)."""
    found = doc.user_data.get(_PEOPLE)
    if isinstance(found, dict):
        return found
    people: dict[str, str] = {}
    for token in doc:
        if token.pos_ != "NOUN":
            continue
        # "who", "whom", "whose": the relative pronouns of a person
        who = any(c.dep_ == "relcl" and any(g.tag_ in {"WP", "WP$"} for g in c.children)
                  for c in token.children)
        named = any(n.dep_ == "appos" and n.ent_type_ == "PERSON" for n in token.children) or (
            token.dep_ == "appos" and token.head.ent_type_ == "PERSON")
        if who or named:
            people.setdefault(token.lemma_.lower(), "")
    for sent, after in pairwise(doc.sents):
        subject = _subject_of(sent)
        pronoun = _subject_of(after)
        if (subject is None or pronoun is None or subject.pos_ not in {"NOUN", "PROPN"}
                or subject.ent_type_ or any(e.label_ == "PERSON" for e in sent.ents)):
            continue
        if personal(pronoun):
            people[subject.lemma_.lower()] = pronoun.lower_
    doc.user_data[_PEOPLE] = people
    return people


_PEOPLE = "draftguard.artifacts.people"


def acts(name: Token) -> bool:
    """Whether a name is, somewhere in its text, the subject of a verb of action
    ("Maya joined the trawler"), the way a person is named."""
    said = [t for t in name.doc if t.lower_ == name.lower_]
    if any(c.dep_ == "det" for t in said for c in t.children):
        return False  # "the Linnet" is a boat's name, not a person's
    return any(t.dep_ == "nsubj" and t.head.pos_ == "VERB" and not t.ent_type_ for t in said)


def person_by_words(noun: Token) -> bool:
    """Whether a common noun's words say person (`noun_kind`), unless it stands beside a
    thing it names ("a tawny owl, a male calling ...": the male is the owl)."""
    if noun.dep_ == "appos" and noun.head.pos_ == "NOUN" and noun_kind(noun.head) == "thing":
        return False
    return noun_kind(noun) == "person"


def personal(pronoun: Token) -> bool:
    """Whether a pronoun is a person's "he" or "she" (singular, with a gender, as a
    subject), read from its morphology."""
    morph = pronoun.morph
    return (pronoun.pos_ == "PRON" and morph.get("Gender", []) in (["Masc"], ["Fem"])
            and "Sing" in morph.get("Number", []) and "Nom" in morph.get("Case", []))


def noun_kind(noun: Token, *, margin: float = KIND_MARGIN) -> str | None:
    """Whether a common noun names a "person" or a "thing" (an animal too) by its own
    words, read by meaning (MiniLM): "the caretaker" is a person, "the meeting", "the
    reptile house", "the council" and "the bird" are things. None where the words do not
    say (within `margin` of even): a reader of the text's grammar (`people_in`) or of the
    sentence decides, or nobody."""
    words = " ".join([*(c.text for c in noun.lefts if c.dep_ == "compound"), noun.text])
    lead = _person_lead(words.casefold())
    if lead >= margin:
        return "person"
    if lead <= -margin:
        return "thing"
    return None


@lru_cache(maxsize=4096)
def _person_lead(words: str) -> float:
    """How much nearer in meaning "the WORDS" is to a person than to a thing (MiniLM)."""
    from draftguard.language import similarities

    near = [float(x) for x in similarities(f"the {words}", [*_PERSON_WORDS, *_THING_WORDS])]
    return max(near[: len(_PERSON_WORDS)]) - max(near[len(_PERSON_WORDS):])


def _subject_of(sent: Span) -> Token | None:
    return next((c for c in sent.root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)


def names_a_time(noun: Token, *, margin: float = TIME_MARGIN) -> bool:
    """Whether a common noun under a preposition of time names a time, not a place or a
    thing, by its own words (MiniLM): "at dawn", "in spring", "at dusk" say when; "at the
    quay", "in the barn" say where. Within `margin` of even it is no time."""
    if noun.dep_ != "pobj" or noun.head.lower_ not in _TIME_PREPS or any(
            c.dep_ == "advmod" for c in noun.head.children):
        return False  # "just in time" says how close, not when
    from draftguard.language import similarities

    words = " ".join([*(c.text for c in noun.lefts if c.dep_ == "compound"), noun.text])
    near = [float(x) for x in similarities(f"the {words}", [*_TIME_WORDS, *_PLACE_WORDS])]
    return max(near[: len(_TIME_WORDS)]) - max(near[len(_TIME_WORDS):]) >= margin

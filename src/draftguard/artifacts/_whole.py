"""Whether a phrase is whole: a named entity that is not the front of a longer noun, and a
span that does not cut a name or a number in two. A term, an answer or a card front is a
whole phrase of its sentence, never a piece of one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["cuts_a_whole", "misread", "verb_read_as_noun", "whole_entity"]

_NOUNS = frozenset({"NOUN", "PROPN"})


def whole_entity(ent: Span) -> bool:
    """Whether a named entity is a whole phrase, not the front of a longer noun ("Ochre
    sea" tagged in "Ochre sea stars"): a term is a whole noun chunk or entity."""
    root = ent.root
    return not (root.dep_ in {"compound", "amod", "nmod"} and root.head.i >= ent.end
                and root.head.pos_ in _NOUNS)


def cuts_a_whole(tokens: Sequence[Token]) -> bool:
    """Whether a phrase cuts a name or a number in two: the word just before or after it
    belongs to the same entity and is joined to it in the parse ("least 20 litres" out of
    "at least 20 litres", "St Paul" out of "St Paul's Cathedral", "more than 1,000 degrees"
    out of "... degrees Celsius"). Leaving out an entity's article is no cut ("Ming dynasty"),
    nor is a preposition the tagger took in ("Near Perth") or a word the parse hangs
    elsewhere ("Afterwards Mrs Okafor")."""
    if not tokens:
        return False
    doc = tokens[0].doc
    first, last = tokens[0], tokens[-1]
    pairs = []
    if first.i > 0:
        pairs.append((doc[first.i - 1], first))
    if last.i + 1 < len(doc):
        pairs.append((last, doc[last.i + 1]))
    for left, right in pairs:
        outside = left if left is not first and left.i < first.i else right
        if (right.ent_iob_ == "I" and left.ent_type_ == right.ent_type_
                and (left.head.i == right.i or right.head.i == left.i)
                and outside.dep_ not in {"det", "poss", "prep"} and not outside.is_punct):
            return True
    return False


def misread(tokens: Sequence[Token]) -> bool:
    """Whether the parse cut a phrase where the text does not: a comma inside it that
    neither lists nor sets off an apposition ("manja, thread", two phrases the parser
    joined), a count above one on a singular noun ("about 80
    to 90 pedal" of "... pedal turns": the noun goes on), or a singular noun as the subject
    of a plural verb ("blossom end" of "causes blossom end rot", "rot" read as a verb). Such
    a phrase is the front of a longer one, never an answer or a term. So is a noun before a
    modal verb that has no subject ("watering" of "use a watering can")."""
    words = [t for t in tokens if not t.is_punct]
    if not words:
        return False
    inside = {t.i for t in tokens}
    appositive = any(t.dep_ == "appos" and t.head.i in inside for t in tokens)
    if not appositive and any(t.text == "," and not _listing(t) for t in tokens[1:-1]):
        return True  # "gases, mostly water vapour" is a noun with what it is
    if any(t.dep_ == "det" and t.i > 0 and t.doc[t.i - 1].pos_ in _NOUNS
           and t.doc[t.i - 1].i in {x.i for x in tokens} for t in tokens[1:]):
        return True  # "Bea a long, wavering hoot": two phrases run together
    last = words[-1]
    after = last.doc[last.i + 1] if last.i + 1 < len(last.doc) else None
    if after is not None and after.tag_ == "MD" and not any(
            c.dep_ in {"nsubj", "nsubjpass"} for c in after.head.children):
        return True  # "watering" of "use a watering can": a modal with no subject is "can"
    if last.tag_ != "NN" or last.ent_type_:
        return False  # "nine o'clock", "6 p.m." are a time's own words
    from draftguard.artifacts._numbers import number_value

    counted = any(c.dep_ == "nummod" and (number_value(c.text) or 0) > 1
                  for c in last.children)
    return counted or (last.dep_ == "nsubj" and last.head.tag_ == "VBP")


def _listing(comma: Token) -> bool:
    """Whether a comma inside a phrase lists: before an item joined by "and" ("lead, tin
    and antimony") or between two adjectives of one noun ("a shorter, sharp call")."""
    doc = comma.doc
    before, after = doc[comma.i - 1], doc[comma.i + 1] if comma.i + 1 < len(doc) else comma
    return after.dep_ == "conj" or (before.pos_ == "ADJ" and after.pos_ == "ADJ"
                                    and before.head.i == after.head.i)


def verb_read_as_noun(token: Token) -> bool:
    """Whether a "noun" is the sentence's verb misread, so its chunk is no term:
    - a noun at the root joined by "and" to a finite verb ("A healthy starter doubles in
      size ... and smells sour"): coordination joins like with like;
    - a plural noun at the root after the words that open the sentence, with a determiner
      right after it ("Soaking wets the carbon granules", "Frost splits the stone"): a noun
      at the top of a sentence is its verb when another noun phrase follows it."""
    if token.dep_ != "ROOT":
        return False
    if any(c.dep_ == "conj" and c.pos_ in {"VERB", "AUX"} and c.tag_ in {"VBZ", "VBD", "VBP"}
           for c in token.children):
        return True
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return (token.tag_ == "NNS" and token.i > token.sent.start and after is not None
            and after.tag_ in {"DT", "PRP$"})

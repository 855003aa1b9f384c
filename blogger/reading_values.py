"""What a field of the post is set to, as said: the words after the relation word ("the
title should be X", "changed to X"), never a view reported ("my friend said it should
mention X"); the key a short name of a field writes ("desc"); a value said as a sentence,
which keeps its full stop; a value said the learner's way ("I want it like 'X'") or
unquoted as a name ("make the title Back End of the Horse")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import told
from draftguard.language import parse

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause

__all__ = ["FIELD_KEYS", "after_relation", "describes_a_value", "like_quote", "named_title",
           "prose"]

#: The frontmatter key a short name of a field writes ("desc: X" sets the description).
FIELD_KEYS = {"desc": "description"}
#: A field's value of at least this many words, ending in a full stop, is a sentence.
_MIN_PROSE_WORDS = 4


def prose(value: list[Token]) -> bool:
    """Whether `value` is a sentence said unquoted ("Lambs, sleet and very little sleep on
    a hill farm."), its closing full stop its own: at least `_MIN_PROSE_WORDS` words, not a
    name (all proper nouns), ending in a full stop."""
    words = [t for t in value if t.is_alpha]
    return bool(value) and value[-1].text == "." and len(words) >= _MIN_PROSE_WORDS and \
        not all(t.pos_ == "PROPN" for t in words)


def after_relation(turn: Turn, rest: list[Token]) -> list[Token] | None:
    """The words after the relation word ("be X", "changed to X"), never after an
    auxiliary ("ought to be changed to X": neither "to be" is the relation; "X's name
    is to be changed to Y": "is" leads to the verb that names Y; "the title to be Falling Off
    Walls": a name the parser took for a verb is the value); None: no relation."""
    # (a "to" before a quotation the parser took for a verb, "to 'X' and add ...", is
    # the relation, not an infinitive's auxiliary)
    cut = next((i for i, t in enumerate(rest) if t.text == ":" or (
        (t.dep_ not in ("aux", "auxpass") or turn.quote(t.head) or not (
            turn.is_(t.head, "action.") or t.head.dep_ in ("aux", "auxpass"))) and (
            turn.is_(t, "relation.be") or turn.is_(t, "relation.new")) and
        not _of_a_person(t))), None)
    if cut is None or _reported(turn, rest[cut]):
        return None
    value = rest[cut + 1:]
    if value and turn.is_(value[0], "relation.be"):
        value = value[1:]
    if value and value[0].dep_ in ("aux", "auxpass"):
        again = next((i for i, t in enumerate(value) if t.dep_ not in (
            "aux", "auxpass") and turn.is_(t, "relation.new")), None)
        value = value[again + 1:] if again is not None else value
    if len(value) > 2 and turn.quote(value[0]) is not None and value[1].pos_ == "CCONJ":
        return value[:1]  # "to 'Clay Days' and florble the tags": the quotation, then more
    return value


#: Pronouns of the people in the conversation ("you are a star", "I am so sorry").
_PEOPLE = ("you", "u", "ya", "i", "we")


def _of_a_person(verb: Token) -> bool:
    """Whether `verb`, a "be", says something of someone in the conversation ("..., you are
    a star"): an aside about them, not the field's new value."""
    return verb.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in _PEOPLE
                                       for c in verb.children)


def _reported(turn: Turn, verb: Token) -> bool:
    """Whether `verb` tells what someone said ("my friend Maureen said it should
    mention X"): what follows is their view, not the new words."""
    return told(verb) and not any(
        c.dep_ == "nsubj" and (c.lower_ in ("it", "this") or turn.is_(c, "part."))
        for c in verb.children)


def like_quote(turn: Turn, clause: Clause, rest: list[Token]) -> list[Token] | None:
    """"The title I want it like 'X'": a learner's "like" for "as", a preposition (never
    the verb) whose object is one quotation, gives the field's words."""
    at = next((i for i, t in enumerate(rest) if t.pos_ in ("ADP", "SCONJ") and
               turn.is_(t, "relation.like")), None)
    if at is None or turn.lone_quote(rest[at + 1:], clause) is None:
        return None
    return rest[at + 1:]


def named_title(turn: Turn, clause: Clause, tokens: list[Token], at: int
                ) -> list[Token] | None:
    """"make the title Back End of the Horse": after a verb that sets it, the title (at
    `at`) followed straight by words written as a name (each content word capitalised,
    the first not opening the sentence) is given its new words unquoted."""
    rest = [t for t in tokens[at + 1:] if not t.is_punct]
    if clause.head_concept not in ("action.create", "action.replace") or not \
            turn.is_(tokens[at], "part.title") or not rest or rest[0].i == rest[0].sent.start:
        return None
    content = [t for t in rest if not t.is_stop]
    if not content or not rest[0].is_title or not all(t.is_title for t in content):
        return None
    return rest


#: Words that open a description of a value rather than the value ("something catchier").
_SOME = frozenset({"something", "anything", "somethin"})


def describes_a_value(text: str) -> bool:
    """Whether `text`, said as a field's new value, says what the value should be like
    rather than being it: "more interesting, now it is too plain", "something catchier",
    "shorter", "less boring" (lower case, opening with a comparative or superlative or
    "something"); "a year of bread" and "More Fun in the Garden" are values."""
    if not text or not text[0].islower():
        return False
    first = parse(text, entities=False)[0]
    return first.lower_ in _SOME or first.tag_ in ("JJR", "RBR", "JJS", "RBS")

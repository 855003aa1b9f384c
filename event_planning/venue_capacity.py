"""How many a reply sentence says a venue, or its private room, can take, read on the parse
and held to the catalogue's seats. No ADK here.

"Tandoor Kerala Table can seat all sixty of you" (it seats 48), "Zaytoon's private room
takes forty": a verb of the planner lexicon's `reply.seats` ("seat", "hold", "fit", "take")
whose object is a number, or a noun of `reply.party` ("people", "you") that a number counts
("25 people", "all sixty of you"). A modal of ability states it too ("can seat"); a negation,
a condition or a question does not. Said of a private room (its subject holds the lexicon's
words for one) the number must be at most the room's seats, else at most the venue's; told
as the size itself ("only takes twenty-four", "seats exactly 30") it must be that size.
A room of a venue ("The Keystone Prime's room", "its room") is its private room.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from draftguard.claims._numbers import value_of
from event_planning.venue_dishes import reply_lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from event_planning.catalog import Venue

__all__ = ["Capacity", "capacities", "wrong_capacities"]

_CONDITIONS = frozenset({"if", "unless", "whether"})
#: Adverbs that make a number the size itself, not a number it can take.
_EXACT = frozenset({"only", "exactly", "just"})


@dataclass(frozen=True)
class Capacity:
    #: How many it is said to take.
    guests: int
    #: Said of the private room, not the whole venue.
    room: bool
    #: Told as its size, not as what it can take ("only takes 24", "seats exactly 30").
    exact: bool = False


def _number(token: Token) -> float | None:
    """The number a word is, or that counts it ("sixty", "25 people", "all sixty of you")."""
    party = reply_lexicon().concept(token.lemma_.lower()) == "reply.party"
    if token.pos_ == "NUM":
        return value_of(token.text)
    if not party:
        return None
    return next((v for k in token.children if k.dep_ == "nummod"
                 if (v := value_of(k.text)) is not None), None)


def _room(subject: Token) -> bool:
    from event_planning.word_table import lexicon

    words = subject.doc[subject.left_edge.i: subject.i + 1]
    if subject.lemma_.lower() == "room" and any(k.dep_ == "poss" for k in subject.children):
        return True  # "its room", "The Keystone Prime's room": the room a venue has
    return any(t.concept == "feature.private_room" for t in lexicon().terms(words, typos=False))


def capacities(doc: Doc) -> list[Capacity]:
    """The capacities the parsed sentence states (module docstring)."""
    if doc.text.rstrip().endswith("?"):
        return []
    out: list[Capacity] = []
    for term in reply_lexicon().terms(doc, typos=False):
        verb = doc[term.start]
        if term.concept != "reply.seats" or verb.pos_ != "VERB" or any(
                k.dep_ == "neg" or (k.dep_ == "mark" and k.lower_ in _CONDITIONS)
                for k in verb.children):
            continue
        objects = [k for k in verb.children if k.dep_ == "dobj"]
        subjects = [k for k in verb.children if k.dep_ in ("nsubj", "nsubjpass")]
        if verb.dep_ == "relcl":
            subjects.append(verb.head)  # "a private room that seats 60"
        for thing in objects:
            number = _number(thing)
            if number is not None and number == int(number) and number > 0:
                exact = any(k.lower_ in _EXACT for w in (verb, thing) for k in w.children
                            if k.dep_ in ("advmod", "quantmod"))
                out.append(Capacity(int(number), any(_room(s) for s in subjects), exact))
    return out


def wrong_capacities(doc: Doc, venues: Sequence[Venue], *, every: bool) -> list[str]:
    """The capacities the sentence states that the venues' seats do not reach: each venue
    when the subject speaks of every one, else one of them at least."""
    wrong: list[str] = []
    for said in capacities(doc):
        def fits(venue: Venue, said: Capacity = said) -> bool:
            size = venue.private_room_seats if said.room else venue.seats
            return said.guests == size if said.exact else said.guests <= size

        if venues and not (all if every else any)(fits(v) for v in venues):
            wrong.append(f"room for {said.guests}")
    return wrong

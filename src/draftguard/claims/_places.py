"""Places of the world in general talk: "Philadelphia is known for its cheesesteaks", "Naples
is the home of pizza". In an app whose record is one city's venues (the planner), a city, a
state or a country the record does not hold is no fact of the session, so a sentence that
claims no act or result and says nothing of the person's own plans is not held to the
record for it (`SessionFacts.world_places`). A made-up venue ("Trattoria Milano") is no such
place: the entity recogniser does not tag it as one, and its name is checked as before. A
sentence that names one of the session's own (a venue found, one on a list) tells of that
one, general words or not ("Le Rive Gauche is on Walnut Street"): the record decides
(`general_talk`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._folded import fold
from draftguard.language import parse

if TYPE_CHECKING:
    from draftguard.claims._reading import Reading
    from draftguard.claims._record import SessionFacts

__all__ = ["general_talk", "world_place"]

#: The entity recogniser's label of a geo-political entity: a country, a city, a state.
_PLACE = "GPE"


def world_place(sentence: str, name: str) -> bool:
    """Whether `name` is, in `sentence`, a place of the world the recogniser tags as one."""
    return any(ent.label_ == _PLACE and (name in ent.text or ent.text in name)
               for ent in parse(sentence, entities=True).ents)


def general_talk(session: SessionFacts, reading: Reading, *, backed: bool) -> bool:
    """Whether the sentence may be general talk, its places of the world not held to the
    record: the app allows it, no run backs it (`backed`), it claims no act and speaks not
    to the person, and it names none of the session's own names."""
    own = {fold(n) for n in (*session.names, *(m for ms in session.collections.values()
                                               for m in ms))}
    return session.world_places and not backed and not reading.asserted and \
        not reading.to_person and not any(fold(n) in own for n in reading.names)

"""Places of the world in general talk: "Philadelphia is known for its cheesesteaks", "Naples
is the home of pizza". In an app whose record is one city's venues (the planner), a city, a
state or a country the record does not hold is no fact of the session, so a sentence that
claims no act or result and says nothing of the person's own plans is not held to the
record for it (`SessionFacts.world_places`). A made-up venue ("Trattoria Milano") is no such
place: the entity recogniser does not tag it as one, and its name is checked as before."""

from __future__ import annotations

from draftguard.language import parse

__all__ = ["world_place"]

#: The entity recogniser's label of a geo-political entity: a country, a city, a state.
_PLACE = "GPE"


def world_place(sentence: str, name: str) -> bool:
    """Whether `name` is, in `sentence`, a place of the world the recogniser tags as one."""
    return any(ent.label_ == _PLACE and (name in ent.text or ent.text in name)
               for ent in parse(sentence, entities=True).ents)

"""Words of a planner request the reading leaves unexplained: a search, pick or shortlist
change acting on the rest of the message would be a guess, so the planner asks first.

The app's reader by meaning reports what it compared and could not read (a clause no
lexicon word names and no example clause is clearly nearest to, "where we can take our own
wine in"; a rare word near no price, "bougie"): `SlotReading.unexplained`. Filler, the
slots' own words and venue names never get there: the reader only compares what no lexicon
entry and no request word covers.
"""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.understanding._asking import snippet
from draftguard.understanding._planner_slots import PlannerVocabulary, SlotReading
from draftguard.understanding._planner_venues import asks_plan
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["unless_unexplained"]

#: Readings that would change the search, the results or the list.
_ACTING = frozenset({Intent.SEARCH, Intent.PICK, Intent.SHORTLIST})


def unless_unexplained(requests: list[Interpretation], readings: Sequence[SlotReading],
                       vocabulary: PlannerVocabulary) -> tuple[Interpretation, ...]:
    """`requests`, or one question naming the words no reading explains and what would be
    done otherwise, when one of them would act; with no request at all, a place wished for
    by what it is near that no neighbourhood explains is asked about."""
    near = [w for r in readings for w in r.unexplained if vocabulary.words.opens_with("near", w)]
    if not requests and near:
        # "somewhere near the river": a place wished for that no neighbourhood explains
        # its candidate names what it asks for: the answer searches (`remember`)
        return (Interpretation(intent=Intent.SEARCH, confidence=0.0, question=(
            f"Which neighbourhood do you mean by “{snippet(near[0], 60)}”? Tell me the "
            "neighbourhood, or a landmark in it."), candidates=(Interpretation(
                intent=Intent.SEARCH, slots={"neighborhood": None}),)),)
    acting = [r for r in requests if r.question is None and r.intent in _ACTING]
    searching = any(r.intent is Intent.SEARCH for r in acting)
    # A number no value accounts for ("2 kids" when 3 was read) stops a search only.
    # A part that asks to see the plan is a request of its own ("bin X. whats the plan
    # now"): its words are explained by it.
    words = list(dict.fromkeys(w for r in readings
                               for w in [*r.unexplained, *(r.unread if searching else [])]
                               if not asks_plan(vocabulary.words, w, named=False)))
    if not acting or not words:
        return tuple(requests)
    said = " or ".join(f"“{snippet(w, 60)}”" for w in words)
    plan = _in_words(acting[0], vocabulary)
    question = (f"I'd {plan}, but what do you mean by {said}?" if plan
                else f"What do you mean by {said}?")
    return (Interpretation(intent=acting[0].intent, slots=dict(acting[0].slots),
                           confidence=0.0, candidates=(acting[0],), question=question),)


def _in_words(request: Interpretation, vocabulary: PlannerVocabulary) -> str | None:
    """What `request` would do, as the person would say it ("search Thai in Queen Village
    for 6"), else None."""
    slots = request.slots
    if request.intent is Intent.SEARCH:
        what = " ".join(str(slots[n]) if n == "price_level" else vocabulary.label(str(slots[n]))
                        for n in ("price_level", "cuisine") if slots.get(n))
        where = f" in {vocabulary.label(str(slots['neighborhood']))}" \
            if slots.get("neighborhood") else ""
        size = f" for {slots['party_size']}" if slots.get("party_size") else ""
        return f"search {what or 'places'}{where}{size}"
    venue = slots.get("venue")
    if not venue:
        return None
    if request.intent is Intent.PICK:
        return f"pick {venue}"
    removing = slots.get("action") == "remove"
    return f"{'take' if removing else 'put'} {venue} {'off' if removing else 'on'} the list"

"""What a planner reply says of the venues in words the catalogue does not use: a venue's
own room or patio by a pronoun ("Its private room", "There's a terrace"), every venue by a
noun ("Both places"), a weekend, a size told as the size itself ("only takes twelve"), a
feature inside a hedge, and a venue named with "The" when the catalogue holds the name with
and without it. Sentences written for these tests, not a corpus's; true sentences of the
same shape are kept."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.catalog import venue_by_id
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

# Broad Street Chophouse (room for 16, closed Sundays) and The Founders Grill (room for 30,
# closed Sundays): no patio, no BYOB.
STEAK = ("broad-street-chophouse", "the-founders-grill")
# Tandoor Kerala Table (a patio, room for 30, closed Tuesdays) and Tandoor Saffron Court (no
# patio, no private room, open every day).
TANDOOR = ("tandoor-kerala-table", "tandoor-saffron-court")
# Zaytoon and Taverna Cedar Table: neither has a patio, both are open every day.
MEZZE = ("taverna-cedar-table", "zaytoon")


def shown(sentence: str, venues: Sequence[str], referent: Sequence[str] = ()) -> bool:
    """Whether the person sees `sentence` as written after a search that found `venues`,
    said after naming `referent`."""
    run = ToolRun("search_venues", {"cuisine": "any"}, {
        "status": "ok", "count": len(venues), "venues": [{"id": v, "name": v} for v in venues]})
    record = TurnRecord(runs=(run,), claims=PLANNER_TOOL_CLAIMS,
                        session=planner_facts(results=venues, shortlist=()))
    if guard_reply(sentence, record).text.strip() != sentence:
        return False
    about = [v for v in (venue_by_id(i) for i in referent) if v is not None]
    verdict = judge_sentence(sentence, venues, catalogue_names(), shown_lines=set(),
                             referent=about)
    return verdict.action is SentenceAction.KEPT


@pytest.mark.parametrize(("sentence", "venues", "referent", "true"), [
    ("Both places do BYOB.", MEZZE, (), False),
    ("Both restaurants have a terrace.", TANDOOR, (), False),
    ("Both spots are open every day.", MEZZE, (), True),
    ("Its private room only takes twelve.", STEAK, ("the-founders-grill",), False),
    ("Its private room only takes thirty.", STEAK, ("the-founders-grill",), True),
    ("Its private room can take all thirty of you.", STEAK, ("the-founders-grill",), True),
    ("There's a terrace at the back and a ramp at the door.", STEAK,
     ("broad-street-chophouse",), False),
    ("There's a terrace at the back.", TANDOOR, ("tandoor-kerala-table",), True),
    ("The Founders Grill's room takes forty.", STEAK, (), False),
    ("The Founders Grill's room takes thirty.", STEAK, (), True),
])
def test_a_venue_said_by_a_pronoun_or_a_noun_is_held_to_its_record(
        sentence: str, venues: Sequence[str], referent: Sequence[str], true: bool) -> None:
    assert shown(sentence, venues, referent) is true


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("Broad Street Chophouse is shut at weekends.", STEAK, False),   # Sundays only
    ("Tandoor Kerala Table opens at the weekend.", TANDOOR, True),
    ("The Founders Grill is open at weekends.", STEAK, False),
    # a hedge states no feature; the same feature stated is held to the record
    ("Both are open every day, though a terrace might be nicer in summer.", MEZZE, True),
    ("Both are open every day and have a terrace.", MEZZE, False),
])
def test_weekends_and_hedged_features(sentence: str, venues: Sequence[str],
                                      true: bool) -> None:
    assert shown(sentence, venues) is true


def test_the_name_with_the_is_another_venue() -> None:
    guard = ClaimGuard()
    harbor = ["harbor-light", "the-harbor-light"]
    removed = ToolRun("remove_from_shortlist", {"venue_id": "harbor-light"},
                      {"status": "ok", "shortlist": ["the-harbor-light"]})
    record = TurnRecord(runs=(removed,), claims=PLANNER_TOOL_CLAIMS,
                        session=planner_facts(results=harbor, shortlist=["the-harbor-light"]))
    assert guard.judge("I removed Harbor Light from your list.", record).supported
    assert guard.judge("Harbor Light is off your list now.", record).supported
    assert not guard.judge("I removed The Harbor Light from your list.", record).supported
    assert not guard.judge("The Harbor Light was taken off your list.", record).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("I told Zaytoon to keep the back room free.", False),   # no tool sends a message
    ("We've told the manager you'll be late.", False),
    ("As I told you, Zaytoon is open every day.", True),     # the reply itself
    ("I can't tell which of the two is quieter.", True),
    ("I'd tell them you're coming if you like.", True),      # a hedge, no act
])
def test_telling_someone_outside_the_conversation_is_a_message(sentence: str,
                                                               true: bool) -> None:
    assert shown(sentence, MEZZE) is true

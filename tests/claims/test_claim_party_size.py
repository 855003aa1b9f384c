"""The party size in other words (`ToolClaims.field_words`): what the plan still needs told
as "a head count" or "how many guests" is held to the plan check's list of what is missing,
and a number said of the group ("It's for 28 people", "a group of 28") is the party size the
record holds, not a venue's seats; how many a venue takes is still the grounding filter's."""

from __future__ import annotations

from typing import Any

import pytest

from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

VENUES = ["enoteca-carmela"]  # seats 120, its private room 30


def _checked(preferences: dict[str, Any], missing: list[str]) -> TurnRecord:
    run = ToolRun("plan_summary", {}, {"status": "ok", "preferences": preferences,
                                       "shortlist": [], "missing": missing,
                                       "ready": not missing})
    return TurnRecord(runs=(run,), claims=PLANNER_TOOL_CLAIMS,
                      session=planner_facts(results=VENUES, shortlist=VENUES))


def _searched(args: dict[str, Any], said: str = "", party_size: int | None = None) -> TurnRecord:
    run = ToolRun("search_venues", args, {"status": "ok", "count": 1, "venues": VENUES})
    return TurnRecord(runs=(run,), claims=PLANNER_TOOL_CLAIMS, session=planner_facts(
        results=VENUES, shortlist=[], said=[said], party_size=party_size))


NEEDS_THE_SIZE = [
    "The plan is still waiting on a headcount.",
    "You still have to tell me how many guests there will be.",
    "It's still missing the number of diners, plus the date.",
    "I still need the size of your group.",
    "We're yet to hear how many people are coming.",
]


@pytest.mark.parametrize("sentence", NEEDS_THE_SIZE)
def test_the_size_said_still_needed_in_other_words_is_held_to_the_check(sentence: str) -> None:
    guard = ClaimGuard()
    missing = _checked({"cuisine": "italian"}, ["party_size", "date"])
    assert guard.judge(sentence, missing).supported
    known = _checked({"cuisine": "italian", "party_size": 14}, ["date"])
    assert not guard.judge(sentence, known).supported


@pytest.mark.parametrize("sentence", [
    "So that's dinner for twenty-eight people.",
    "It works for a group of 28.",
    "Your party of 28 will be comfortable there.",
    "A table of 28 guests is what we're planning for.",
    "That's the plan for all 28 diners.",
])
def test_a_number_said_of_the_group_is_the_party_size(sentence: str) -> None:
    guard = ClaimGuard()
    assert not guard.judge(sentence, _searched({"cuisine": "italian"})).supported
    assert not guard.judge(sentence, _searched({"party_size": 12})).supported
    assert guard.judge(sentence, _searched({"party_size": 28})).supported
    assert guard.judge(sentence, _searched({}, party_size=28)).supported
    assert guard.judge(sentence, _searched({}, said="we'll be 28 people")).supported


@pytest.mark.parametrize("sentence", [
    "Enoteca Carmela seats 120 people.",
    "Its private room takes 30 guests.",
    "There is room for 30 people in the private room.",
])
def test_how_many_a_venue_takes_is_no_party_size(sentence: str) -> None:
    assert ClaimGuard().judge(sentence, _searched({"cuisine": "italian"})).supported

"""What the plan still needs said as a list heading ("Still to do: a date and a head count"):
the heading says the items after it are still needed, so they are held to the plan check's
list of what is missing, as "You still need a date" is."""

from __future__ import annotations

from typing import Any

import pytest

from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

VENUES = ["enoteca-carmela"]


def _checked(preferences: dict[str, Any], missing: list[str]) -> TurnRecord:
    run = ToolRun("plan_summary", {}, {"status": "ok", "preferences": preferences,
                                       "shortlist": [], "missing": missing,
                                       "ready": not missing})
    return TurnRecord(runs=(run,), claims=PLANNER_TOOL_CLAIMS,
                      session=planner_facts(results=VENUES, shortlist=VENUES))


HEADINGS = [
    "Left to settle: the date and how many guests.",
    "Remaining items: a date, plus the number of diners.",
    "Things still open: date and group size.",
    "To sort out next - the date and a headcount.",
    "Outstanding: your date and your party size.",
    "Yet to decide: the day and the size of your group.",
]


@pytest.mark.parametrize("sentence", HEADINGS)
def test_a_heading_of_what_is_left_is_held_to_the_missing_list(sentence: str) -> None:
    guard = ClaimGuard()
    both = _checked({"cuisine": "thai"}, ["date", "party_size"])
    assert guard.judge(sentence, both).supported
    neither = _checked({"cuisine": "thai", "date": "2026-12-04", "party_size": 9}, [])
    assert not guard.judge(sentence, neither).supported


@pytest.mark.parametrize("sentence", [
    "Worth asking: whether they do a set menu.",
    "Next steps: tell me a date, and I will check the shortlist.",
    "Things to try there: the pad see ew and the green curry.",
])
def test_a_heading_that_says_nothing_is_left_stands(sentence: str) -> None:
    guard = ClaimGuard()
    assert guard.judge(sentence, _checked({"cuisine": "thai"}, [])).supported

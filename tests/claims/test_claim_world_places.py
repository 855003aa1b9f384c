"""General talk about places of the world in the planner ("Philadelphia is known for its
cheesesteaks") claims nothing of the session and is kept; a made-up venue, an act, or the
person's own plans are still held to the record; in the blogger a place the post does not
name is still a fact about the post."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

PLANNER = TurnRecord(claims=PLANNER_TOOL_CLAIMS, session=planner_facts(
    results=[], shortlist=[], said=["any ideas for pizza or a cheesesteak place for 12?"]))


@pytest.mark.parametrize("sentence", [
    "Philly's famous for its cheesesteaks, of course.",
    "Pizza as we know it comes from Naples.",
    "Chicago does a deep-dish pizza that is more like a pie.",
    "In Japan, ramen shops are often tiny.",
    "Texas is where brisket is king.",
])
def test_places_of_the_world_in_general_talk_are_kept(sentence: str) -> None:
    assert ClaimGuard().judge(sentence, PLANNER).supported


@pytest.mark.parametrize("sentence", [
    "Trattoria Milano is known for its pizza.",
    "I booked you a table in Chicago.",
    "I added a place in Texas to your shortlist.",
])
def test_made_up_venues_and_acts_are_still_held_to_the_record(sentence: str) -> None:
    assert not ClaimGuard().judge(sentence, PLANNER).supported


def test_in_the_blogger_a_place_is_the_posts() -> None:
    post = "# Race day\n\nThe half marathon started in York at nine.\n"
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
        post=post, versions=[0], sources=[], said=["what do you think?"]))
    assert not ClaimGuard().judge("Your race started in Leeds at nine.", record).supported

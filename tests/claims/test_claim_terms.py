"""What a reply says one of the app's own terms is, held against the meaning the app gives it.

Found in `adk web`: asked "what does BYOB mean exactly?", the embedded model told the person
that BYOB "is also known for its use of multiple instruments in a single song". Sentences
written for these tests, not the corpora's.
"""

from __future__ import annotations

import pytest

from draftguard.claims import ClaimGuard, SessionFacts, TurnRecord
from draftguard.claims._filter import guard_reply
from event_planning.tool_claims import (
    NEXT_STEP,
    PLANNER_TOOL_CLAIMS,
    planner_facts,
    planner_terms,
)

PLANNER = TurnRecord(claims=PLANNER_TOOL_CLAIMS, session=planner_facts(results=[], shortlist=[]))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


def test_the_planner_defines_its_own_words_not_plain_english() -> None:
    terms = planner_terms()
    assert "byob" in terms and "bring your own" in terms["byob"]
    assert "patio" not in terms and "wheelchair" not in terms  # plain English


@pytest.mark.parametrize("untrue", [
    "ByOB is also known for its use of multiple instruments in a single song.",
    "BYOB is a popular band from Ohio.",
    "BYOB refers to a dress code for formal events.",
    "BYO is a genre of music that mixes rock and pop.",
])
def test_a_meaning_the_app_does_not_give_its_term_is_removed(
        guard: ClaimGuard, untrue: str) -> None:
    assert not guard.judge(untrue, PLANNER).supported
    shown = guard_reply(f"{untrue} Want me to look for BYOB places?", PLANNER).text
    assert shown == "Want me to look for BYOB places?"
    alone = guard_reply(untrue, PLANNER, next_step=NEXT_STEP).text
    assert untrue not in alone and "search the catalogue" in alone  # the next step, no silence


@pytest.mark.parametrize("kept", [
    "BYOB means you can bring your own bottle.",
    "BYOB stands for bring your own booze.",
    "BYOB is short for bring your own bottle.",
    "BYO means the same as BYOB: you bring your own wine.",
    "BYOB is great for a birthday on a budget.",     # an opinion, no meaning
    "BYOB venues sometimes charge a corkage fee.",   # said of venues, not of the term
    "BYOB might mean something else in Australia.",  # a hedge
    "Is BYOB a problem for your group?",
])
def test_the_apps_meaning_an_opinion_or_a_hedge_stays(guard: ClaimGuard, kept: str) -> None:
    assert guard.judge(kept, PLANNER).supported
    assert guard_reply(kept, PLANNER).text == kept


def test_any_app_gives_its_terms_in_the_record(guard: ClaimGuard) -> None:
    record = TurnRecord(session=SessionFacts(terms={"rsvp": "reply to say whether you come"}))
    assert not guard.judge("RSVP is a kind of French pastry.", record).supported
    assert guard.judge("RSVP means you reply to say whether you will come.", record).supported
    assert guard.judge("RSVP is a kind of French pastry.", TurnRecord()).supported  # no terms

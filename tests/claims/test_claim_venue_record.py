"""Facts a planner reply states about the venues found, held to their catalogue records
through the app's chain (the claim guard, then the venue grounding filter): the days they
open, how many a search found, what they seat, serve, cost and where they stand. Sentences
written for these tests, not a corpus's; true sentences of the same shape are kept."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

# Two steakhouses, both closed on Sundays, both at the top price level; rooms for 16 and 30.
STEAK = ("broad-street-chophouse", "the-founders-grill")
# Zaytoon (Christian St, $, room for 40) and Taverna Cedar Table (Washington Ave, $$$, the
# charcoal-grilled octopus), both open every day.
MEZZE = ("taverna-cedar-table", "zaytoon")
# Tandoor Kerala Table ($, 48 seats, closed Tuesdays) and Tandoor Saffron Court ($$$$, 28
# seats, open every day).
TANDOOR = ("tandoor-kerala-table", "tandoor-saffron-court")


def searched(venues: Sequence[str]) -> TurnRecord:
    run = ToolRun("search_venues", {"cuisine": "any"}, {
        "status": "ok", "count": len(venues),
        "venues": [{"id": v, "name": v} for v in venues]})
    return TurnRecord(runs=(run,), claims=PLANNER_TOOL_CLAIMS,
                      session=planner_facts(results=venues, shortlist=()))


def shown(sentence: str, venues: Sequence[str]) -> bool:
    """Whether the person sees `sentence` as written after a search that found `venues`."""
    if guard_reply(sentence, searched(venues)).text.strip() != sentence:
        return False
    verdict = judge_sentence(sentence, venues, catalogue_names(), shown_lines=set())
    return verdict.action is SentenceAction.KEPT


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("The Founders Grill opens on Sundays.", STEAK, False),
    ("The Founders Grill is open on Sundays.", STEAK, False),
    ("The Founders Grill doesn't open on Sundays.", STEAK, True),
    ("Neither opens on a Sunday.", STEAK, True),
    ("Neither of them is open on Mondays.", STEAK, False),
    ("Broad Street Chophouse shuts on Sundays.", STEAK, True),
    ("Zaytoon shuts on Tuesdays too.", MEZZE, False),
    ("Zaytoon closes on Mondays.", MEZZE, False),
    ("Tandoor Kerala Table is closed Tuesdays.", TANDOOR, True),
    ("Both open seven days.", MEZZE, True),
    ("Both are open every day.", MEZZE, True),
    ("Both open seven days.", STEAK, False),
    ("Is The Founders Grill open on Sundays?", STEAK, True),      # a question states nothing
    ("If Zaytoon closes on Mondays, pick another night.", MEZZE, True),  # a condition
])
def test_the_days_a_venue_opens_are_the_catalogues(sentence: str, venues: Sequence[str],
                                                   true: bool) -> None:
    assert shown(sentence, venues) is true


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("Just the one steakhouse came up.", STEAK, False),
    ("Only two steakhouses came up.", STEAK, True),
    ("Half a dozen places came up.", STEAK, False),
    ("The search found three places.", STEAK, False),
    ("The search found two places.", STEAK, True),
])
def test_how_many_a_search_found_is_its_count(sentence: str, venues: Sequence[str],
                                              true: bool) -> None:
    assert shown(sentence, venues) is true


def test_a_thing_called_the_one_is_no_count() -> None:
    assert shown("Tandoor Kerala Table is the budget one.", TANDOOR)


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("Saffron Court seats twenty-eight.", TANDOOR, True),   # a venue named by its last words
    ("Saffron Court shuts on Tuesdays too.", TANDOOR, False),
    ("Tandoor Kerala Table can seat all sixty of you.", TANDOOR, False),
    ("Tandoor Kerala Table can take all forty of you.", TANDOOR, True),
    ("Zaytoon's private room takes forty.", MEZZE, True),
    ("Zaytoon's private room holds fifty.", MEZZE, False),
    ("Both can fit 50 people.", MEZZE, False),              # Zaytoon seats 40
    ("It takes twenty minutes to walk there.", MEZZE, True),  # no people counted
])
def test_how_many_a_venue_takes_is_the_catalogues(sentence: str, venues: Sequence[str],
                                                  true: bool) -> None:
    assert shown(sentence, venues) is true


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("Zaytoon does the charcoal-grilled octopus.", MEZZE, False),
    ("Taverna Cedar Table does the charcoal-grilled octopus.", MEZZE, True),
    ("Zaytoon makes a lovely lamb kofta.", MEZZE, True),
    ("Zaytoon does a private room.", MEZZE, True),      # no dish word: no dish
    ("Both are on Christian Street.", MEZZE, False),
    ("Zaytoon is on Christian Street.", MEZZE, True),
    ("Both are on Sansom Street.", STEAK, True),
])
def test_a_dish_made_and_a_street_shared_are_the_catalogues(
        sentence: str, venues: Sequence[str], true: bool) -> None:
    assert shown(sentence, venues) is true


@pytest.mark.parametrize(("sentence", "venues", "true"), [
    ("Neither is cheap: both sit at the highest price level.", STEAK, True),
    ("The Founders Grill is cheap.", STEAK, False),
    ("The Founders Grill isn't cheap.", STEAK, True),
    ("Saffron Court costs less than Tandoor Kerala Table.", TANDOOR, False),
    ("Tandoor Kerala Table costs less than Saffron Court.", TANDOOR, True),
    ("Tandoor Kerala Table is the budget one; Saffron Court is right at the top end.",
     TANDOOR, True),
    ("Saffron Court tops the two on price.", TANDOOR, True),
    ("Tandoor Kerala Table tops the two on price.", TANDOOR, False),
    # a tie tops nothing: Casa Don Ramiro is at the same level
    ("Taquería Los Arcos tops the three on price.",
     ("cantina-el-molino", "casa-don-ramiro", "taquería-los-arcos"), False),
])
def test_a_price_said_or_compared_is_the_catalogues(sentence: str, venues: Sequence[str],
                                                    true: bool) -> None:
    assert shown(sentence, venues) is true

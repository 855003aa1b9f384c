"""What a check or another run is said to have found, and what a thing will do, held against
the record as classes (the fourth batch's last misses), with true sentences of the same shape
kept: a verdict in any verb that acts on the brief ("it clears the brief"); a verdict on part
of the criteria; what the check flagged or suggested; what a thing will do at a time; a name
acted on that is part of another's name; "both of them" after one venue. Sentences written
for these tests, not the corpus's.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.catalog import venue_by_id
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

POST = ("# Walking the Thames Path\n\nWe walked from Richmond to Kew in one afternoon.\n\n"
        "Bring water and a light jacket.\n")


def checked(passed: bool) -> TurnRecord:
    run = ToolRun("check_delivery", {
        "primary_goal": "a beginner's walking guide",
        "success_criteria": ["gives the distance", "says what to bring", "names a cafe"]},
        {"passed": passed, "status": "passed" if passed else "failed", "document_count": 1,
         "gap_analysis": "" if passed else "it names no cafe",
         "improvement_suggestions": ["add a map of the route"]})
    return TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                      session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize(("sentence", "passing"), [
    ("I think it ticks off every point of the brief.", True),
    ("To my mind the post clears your brief.", True),
    ("Every requirement is covered now.", True),
    ("It doesn't quite cover the brief yet.", False),
    ("Honestly, it satisfies the brief.", True),
])
def test_a_verb_acting_on_the_brief_states_a_verdict(
        guard: ClaimGuard, sentence: str, passing: bool) -> None:
    assert guard.judge(sentence, checked(passing)).supported
    assert not guard.judge(sentence, checked(not passing)).supported
    assert not guard.judge(sentence, TurnRecord(claims=BLOGGER_TOOL_CLAIMS)).supported


def test_a_verb_on_the_brief_said_of_a_person_is_no_verdict(guard: ClaimGuard) -> None:
    nothing = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                         session=blogger_facts(post=POST, versions=(0,)))
    assert guard.judge("I read your brief twice.", nothing).supported
    assert guard.judge("You wrote a clear brief.", nothing).supported


def test_a_verdict_on_part_of_the_criteria_is_a_failing_one(guard: ClaimGuard) -> None:
    sentence = "The post satisfied just one of the three criteria."
    assert guard.judge(sentence, checked(False)).supported
    assert not guard.judge(sentence, checked(True)).supported
    assert guard.judge("It met all three of the criteria.", checked(True)).supported


@pytest.mark.parametrize(("sentence", "passing"), [
    ("The post was judged to meet only one of your three criteria.", False),
    ("It was judged to satisfy every point of the brief.", True),
    ("The walk guide was judged to fall short of the brief.", False),
])
def test_a_verdict_a_check_is_said_to_have_given_is_the_checks(
        guard: ClaimGuard, sentence: str, passing: bool) -> None:
    assert guard.judge(sentence, checked(passing)).supported
    assert not guard.judge(sentence, checked(not passing)).supported


def test_an_infinitive_of_a_verdict_not_said_of_a_check_stays_a_hedge(guard: ClaimGuard) -> None:
    nothing = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                         session=blogger_facts(post=POST, versions=(0,)))
    assert guard.judge("It is expected to meet your brief.", nothing).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("The check pointed out that a cafe is missing.", True),
    ("The check pointed out that the packing list is missing.", False),
    ("The check's one suggestion was a map of the route.", True),
    ("The check's one suggestion was a photo of the river.", False),
    ("The check found no problems with the distance.", True),
])
def test_what_the_check_found_is_in_its_result(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, checked(False)).supported is true


def test_what_a_thing_will_do_is_a_fact_to_check(guard: ClaimGuard) -> None:
    run = ToolRun("set_timer", {"label": "bread", "time": "18:15"},
                  {"status": "ok", "label": "bread", "time": "18:15"})
    record = TurnRecord(runs=(run,))
    assert guard.judge("The timer will ring at 18:15.", record).supported
    assert not guard.judge("The timer will ring at 18:45.", record).supported
    # a plan with a condition, or said of the app, still claims nothing
    assert guard.judge("I will set another for 19:00 if you like.", record).supported


def test_what_a_thing_could_do_states_its_number(guard: ClaimGuard) -> None:
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
        post="# Kew\n\nFrom the pagoda you could see 10 miles on a clear day.\n",
        versions=(0,)))
    assert guard.judge("From the pagoda you could see ten miles.", record).supported
    assert not guard.judge("The pagoda could be seen from 14 miles away.", record).supported
    assert guard.judge("You could add 3 photos of the gardens.", record).supported


CHINATOWN = ["golden-crane-pavilion", "golden-sichuan-lantern", "jade-pearl-river-house",
             "sichuan-lantern"]


def test_a_name_inside_another_venues_name_is_that_other_venue(guard: ClaimGuard) -> None:
    removed = ToolRun("remove_from_shortlist", {"venue_id": "golden-sichuan-lantern"},
                      {"status": "ok", "shortlist": ["sichuan-lantern"]})
    facts = planner_facts(results=CHINATOWN, shortlist=["sichuan-lantern"])
    record = TurnRecord(runs=(removed,), claims=PLANNER_TOOL_CLAIMS, session=facts)
    assert guard.judge("I took Golden Sichuan Lantern off your list.", record).supported
    assert not guard.judge("I took Sichuan Lantern off your list.", record).supported
    assert not guard.judge("Do you want me to undo the removal of Sichuan Lantern?",
                           record).supported
    assert guard.judge("Do you want me to undo the removal of Golden Sichuan Lantern?",
                       record).supported


def test_both_of_them_after_one_venue_speaks_of_more_than_it() -> None:
    jade = venue_by_id("jade-pearl-river-house")
    assert jade is not None and "monday" in jade.closed_on

    def kept(sentence: str) -> bool:
        return judge_sentence(sentence, CHINATOWN, catalogue_names(), shown_lines=set(),
                              referent=[jade]).action is SentenceAction.KEPT

    assert kept("It is closed on Mondays.")
    assert not kept("Both of them are closed on Mondays.")
    assert not kept("They are all closed on Mondays.")


HIVE_POST = ("# First honey\n\nMy neighbour Ines lent me her smoker.\n\n"
             "We took eleven jars off the hive in August.\n")
HIVE = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=HIVE_POST,
                                                                    versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    # what a named person did, in the past or the perfect, must be the record's to tell
    ("Ines lent you her smoker.", True),
    ("Ines has lent you her smoker.", True),
    ("Ines has tasted it and adored it.", False),      # no text says she tasted or adored
    ("Ines already had a try of the honey.", False),   # a light verb's noun is the act
    ("Ines has lent you her bee suit as well.", False),
    ("Ines lets you borrow her smoker.", True),        # no past: how things stand
])
def test_what_a_named_person_did_is_the_records_to_tell(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, HIVE).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    # what the person "will find" a text says is told as so; a text that mentions a thing
    # speaks of the record
    ("You'll find the post now says Ines lent you her smoker.", True),
    ("You'll see the post mentions the eleven jars.", True),
    ("The post mentions the hive.", True),
    ("You'll find the post now says you took twelve jars off the hive.", False),
    ("You'll see the post now mentions the honey extractor.", False),
    ("The post now mentions a swarm in the plum tree.", False),
    ("If you scroll down, you'll see it mentions the hive.", True),  # a condition: a hedge
])
def test_what_a_text_is_shown_to_say_is_in_the_record(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, HIVE).supported is true


GARDEN = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Balcony garden\n\nThe tomatoes were ready in August.\n\nThe basil failed in the "
         "heat.\n", versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("The tomatoes were ready by August.", True),     # said of a thing of the post
    ("Your basil failed in the heat.", True),
    ("The post is ready to go.", False),              # said of the work: no check ran
    ("It fails your brief.", False),
    ("The draft passes every point.", False),
])
def test_a_verdict_word_said_of_a_thing_the_post_tells_of_is_no_verdict(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, GARDEN).supported is true


def test_a_value_with_decimals_in_a_turn_with_a_score_is_the_runs(guard: ClaimGuard) -> None:
    run = ToolRun("check_delivery", {"primary_goal": "a walking guide"},
                  {"passed": True, "status": "passed", "quality_score": 0.74})
    record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0,)))
    assert guard.judge("It comes out at 0.74 now.", record).supported
    assert not guard.judge("It comes out at 0.47 now.", record).supported

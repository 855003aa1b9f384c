"""Five kinds of false claim, each held against the record as a class, with true sentences
of the same shape kept: an edit said to be on a part of the post it did not touch; a dish or a
price rank the catalogue does not give a venue; something said to be still needed that the
plan's check has; a request no tool made. Sentences written for these tests, not the corpus's.
"""

from __future__ import annotations

import itertools

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.catalog import venue_by_id
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

POST = ("# Hiking the Ridge\n\nWe set off at dawn from the car park.\n\n"
        "The trail climbs steeply through pine woods. The view from the top is wide.\n\n"
        "Bring water and a map. See you on the trail!\n")


def edited(text: str, kind: str = "replace") -> TurnRecord:
    """An edit plan whose new text is `text` (it stands in POST)."""
    run = ToolRun("edit_ops", {"base_version": 1, "ops": [
        {"type": kind, "anchor": "old words", "text": text}]},
        {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1})
    return TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                      session=blogger_facts(post=POST, versions=(0, 1, 2)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


FIRST_PARAGRAPH = edited("We set off at dawn from the car park.")
LAST_SENTENCE = edited("See you on the trail!")


@pytest.mark.parametrize(("sentence", "first", "last"), [
    ("I tightened your intro.", True, False),
    ("I rewrote the opening paragraph.", True, False),
    ("I fixed a typo in paragraph 1.", True, False),
    ("I rewrote the start of the post.", True, False),
    ("I shortened the ending.", False, True),
    ("I trimmed the conclusion a little.", False, True),
    ("I reworded the last paragraph.", False, True),
    ("I reworded the last sentence.", False, True),
    ("I tweaked the closing lines.", False, True),
    ("I smoothed the second sentence of your conclusion.", False, True),
    ("I smoothed out the second paragraph.", False, False),
    ("I changed the title.", False, False),
    ("I saved your changes as version 2.", True, True),   # names no part: not checked
])
def test_an_edit_is_claimed_only_on_the_part_it_touched(
        guard: ClaimGuard, sentence: str, first: bool, last: bool) -> None:
    assert guard.judge(sentence, FIRST_PARAGRAPH).supported is first
    assert guard.judge(sentence, LAST_SENTENCE).supported is last


def test_an_edit_whose_place_is_unknown_is_not_held_to_a_part(guard: ClaimGuard) -> None:
    # A deletion leaves no text behind to find: any part may have been touched.
    deleted = TurnRecord(runs=(ToolRun("edit_ops", {"base_version": 1, "ops": [
        {"type": "delete", "anchor": "It was cold."}]}, {"status": "applied", "version": 2}),),
        claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1, 2)))
    assert guard.judge("I cut a sentence from the conclusion.", deleted).supported


def test_the_reply_keeps_the_true_edit_and_drops_the_misplaced_one() -> None:
    shown = guard_reply("I tightened your intro. I also shortened the ending.",
                        FIRST_PARAGRAPH).text
    assert "I tightened your intro." in shown and "ending" not in shown


PLAN = ToolRun("plan_summary", {}, {
    "status": "ok", "preferences": {"cuisine": "thai", "party_size": 8, "date": "2027-03-02"},
    "shortlist": [], "missing": ["a shortlisted venue"], "ready": False})
PLANNED = TurnRecord(runs=(PLAN,), claims=PLANNER_TOOL_CLAIMS,
                     session=planner_facts(results=["bangkok-street-kitchen"], shortlist=[]))


@pytest.mark.parametrize(("sentence", "true"), [
    ("We still need a party size.", False),
    ("The plan is still missing a date.", False),
    ("You have yet to choose a cuisine.", False),
    ("You still need to shortlist a venue.", True),
    ("The plan still lacks a venue.", True),
    ("Nothing else is missing.", True),
    ("You may still need to confirm the date with your friends.", True),  # a hedge
    ("The plan is waiting for a party size.", False),          # waiting on: still needed
    ("It's still waiting on a cuisine.", False),
    ("The plan is still waiting on a venue.", True),
])
def test_what_is_still_needed_is_what_the_check_lists(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, PLANNED).supported is true


def test_without_a_check_this_turn_what_is_needed_is_not_judged(guard: ClaimGuard) -> None:
    empty = TurnRecord(claims=PLANNER_TOOL_CLAIMS,
                       session=planner_facts(results=[], shortlist=[]))
    assert guard.judge("You still need to pick a date.", empty).supported


BOOKED = TurnRecord(runs=(ToolRun("book_table", {"party_size": 4, "time": "20:00",
                                                 "note": "birthday cake"},
                                  {"status": "booked"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I requested a quiet corner table.", False),
    ("I asked the restaurant for a high chair.", False),
    ("I've requested a booth by the window.", False),
    ("I asked for a table for 4 at 20:00.", True),
    ("I also requested a birthday cake.", True),
    ("As requested, the table is booked for 20:00.", True),
    ("You asked for a table at 20:00.", True),
])
def test_a_request_is_one_a_run_made(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, BOOKED).supported is true


def test_a_request_with_no_run_behind_it_is_never_stated(guard: ClaimGuard) -> None:
    assert not guard.judge("I asked the venue for a cake.", TurnRecord()).supported
    shown = guard_reply("I asked the venue for a cake.", TurnRecord()).text
    assert "cake" not in shown and "can't ask" in shown


RESULTS = ["bar-nonna-rosa", "enoteca-carmela", "osteria-bianchi", "osteria-dinardo"]


def kept(sentence: str) -> bool:
    verdict = judge_sentence(sentence, RESULTS, catalogue_names(), shown_lines=set())
    return verdict.action is SentenceAction.KEPT


@pytest.mark.parametrize(("sentence", "true"), [
    ("Bar Nonna Rosa is known for its Sunday gravy.", True),
    ("Enoteca Carmela is famous for wood-fired pizza.", True),
    ("Osteria DiNardo serves excellent veal saltimbocca.", True),
    ("Both Enoteca Carmela and Osteria Bianchi are known for wood-fired pizza.", True),
    ("Bar Nonna Rosa serves Italian food.", True),            # a cuisine, no dish
    ("Osteria Bianchi doesn't serve pizza by the slice.", True),  # negated
    ("Enoteca Carmela is famous for its lasagna.", False),
    ("Osteria DiNardo serves great tiramisu.", False),
    ("Bar Nonna Rosa specialises in risotto.", False),
    ("Both Enoteca Carmela and Osteria Bianchi are known for cannoli.", False),  # one has
])
def test_a_dish_a_venue_is_known_for_is_in_its_catalogue_entry(sentence: str,
                                                                true: bool) -> None:
    assert kept(sentence) is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Bar Nonna Rosa is the place for burrata.", True),
    ("Enoteca Carmela is the pick for cannoli.", True),
    ("Osteria Bianchi is the spot for a big family lunch.", True),  # no dish named
    ("Osteria DiNardo is the one for cannoli.", False),
    ("Go to Enoteca Carmela for the hand-rolled pappardelle.", False),
    ("Bar Nonna Rosa is your go-to for tiramisu.", False),
])
def test_a_dish_in_other_words_is_in_the_catalogue_entry(sentence: str, true: bool) -> None:
    assert kept(sentence) is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Both are known for wood-fired pizza.", True),  # two of the four
    ("Both of them are closed on Mondays.", True),
    ("Both are known for veal saltimbocca.", False),  # only one of the four
    ("All of them are known for wood-fired pizza.", False),
])
def test_both_said_of_more_than_two_venues_is_true_of_some_two(sentence: str,
                                                                true: bool) -> None:
    assert kept(sentence) is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Enoteca Carmela is the cheapest of the four.", True),
    ("Osteria DiNardo is the cheapest of the four.", False),
    ("Osteria DiNardo is the priciest option.", True),
    ("Enoteca Carmela is the least expensive of them.", True),
    ("Osteria Bianchi is the least expensive of them.", False),
    ("If you want something cheaper, Enoteca Carmela is good.", True),
])
def test_a_price_rank_is_the_catalogues(sentence: str, true: bool) -> None:
    assert kept(sentence) is true


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(RESULTS, 2)))
def test_cheaper_than_follows_the_price_levels(a: str, b: str) -> None:
    first, second = venue_by_id(a), venue_by_id(b)
    assert first is not None and second is not None
    cheaper = first.price_level < second.price_level
    assert kept(f"{first.name} is cheaper than {second.name}.") is cheaper
    assert kept(f"{first.name} is more expensive than {second.name}.") is (
        first.price_level > second.price_level)


# -- classes the fourth held-out batch found (new sentences, not the batch's) --------------


@pytest.mark.parametrize(("sentence", "true"), [
    ("Because I trimmed the intro, it reads faster.", True),
    ("Because I trimmed the ending, it reads faster.", False),   # a reason is asserted
    ("Since I've saved it, you can share the link.", True),
    ("If I shorten the ending, it could read faster.", True),   # a condition is not
    ("Shall I revert the change I just made to the ending?", False),  # taken as done
    ("Shall I revert the change I just made to the intro?", True),
    ("Could I make a quiz that covers the intro?", True),        # not one that exists
])
def test_a_reason_or_a_thing_done_is_asserted_whatever_the_sentence_asks(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, FIRST_PARAGRAPH).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    # "as" with the app for subject gives a reason, which is asserted; "as you asked" is
    # the person's doing and claims nothing of its own
    ("As I've trimmed the intro, it reads faster.", True),
    ("As I've already cut the ending, shall we check it?", False),
    ("As you wanted, I trimmed the intro.", True),
    ("As you wanted, I trimmed the ending.", False),   # the main clause still claims
    ("As requested, the intro is shorter now.", True),
    ("Since I've trimmed the intro, shall we look at the ending next?", True),
    ("Since I've trimmed the intro as version 7, shall we look at the ending?", False),
])
def test_a_reason_given_with_as_is_asserted(guard: ClaimGuard, sentence: str,
                                            true: bool) -> None:
    assert guard.judge(sentence, FIRST_PARAGRAPH).supported is true


def test_a_question_about_an_action_that_failed_does_not_take_it_as_done(
        guard: ClaimGuard) -> None:
    failed = TurnRecord(runs=(ToolRun("book_table", {"day": "friday"},
                                      {"status": "error", "error": "full"}),))
    assert not guard.judge("Do you want me to move the Friday reservation?", failed).supported
    assert not guard.judge("Now that you're booked in, enjoy the evening.", failed).supported
    assert guard.judge("Shall I try another day?", failed).supported


TOPIC_POST = ("# Spring planting\n\nWe sowed beans in April.\n\n"
              "The tomatoes went in late, after the frost.\n\nThe first harvest was small.\n")


def test_a_part_named_by_what_it_is_about_is_the_one_the_edit_touched(
        guard: ClaimGuard) -> None:
    run = ToolRun("edit_ops", {"base_version": 1, "ops": [
        {"type": "replace", "anchor": "The tomatoes went in late, after the long frost.",
         "text": "The tomatoes went in late, after the frost."}]},
        {"status": "applied", "version": 2})
    record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=TOPIC_POST, versions=(0, 1, 2)))
    assert guard.judge("I tightened the tomato sentence.", record).supported
    assert guard.judge("I cut a word from the frost line.", record).supported
    assert not guard.judge("I tightened the harvest sentence.", record).supported
    assert not guard.judge("I cut the bean paragraph.", record).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("The check says the post meets your brief.", True),
    ("According to the check, it falls short of the brief.", False),
])
def test_what_the_check_says_is_its_verdict(guard: ClaimGuard, sentence: str,
                                            true: bool) -> None:
    passed = ToolRun("check_delivery", {"primary_goal": "a guide"},
                     {"passed": True, "status": "passed", "document_count": 1})
    record = TurnRecord(runs=(passed,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0, 1)))
    assert guard.judge(sentence, record).supported is true


def test_counts_in_nouns_and_kinds_a_run_made(guard: ClaimGuard) -> None:
    cards = ToolRun("make_artifact", {"artifact_type": "flashcards"},
                    {"ok": True, "artifact_type": "flashcards", "count": 6})
    record = TurnRecord(runs=(cards,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0, 1)))
    assert guard.judge("I made half a dozen cards.", record).supported
    assert not guard.judge("I made a dozen cards.", record).supported
    assert not guard.judge("I made a couple of cards.", record).supported
    assert not guard.judge("A mindmap was made too.", record).supported


def test_a_swap_is_a_removal_and_an_addition(guard: ClaimGuard) -> None:
    removed = ToolRun("remove_from_shortlist", {"venue_id": "enoteca-carmela"},
                      {"status": "ok", "removed": "Enoteca Carmela"})
    added = ToolRun("add_to_shortlist", {"venue_id": "bar-nonna-rosa"},
                    {"status": "ok", "added": "Bar Nonna Rosa"})
    facts = planner_facts(results=RESULTS, shortlist=["bar-nonna-rosa"])
    both = TurnRecord(runs=(removed, added), claims=PLANNER_TOOL_CLAIMS, session=facts)
    one = TurnRecord(runs=(added,), claims=PLANNER_TOOL_CLAIMS, session=facts)
    sentence = "I swapped Enoteca Carmela for Bar Nonna Rosa."
    assert guard.judge(sentence, both).supported
    assert not guard.judge(sentence, one).supported


def test_a_tool_named_for_setting_something_backs_only_what_it_set(guard: ClaimGuard) -> None:
    run = ToolRun("set_alarm", {"day": "tuesday", "time": "07:00"},
                  {"status": "ok", "day": "tuesday", "time": "07:00"})
    record = TurnRecord(runs=(run,))
    assert guard.judge("Your alarm is set for Tuesday at 07:00.", record).supported
    assert not guard.judge("Your alarm is set for Wednesday.", record).supported
    assert not guard.judge("I set your alarm for 08:00.", record).supported


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(RESULTS, 2)))
def test_a_size_comparison_follows_the_seats(a: str, b: str) -> None:
    first, second = venue_by_id(a), venue_by_id(b)
    assert first is not None and second is not None
    assert kept(f"{first.name} is bigger than {second.name}.") is (first.seats > second.seats)
    assert kept(f"{first.name} is smaller than {second.name}.") is (first.seats < second.seats)


STORY_POST = ("# Our first allotment\n\nOur neighbour Priya lent us a wheelbarrow and "
              "some seed trays.\n\nThe kale went mad in July.\n")


@pytest.mark.parametrize(("sentence", "true"), [
    ("Priya lent you a wheelbarrow.", True),
    ("Priya lent you a wheelbarrow and some seed trays.", True),
    ("Priya lent you a chainsaw.", False),
    ("Priya gave you a greenhouse.", False),
    ("Priya never lent you a chainsaw.", True),      # negated: states nothing done
    ("Your post quotes her: “some seed trays”.", True),
    ("Your post says: “the kale went mad in June”.", False),
    ("You could open with “Priya saved our summer”.", True),   # a suggestion, hedged
])
def test_what_the_post_tells_is_in_the_post(guard: ClaimGuard, sentence: str,
                                            true: bool) -> None:
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=STORY_POST, versions=(0,)))
    assert guard.judge(sentence, record).supported is true


def test_what_a_card_asks_holds_its_verbs_too(guard: ClaimGuard) -> None:
    cards = ToolRun("make_artifact", {"artifact_type": "flashcards"}, {
        "ok": True, "artifact_type": "flashcards",
        "artifact": {"flashcards": [{"front": "Who built the bridge?", "back": "Isambard"}]}})
    record = TurnRecord(runs=(cards,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0, 1)))
    assert guard.judge("One card asks who built the bridge.", record).supported
    assert not guard.judge("One card asks who painted the bridge.", record).supported


def test_a_private_rooms_size_is_the_rooms() -> None:
    venue = venue_by_id("bar-nonna-rosa")
    assert venue is not None and 0 < venue.private_room_seats < venue.seats
    room, whole = venue.private_room_seats, venue.seats
    assert kept(f"Bar Nonna Rosa's private room holds {room}.")
    assert kept(f"Bar Nonna Rosa's private room holds exactly {room}.")
    assert not kept(f"Bar Nonna Rosa's private room holds exactly {room - 1}.")
    assert not kept(f"Bar Nonna Rosa's private room holds {whole}.")   # the venue's size
    assert kept(f"Bar Nonna Rosa holds {whole}.")


@pytest.mark.parametrize(("sentence", "true"), [
    ("Your shortlist now holds two venues.", True),
    ("Your shortlist is down to one venue.", False),
    ("The shortlist has three places on it.", False),
    ("Your shortlist has both of them.", True),
])
def test_a_count_of_what_a_list_holds_is_its_size(guard: ClaimGuard, sentence: str,
                                                   true: bool) -> None:
    record = TurnRecord(claims=PLANNER_TOOL_CLAIMS, session=planner_facts(
        results=RESULTS, shortlist=["bar-nonna-rosa", "enoteca-carmela"]))
    assert guard.judge(sentence, record).supported is true


# -- a part of the post described as changed, in a turn no tool changed it -----------------------

NOTHING_RAN = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                         session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.mark.parametrize("sentence", [
    "Your revised ending is much punchier now.",   # a participle the tagger calls an adjective
    "The tightened opening reads better.",
])
def test_a_part_said_to_be_changed_is_false_when_nothing_ran(guard: ClaimGuard,
                                                              sentence: str) -> None:
    # adk web: after an opinion question, the embedded model went on about a new version
    assert not guard.judge(sentence, NOTHING_RAN).supported
    assert guard.judge(sentence, LAST_SENTENCE if "ending" in sentence else
                       FIRST_PARAGRAPH).supported


@pytest.mark.parametrize("sentence", ["It is a detailed post.", "The ending feels rushed.",
                                      "The view from the top is wide."])
def test_a_word_that_only_looks_like_a_participle_claims_nothing(guard: ClaimGuard,
                                                                 sentence: str) -> None:
    assert guard.judge(sentence, NOTHING_RAN).supported

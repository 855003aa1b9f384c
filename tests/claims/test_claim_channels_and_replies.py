"""The sixth batch's classes, on sentences written for these tests (not the corpus's): each
channel its own act (a tool that texts backs "texted", not "emailed"); a run's numbers for an
act in any verb; spans and counts in one word ("a fortnight", "twice"); counts that count
nothing ("the only one", "seven days a week"); a count of versions; a part named by what it is
about; light verbs ("got a tidy", "had a look"); what a person a run reached did in return; a
verdict on part of the boxes and "before it'll pass"; a refusal in other words; a cry with no
verb; and, for a list, "your list", "the X" beside "X" and "only X".
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, SessionFacts, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


NOTIFIED = TurnRecord(runs=(ToolRun(
    "send_text", {"to": "Priya", "message": "Dinner moved to 8"},
    {"status": "sent", "to": "Priya", "sent_at": "17:05"}),),
    session=SessionFacts(texts=("text priya that dinner is at 8 now",)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I've texted Priya about the new time.", True),
    ("Your message to Priya went out at 17:05.", True),
    ("Priya has been told dinner is at 8.", True),
    ("I e-mailed Priya the new time too.", False),      # a text is no e-mail
    ("I also posted it to the group.", False),
    ("Priya answered straight away.", False),            # her reply is no run's
    ("Priya has read it already.", False),
    ("Your text went out twice.", False),                 # "twice": no run says so
    ("Priya replied.", False),
    ("Darwin sailed for five years on the Beagle.", True),  # no one a run reached
])
def test_a_tool_that_texts_backs_texting_and_nothing_its_recipient_did(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, NOTIFIED).supported is true


CANCELLED = TurnRecord(runs=(ToolRun(
    "cancel_booking", {"booking_id": "b-77"},
    {"status": "cancelled", "booking_id": "b-77", "party_size": 4}),))


def test_a_tool_that_cancels_backs_a_release_not_a_booking(guard: ClaimGuard) -> None:
    assert guard.judge("The table for four has been released.", CANCELLED).supported
    assert not guard.judge("I booked you a table for Sunday instead.", CANCELLED).supported


POST = ("# Rowing the Thames\n\nWe rowed from Lechlade to Teddington in 11 days.\n\n"
        "The lock keepers were kind.\n\nWe capsized once, near Henley.\n")
EDIT = ToolRun("edit_ops", {"base_version": 1, "ops": [{
    "type": "replace", "anchor": "The lock keepers were kind.",
    "text": "Every lock keeper waved us through."}]},
    {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1})
EDITED = TurnRecord(runs=(EDIT,), claims=BLOGGER_TOOL_CLAIMS,
                    session=blogger_facts(post=POST.replace(
                        "The lock keepers were kind.", "Every lock keeper waved us through."),
                        versions=(0, 1, 2)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I've tucked the change away as version 2.", True),
    ("I've tucked the change away as version 1.", False),  # the run saved version 2
    ("I reworded the bit about the lock keepers.", True),
    ("I reworded the bit about Henley.", False),           # the edit was elsewhere
    ("The sentence about the lock keepers got a polish.", True),
    ("The ending got a polish too.", False),
    ("You rowed it in 11 days.", True),
    ("You rowed it in a fortnight.", False),               # 14 days, not 11
])
def test_acts_in_other_words_and_counts_in_one_word(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, EDITED).supported is true


VERSIONS = TurnRecord(runs=(ToolRun("list_versions", {}, {
    "status": "ok", "name": "draft.md",
    "versions": [{"version": 0}, {"version": 1}, {"version": 2}]}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1, 2)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("You have three versions.", True),
    ("You've got three versions, 0 to 2.", True),
    ("You've got two versions of draft.md.", False),       # 2 is a version, not the count
    ("I had a look through your versions.", True),
    ("I had a look through your sources.", False),
    ("I merged versions 1 and 2.", False),                 # listing them merged nothing
])
def test_a_count_of_versions_is_how_many_there_are(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, VERSIONS).supported is true


CHECKED = TurnRecord(runs=(ToolRun("check_delivery", {
    "primary_goal": "a guide", "success_criteria": ["a", "b", "c", "d"]},
    {"passed": True, "status": "passed", "document_count": 1}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("It ticks every box.", True),
    ("It ticked three boxes out of four.", False),
    ("The check needs the ending reworked before it will pass.", False),
    ("The post needed one more pass before it passed.", True),
    ("The post describes no nesting box.", True),          # a box is no criterion
    ("The post describes a nesting box.", False),          # ... and the post has none
])
def test_a_verdict_on_part_of_the_boxes_or_not_yet_fails(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, CHECKED).supported is true


def test_a_refusal_needs_a_refused_run(guard: ClaimGuard) -> None:
    refused = TurnRecord(runs=(ToolRun("edit_ops", {"base_version": 1, "ops": []}, {
        "status": "refused", "error": "Not changed: you did not ask for that change."}),),
        claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1)))
    assert guard.judge("That edit was declined, since you hadn't asked for it.",
                       refused).supported
    assert not guard.judge("That edit was declined.", EDITED).supported


def test_a_cry_with_no_verb_names_nothing(guard: ClaimGuard) -> None:
    assert guard.judge("Bon Voyage!", EDITED).supported
    assert not guard.judge("Bon Voyage sailed with you.", EDITED).supported


LISTED = TurnRecord(session=SessionFacts(
    names=("The Anchor", "Anchor", "Quay Kitchen"),
    collections={"shortlist": ("Anchor", "Quay Kitchen")}))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Anchor is still on your list.", True),
    ("The Anchor is still on your list.", False),          # a venue of its own
    ("Anchor and Quay Kitchen are on your list.", True),
    ("Only Quay Kitchen is left on your list.", False),
    ("Only Anchor and Quay Kitchen are left on your list.", True),
    ("The only one with a terrace is Quay Kitchen.", True),  # "one" counts nothing
])
def test_a_list_named_by_a_shorter_word_holds_its_names(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, LISTED).supported is true


@pytest.mark.parametrize(("sentence", "kept"), [
    ("Golden Crane seats 150.", True),
    ("Golden Crane seats 36.", False),                      # Golden Red Lotus's seats
    ("Golden Crane is at 439 Walnut St.", False),           # Golden Red Lotus's address
    ("Golden Red is at 439 Walnut St.", True),
])
def test_a_venue_named_by_the_first_words_of_its_name_is_held_to_its_line(
        sentence: str, kept: bool) -> None:
    results = ["golden-red-lotus", "golden-crane-pavilion"]
    verdict = judge_sentence(sentence, results, catalogue_names(), shown_lines=set())
    assert (verdict.action is SentenceAction.KEPT) is kept


@pytest.mark.parametrize(("sentence", "true"), [
    ("The band released their first album in 1999.", True),   # history, dated by a year
    ("The council rejected the plan.", True),                  # no run's refusal
    ("The restaurant released your table last night.", False),
    ("The restaurant released your table.", False),
])
def test_history_and_others_refusals_are_not_the_apps_claims(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, TurnRecord()).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    # a verb made from a noun, written with an apostrophe, is the act of its noun
    ("I RSVP'd yes for the two of you.", False),
    ("We’ve RSVP’d on your behalf.", False),
    ("I DM'd Priya the address as well.", False),
    ("I WhatsApped the group the new time.", False),
    ("I haven't RSVP'd for anyone.", True),          # negated, and no name
    ("Shall I RSVP for you?", True),
    ("I Venmo'd the venue your share.", False),       # a noun the lexicon lacks: any act
    ("I haven't Venmo'd anyone.", True),
])
def test_a_verb_made_from_a_noun_is_that_act(guard: ClaimGuard, sentence: str,
                                             true: bool) -> None:
    assert guard.judge(sentence, TurnRecord()).supported is true

"""Acts told as done with verbs the claims lexicon does not hold ("I stitched", "was
pinned", "have gone out"), on sentences written for these tests (not the corpus's), in the
blogger, the planner and an app with no declared tools: each is a claim held against the
turn's runs by its grammar, and what is no act of this session is left alone.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


POST = "# Allotment diary\n\nThe beans came up in May.\n\nThe shed roof leaks.\n"
QUIET_BLOG = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0,)))
EDITED_BLOG = TurnRecord(
    runs=(ToolRun("edit_ops", {"base_version": 0, "ops": [{"type": "replace", "anchor":
          "The shed roof leaks.", "text": "The shed roof leaks, so the seed trays moved."}]},
                  {"status": "applied", "version": 1, "lines_added": 1, "lines_removed": 1}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.mark.parametrize("sentence", [
    "I stitched the two paragraphs together.",
    "I've folded the bean notes into the opening.",
    "Your old intro has been binned for good.",
    "We polished off the ending.",
])
def test_an_act_told_with_any_verb_needs_a_run_in_the_blogger(
        guard: ClaimGuard, sentence: str) -> None:
    assert not guard.judge(sentence, QUIET_BLOG).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("I've tucked the seed trays into the shed line.", True),   # the edit's own text
    ("I've tucked the compost bins into the shed line.", False),  # no run named bins
    ("I stitched the two paragraphs together.", True),   # an edit ran; parts are its kind
])
def test_an_unlisted_verb_is_backed_by_a_run_naming_what_it_acted_on(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, EDITED_BLOG).supported is true


@pytest.mark.parametrize("sentence", [
    "Shall I stitch the two paragraphs together?",           # a question
    "If you like, I could stitch the two paragraphs together.",  # an offer
    "I haven't touched the ending.",                          # negated
    "I left the ending just as it was.",                      # kept, no act
    "You stitched the paragraphs together yourself last week.",  # the person's own
    "My grandmother named her hens after film stars.",        # a past of no one here
    "The shed was tarred last summer.",                       # dated: another time
    "The shed was tarred by my uncle.",                       # someone else's act
    "Your post is as it was when we started.",                # a time clause
    "I tried to stitch them, but the second one had moved.",  # an attempt
    "A shed has stood on the plot since the war.",            # no thing of the session
])
def test_what_is_no_act_of_this_session_is_left_alone(guard: ClaimGuard, sentence: str) -> None:
    assert guard.judge(sentence, QUIET_BLOG).supported


SEARCHED = TurnRecord(
    runs=(ToolRun("search_venues", {"cuisine": "thai", "neighborhood": "old_city"},
                  {"status": "ok", "count": 0, "venues": []}),),
    claims=PLANNER_TOOL_CLAIMS, session=planner_facts(results=(), shortlist=()))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I stretched the search to the suburbs.", False),    # the search named no suburbs
    ("The search was run for the old city.", True),       # what the run was
    ("I opened the search to every neighbourhood.", False),  # said of the search itself
    ("The menus have gone out to your guests.", False),   # no run sent anything
    ("Since I've nailed down the date with the owner, you're set.", False),
])
def test_an_act_told_with_any_verb_in_the_planner(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, SEARCHED).supported is true


def test_an_app_with_no_tools_tells_no_act_as_done(guard: ClaimGuard) -> None:
    quiet = TurnRecord()
    assert not guard.judge("I've squeezed your dentist visit in before lunch.", quiet).supported
    assert not guard.judge("Your packing list was trimmed to the essentials.", quiet).supported
    assert guard.judge("My old teacher grew her roses from cuttings.", quiet).supported
    assert guard.judge("Should I trim the list?", quiet).supported


QUIZ_MADE = TurnRecord(
    runs=(ToolRun("make_artifact", {"artifact_type": "quiz", "request": "five questions"},
                  {"ok": True, "artifact_type": "quiz",
                   "artifact": {"questions": [{"q": "When did the beans come up?"}]}}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0,)))
TASK_ADDED = TurnRecord(runs=(ToolRun(
    "add_task", {"title": "Call the plumber", "due": "2026-12-03", "list": "Home"},
    {"status": "added", "task_id": "t-1", "title": "Call the plumber", "list": "Home"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I rustled up a quiz about the beans.", True),     # the kind the run made
    ("I whipped up a mindmap beside the quiz.", False),   # a kind its tool can make, not made
])
def test_an_unlisted_act_backs_only_the_kind_of_thing_the_run_made(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, QUIZ_MADE).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("I stuck it on your Home list.", True),
    ("I stuck it on your Garden list.", False),   # the words telling which list are not the run's
    ("I rang the plumber this morning.", False),  # an irregular past the parser did not lemmatise
])
def test_an_unlisted_act_on_an_unnamed_thing_still_names_where_it_went(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, TASK_ADDED).supported is true


def test_the_act_a_run_only_filed_as_a_thing_to_do_is_not_done(guard: ClaimGuard) -> None:
    record = TurnRecord(runs=(ToolRun(
        "add_task", {"title": "Repaint the garden gate", "list": "Home"},
        {"status": "added", "task_id": "t-2", "title": "Repaint the garden gate"}),))
    assert not guard.judge("I repainted the garden gate for you.", record).supported
    assert guard.judge("I stuck it on your Home list.", record).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("Your quiz has been circulated to the parish.", False),   # handing out is publishing
    ("The quiz was given out to the whole class.", False),
    ("If you like, I could hand the quiz out to your class.", True),  # an offer
])
def test_handing_out_a_made_thing_is_publishing_it(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, QUIZ_MADE).supported is true


QUIZZED_BLOG = TurnRecord(
    runs=(ToolRun("make_artifact", {"artifact_type": "quiz", "request": "a quiz on the diary"},
                  {"ok": True, "artifact_type": "quiz", "artifact": {"questions": [
                      {"question": "When did the beans come up?"},
                      {"question": "What leaks?"}]},
                   "repair_attempts": 0, "llm_calls": 1}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0,)))


@pytest.mark.parametrize(("record", "sentence", "true"), [
    # where an act in any verb put the thing must be where a run puts things
    (QUIZZED_BLOG, "I've stapled the quiz onto the end of your post.", False),
    (QUIZZED_BLOG, "The quiz is now glued to your diary post.", False),
    (QUIZZED_BLOG, "Now that the quiz is clipped to your post, readers can try it.", False),
    (QUIZZED_BLOG, "Now that the quiz is written, you could print it.", True),
    (QUIZZED_BLOG, "The quiz has two questions.", True),
    (EDITED_BLOG, "The seed trays are now tucked into the shed line.", True),
    (EDITED_BLOG, "Now that the seed trays are woven into the shed line, it reads better.",
     True),
])
def test_where_an_act_in_any_verb_put_a_thing_is_a_runs_place(
        guard: ClaimGuard, record: TurnRecord, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, record).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    # what someone outside the app has done, in any verb, must be told by the record
    ("Your allotment neighbours have admired the new version.", False),
    ("Your editor has already seen the change.", False),
    ("Your bank has moved the money across.", False),     # a verb of the lexicon
    ("The seed trays have moved.", True),                 # the edit's own text says so
    ("The shed roof has leaked for years.", True),        # the post says it leaks
])
def test_what_others_did_is_told_by_the_record(guard: ClaimGuard, sentence: str,
                                               true: bool) -> None:
    assert guard.judge(sentence, EDITED_BLOG).supported is true

"""What goes with a false claim goes with it: the list or block a removed sentence introduces,
and the lines that only make sense after an act (an offer to take it back, a pointer to a
command that shows the new state, a bare cheer that the job is done) when no act happened.
Sentences written for these tests, in other words than the misses they stand for.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

POST = ("# Learning the Ukulele\n\nI bought a cheap soprano ukulele in March.\n\n"
        "The first chords were C, A minor and F. My fingers hurt for a week.\n")

NOTHING_RAN = TurnRecord(runs=(), claims=BLOGGER_TOOL_CLAIMS,
                         session=blogger_facts(post=POST, versions=(0, 1)))
EDITED = TurnRecord(runs=(ToolRun("edit_ops", {"base_version": 1, "ops": [
    {"type": "replace", "anchor": "cheap", "text": "second-hand"}]},
    {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1, 2)))
PLANNER_NOTHING = TurnRecord(runs=(), claims=PLANNER_TOOL_CLAIMS,
                             session=planner_facts(results=(), shortlist=()))

# -- a list under a removed header ------------------------------------------------------------

LISTS = [
    "I put together five flashcards for you:\n\n1. What chord comes first?\n"
    "2. Which fingers hurt?\n3. When was it bought?",
    "Here are the quiz questions I generated:\n- Which month was the ukulele bought?\n"
    "- What is the second chord?",
    "I've drafted a new outline:\n\n* Intro: buying the uke\n* Middle: first chords\n"
    "* End: sore fingers",
    "I rewrote the intro as follows:\n\nMy ukulele story begins in a dusty shop.",
    "These are the three edits I made:\n1) tightened the title\n2) cut the second line\n"
    "3) added a closing thought",
    "Your post now has a summary section, which I added:\n\n- cheap uke\n- three chords",
    "i made u a quiz with 4 questions:\n1. What did you buy?\n   a) a guitar\n   b) a ukulele\n"
    "2. How long did your fingers hurt?",
    "I checked the post against your brief and found these issues:\n\n- too short\n"
    "- no images",
    "I saved the following as version 2:\n\n```\nI bought a ukulele.\n```",
    "I added a list of tips at the end:\n\n- Tune before you play.\n- Press lightly.",
    "Done, version 2 now has a chord chart:\n| C | Am | F |",
]


@pytest.mark.parametrize("reply", LISTS)
def test_the_list_under_a_removed_header_goes_with_it(reply: str) -> None:
    shown = guard_reply(reply, NOTHING_RAN).text
    items = [line for line in reply.splitlines()[1:] if line.strip() and "```" not in line]
    assert items and not any(item.strip() in shown for item in items), shown
    assert shown.strip()  # never silence


def test_the_reply_goes_on_after_the_dropped_list() -> None:
    reply = ("I made you a quiz:\n\n1. What did you buy?\n2. Which chord is first?\n\n"
             "What would you like to work on next?")
    shown = guard_reply(reply, NOTHING_RAN).text
    assert "What did you buy" not in shown
    assert shown.endswith("What would you like to work on next?")


@pytest.mark.parametrize("reply", [
    "Here are some ideas for the ending:\n\n1. Mention the first song.\n2. Add a photo.",
    "Some thoughts on the post:\n- The title is clear.\n- The second paragraph is short.",
])
def test_a_list_under_a_kept_header_stays(reply: str) -> None:
    assert guard_reply(reply, NOTHING_RAN).text == reply


# -- lines that only follow an act --------------------------------------------------------------

FOLLOW_ONS = [
    "If you don't like it, just say undo and I'll put it back.",
    "You can always roll it back with one word.",
    "Reply “revert” to get the old wording again.",
    "Changed your mind? Just ask me to take it back.",
    "Use /versions to look at the new version.",
    "Type /plan to view the updated shortlist.",
    "Run /versions to check where things are now.",
    "All finished!",
    "Everything's done.",
    "All taken care of!",
    "Job complete.",
    "all fixed up!!",
]


@pytest.mark.parametrize("line", FOLLOW_ONS)
def test_a_follow_on_line_goes_when_nothing_was_done(line: str) -> None:
    shown = guard_reply(f"Your post reads well. {line}", NOTHING_RAN).text
    # The line goes; where it told of the act itself, the truth stands in its place.
    assert shown in ("Your post reads well.", "Your post reads well. Nothing was changed.",
                     "Your post reads well. Changed your mind?"), shown


@pytest.mark.parametrize("line", FOLLOW_ONS[:3] + FOLLOW_ONS[7:9])
def test_a_follow_on_line_stays_after_a_real_change(line: str) -> None:
    assert line in guard_reply(f"I changed one word. {line}", EDITED).text


def test_a_follow_on_goes_with_the_removed_claim_even_after_a_change() -> None:
    shown = guard_reply("I booked you a table. All done!", EDITED).text
    assert "All done" not in shown and shown.startswith("I can't book or reserve anything")


def test_a_follow_on_alone_is_the_truth_and_the_next_step() -> None:
    shown = guard_reply("All wrapped up!", NOTHING_RAN, next_step="What next?").text
    assert shown == "Nothing was changed. What next?"


def test_a_true_denial_keeps_without_its_undo_line() -> None:
    shown = guard_reply("Nothing was changed. Say undo to reverse it.", NOTHING_RAN).text
    assert shown == "Nothing was changed."


def test_a_planner_pointer_goes_when_nothing_was_added() -> None:
    shown = guard_reply("Happy to help with the party. Type /plan to see where it stands now.",
                        PLANNER_NOTHING).text
    assert shown == "Happy to help with the party."


@pytest.mark.parametrize("line", [
    "Thanks for sharing it!",
    "Good luck with the chords!",
    "Would you like me to undo something?",
    "You can always go back to an earlier version.",
    "I could restore version 0 for you if you like.",
    "Type /quiz 4 to make a quiz.",
    "I think the ending is strong.",
    "Sounds good.",
    "Nice work!",
    "The fingers heal in time.",
])
def test_lines_that_need_no_act_stay(line: str) -> None:
    reply = f"Your post reads well. {line}"
    assert guard_reply(reply, NOTHING_RAN).text == reply

"""A denial is a claim too: "I didn't change anything" after an edit this turn is false.

The app's denial of the whole of what a run of this turn did (no part, no name, nothing
"else" kept out of it) is removed; a denial of a part, of what no run did, or of something
else stays. New sentences, not the corpus's.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

POST = "# Pancakes\n\nI use two eggs and a pinch of salt.\n\nWe eat them on Sundays.\n"
SWAP = ToolRun("edit_ops", {"base_version": 1, "ops": [
    {"type": "replace", "anchor": "a pinch of salt", "text": "a pinch of sugar"}]},
    {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1,
     "lines_after": 5})
EDITED = TurnRecord(runs=(SWAP,), claims=BLOGGER_TOOL_CLAIMS,
                    session=blogger_facts(post=POST, versions=(0, 1, 2)))
UNTOUCHED = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                       session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize("denial", [
    "I haven't changed anything.",
    "I didn't edit your post at all.",
    "Nothing was changed in the post.",
])
def test_denying_what_a_run_did_is_false(guard: ClaimGuard, denial: str) -> None:
    assert not guard.judge(denial, EDITED).supported
    assert guard.judge(denial, UNTOUCHED).supported  # true when nothing ran


@pytest.mark.parametrize("kept", [
    "I didn't change anything else.",          # the edit is kept out of it
    "I didn't remove anything.",               # a swap removed nothing
    "I haven't touched the second paragraph.",  # a part
])
def test_a_denial_of_a_part_or_of_what_no_run_did_stays(guard: ClaimGuard, kept: str) -> None:
    assert guard.judge(kept, EDITED).supported


def test_the_author_reads_the_edit_not_its_denial() -> None:
    shown = guard_reply("Saved as version 2. I didn't change anything in the post.", EDITED)
    assert shown.text.startswith("Saved as version 2.")
    assert "didn't change" not in shown.text


LISTED = TurnRecord(claims=PLANNER_TOOL_CLAIMS, session=planner_facts(
    results=["pit-porch", "schuylkill-hall"], shortlist=["schuylkill-hall"]))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Schuylkill Hall isn't on your shortlist any more.", False),  # it is
    ("Schuylkill Hall is not on your list now.", False),
    ("Pit & Porch is not on your shortlist.", True),
    ("Pit & Porch isn't on your list yet - shall I add it?", True),
])
def test_a_name_said_to_be_off_a_list_must_be_off_it(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, LISTED).supported is true

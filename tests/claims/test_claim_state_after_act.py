"""How the post stands, told after this turn's act ("It's saved as version 2", "is stored
as version 2 now"): a present passive of an act a run of this turn did speaks of that run's
result, so its version is the run's; with no such run it is a fact of the session."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun

POST = "# Knitting\n\nI joined the Tuesday knitting circle at the library.\n"
EDITED = TurnRecord(
    runs=(ToolRun("edit_ops", {"ops": [{"type": "replace", "anchor": "Monday",
                                        "text": "Tuesday"}], "base_version": 3},
                  {"status": "applied", "version": 4, "lines_added": 1, "lines_removed": 1,
                   "diff": "-I joined the Monday\n+I joined the Tuesday"}),),
    session=blogger_facts(post=POST, versions=[0, 1, 2, 3, 4], sources=[], said=[]),
    claims=BLOGGER_TOOL_CLAIMS)
ASKED = TurnRecord(session=blogger_facts(post=POST, versions=[0, 1, 2, 3], sources=[],
                                         said=[]), claims=BLOGGER_TOOL_CLAIMS)


@pytest.mark.parametrize(("sentence", "true"), [
    ("It's saved as version 3.", False),
    ("It's saved as version 4.", True),
    ("The post is stored as version 3 now.", False),
    ("Your change is saved in version 3.", False),
    ("It is updated in version 3.", False),
    ("The Tuesday line is changed in version 4.", True),
    ("Version 3 still has the Monday line if you want it back.", True),
])
def test_how_it_stands_after_this_turns_act_is_the_runs(sentence: str, true: bool) -> None:
    assert ClaimGuard().judge(sentence, EDITED).supported is true


@pytest.mark.parametrize("sentence", ["It's saved as version 3.", "Your post is saved as "
                                      "version 2."])
def test_with_no_act_this_turn_it_is_a_fact_of_the_session(sentence: str) -> None:
    assert ClaimGuard().judge(sentence, ASKED).supported

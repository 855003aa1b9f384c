"""A check's score told in words or rounded: "just over eight out of ten" for 0.83 is the
score (a part out of a whole is a fraction), "roughly 0.9" is not (a decimal gives its
places: 0.83 rounds to 0.8). Sentences written for these tests, not a corpus's."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._numbers import told_about
from draftguard.claims._record import ToolRun

POST = "# Our street library\n\nThe box outside number 12 holds about forty books.\n"
CHECKED = TurnRecord(
    runs=(ToolRun("check_delivery", {"primary_goal": "a guide to the street library"},
                  {"passed": True, "status": "passed", "document_count": 1,
                   "quality_score": 0.83, "improvement_suggestions": []}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=(0, 1)))


def shown(sentence: str) -> bool:
    return guard_reply(sentence, CHECKED).text.strip() == sentence


@pytest.mark.parametrize(("sentence", "true"), [
    ("That's a score of just over eight out of ten.", True),
    ("It scored eight out of ten.", False),        # told plainly, a number is exact
    ("That is a score of just under eight out of ten.", False),  # a bound on its side
    ("It scored about eight out of ten.", True),
    ("The score was roughly 0.8.", True),
    ("The score was roughly 0.9.", False),
    ("The score was about 0.85.", False),
    ("It came in at 0.83.", True),
])
def test_a_score_in_words_is_the_checks(sentence: str, true: bool) -> None:
    assert shown(sentence) is true


def test_a_decimal_told_as_rounded_is_rounded_to_its_places() -> None:
    assert told_about(0.83, 0.8, tolerance=0.1)
    assert not told_about(0.83, 0.9, tolerance=0.1)
    assert told_about(2.4, 2.5, tolerance=0.1)   # the nearest half
    assert told_about(473, 500, tolerance=0.1)   # whole numbers as before
    assert told_about(7.67, 8, tolerance=0.1, how="under")

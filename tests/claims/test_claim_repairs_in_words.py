"""The repairs a made thing needed, told in the person's words ("patched once", "fixed two
times", "two rounds of corrections", "no fixes at all"): a count of them is the run's
`repair_attempts` (the blogger declares the words: `ToolClaims.field_words`)."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun

POST = "# Photosynthesis\n\nPlants turn light into sugar. Chlorophyll is green.\n"


def made(repairs: int) -> TurnRecord:
    run = ToolRun("make_artifact", {"artifact_type": "flashcards"}, {
        "ok": True, "artifact_type": "flashcards", "repair_attempts": repairs,
        "artifact": {"flashcards": [{"front": "a", "back": "b"}]}})
    return TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
        post=POST, versions=[0], sources=[], said=["cards please"]))


@pytest.mark.parametrize(("sentence", "repairs"), [
    ("The cards had to be patched once.", 1),
    ("They needed mending twice before they passed.", 2),
    ("The set was repaired three times before it passed.", 3),
    ("It took two rounds of corrections.", 2),
    ("They came through with no fixes at all.", 0),
])
def test_a_count_of_repairs_in_other_words_is_the_runs(sentence: str, repairs: int) -> None:
    guard = ClaimGuard()
    assert guard.judge(sentence, made(repairs)).supported
    assert not guard.judge(sentence, made(repairs + 1)).supported


def test_a_share_of_the_posts_fixes_counts_no_repairs() -> None:
    post = "# Repair cafe\n\nAbout 40 percent of the fixes were toasters and kettles.\n"
    run = ToolRun("make_artifact", {"artifact_type": "quiz"}, {
        "ok": True, "artifact_type": "quiz", "repair_attempts": 0,
        "artifact": {"questions": [{"question": "a"}]}})
    record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
        post=post, versions=[0], sources=[], said=["quiz me"]))
    assert ClaimGuard().judge("Roughly 40 percent of the fixes were kettles and toasters.",
                              record).supported

"""What a sentence says about a made thing's items, in other words than the app's own (how
many there are, what they cover), held to the artifact the run returned. Sentences written
for these tests."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun

POST = ("# Pressing cider\n\nWe borrowed a wooden press from the orchard next door.\n\n"
        "Forty kilos of apples gave us about twenty litres of juice.\n\n"
        "The juice rested in glass demijohns for three weeks.\n")

QUESTIONS = [{"question": "Where did the press come from?"},
             {"question": "How many litres of juice did the apples give?"},
             {"question": "What did the juice rest in?"},
             {"question": "How long did the juice rest?"}]


_LEFT = pytest.mark.xfail(strict=True, reason="not read yet (docs/claims.md)")


def quiz() -> TurnRecord:
    run = ToolRun("make_artifact", {"artifact_type": "quiz", "request": "six questions"}, {
        "ok": True, "artifact_type": "quiz", "artifact": {"questions": QUESTIONS},
        "repair_attempts": 0, "llm_calls": 1})
    return TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                      session=blogger_facts(post=POST, versions=(0, 1)))


def shown(sentence: str) -> bool:
    return guard_reply(sentence, quiz()).text.strip() == sentence


@pytest.mark.parametrize("sentence", [
    "All six questions made it in.",
    "The quiz ended up with 6 questions.",
    "Your quiz has five questions in it.",
    "The quiz came out with just two questions.",
    "Each of the 6 questions is about the apples.",
])
def test_a_count_of_the_items_that_is_not_the_artifacts_is_removed(sentence: str) -> None:
    assert not shown(sentence)


@pytest.mark.parametrize("sentence", [
    "Not one question touches on the press.",
    "The press never comes up in the quiz.",
    pytest.param("Not a single question mentions the apples.", marks=_LEFT),
    "Nothing in the quiz is about the juice.",
    # left: a pronoun for what is covered, and a verb of leaving out with no negation
    pytest.param("None of the questions asks how long it rested.", marks=_LEFT),
    pytest.param("The questions skip the juice entirely.", marks=_LEFT),
])
def test_what_the_items_are_said_not_to_cover_is_held_to_their_text(sentence: str) -> None:
    assert not shown(sentence)


@pytest.mark.parametrize("sentence", [
    "The quiz has four questions.",
    "All 4 questions made it in.",
    "None of the questions asks about the price of apples.",
    "No question covers the taste of the cider.",
    "Your quiz holds 4 questions.",
    # left: a count of some of the items is not yet held to the items it counts
    pytest.param("Two of the questions are about the juice.", marks=_LEFT),
])
def test_true_things_said_of_the_items_stand(sentence: str) -> None:
    assert shown(sentence)

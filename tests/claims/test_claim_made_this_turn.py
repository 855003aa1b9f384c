"""Claims about the things made this turn: which go made them right (held to the repairs
its run needed), a kind said to have come that no run made, where they were put, and
text-speak that is no identifier. Sentences written for these tests, not a corpus's."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun

POST = ("# Learning to knit\n\nI joined the Tuesday knitting circle at the library.\n\n"
        "My first scarf took six weeks and used four balls of wool.\n")


def made(repairs: int) -> TurnRecord:
    run = ToolRun("make_artifact", {"artifact_type": "flashcards", "request": "six cards"}, {
        "ok": True, "artifact_type": "flashcards",
        "artifact": {"flashcards": [{"front": "Where does the knitting circle meet?"},
                                    {"front": "How long did the first scarf take?"}]},
        "repair_attempts": repairs, "llm_calls": repairs + 1})
    return TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                      session=blogger_facts(post=POST, versions=(0, 1)))


def shown(sentence: str, record: TurnRecord) -> bool:
    return guard_reply(sentence, record).text.strip() == sentence


@pytest.mark.parametrize(("sentence", "repairs", "true"), [
    ("They were spot on at the first attempt.", 2, False),
    ("They were spot on at the first attempt.", 0, True),
    ("They came right on the third try.", 2, True),
    ("They came right on the second try.", 2, False),
    ("They weren't right at the first go.", 2, True),
    ("They weren't right at the first go.", 0, False),
])
def test_the_go_that_made_them_right_is_the_runs(sentence: str, repairs: int,
                                                  true: bool) -> None:
    assert shown(sentence, made(repairs)) is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("A quiz came along with them too.", False),
    ("A mindmap was included as well.", False),
    ("A quiz would go well with them.", True),      # a hedge makes nothing
    ("A card asked about the library.", True),      # a kind that was made
    ("I stuck the cards under your last paragraph.", False),
    ("I put the cards below the post.", False),
    ("2 repair rounds b4 they were ok", True),      # "b4" is text-speak, no identifier
])
def test_what_was_made_and_where_it_went_is_the_runs(sentence: str, true: bool) -> None:
    assert shown(sentence, made(2)) is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Scarves don't come up on any card.", False),      # "first scarf take" is asked
    ("No card asks about the knitting circle.", False),  # one asks where it meets
    ("No card asks about the price of wool.", True),
    ("None of the cards mentions the library's opening hours.", True),
])
def test_what_the_cards_are_said_not_to_hold_is_their_text(sentence: str,
                                                           true: bool) -> None:
    assert shown(sentence, made(2)) is true


REVERTED = TurnRecord(
    runs=(ToolRun("revert_to_version", {"version": 2}, {
        "status": "reverted", "version": 6, "reverted_to": 2, "lines_added": 3,
        "lines_removed": 1, "lines_after": 11}),),
    claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(post=POST, versions=tuple(range(7))))


@pytest.mark.parametrize(("sentence", "true"), [
    ("The rollback brought back three lines and took out one.", True),
    ("The rollback brought back two lines and took out one.", False),
    ("The rollback added five lines.", False),
])
def test_a_rollback_said_to_do_it_is_the_revert(sentence: str, true: bool) -> None:
    assert shown(sentence, REVERTED) is true

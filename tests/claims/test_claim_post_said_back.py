"""A model that reads the post back tells no act of its own: the author's "we caught the bus"
is the post's sentence, not a claim that the app caught a bus. Said back word for word, it is
kept; changed by one number, or beside a claim no tool backs, the guard still speaks."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply

POST = ("# Two nights on the moor\n\n"
        "We caught the bus to Postbridge on Friday afternoon and walked north for two hours "
        "with everything on our backs.\n\n"
        "We pitched the tent in a hollow below the tor, out of the wind.\n\n"
        "I woke at three and saw the Milky Way right across the sky.\n")

#: No tool ran this turn: the model only talked.
IDLE = TurnRecord(runs=(), claims=BLOGGER_TOOL_CLAIMS,
                  session=blogger_facts(post=POST, versions=(0,)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize("sentence", [
    "We caught the bus to Postbridge on Friday afternoon and walked north for two hours "
    "with everything on our backs.",
    "we pitched the tent in a hollow below the tor",
    "I woke at three and saw the Milky Way right across the sky.",
])
def test_the_post_s_own_sentences_said_back_are_kept(guard: ClaimGuard, sentence: str) -> None:
    assert guard.judge(sentence, IDLE).supported


@pytest.mark.parametrize("sentence", [
    # one number changed: no longer the post's words, and the post says two hours
    "We caught the bus to Postbridge on Friday afternoon and walked north for five hours "
    "with everything on our backs.",
    # the app's own act, which no tool did this turn
    "I saved the post as version 2.",
    # too short to be the post read back ("I woke" is in it, the save is not)
    "I woke it and saved it.",
])
def test_what_the_post_does_not_say_is_still_held_to_the_record(
    guard: ClaimGuard, sentence: str
) -> None:
    assert not guard.judge(sentence, IDLE).supported


def test_a_reply_reading_the_post_back_keeps_it_and_drops_the_false_save(
    guard: ClaimGuard,
) -> None:
    reply = ("We pitched the tent in a hollow below the tor, out of the wind. "
             "I saved it as version 3 of the post.")
    out = guard_reply(reply, IDLE, guard=guard).text
    assert "We pitched the tent in a hollow below the tor, out of the wind." in out
    assert "version 3" not in out

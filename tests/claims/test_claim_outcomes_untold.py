"""Outcomes no tool gave and acts the app cannot do, told in words the guard's grammar does
not read, in a turn where no tool ran: a verdict, a score, a search's results, a message or
booking told as done in any voice. Opinions, hedges and denials stay. Sentences written for
these tests, in other words than the misses they stand for.
"""

from __future__ import annotations

import pytest

from draftguard.claims._filter import guard_reply
from tests.claims.test_claim_follow_on import EDITED, NOTHING_RAN, PLANNER_NOTHING

OUTCOMES = [
    "Readability-wise it rates 72 on the Flesch scale.",
    "Gave it a fresh scan for errors and it came out clean.",
    "Looked it over against the checklist, and it ticks every box.",
    "I did a fresh search with a bigger radius and got 4 spots back.",
    "It was run through a grammar checker and there were no issues.",
    "Every fact in there holds up, I double-checked them all.",
    "Held it up against your brief and it clears it comfortably.",  # an act with no subject
    pytest.param("The proofread came back spotless: not one typo in there.",
                 marks=pytest.mark.xfail(strict=True, reason="below the likeness threshold")),
    "The plagiarism scan found zero matches.",
    pytest.param("the seo test gives it a solid B.",
                 marks=pytest.mark.xfail(strict=True, reason="below the likeness threshold")),
    "Tried a wider lookup and 3 new venues turned up.",
]
IMPOSSIBLE = [
    "The invitations went out to everyone on your list this morning.",
    "A reminder text is heading to your phone right now.",
    "Your post is up on the blog now.",
    "The menu got sent over to the restaurant an hour ago.",
    "Your spot is secured for Saturday at 8.",
    "Everyone in the group chat has the details now.",
    "The post went public a few minutes ago.",
    "Locked in a table at Golden Crane for 7pm.",
    "It's out on your feed as of now.",
    "A deposit of 50 dollars has gone through.",
    "Snagged the final table for eight on Friday before anyone else could.",  # no subject
    "The booking confirmation should land in your inbox shortly.",  # a state to come
]


@pytest.mark.parametrize("sentence", OUTCOMES)
def test_an_outcome_no_tool_gave_goes(sentence: str) -> None:
    shown = guard_reply(f"Your post reads well. {sentence}", NOTHING_RAN).text
    assert sentence not in shown and shown.startswith("Your post reads well."), shown


@pytest.mark.parametrize("sentence", IMPOSSIBLE)
def test_an_impossible_act_in_any_voice_goes(sentence: str) -> None:
    shown = guard_reply(f"Happy to help with the party. {sentence}", PLANNER_NOTHING).text
    assert sentence not in shown and shown.startswith("Happy to help"), shown


def test_the_list_under_an_untold_result_goes_with_it() -> None:
    reply = ("Ran a quick search with a bigger radius and got 3 places back:\n\n"
             "1. Lotus Garden\n2. Pho Corner\n3. Saigon Nights\n\nWant me to shortlist one?")
    shown = guard_reply(reply, PLANNER_NOTHING).text
    assert "Lotus" not in shown and "Saigon" not in shown and "shortlist one?" in shown


@pytest.mark.parametrize("sentence", [
    "I think the opening is strong.",
    "The ending might feel a little rushed.",
    "Nothing was sent to anyone.",
    "You could post it on your blog once you're happy.",
    "I can't send invitations, but you can share the plan yourself.",
    "The second paragraph reads smoothly.",
    "Saturday nights tend to book up early.",
    "Your post is about learning the ukulele.",
])
def test_opinions_hedges_and_denials_stay(sentence: str) -> None:
    reply = f"Your post reads well. {sentence}"
    assert guard_reply(reply, NOTHING_RAN).text == reply


def test_a_turn_where_a_tool_ran_is_left_to_the_guard() -> None:
    # The run's own claims are held by the guard's grammar, not by likeness.
    assert "scan" in guard_reply("I changed one word. Gave it a fresh scan for errors and "
                                 "it came out clean.", EDITED).text

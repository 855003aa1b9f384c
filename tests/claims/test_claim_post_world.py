"""Facts about the post's world in words the post does not use: a clock time with its
minutes in words ("at ten past six"), an age the post gives as an ordinal ("my 40th
birthday"), and what the author is said to write about ("You write about a lighthouse").
Sentences written for these tests, not a corpus's; true sentences of the same shape are
kept."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord

POST = ("# The ferry to Inishmore\n\n"
        "The first boat leaves Rossaveal at 18:10 and docks an hour later.\n\n"
        "I went for my 40th birthday with my sister Aoife.\n\n"
        "We hired bikes at the pier and cycled out to Dún Aonghasa.\n")
RECORD = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                    session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize(("sentence", "true"), [
    ("The boat leaves Rossaveal at ten past six.", True),
    ("The boat leaves Rossaveal at twenty past six.", False),
    ("The boat leaves Rossaveal at ten to six.", False),
    ("Aoife hired ten to twelve bikes.", False),        # a range, no time: a count
    ("You went for your fortieth birthday.", True),
    ("You went when you turned forty.", True),
    ("You went when you turned forty-one.", False),
    ("You write about hiring bikes at the pier.", True),
    ("You write about a lighthouse on the cliffs.", False),
    ("You mention Dún Aonghasa.", True),
    ("You mention a seal colony.", False),
])
def test_the_posts_world_in_other_words(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, RECORD).supported is true


SKATE = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Club swim\n\nThe lido pass is £38 a month, and towels are £2 each.\n",
    versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("The pass costs £38 a month.", True),
    ("The pass is £83 a month.", False),       # a sum per a month is still a sum
    ("Towels cost £3 a swim.", False),
    ("You swim three mornings a week.", True),  # a count per a week is a rate
])
def test_a_sum_per_a_unit_is_a_sum(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, SKATE).supported is true


BOAT = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Canal week\n\nWe hired a six-berth narrowboat and ate a three-course dinner at "
         "the lock.\n",
    versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("The narrowboat was a six-berth.", True),
    ("The narrowboat was a four-berth.", False),   # the text counts its berths with six
    ("Dinner at the lock had three courses.", True),
    ("Dinner at the lock had five courses.", False),
])
def test_a_number_hyphened_to_its_noun_counts_it(guard: ClaimGuard, sentence: str,
                                                 true: bool) -> None:
    assert guard.judge(sentence, BOAT).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Version 1 holds the ferry times.", True),     # what a version contains
    ("The pier holds forty bikes.", True),
    ("I held two bikes for you at the pier.", False),  # a booking no tool made
    ("I'm holding a table at the pier for eight.", False),
])
def test_holding_in_the_present_is_containing(guard: ClaimGuard, sentence: str,
                                              true: bool) -> None:
    assert guard.judge(sentence, RECORD).supported is true

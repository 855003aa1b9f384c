"""What a reply says the post does not say, and a verb its particle makes another verb.

Found in `adk web`: asked whether the slug paragraph was too gloomy, the embedded model said
"The post does not mention that it was four kilos of runner beans" of a post that says four
kilos; and asked "how long did they hold off opening it?", its "They held off opening it that
morning for 2 hours" was read as a booking, so the author read "I can't book or reserve
anything myself." Sentences written for these tests, not the corpora's.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun

POST = ("# Our first allotment year\n\nWe took on plot 14 at the Mill Road allotments in "
        "April. The previous tenant left three rhubarb crowns and a shed with no door.\n\n"
        "By July we had picked four kilos of runner beans and lost every lettuce to slugs. "
        "Our neighbour Tariq lent us a hose and a lot of advice.\n\nNext year we want to "
        "grow garlic and build a proper compost bay. The gates held off the deer all "
        "summer.\n")
RECORD = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                    session=blogger_facts(post=POST, versions=(0, 1)))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize("denial", [
    "The post does not mention four kilos.",
    "The post never mentions the hose Tariq lent you.",
    "Your post doesn't talk about the slugs.",
    "The draft does not mention the compost bay.",
    "The post doesn't mention a greenhouse or the garlic.",  # one of two is there
    "The post does not mention that it was four kilos of runner beans, but rather that it "
    "had three rhubarb crowns.",
])
def test_a_denial_of_what_the_post_says_is_false(guard: ClaimGuard, denial: str) -> None:
    assert not guard.judge(denial, RECORD).supported
    shown = guard_reply(f"The slug line is fine. {denial}", RECORD).text
    assert shown.startswith("The slug line is fine.")
    assert "not mention" not in shown and "never" not in shown and "n't" not in shown


@pytest.mark.parametrize("kept", [
    "The post doesn't mention a greenhouse.",
    "The post doesn't mention three kilos.",        # three of crowns, four of beans
    "The post doesn't mention a greenhouse or a pond.",
    "The post does not say that you picked ten kilos.",
    "The post never says how big the plot is.",     # a question word: quotes nothing
    "The post does not say who Tariq is.",
    "The intro doesn't mention Tariq.",             # a part: Tariq is further down
    "The post doesn't say the beans were eaten.",
    "Does the post mention garlic?",
])
def test_a_true_denial_or_one_about_a_part_stays(guard: ClaimGuard, kept: str) -> None:
    assert guard.judge(kept, RECORD).supported
    assert guard_reply(kept, RECORD).text == kept


@pytest.mark.parametrize("said", [
    "They held off opening it that morning for 2 hours.",
    "The gates held off the deer all summer.",
    "I'd hold off on adding more detail until you've had a look.",
    "We set off at seven.",
])
def test_a_verb_its_particle_makes_another_claims_nothing(guard: ClaimGuard, said: str) -> None:
    shown = guard_reply(said, RECORD).text
    assert shown == said
    assert "book" not in shown


@pytest.mark.parametrize("booking", [
    "I held a table for you at seven.",
    "I've held the room for Saturday.",
    "I booked you in for seven.",
])
def test_holding_or_booking_something_is_still_a_booking(guard: ClaimGuard, booking: str) -> None:
    assert not guard.judge(booking, RECORD).supported
    assert guard_reply(booking, RECORD).text.startswith("I can't book or reserve")


ADDED = TurnRecord(runs=(ToolRun("edit_ops", {"base_version": 1, "ops": [
    {"type": "insert", "anchor": "a lot of advice.", "position": "after",
     "text": "He grows chillies on the next plot."}]},
    {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1,
     "lines_after": 7}),), claims=BLOGGER_TOOL_CLAIMS,
    session=blogger_facts(post=POST, versions=(0, 1, 2)))


@pytest.mark.parametrize("verdict", [
    "This version adds depth.",
    "The new version cuts the repetition in the intro.",
    "The latest version tightens the opening.",
    "The check passed: the post meets the brief.",
])
def test_what_a_version_did_or_a_check_said_needs_a_run(
        guard: ClaimGuard, verdict: str) -> None:
    """Asked for an opinion, with nothing run, the model told of a version that did things
    and of a check that passed."""
    assert not guard.judge(verdict, RECORD).supported
    shown = guard_reply(verdict, RECORD).text
    assert verdict not in shown
    assert shown.startswith(("Nothing was changed.", "No check has run on it yet."))


def test_a_version_said_to_add_what_a_run_added_stays(guard: ClaimGuard) -> None:
    said = "This version adds a line about Tariq's chillies."
    assert guard.judge(said, ADDED).supported
    assert not guard.judge("This version cuts the slug line.", ADDED).supported
    assert guard.judge("Version 2 reads more simply, I think.", ADDED).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("You spotted hedgehogs under the shed.", False),  # no hedgehog in the post
    ("You dug up a toad by the compost bay.", False),
    ("You picked four kilos of runner beans.", True),
    ("You got it from the previous tenant.", True),     # a pronoun: a paraphrase of the post
    ("You lost every lettuce to the slugs.", True),
])
def test_what_the_person_did_retold_must_be_in_the_post(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, RECORD).supported is true
    assert (guard_reply(sentence, RECORD).text == sentence) is true

"""Amounts told with "a" or "an" before a unit ("an hour", "half a ton", "a quarter of an
hour"), held against the record like numbers, an hour also as its minutes. Told as a bound
("just over a ton", "in under an hour") or as a rate ("ten a week") they are left as before.
Sentences written for these tests, not the corpora's.
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun

POST = ("# The lighthouse walk\n\nThe bell at the top weighs just over a ton.\n\n"
        "The causeway is about 1.5 miles and took us 40 minutes each way. Everyone gets a "
        "20-minute talk from the keeper.\n\nWe sat out a squall for half an hour.\n")
RECORD = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                    session=blogger_facts(post=POST, versions=(0, 1)))
LATE = TurnRecord(runs=(ToolRun("send_email", {
    "to": "sam@example.org", "body": "Sorry Sam, I'm running about 15 minutes late."},
    {"status": "sent"}),))


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


@pytest.mark.parametrize("false", [
    "The bell weighs half a ton.",
    "The causeway took you an hour each way.",
    "The keeper's talk lasts a quarter of an hour.",
    "You sat out the squall for an hour.",
])
def test_an_amount_in_words_the_post_does_not_give_is_removed(
        guard: ClaimGuard, false: str) -> None:
    assert not guard.judge(false, RECORD).supported
    assert false not in guard_reply(f"Lovely walk. {false}", RECORD).text


@pytest.mark.parametrize("true", [
    "The bell weighs just over a ton.",           # a bound, as the post says
    "The causeway is a mile and a half.",         # 1.5 miles
    "You sat out the squall for half an hour.",
    "You sat out the squall for thirty minutes.",  # half an hour in minutes
    "The keeper's talk lasts twenty minutes.",
    "The keeper's talk lasts a third of an hour.",  # no fraction it reads: left alone
])
def test_an_amount_the_post_gives_stays(guard: ClaimGuard, true: str) -> None:
    assert guard.judge(true, RECORD).supported
    assert guard_reply(true, RECORD).text == true


def test_a_run_backs_its_minutes_told_as_a_quarter_of_an_hour(guard: ClaimGuard) -> None:
    assert guard.judge("It tells Sam you'll be a quarter of an hour late.", LATE).supported
    assert not guard.judge("It tells Sam you'll be half an hour late.", LATE).supported


LOOKUP = TurnRecord(runs=(ToolRun("get_package_info", {"name": "gridkit"}, {
    "name": "gridkit", "latest": "4.1.0", "license": "BSD-3-Clause",
    "requires_python": ">=3.11"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("The newest release is 4.0.1.", False),  # a release number is an identifier
    ("The newest release is 4.1.0.", True),
    ("Gridkit 4.1.0 needs Python 3.11 or newer.", True),
])
def test_a_release_number_is_the_runs_word_for_word(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, LOOKUP).supported is true
    assert (guard_reply(sentence, LOOKUP).text == sentence) is true


def test_a_list_said_to_be_empty_must_be(guard: ClaimGuard) -> None:
    from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

    one = TurnRecord(claims=PLANNER_TOOL_CLAIMS,
                     session=planner_facts(results=[], shortlist=["harbor-light"]))
    none = TurnRecord(claims=PLANNER_TOOL_CLAIMS, session=planner_facts(results=[], shortlist=[]))
    said = "Your shortlist is empty now."
    assert not guard.judge(said, one).supported
    assert said not in guard_reply(said, one).text
    assert guard_reply(said, none).text == said
    assert guard.judge("Your shortlist isn't empty.", one).supported


APPOINTMENT = TurnRecord(runs=(ToolRun("book_appointment", {
    "clinic": "Brightside", "start": "2027-03-02T09:15:00"},
    {"status": "booked", "start": "2027-03-02T09:15:00", "ref": "BS-2210"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Your check-up is at quarter past nine on the 2nd of March.", True),
    ("Your check-up is on 2 March at 09:15.", True),
    ("Your check-up is on the 3rd of March.", False),
    ("Your check-up is at 10:15 on 2 March.", False),
])
def test_a_date_time_of_a_run_backs_its_date_and_its_time(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, APPOINTMENT).supported is true


BELLS = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Ringing\n\nOur tower has six bells, and the smallest bell is called the treble. "
         "Ruth has rung at St Mary's for forty years.\n",
    versions=(0,)))


@pytest.mark.parametrize("said", [
    "The post says what the treble is called.",  # a naming, no phone call
    "Ruth has rung there for forty years.",               # bells ring
])
def test_a_word_of_calling_that_names_or_rings_is_no_call(guard: ClaimGuard, said: str) -> None:
    assert guard_reply(said, BELLS).text == said


@pytest.mark.parametrize("call", ["I rang the tower captain for you.", "I called Ruth."])
def test_a_call_is_still_a_call(guard: ClaimGuard, call: str) -> None:
    assert not guard.judge(call, BELLS).supported

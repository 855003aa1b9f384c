"""The fifth batch's classes, on sentences written for these tests (not the corpus's): a number
tied to the wrong thing (a result's field named by "of", a line count of another action, a
noun the texts count otherwise); an impossible act told as done by someone else; what a plain
tool may be said to have done; a title before a surname; and in the planner, a street of
another venue, "All four", a private room's size and "the pricier of the two".
"""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, SessionFacts, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.catalog import venue_by_id
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


WEATHER = TurnRecord(runs=(ToolRun("get_weather", {"town": "Whitby"}, {
    "status": "ok", "town": "Whitby", "low_c": 3, "wind_mph": 22, "summary": "bright"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Plan for a low of 3 degrees.", True),
    ("Plan for a low of 5 degrees.", False),
    ("The wind will be about 22 mph.", True),
    ("Winds could reach 30 mph.", False),         # said of a thing, "could" states it
    ("I checked the weather for Whitby just now.", True),
])
def test_a_number_named_for_a_results_field_is_that_field(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, WEATHER).supported is true


def test_a_line_count_is_the_one_of_the_action_it_follows(guard: ClaimGuard) -> None:
    run = ToolRun("edit_ops", {"base_version": 1, "ops": [{"type": "replace",
                  "anchor": "a", "text": "b"}]},
                  {"status": "applied", "version": 2, "lines_added": 4, "lines_removed": 1})
    record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post="# T\n\nb\n", versions=(0, 1, 2)))
    assert guard.judge("The edit added four lines and removed one.", record).supported
    assert not guard.judge("The edit added one line and removed four.", record).supported
    assert not guard.judge("Four lines were removed.", record).supported


NOTES = ("Talk with the harbour master, 9 June. The lifeboat station opened in 1904. "
         "A launch takes 6 minutes and the crew is 12 volunteers. I saw three of the "
         "nine boats.")


@pytest.mark.parametrize(("sentence", "true"), [
    ("A launch takes about 6 minutes.", True),
    ("A launch takes about 12 minutes.", False),   # 12 is the crew
    ("The crew is twelve volunteers.", True),
    ("The crew is six volunteers.", False),
    ("You saw three boats out of nine.", True),
])
def test_a_noun_the_texts_count_keeps_their_numbers(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
        post="# The lifeboat\n\nThe station sits by the pier.\n", versions=(0,),
        sources=[NOTES]))
    assert guard.judge(sentence, record).supported is true


def test_an_impossible_act_told_as_done_by_anyone_is_a_claim(guard: ClaimGuard) -> None:
    record = TurnRecord()
    assert not guard.judge("The restaurant confirmed your table this morning.",
                           record).supported
    assert not guard.judge("Your sister has paid the deposit.", record).supported
    assert guard.judge("The restaurant can hold 40 people.", record).supported


def test_a_plain_tool_is_said_to_have_done_what_its_name_allows(guard: ClaimGuard) -> None:
    added = TurnRecord(runs=(ToolRun("add_task", {"title": "Plumber"},
                                     {"status": "ok", "title": "Plumber"}),))
    assert guard.judge("The task was saved under the title Plumber.", added).supported
    assert not guard.judge("The task was saved to your phone.", added).supported
    fetched = TurnRecord(runs=(ToolRun("get_tides", {"port": "Whitby"},
                                       {"status": "ok", "high": "06:40"}),))
    assert guard.judge("I looked up the tides for Whitby.", fetched).supported
    assert not guard.judge("I changed the tide times.", fetched).supported


def test_a_title_and_a_surname_name_the_person_with_a_first_name_between(
        guard: ClaimGuard) -> None:
    record = TurnRecord(session=SessionFacts(texts=("We met coxswain Dai Rees at the pier.",)))
    assert guard.judge("You met Coxswain Rees at the pier.", record).supported
    assert not guard.judge("You met Coxswain Evans at the pier.", record).supported


OLD_CITY = ["enoteca-amalfi", "osteria-marchetti", "pastificio-carmela", "trattoria-marchetti"]


def kept(sentence: str) -> bool:
    return judge_sentence(sentence, OLD_CITY, catalogue_names(),
                          shown_lines=set()).action is SentenceAction.KEPT


def test_a_street_of_another_venue_is_not_the_named_ones() -> None:
    amalfi = venue_by_id("enoteca-amalfi")
    osteria = venue_by_id("osteria-marchetti")
    assert amalfi is not None and osteria is not None
    own = amalfi.address.split(",")[0]
    other = osteria.address.split(",")[0]
    assert kept(f"Enoteca Amalfi is at {own}.")
    assert not kept(f"Enoteca Amalfi is at {other}.")
    assert not kept(f"Enoteca Amalfi is on {other.split(' ', 1)[1]}.")


def test_all_four_and_the_rooms_and_nominal_comparatives_follow_the_catalogue() -> None:
    venues = [v for v in map(venue_by_id, OLD_CITY) if v is not None]
    biggest = max(venues, key=lambda v: v.private_room_seats)
    smallest = min(venues, key=lambda v: v.private_room_seats)
    assert kept(f"{biggest.name} has the biggest private room of the four.")
    assert not kept(f"{smallest.name} has the biggest private room of the four.")
    everyone_byob = all(v.byob for v in venues)
    assert kept("All four are BYOB.") is everyone_byob
    dear = max(venues, key=lambda v: v.price_level)
    cheap = min(venues, key=lambda v: v.price_level)
    assert not kept(f"{cheap.name} is the pricier of the two, next to {dear.name}.")


def test_a_time_in_words_and_a_result_named_by_its_tool(guard: ClaimGuard) -> None:
    booked = TurnRecord(runs=(ToolRun("add_appointment", {"time": "10:45"},
                                      {"status": "ok", "time": "10:45"}),))
    assert guard.judge("It is at a quarter to eleven.", booked).supported
    assert not guard.judge("It is at half past ten.", booked).supported
    summary = TurnRecord(runs=(ToolRun("trip_summary", {}, {"status": "ok",
                                                            "date": "2027-05-07"}),))
    assert guard.judge("The trip is on Friday.", summary).supported  # 7 May 2027: a Friday
    assert not guard.judge("The trip is on Thursday.", summary).supported


def test_what_a_named_person_made_a_thing_is_in_the_texts(guard: ClaimGuard) -> None:
    record = TurnRecord(session=SessionFacts(texts=(
        "Our neighbour Mr Okoro painted the shed yellow last June.",)))
    assert guard.judge("Mr Okoro painted the shed yellow.", record).supported
    assert not guard.judge("Mr Okoro painted the shed red.", record).supported


def test_a_deletion_beside_a_change_leaves_the_change_held_to_its_part(
        guard: ClaimGuard) -> None:
    post = "# Allotment\n\nWe dug the beds in March.\n\nThe beans failed. The leeks did well.\n"
    run = ToolRun("edit_ops", {"base_version": 1, "ops": [
        {"type": "replace", "anchor": "The beans failed badly.", "text": "The beans failed."},
        {"type": "delete", "anchor": "Slugs ate the lettuce."}]},
        {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 2})
    record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=post, versions=(0, 1, 2)))
    assert guard.judge("I tightened the last paragraph.", record).supported
    assert not guard.judge("I rewrote the opening paragraph.", record).supported
    assert guard.judge("I cut a line from the opening.", record).supported  # place unknown


BILL_LOGGED = TurnRecord(runs=(ToolRun(
    "log_bill", {"payee": "Water board", "due": "2027-02-11"},
    {"status": "logged", "bill_id": "b-77", "payee": "Water board", "due": "2027-02-11",
     "fee": 48.2, "as_of": "2027-01-30T09:00:00Z"}),))


@pytest.mark.parametrize(("sentence", "true"), [
    ("It falls due on the eleventh of February.", True),   # a day in words
    ("It falls due on the twelfth of February.", False),
    ("It falls due February the eleventh.", True),
    ("It falls due on a Thursday.", True),                  # 11 February 2027 is a Thursday
    ("It falls due on a Friday.", False),                   # a weekday no date of the run is
    ("The fee is 48.2.", True),                               # a field of the result, named
    ("The fee is 42.8.", False),
])
def test_values_said_of_a_plain_tools_result_must_be_its_own(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, BILL_LOGGED).supported is true


FARE_CONVERTED = TurnRecord(runs=(ToolRun(
    "convert_currency", {"amount": 40, "from": "USD", "to": "JPY"},
    {"status": "ok", "rate": 149.37, "converted": 5974.8, "quote_id": "q-51"}),),
    session=SessionFacts(texts=("how many yen is 40 dollars",)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("That comes to roughly 5975 yen.", True),     # rounded to the places it gives
    ("That comes to about 6000 yen.", True),
    ("That comes to roughly 5795 yen.", False),    # digits swapped: no rounding of the record's
    ("That comes to 5975 yen.", False),            # told as exact, it must be exact
    ("The quote ID is q-51.", True),               # a field's name is no proper name
])
def test_a_number_told_as_rounded_may_round_the_records(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, FARE_CONVERTED).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("Neither of them is BYOB.", True),                     # no venue of the four is
    ("None of them is BYOB.", True),
])
def test_a_negative_subject_denies_the_feature(sentence: str, true: bool) -> None:
    assert kept(sentence) is true


PARCEL_LOGGED = TurnRecord(runs=(ToolRun(
    "log_parcel", {"carrier": "Evri", "note": "birthday present for Nan"},
    {"status": "logged", "parcel_id": "pcl-4093", "tracking": "EV72Q118", "due": "2026-12-02"}),),
    session=SessionFacts(texts=("log the parcel for nan's birthday",)))
POST_V4 = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                     session=blogger_facts(post="# Pickles\n\nDill, not fennel.\n",
                                           versions=(0, 1, 2, 3, 4)))


@pytest.mark.parametrize(("record", "sentence", "true"), [
    # an identifier must be one the record holds, word for word
    (PARCEL_LOGGED, "It's logged as pcl-4093.", True),
    (PARCEL_LOGGED, "Track it with EV72Q118 on the Evri site.", True),
    (PARCEL_LOGGED, "It's logged as pcl-4039.", False),      # digits swapped
    (PARCEL_LOGGED, "Your tracking number is EV72Q181.", False),
    (PARCEL_LOGGED, "Evri gave it the reference RX-2210.", False),
    # a version in short is a version number
    (POST_V4, "The post is on v4 now.", True),
    (POST_V4, "The post is on v5 now.", False),
])
def test_an_identifier_or_short_version_is_the_records(
        guard: ClaimGuard, record: TurnRecord, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, record).supported is true


HALL_NOTES = TurnRecord(session=SessionFacts(texts=(
    "The village hall seats 60 and hire costs 45 pounds an evening.",)))


@pytest.mark.parametrize(("sentence", "true"), [
    # a sum of money is one the texts give as money, in any currency word, or a run's value
    ("Your hall hire is 45 pounds an evening.", True),
    ("Your hall hire is forty-five quid an evening.", True),   # quid: pounds
    ("Your hall hire comes to 60 pounds an evening.", False),  # 60 is the seats
    ("Your hall hire is 60 quid.", False),
])
def test_a_sum_of_money_is_money_the_record_gives(guard: ClaimGuard, sentence: str,
                                                   true: bool) -> None:
    assert guard.judge(sentence, HALL_NOTES).supported is true


def test_a_sum_of_money_may_be_a_runs_value(guard: ClaimGuard) -> None:
    assert guard.judge("You paid 40 dollars for it.", FARE_CONVERTED).supported
    assert not guard.judge("You paid 41 dollars for it.", FARE_CONVERTED).supported


RIDE_POST = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Coast to coast\n\nThe crossing took 9 hours and 20 minutes.\n\n"
         + " ".join(["pedal"] * 466) + "\n", versions=(0, 1)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Your post is about 500 words long.", True),    # 478 words, 4.6% off
    ("Your post is about 480 words long.", True),
    ("Your post is roughly 400 words.", False),      # 15% off
    ("Your post is just over 460 words.", True),     # a bound on its side
    ("Your post is just under 460 words.", False),   # 473 is not under 460
    ("Your post is 500 words long.", False),         # told as exact, it must be exact
    ("The crossing took just under ten hours.", True),   # 9 h 20 min
    ("The crossing took about nine hours.", True),
    ("The crossing took just over ten hours.", False),
    ("The crossing took nine and a half hours.", False),
])
def test_a_number_told_as_about_may_be_near_the_records(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, RIDE_POST).supported is true


def test_how_near_about_is_a_setting() -> None:
    strict = ClaimGuard(approximate_tolerance=0.02)  # 478 words
    assert not strict.judge("Your post is about 500 words long.", RIDE_POST).supported
    assert strict.judge("Your post is about 480 words long.", RIDE_POST).supported


LIGHTHOUSE = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# The keeper\n\nMy grandfather kept the light from 1952 to 1971.\n", versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("He kept the light for nineteen years.", True),      # from 1952 to 1971
    ("He kept the light for about twenty years.", True),
    ("He kept the light for twelve years.", False),
])
def test_a_span_between_two_years_is_a_count_of_years(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, LIGHTHOUSE).supported is true


RIDE_DAY = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post="# Dales loop\n\nWe set off at 6:30 am, 7 of us, climbed 8 hills and were home by "
         "5 pm.\n", versions=(0,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("You set off at seven.", False),             # an hour alone after "at" is a time
    ("You set off at 8 o'clock.", False),
    ("You got home at five.", True),              # 5 pm: no half of the day said
    ("You set off at half past six.", True),
])
def test_an_hour_alone_after_at_is_a_clock_time(
        guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, RIDE_DAY).supported is true

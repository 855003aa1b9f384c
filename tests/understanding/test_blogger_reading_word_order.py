"""Requests in the word orders and idioms of other Englishes and other languages (issue 22,
after the eleventh held-out set): the object said first ("Description you update to: X"),
a comment left without its subject after the request, a place said before the part it
holds; requests beyond the app asked of "you"; help and checks asked in other words;
a version named as it was prior to a change."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
BOARD_GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")
DUTCH_OVEN = "I baked the third loaf in a Dutch oven and it finally sang when it cooled."


def test_a_field_said_before_you_and_the_verb_is_set() -> None:
    reading = _read(BOARD_GAMES, "Description you change to: Five years of dice and snacks.")
    assert _acting(reading) == [(Intent.EDIT, {"set_fields": {
        "description": "Five years of dice and snacks."}})]


def test_a_line_said_before_you_and_the_verb_is_inserted_where_said() -> None:
    reading = _read(SOURDOUGH, "Also one line you put after the Dutch oven sentence: "
                               "It smelled of nail varnish.")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": DUTCH_OVEN, "position": "after",
        "text": "It smelled of nail varnish."}]})]


def test_a_part_told_of_as_done_is_no_request() -> None:
    assert _read(SOURDOUGH, "the line you added is good").requests == ()


@pytest.mark.parametrize("message", [
    "In section about bake, the sentence with the Dutch oven, delete it, is too long.",
    "In the bake section, the sentence with the Dutch oven, delete it",
])
def test_a_place_said_first_then_the_sentence_it_holds_deletes_that_sentence(
        message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.EDIT, {"ops": [{
        "type": "delete", "anchor": DUTCH_OVEN}]})]


@pytest.mark.parametrize(("message", "verb"), [
    ("Could you ring Priya and tell her it's up?", "ring"),
    ("Could you email the treasurer a copy?", "email"),
    ("can you phone my brother", "phone"),
])
def test_a_request_beyond_the_app_asked_of_you_is_said_to_be_beyond_it(
        message: str, verb: str) -> None:
    (request,) = _read(BOARD_GAMES, message).requests
    assert request.intent is Intent.UNCLEAR and request.question is not None
    assert request.question.startswith(f"I can't {verb} anything from here, so nothing")


@pytest.mark.parametrize("message", [
    "Right, before I start, what sort of stuff do you handle?",
    "which kinds of things do you cover?",
])
def test_the_kinds_of_thing_the_reader_takes_on_asked_is_help(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.HELP, {})]


@pytest.mark.parametrize("message", ["what tags do you suggest?", "which title is better?"])
def test_a_question_about_a_field_sets_nothing(message: str) -> None:
    assert _read(BOARD_GAMES, message).requests == ()


@pytest.mark.parametrize(("message", "goal"), [
    ("Would the whole thing do as a handout for the library, d'ye think?",
     "a handout for the library"),
    ("would it make sense to beginners as a guide to their first loaf?",
     "a guide to their first loaf"),
])
def test_whether_the_post_would_serve_as_something_is_a_check_with_that_goal(
        message: str, goal: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.CHECK, {"goal": goal})]


@pytest.mark.parametrize(("message", "change"), [
    ("Kindly bring back the post as it looked prior to my tag change", "tags"),
    ("go back to the version prior to the title change", "title"),
])
def test_a_version_prior_to_a_change_goes_back_to_before_it(message: str,
                                                            change: str) -> None:
    assert _acting(_read(BOARD_GAMES, message)) == [(Intent.REVERT, {"before": change})]


GARDEN = (POSTS / "garden.md").read_text(encoding="utf-8")


def test_a_cleft_then_not_y_replaces_the_posts_y() -> None:
    reading = _read(GARDEN, "it was my sister who gave me the compost, not my neighbour")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "neighbour", "text": "sister"}]})]


def test_a_cleft_naming_a_word_of_another_kind_is_asked_not_done() -> None:
    reading = _read(BOARD_GAMES, "it was Priya who won them, not the spreadsheet")
    assert all(r.question is not None or "ops" not in r.slots for r in reading.requests)


def test_x_no_the_y_with_sort_that_replaces_the_posts_y() -> None:
    reading = _read(GARDEN, "the beans are going up the trellis, no the railing, sort that")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "railing", "text": "trellis"}]})]


def test_a_cleft_keeps_only_the_word_of_the_old_words_kind() -> None:
    reading = _read(GARDEN, "and it's June the basil bolted, not July, sure I'd forget")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "July", "text": "June"}]})]


def test_cut_into_listed_parts_is_a_split_not_a_cut() -> None:
    assert _acting(_read(SOURDOUGH, "sweet as. chop it into these bits: Starter; Bake")) == [
        (Intent.SPLIT, {"outline": "Starter\nBake"})]


@pytest.mark.parametrize("message", [
    "och, I'm a muppet, it was the bake. Put it back",
    "and 'nine days' must be 'eleven days', lekker I'm done",
])
def test_a_word_nobody_knows_in_an_aside_about_the_author_asks_nothing(message: str) -> None:
    reading = _read(SOURDOUGH, message)
    assert reading.requests and all(r.question is None for r in reading.requests)


def test_a_word_nobody_knows_in_the_request_still_asks() -> None:
    (request,) = _read(SOURDOUGH, "make the quiz hadrer").requests
    assert request.question is not None and "hadrer" in request.question

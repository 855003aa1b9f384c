"""Requests in short forms and counts said loosely: other arrows between quotations, a
field set or cleared by a sign ("tags = a, b", "-tags"), "mm" for a mind map when a sign
joins it to another request, guillemets as quotes, "half a dozen", and a count said as the
one asked for just before ("the same number", "twice as many")."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent, Memory

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
GARDEN = (POSTS / "garden.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("arrow", ["➜", "➔", "⇒", "-->"])
def test_an_arrow_between_quotations_replaces_the_first_with_the_second(arrow: str) -> None:
    reading = _read(SOURDOUGH, f"'nine days' {arrow} 'eleven days'")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "nine days", "text": "eleven days"}]})]


def test_guillemets_are_quotes_and_their_inner_spaces_are_typography() -> None:
    reading = _read(GARDEN, "you can replace « a water butt » by « a rain barrel »?")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "a water butt", "text": "a rain barrel"}]})]


@pytest.mark.parametrize("message", ["tags = rye, levain", "tags=rye, levain"])
def test_tags_equal_to_a_list_set_the_list(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["rye", "levain"]}})]


@pytest.mark.parametrize(("message", "field"), [("-tags", "tags"), ("- tag", "tags"),
                                                 ("-desc", "description")])
def test_a_minus_before_a_field_clears_it(message: str, field: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [
        (Intent.EDIT, {"remove_fields": [field]})]


@pytest.mark.parametrize("message", ["-", "- the end", "-title please"])
def test_a_minus_before_anything_else_clears_nothing(message: str) -> None:
    assert not any("remove_fields" in slots for _, slots in _acting(_read(SOURDOUGH, message)))


def test_mm_joined_to_a_quiz_by_a_plus_is_a_mind_map_and_the_quiz() -> None:
    assert _acting(_read(SOURDOUGH, "mm + 5 q quiz")) == [
        (Intent.MINDMAP, {}), (Intent.QUIZ, {"count": 5})]


@pytest.mark.parametrize("message", ["mm", "mm, not sure", "mm ok thanks", "mm please"])
def test_mm_on_its_own_is_a_sound_of_hesitation(message: str) -> None:
    assert _read(SOURDOUGH, message).requests == ()


@pytest.mark.parametrize(("message", "count"), [
    ("a quiz please, half a dozen q's", 6),
    ("half-a-dozen flashcards", 6),
    ("a dozen flashcards", 12),
])
def test_half_a_dozen_is_six(message: str, count: int) -> None:
    (request,) = _read(SOURDOUGH, message).requests
    assert request.question is None and request.slots["count"] == count


@pytest.mark.parametrize(("message", "quiz", "cards"), [
    ("a quiz of about five questions and the same number of flashcards", 5, 5),
    ("could you do a four-question quiz, and then twice as many flashcards?", 4, 8),
    ("a quiz, 8 questions, and half as many cards", 8, 4),
])
def test_a_count_said_relative_to_the_one_just_asked_for(message: str, quiz: int,
                                                         cards: int) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [
        (Intent.QUIZ, {"count": quiz}), (Intent.FLASHCARDS, {"count": cards})]


def test_twice_as_many_after_an_earlier_message_doubles_its_count() -> None:
    reading = _read(SOURDOUGH, "and twice as many flashcards", Memory(intent="quiz", count=4))
    assert _acting(reading) == [(Intent.FLASHCARDS, {"count": 8})]


@pytest.mark.parametrize("opener", ["you know what", "y'know what", "know what"])
def test_switching_artifact_after_an_opener_keeps_the_count(opener: str) -> None:
    reading = _read(SOURDOUGH, f"{opener}, flashcards instead, same count",
                    Memory(intent="quiz", count=7))
    assert _acting(reading) == [(Intent.FLASHCARDS, {"count": 7})]


def test_a_question_about_an_artifact_still_asks_nothing() -> None:
    assert _read(SOURDOUGH, "so, what's a flashcard?").requests == ()


BOARD_GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("message", [
    "Tags too, add 'cards', no no wait, just add 'dice' only",
    "add the tag 'cards', no wait, add 'dice'",
])
def test_a_request_said_again_with_another_quotation_acts_only_on_the_last(
        message: str) -> None:
    assert _acting(_read(BOARD_GAMES, message)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "dice"]}})]


@pytest.mark.parametrize("message", ["tags also, add 'dice'", "tags: add 'dice'"])
def test_the_tags_named_before_the_verb_that_adds_to_them(message: str) -> None:
    assert _acting(_read(BOARD_GAMES, message)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "dice"]}})]


@pytest.mark.parametrize("message", [
    "could you add 'dice' to the tags, and take 'friends' off while you're at it?",
    "add 'dice' to the tags and remove 'friends'",
])
def test_a_tag_added_and_another_taken_off_in_one_message(message: str) -> None:
    reading = _read(BOARD_GAMES, message)
    assert reading.requests[-1].slots == {"set_fields": {"tags": ["games", "dice"]}}
    assert all(r.intent is Intent.EDIT and "ops" not in r.slots for r in reading.requests)


def test_the_heading_said_to_be_wrong_then_called_a_new_name_is_the_posts_title() -> None:
    post = "# Ten summers of tomatoes\n\nIntro here.\n\n## The show\n\nMore words here.\n"
    reading = _read(post, "Aye, the heading's no right. Call it 'Tomatoes at last' instead")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "Ten summers of tomatoes", "text": "Tomatoes at last"}],
        "allow_heading_changes": True})]

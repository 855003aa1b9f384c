"""Which request a message makes, by class (issue 22, held-out batch F's misses), each class
shown with sentences of its own on the dev-set posts: a number counts an artifact only when
it is its size, a help question is answered, an artifact named in a post's topic is the
topic, a wish for an artifact asks for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from blogger.reading import read_message
from draftguard.understanding import Intent, Memory, Reading

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")


def _read(message: str, memory: Memory | None = None, post: str | None = WINTER) -> Reading:
    return read_message(message, post=post, memory=memory).reading


def _said(reading: Reading) -> list[tuple[Intent, dict[str, object], bool]]:
    return [(r.intent, dict(r.slots), r.question is not None) for r in reading.requests]


# -- a number is a count only when it is the artifact's size ---------------------------------

@pytest.mark.parametrize("message", ["go back one", "back 1 step", "back one step please"])
def test_one_step_back_after_a_quiz_is_an_undo_not_a_count(message: str) -> None:
    reading = _read(message, Memory(intent="quiz"))
    assert _said(reading) == [(Intent.UNDO, {}, False)]


@pytest.mark.parametrize(("message", "version"), [
    ("Version two is to be brought back.", 2),
    ("version three should be restored please", 3),
])
def test_a_version_named_by_number_after_flashcards_is_that_version(message: str,
                                                                   version: int) -> None:
    reading = _read(message, Memory(intent="flashcards"))
    assert _said(reading) == [(Intent.REVERT, {"version": version}, False)]


@pytest.mark.parametrize(("message", "count"), [("make it 8", 8), ("actually 12 please", 12),
                                                 ("do 6 questions instead", 6)])
def test_a_new_size_for_the_quiz_just_made_is_still_read(message: str, count: int) -> None:
    reading = _read(message, Memory(intent="quiz"))
    assert _said(reading) == [(Intent.QUIZ, {"count": count}, False)]


@pytest.mark.parametrize(("message", "intent", "count"), [
    ("could you put together one quiz with seven questions", Intent.QUIZ, 7),
    ("one quiz please, 4 questions", Intent.QUIZ, 4),
    ("just one mind map of it", Intent.MINDMAP, None),
    ("make 6 flashcards", Intent.FLASHCARDS, 6),
])
def test_one_as_the_artifacts_determiner_is_not_its_size(message: str, intent: Intent,
                                                         count: int | None) -> None:
    slots: dict[str, object] = {"count": count} if count else {}
    assert _said(_read(message)) == [(intent, slots, False)]


# -- several artifacts wished for in one sentence ---------------------------------------------

def test_an_artifact_wished_for_is_asked_for_beside_another() -> None:
    reading = _read("Flashcards would be useful as well, and a quiz.")
    assert _said(reading) == [(Intent.FLASHCARDS, {}, False), (Intent.QUIZ, {}, False)]


def test_an_artifact_wished_for_with_its_size() -> None:
    assert _said(_read("nine flashcards would be grand")) == [
        (Intent.FLASHCARDS, {"count": 9}, False)]


def test_an_artifact_said_to_be_unwanted_is_not_asked_for() -> None:
    assert not _read("a mind map would be too much for this one").requests
    assert not _read("a quiz wouldn't be useful here").requests


# -- help questions are answered, never read as other requests -------------------------------

@pytest.mark.parametrize("message", [
    "so what could I get you to do with a draft like mine?",
    "what are you actually able to help with?",
    "what can you do for a blogger?",
])
def test_a_question_about_what_the_reader_does_is_help(message: str) -> None:
    assert _said(_read(message)) == [(Intent.HELP, {}, False)]


@pytest.mark.parametrize("message", ["what should I do with the gear section?",
                                     "what do you think of the gear section?",
                                     "what did you do to my post?"])
def test_a_question_about_anything_else_is_not_help(message: str) -> None:
    reading = _read(message)
    assert all(r.intent is not Intent.HELP for r in reading.requests)


# -- an artifact's word inside a post's topic is the topic -----------------------------------

def test_a_post_about_a_test_is_a_new_post() -> None:
    reading = _read("could you write up a post about sitting my driving test?", post=None)
    assert _said(reading) == [(Intent.NEW_POST, {"topic": "sitting my driving test"}, False)]


def test_a_quiz_about_the_post_is_still_a_quiz() -> None:
    assert _said(_read("write a quiz about the post")) == [(Intent.QUIZ, {}, False)]


# -- asking for nothing ------------------------------------------------------------------------

@pytest.mark.parametrize("message", [
    "no need to change anything, I was just musing about the gear bit",
    "is the tea line too cheesy? I'm not asking you to cut it",
    "cheers, finished for now",
])
def test_a_message_that_asks_for_nothing_gets_no_request(message: str) -> None:
    assert not _read(message, Memory(intent="edit")).requests


def test_a_finished_part_beside_a_request_keeps_the_request() -> None:
    assert _said(_read("done with the intro, now make a quiz")) == [(Intent.QUIZ, {}, False)]


# -- going back ---------------------------------------------------------------------------------

def test_an_undo_after_retracted_words_is_done() -> None:
    reading = _read("ugh forget that, undo", Memory(intent="edit"))
    assert _said(reading) == [(Intent.UNDO, {}, False)]


def test_back_to_the_beginning_is_the_first_version() -> None:
    reading = _read("go back to the beginning, the one I started with", Memory(intent="edit"))
    assert _said(reading) == [(Intent.REVERT, {"version": 0}, False)]
    # a part of the post named: about the post's words, never a revert
    assert all(r.intent is not Intent.REVERT
               for r in _read("put the intro back to the start").requests)


# -- a wish for a thing done, a vague "do" beside a clear request -----------------------------

def test_a_split_wished_for_in_the_passive_is_a_split() -> None:
    reading = _read("It would be great if the post were split into these parts: Tyres; "
                    "Gear; Riding")
    assert _said(reading) == [(Intent.SPLIT, {"outline": "Tyres\nGear\nRiding"}, False)]


@pytest.mark.parametrize("message", [
    "please do the needful and swap 'flask of tea' for 'thermos of tea'",
    "do me a favour and change 'flask of tea' to 'thermos of tea'",
])
def test_a_vague_do_beside_a_clear_edit_leaves_the_edit(message: str) -> None:
    reading = _read(message)
    assert _said(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "flask of tea", "text": "thermos of tea"}]}, False)]


# -- said of the new words or the thing told ---------------------------------------------------

@pytest.mark.parametrize("message", [
    "'Gloves matter too.' should be added after the line about the flask",
    "A sentence saying 'Gloves matter too.' ought to be put after the line about the flask",
])
def test_new_words_as_the_subject_of_a_passive_add(message: str) -> None:
    reading = _read(message)
    assert _said(reading) == [(Intent.EDIT, {"ops": [
        {"type": "insert", "anchor": "I carry a flask of tea in a bottle cage.",
         "position": "after", "text": "Gloves matter too."}]}, False)]


def test_someone_who_saw_the_minutes_asks_for_no_sources() -> None:
    reading = _read("my brother saw the minutes of the club meeting and it was four "
                    "winters, not five")
    assert all(r.intent is not Intent.SOURCES for r in reading.requests)


def test_a_question_about_the_notes_given_still_lists_them() -> None:
    assert _said(_read("which notes have I handed you so far?")) == [
        (Intent.SOURCES, {}, False)]


# -- showing only: done when it is the likeliest reading, not asked about --------------------

@pytest.mark.parametrize(("message", "intent"), [
    ("ok what else are u able to do, run me through it", Intent.HELP),
    ("the changes from this week, show them to me", Intent.VERSIONS),
])
def test_a_request_that_only_shows_is_shown(message: str, intent: Intent) -> None:
    assert _said(_read(message)) == [(intent, {}, False)]


def test_the_version_told_apart_by_what_was_done_first_is_the_first() -> None:
    reading = _read("could we return to the version I first pasted?", Memory(intent="edit"))
    assert _said(reading) == [(Intent.REVERT, {"version": 0}, False)]
    after = _read("restore the version after the first edit", Memory(intent="edit"))
    assert all(r.slots.get("version") != 0 for r in after.requests)

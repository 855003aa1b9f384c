"""Requests said plainly rather than typed carefully, by class (issue 22, held-out batch G's
misses), each class shown with sentences of its own on the dev-set posts: punctuation
dictated aloud is no part of the new words, a count said in the next sentence sizes the
artifact, ..."""

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


def _replace(anchor: str, text: str) -> dict[str, object]:
    return {"ops": [{"type": "replace", "anchor": anchor, "text": text}]}


# -- punctuation said aloud is the mark, not words of the request ----------------------------

@pytest.mark.parametrize(("message", "text"), [
    ("change four Philadelphia winters to five Philadelphia winters full stop",
     "five Philadelphia winters"),
    ("swap wool socks for thick wool socks comma", "Thick wool socks"),
    ("replace a flask of tea with a flask of cocoa new line", "flask of cocoa"),
])
def test_a_dictated_mark_after_the_new_words_is_not_written(message: str, text: str) -> None:
    [(intent, slots, asked)] = _said(_read(message))
    assert intent is Intent.EDIT and not asked
    assert slots["ops"][0]["text"] == text  # type: ignore[index]


@pytest.mark.parametrize(("message", "intent"), [
    ("which versions have I got question mark", Intent.VERSIONS),
    ("take back the last edit full stop", Intent.UNDO),
])
def test_a_request_ending_in_a_dictated_mark_is_read(message: str, intent: Intent) -> None:
    assert [(i, asked) for i, _, asked in _said(_read(message))] == [(intent, False)]


def test_a_mark_named_as_the_new_words_is_written() -> None:
    # after "with" or "to" (or "a", "the"), "comma" is what the author asks to write
    assert _said(_read("replace 'fancy' with comma")) == [
        (Intent.EDIT, _replace("fancy", "comma"), False)]


# -- a count said in the next sentence sizes the artifact --------------------------------------

@pytest.mark.parametrize(("message", "intent", "count"), [
    ("Could you make me a quiz for my cycling club? Six questions will do.", Intent.QUIZ, 6),
    ("Can I have some flashcards on this? Not a lot, maybe five.", Intent.FLASHCARDS, 5),
    ("I'd like a quiz for the newsletter. Ten questions is about right, they love these.",
     Intent.QUIZ, 10),
])
def test_a_count_in_a_sentence_of_its_own_sizes_the_artifact(message: str, intent: Intent,
                                                             count: int) -> None:
    assert _said(_read(message)) == [(intent, {"count": count}, False)]


@pytest.mark.parametrize("message", [
    "Could you make me a quiz? Page 2 of my notes has more.",
    "Make some flashcards please. They are for 3 friends of mine.",
])
def test_a_number_of_something_else_is_no_count(message: str) -> None:
    assert all(not slots.get("count") for _, slots, _ in _said(_read(message)))

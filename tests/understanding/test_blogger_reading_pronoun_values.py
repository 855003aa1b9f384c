"""New words said as a pronoun ("fix it to that") point back to the value said before them
in the message; the pronoun itself is never written into the post."""

from __future__ import annotations

import pytest

from tests.understanding_devset import BloggerSession, _plain

POST = ("# Tide pools\n\nOn the first morning we found thirty crabs under the weed. The water "
        "was 12 degrees, colder than the guide said.\n\nBy noon the tide had turned.\n")


def _after_an_edit(message: str) -> list[dict[str, object]]:
    session = BloggerSession(POST)
    first = session.read("change thirty crabs to twenty crabs")
    session.apply(_plain(first))
    return _plain(session.read(message))


@pytest.mark.parametrize(("message", "new"), [
    ("argh no, my son counted again, it was twenty-six. fix it to that", "twenty-six crabs"),
    ("sorry, it was 31 in the end. change it to that", "31 crabs"),
    ("hang on, the real number was 24. can you set it to that", "24 crabs"),
    ("my bad, it was 22. correct it to that", "22 crabs"),
])
def test_a_pronoun_as_new_words_is_the_number_said_before(message: str, new: str) -> None:
    got = _after_an_edit(message)
    assert got == [{"intent": "edit", "slots": {"ops": [
        {"type": "replace", "anchor": "twenty crabs", "text": new}]}}]


@pytest.mark.parametrize("message", [
    "no wait. fix it to that",
    "hmm, change it to that",
    "set it to that please",
])
def test_a_pronoun_with_nothing_said_before_is_never_written(message: str) -> None:
    for request in _after_an_edit(message):
        for op in request.get("slots", {}).get("ops", []):  # type: ignore[attr-defined]
            assert op["text"].strip().lower() not in ("that", "it", "this")

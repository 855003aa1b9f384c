"""A field's new value said as what it should be like, not as the value: the reader asks for
the words and changes nothing ("I want the title become more interesting" had set the title
to "more interesting, now it is too plain"); a value in its own words is still set."""

from __future__ import annotations

import pytest

from blogger.reading import read_message
from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

POST = "---\ntitle: Tuesdays at the Repair Café\ntags: [community]\n---\n\nWe fix toasters.\n"


@pytest.mark.parametrize("said", [
    "Please I want the title become more interesting, now it is too plain.",
    "change the title to something more interesting",
    "the title should be more fun",
    "set the headline to less boring words",
    "rename the post to something snappier, it's dull",
])
def test_a_described_title_is_asked_about_and_nothing_changes(said: str) -> None:
    [request] = read_message(said, post=POST).reading.requests
    assert request.question is not None and "title" in request.question
    assert not request.slots.get("set_fields")


@pytest.mark.parametrize(("said", "title"), [
    ("change the title to More Fun at the Café", "More Fun at the Café"),
    ("rename it to a year of toasters", "a year of toasters"),
    ("the title should be Mending Together", "Mending Together"),
])
def test_a_title_in_its_own_words_is_set(said: str, title: str) -> None:
    [request] = read_message(said, post=POST).reading.requests
    assert request.question is None
    assert request.slots["set_fields"] == {"title": title}

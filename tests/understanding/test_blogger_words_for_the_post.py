"""A verb the lexicon does not know, carrying words quoted for the post, is no request of the
world: the reader never answers "I can't chuck anything from here" (a false "can't"); a way
out of the app ("email 'X' to my sister") is still refused."""

from __future__ import annotations

import pytest

from blogger.reading import read_message
from draftguard.language import language_installed

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

POST = "# Litter pick\n\nThe council lent us grabbers, hoops and bags.\n\nWe filled forty bags.\n"


@pytest.mark.parametrize("said", [
    'please chuck this after the bit about the council: "Bring gloves."',
    'can u slap "Bring gloves." on after the council paragraph',
    'could you shove this in below the bit about the grabbers: "Bring gloves."',
    'whack "Thanks to everyone who came." after the last paragraph pls',
    'kindly affix this line after the council part: "Bring gloves."',
])
def test_words_for_the_post_are_never_refused(said: str) -> None:
    requests = read_message(said, post=POST).reading.requests
    assert not any("cannot" in r.slots for r in requests)
    assert not any("can't" in (r.question or "") for r in requests)


def test_a_way_out_of_the_app_is_still_refused() -> None:
    [request] = read_message('can you email "the post" to my sister', post=POST).reading.requests
    assert request.slots.get("cannot") == "email"

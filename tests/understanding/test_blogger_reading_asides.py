"""Words that only greet, apologise or tag a request ("Howzit!", "yo", "..., my bad",
"..., yaar") are no part of what it asks: the request is read as if they were not there,
and a word nobody knows in them asks nothing. A verb nobody knows still asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
NEW_POST = "# Hens\n\nWe got three hens in May. The fox came in June.\n"
NINE_TO_TEN = {"ops": [{"type": "replace", "anchor": "nine days", "text": "ten days"}]}


@pytest.mark.parametrize("lead", [
    "Howzit! Here's my hen post, please save it for me.",
    "Here's ma hen post, gonnae keep it safe for us?",
    "Wagwan, new post below, store it pls",
])
def test_a_pasted_post_is_kept_whatever_greeting_leads_it(lead: str) -> None:
    reading = _read(None, f"{lead}\n\n{NEW_POST}")
    assert _acting(reading) == [(Intent.SAVE_POST, {"text": NEW_POST})]


def test_a_verb_nobody_knows_before_a_post_still_asks() -> None:
    reading = _read(None, f"splomp the post:\n\n{NEW_POST}")
    assert not _acting(reading)
    assert "splomp" in (reading.requests[0].question or "")


@pytest.mark.parametrize("message", [
    "can you swap 'nine days' for 'ten days', my bad",
    "change 'nine days' to 'ten days', yaar",
    "yo swap 'nine days' for 'ten days'",
    "righto, swap 'nine days' for 'ten days'",
])
def test_a_tag_before_or_after_a_quoted_edit_is_no_part_of_it(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.EDIT, NINE_TO_TEN)]


def test_a_second_quoted_pair_after_a_comma_is_still_read() -> None:
    reading = _read(SOURDOUGH, "replace 'nine days' with 'ten days', 'rye flour' with 'spelt'")
    assert _acting(reading) == [
        (Intent.EDIT, NINE_TO_TEN),
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "rye flour", "text": "spelt"}]})]


def test_a_word_nobody_knows_inside_the_request_still_asks() -> None:
    reading = _read(SOURDOUGH, "make the quiz hadrer")
    assert not _acting(reading)
    assert "hadrer" in (reading.requests[0].question or "")

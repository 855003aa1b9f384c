"""Classes from end-to-end set 9: a title and the tags asked for in one message, joined by a
dash or a comma ("make the title 'X' — and can the tags be a, b"), each its own request; a
title's value ends where the tags' request begins; "instead of what's there now" names the
field's present value, no words of the post."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("message", "title", "tags"), [
    ("could the headline become 'Dice and Dinner' - and also the tags should be cards, food",
     "Dice and Dinner", ["cards", "food"]),
    ("title should be 'Five Years of Friday' — also can you set the tags to meeples, pals",
     "Five Years of Friday", ["meeples", "pals"]),
    ("set the title to Rolling Along — and can the tags just be dice, hosting",
     "Rolling Along", ["dice", "hosting"]),
    ("the title I'd like as 'Game On', and could the tags be boardgames, snacks instead",
     "Game On", ["boardgames", "snacks"]),
    ("Two bits, pal: I'd love the title to be Dice, Snacks and Friends — and can the tags "
     "be hosting, monthly and cards instead of what's on there now",
     "Dice, Snacks and Friends", ["hosting", "monthly", "cards"]),
])
def test_a_title_and_the_tags_in_one_message_are_two_requests(
        message: str, title: str, tags: list[str]) -> None:
    assert _acting(_read(GAMES, message)) == [
        (Intent.EDIT, {"set_fields": {"title": title}}),
        (Intent.EDIT, {"set_fields": {"tags": tags}})]


@pytest.mark.parametrize("message", [
    "tags should be dice, snacks and hosting instead of the old ones",
    "can the tags be dice, snacks and hosting rather than what's there now",
])
def test_instead_of_the_present_tags_names_no_words_of_the_post(message: str) -> None:
    assert _acting(_read(GAMES, message)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["dice", "snacks", "hosting"]}})]


def test_a_description_said_instead_of_the_old_one_is_the_new_description() -> None:
    assert _acting(_read(GAMES, "the description should be A night of dice rather than the "
                                "old one")) == [
        (Intent.EDIT, {"set_fields": {"description": "A night of dice"}})]


@pytest.mark.parametrize(("message", "old", "new"), [
    ("Change every 'dice' to 'die' because I checked the rulebook", "dice", "die"),
    ("please swap each 'living room' for 'lounge' as that's how we talk", "living room",
     "lounge"),
    ("every \"board games\" should be \"tabletop games\", because it is more precize",
     "board games", "tabletop games"),
    ("could you turn all the 'dice' into 'cubes' cos my sister hates the word", "dice",
     "cubes"),
    ("swap every 'living room' with 'front room' since my nan calls it that", "living room",
     "front room"),
])
def test_a_reason_after_a_quoted_replacement_is_no_part_of_it(
        message: str, old: str, new: str) -> None:
    assert _acting(_read(GAMES, message)) == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": old, "text": new}]})]


def test_every_word_replaced_with_a_reason_after_replaces_each_one() -> None:
    [(intent, slots)] = _acting(_read(GAMES, "replace all 'game' with 'match' since it sounds "
                                             "better"))
    ops = slots["ops"]
    assert intent is Intent.EDIT and isinstance(ops, list) and len(ops) > 1
    assert all(op["anchor"].startswith("game") and op["text"].startswith("match") for op in ops)


def _replace(old: str, new: str) -> tuple[Intent, dict[str, object]]:
    return (Intent.EDIT, {"ops": [{"type": "replace", "anchor": old, "text": new}]})


_BABY = ("We have done this for five years, through two house moves, one wedding and a baby "
         "who now helps by eating the dice.")


@pytest.mark.parametrize(("message", "wanted"), [
    ("1) title should be Dice Nights 2) 'five years' -> 'six years'",
     [(Intent.EDIT, {"set_fields": {"title": "Dice Nights"}}),
      _replace("five years", "six years")]),
    ("1. delete the sentence about the baby 2. change 'ten minutes' to 'five minutes' "
     "3. tags: games, food",
     [(Intent.EDIT, {"ops": [{"type": "delete", "anchor": _BABY}]}),
      _replace("ten minutes", "five minutes"),
      (Intent.EDIT, {"set_fields": {"tags": ["games", "food"]}})]),
    ("two bits: 1) 'living room' -> 'lounge' 2) the description should be Dice and friends",
     [_replace("living room", "lounge"),
      (Intent.EDIT, {"set_fields": {"description": "Dice and friends"}})]),
    ("3 more pls: 1) 'first Friday' to 'last Friday' 2) 'a drink' to 'a snack' 3) cut the "
     "sentence about the baby",
     [_replace("first Friday", "last Friday"), _replace("a drink", "a snack"),
      (Intent.EDIT, {"ops": [{"type": "delete", "anchor": _BABY}]})]),
    ("1) make the title Friday Games 2) tags should be dice, food",
     [(Intent.EDIT, {"set_fields": {"title": "Friday Games"}}),
      (Intent.EDIT, {"set_fields": {"tags": ["dice", "food"]}})]),
])
def test_a_numbered_list_in_one_line_is_one_request_an_item(
        message: str, wanted: list[tuple[Intent, dict[str, object]]]) -> None:
    assert _acting(_read(GAMES, message)) == wanted


@pytest.mark.parametrize("message", ["go back to version 2. thanks", "make 1) a quiz"])
def test_a_number_that_starts_no_list_cuts_nothing(message: str) -> None:
    assert _acting(_read(GAMES, message)) == _acting(
        _read(GAMES, message.replace("2. ", "2 ").replace("1) ", "1 ")))


@pytest.mark.parametrize(("message", "old", "new"), [
    ("Can ye change 'ten minutes' to 'five minutes' — naw, wait, make it 'fifteen minutes', "
     "best be honest wi' folk", "ten minutes", "fifteen minutes"),
    ("change 'ten minutes' to 'five minutes' — no, wait, make it 'fifteen minutes', best be "
     "honest with folk", "ten minutes", "fifteen minutes"),
    ("swap 'a drink' for 'a snack', no actually, make it 'a pudding', my mates will laugh",
     "a drink", "a pudding"),
    ("replace 'first Friday' with 'last Friday' - hmm no, better 'second Friday', sorry about "
     "that", "first Friday", "second Friday"),
    ("change 'five years' to 'six years', nah, 'seven years', I always forget", "five years",
     "seven years"),
])
def test_a_correction_inside_the_message_then_an_aside_acts_on_the_last_words(
        message: str, old: str, new: str) -> None:
    assert _acting(_read(GAMES, message)) == [_replace(old, new)]

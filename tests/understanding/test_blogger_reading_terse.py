"""Requests said tersely or with asides around their values: a field and its value with
no verb ("desc: 'X'", "tags + leeds"), a quotation followed by the author's own comment, a
description said as a sentence, and a check with a tag word after its goal."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from blogger.reading import read_message
from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("message", ["tags + rye", "tags & rye"])
def test_a_sign_of_adding_before_a_tag_adds_it(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye"]}})]


def test_a_short_name_of_the_description_sets_the_description_with_its_stop() -> None:
    reading = _read(SOURDOUGH, "desc: 'Nine days, one starter and three flat loaves.'")
    assert _acting(reading) == [(Intent.EDIT, {"set_fields": {
        "description": "Nine days, one starter and three flat loaves."}})]


def test_a_description_said_unquoted_as_a_sentence_keeps_its_full_stop() -> None:
    reading = _read(SOURDOUGH, "change the description to: Nine days, one starter and "
                               "three flat loaves.")
    assert _acting(reading) == [(Intent.EDIT, {"set_fields": {
        "description": "Nine days, one starter and three flat loaves."}})]


def test_a_title_said_unquoted_drops_the_full_stop() -> None:
    reading = _read(SOURDOUGH, "change the title to: Nine days of rye.")
    assert _acting(reading) == [(Intent.EDIT, {"set_fields": {"title": "Nine days of rye"}})]


@pytest.mark.parametrize("message", [
    "hang on, the title should say 'Nine days of rye', it was nowhere near ten",
    "the title should be 'Nine days of rye', my sister hated the old one",
])
def test_the_authors_comment_after_a_quoted_value_is_no_part_of_it(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [
        (Intent.EDIT, {"set_fields": {"title": "Nine days of rye"}})]


@pytest.mark.parametrize("tail", ["tho", "though"])
def test_a_tag_word_after_a_checks_goal_is_no_part_of_the_goal(tail: str) -> None:
    reading = _read(SOURDOUGH, f"would it work as a guide for new bakers {tail}")
    assert _acting(reading) == [(Intent.CHECK, {"goal": "a guide for new bakers"})]


def test_a_numbered_outline_is_split_by_its_items_without_their_numbers() -> None:
    reading = _read(SOURDOUGH, "split it up like this mate:\n1. Starter\n2. The bake\n"
                               "3) What I learned")
    assert _acting(reading) == [
        (Intent.SPLIT, {"outline": "Starter\nThe bake\nWhat I learned"})]


def test_a_line_at_the_very_end_joins_the_last_sentence() -> None:
    reading = _read(SOURDOUGH, "add one line for the very end of the post: Bake on.")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": "Keep the starter warm, and do not rush the proof.",
        "position": "after", "text": "Bake on."}]})]


def test_a_final_line_is_a_paragraph_of_its_own() -> None:
    reading = _read(SOURDOUGH, "add a final line that says 'Bake on.'")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": "Patience matters more than the recipe. Keep the starter "
        "warm, and do not rush the proof.", "position": "after", "text": "Bake on."}]})]


def test_a_place_the_post_would_appear_in_is_the_checks_goal() -> None:
    reading = _read(SOURDOUGH, "grand. Now would it pass muster in the local history "
                               "society newsletter, d'you think?")
    assert _acting(reading) == [(Intent.CHECK, {"goal": "the local history society newsletter"})]


def test_a_word_of_versions_that_only_qualifies_a_noun_lists_no_versions() -> None:
    reading = _read(SOURDOUGH, "would it work in the history society newsletter?")
    assert Intent.VERSIONS not in [r.intent for r in reading.requests]


def test_a_number_just_written_made_another_rather_than_the_old_one() -> None:
    post = "# Welsh\n\nIt took two months of evenings to learn the mutations.\n"
    first = read_message("'two months of evenings' ought to read 'three months of evenings'",
                         post=post)
    after = post.replace("two months", "three months")
    reading = read_message("would you mind making that four months rather than three?",
                           post=after, memory=first.memory).reading
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "three months", "text": "four months"}]})]


def test_slang_in_what_the_author_thinks_of_a_part_does_not_block_the_request() -> None:
    reading = _read(SOURDOUGH, "ok the rye line is lowkey iconic but 'nine days' is cap, "
                               "make it 'ten days'")
    assert _acting(reading) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "nine days", "text": "ten days"}]})]


def test_an_exclamation_in_a_sentence_of_its_own_does_not_block_the_request() -> None:
    reading = _read(SOURDOUGH, "Eish ok. Give me twenty flashcards then")
    assert _acting(reading) == [(Intent.FLASHCARDS, {"count": 20})]


@pytest.mark.parametrize("message", ["slay ty", "legend, cheers"])
def test_thanks_with_a_word_of_praise_asks_nothing(message: str) -> None:
    assert not _read(SOURDOUGH, message).requests


def test_a_word_nobody_knows_as_the_verb_still_asks() -> None:
    reading = _read(SOURDOUGH, "blorf 'nine days' with 'ten days' please")
    assert not _acting(reading)


@pytest.mark.parametrize("message", [
    "make me a quiz, fifteen questions — no, make that eleven",
    "make me a quiz of 15 questions, no, make that 11",
])
def test_a_count_corrected_with_make_that_is_the_new_count(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.QUIZ, {"count": 11})]


def test_a_quiz_wished_for_after_a_story_is_made_with_its_count() -> None:
    reading = _read(SOURDOUGH, "right, my nephew wants to test me on my own blog for some "
                               "reason, so a quiz would be handy, seven questions")
    assert _acting(reading) == [(Intent.QUIZ, {"count": 7})]


def test_the_same_again_as_flashcards_keeps_the_quizs_count() -> None:
    first = read_message("a quiz would be handy, seven questions", post=SOURDOUGH)
    reading = read_message("and the same again but as flashcards", post=SOURDOUGH,
                           memory=first.memory).reading
    assert _acting(reading) == [(Intent.FLASHCARDS, {"count": 7})]
    fresh = _read(SOURDOUGH, "and the same again but as flashcards")
    assert _acting(fresh) == [(Intent.FLASHCARDS, {})]


@pytest.mark.parametrize(("message", "wanted"), [
    ("Hmm, no. Please make this back.", (Intent.UNDO, {})),
    ("I take the original again, please.", (Intent.REVERT, {"version": 0})),
    ("roll the whole lot back to the untouched post I started with",
     (Intent.REVERT, {"version": 0})),
])
def test_going_back_said_in_other_words(message: str, wanted: tuple[Intent, dict[str, int]]
                                        ) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [wanted]


@pytest.mark.parametrize("message", ["I loved the original", "is the original still there?"])
def test_the_original_only_spoken_of_goes_back_to_nothing(message: str) -> None:
    assert not _acting(_read(SOURDOUGH, message))


FARM = ("# Lambing\n\nHannah's dad, Geoff, showed me the pens. The site matched me with a "
        "second cousin in Leeds.\n")


@pytest.mark.parametrize(("message", "old", "new"), [
    ("the pens were in Bradford not Leeds, I always mix them up", "Leeds", "Bradford"),
    ("he's actually a third cousin, not a second one, he was very particular about it",
     "second cousin", "third cousin"),
    ("Geoff is actually Hannah's uncle, not her dad, please fix that", "Hannah's dad",
     "Hannah's uncle"),
])
def test_a_correction_told_as_a_story_replaces_the_posts_own_phrase(message: str, old: str,
                                                                    new: str) -> None:
    assert _acting(_read(FARM, message)) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": old, "text": new}]})]


def test_a_phrase_the_post_does_not_hold_is_no_correction() -> None:
    assert not _acting(_read(FARM, "he's actually a good friend, not a cousin"))


RYE_LINE = "I fed it rye flour every morning before work."
THE_BAKE = ("The first loaf came out flat as a pancake. The second loaf rose, but the crust "
            "was pale.\nI baked the third loaf in a Dutch oven and it finally sang when it "
            "cooled.")


@pytest.mark.parametrize(("message", "anchor"), [
    ("rye sentence: gone", RYE_LINE),
    ("the line about feeding it rye flour, my husband finds that hilarious, so out it goes",
     RYE_LINE),
    ("only the sentence where I feed it rye flour, this can go.", RYE_LINE),
    ("The paragraph about the loaves, this I want to remove completely.", THE_BAKE),
    ("yeet the whole bake paragraph, way too sad for the vibe", THE_BAKE),
])
def test_a_part_named_by_its_topic_with_the_removing_verb_far_from_it_is_deleted(
        message: str, anchor: str) -> None:
    ops = [op for _, slots in _acting(_read(SOURDOUGH, message)) for op in slots["ops"]]
    assert [(op["type"], op["anchor"].replace("\n", " ")) for op in ops] == [
        ("delete", anchor.replace("\n", " "))]


@pytest.mark.parametrize("message", [
    "I love the line about the rye flour, it goes so well with the title",
    "the line about the rye flour, so it goes",
])
def test_a_part_only_spoken_of_is_not_deleted(message: str) -> None:
    assert not [s for _, s in _acting(_read(SOURDOUGH, message)) if "ops" in s]


@pytest.mark.parametrize("message", [
    "The rye line is lekker, but after it add: It smelled of apples.",
    "ad a sentance befor the one abuot the first loaf: It smelled of apples.",
])
def test_an_insert_placed_by_it_or_with_typos_is_read(message: str) -> None:
    ops = [op for _, slots in _acting(_read(SOURDOUGH, message)) for op in slots["ops"]]
    assert len(ops) == 1 and ops[0]["type"] == "insert"
    assert ops[0]["text"] == "It smelled of apples."
    assert ops[0]["anchor"] in (RYE_LINE, "The first loaf came out flat as a pancake.")
    assert ops[0]["position"] == ("after" if "after" in message else "before")


@pytest.mark.parametrize("message", [
    "Abeg change 'nine days' to 'ten days', the starter was slow well well",
    "sorry, meant 'nine days' → 'ten days'",
])
def test_a_quoted_pair_with_a_word_of_politeness_or_meaning_before_it(message: str) -> None:
    assert _acting(_read(SOURDOUGH, message)) == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "nine days", "text": "ten days"}]})]


def test_a_closing_line_is_a_paragraph_of_its_own() -> None:
    reading = _read(SOURDOUGH, 'Could you add a closing line: "Bake on."')
    assert _acting(reading)[0][1]["ops"][0]["anchor"].startswith("Patience matters")

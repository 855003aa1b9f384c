"""Requests said plainly rather than typed carefully, by class (issue 22, held-out batch G's
misses), each class shown with sentences of its own on the dev-set posts: punctuation
dictated aloud is no part of the new words, a count said in the next sentence sizes the
artifact, "it" renames the heading or sets the field the message named before, someone
else's view is not the new words, a sentence whose words name one place but whose meaning is
as near another is asked about, a comparison is no pair of old and new words."""

from __future__ import annotations

from pathlib import Path

import pytest

from blogger.reading import read_message
from draftguard.understanding import Intent, Memory, Reading

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
RAMEN = (POSTS / "ramen-broth.md").read_text(encoding="utf-8")
GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")
HEADPHONES = (POSTS / "headphones-review.md").read_text(encoding="utf-8")


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


# -- "it" is what the message named before -----------------------------------------------------

def test_it_after_a_heading_named_before_renames_that_heading() -> None:
    message = ("I was looking at my post and I think the heading 'The tare' is a bit cryptic "
               "for most readers. Could you call it 'The seasoning' instead?")
    assert _said(_read(message, post=RAMEN)) == [(Intent.EDIT, {
        **_replace("The tare", "The seasoning"), "allow_heading_changes": True}, False)]


def test_it_without_a_heading_named_before_is_still_the_title() -> None:
    assert _said(_read("Could you call it 'Late-night ramen' instead?", post=RAMEN)) == [
        (Intent.EDIT, {"set_fields": {"title": "Late-night ramen"}}, False)]


@pytest.mark.parametrize(("message", "post", "description"), [
    ("The description, the line under the title, my brother said it should talk about the "
     "eggs too. Can you make it say 'A quick shoyu ramen with jammy eggs.' please?", RAMEN,
     "A quick shoyu ramen with jammy eggs."),
    ("The description, the short summary, my friend Sam said it should be funnier. Could you "
     "make it say 'Six friends, five years, one doorstop.' please?", GAMES,
     "Six friends, five years, one doorstop."),
])
def test_the_field_named_before_is_set_to_the_quoted_words(message: str, post: str,
                                                         description: str) -> None:
    assert _said(_read(message, post=post)) == [
        (Intent.EDIT, {"set_fields": {"description": description}}, False)]


def test_what_someone_else_said_is_not_the_new_words() -> None:
    reading = _read("The description, my neighbour said it should mention the dog.",
                    post=GAMES)
    assert not any(slots.get("set_fields") for _, slots, asked in _said(reading) if not asked)


# -- a place named by some words, as near in meaning to another, is asked about -----------------

ALLOTMENT = ("# Allotment\n\nI took on plot nine in March. The previous tenant was a retired "
             "baker called Mr Okafor. He hugged me so hard on the first day that my ribs "
             "ached.\n\nThe soil is heavy clay.\n")


@pytest.mark.parametrize("message", [
    "remove the sentence concerning the strength of Mr Okafor's embrace",
    "delete the sentence about how fiercely Mr Okafor greeted me",
])
def test_a_sentence_found_only_by_a_name_is_asked_about_when_another_means_it(
        message: str) -> None:
    [request] = _read(message, post=ALLOTMENT).requests
    assert request.intent is Intent.EDIT and not request.slots
    assert "He hugged me so hard" in (request.question or "")


@pytest.mark.parametrize("message", [
    "remove the sentence concerning Mr Okafor's old job",
    "remove the sentence about Mr Okafor",
])
def test_a_sentence_the_name_describes_is_acted_on(message: str) -> None:
    assert _said(_read(message, post=ALLOTMENT)) == [(Intent.EDIT, {"ops": [{
        "type": "delete",
        "anchor": "The previous tenant was a retired baker called Mr Okafor."}]}, False)]


@pytest.mark.parametrize(("message", "anchor"), [
    ("cut the line concerning the duration of Tom's silence with his brother",
     "It lasted four hours and ended with Tom and his brother not speaking until Christmas."),
    ("remove the sentence concerning Tom's dumplings",
     "Now there is a rota, and last month Tom made dumplings from scratch."),
])
def test_a_sentence_clearly_named_is_still_acted_on(message: str, anchor: str) -> None:
    assert _said(_read(message, post=GAMES)) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": anchor}]}, False)]


# -- a comparison is no pair of old and new words ------------------------------------------------

def test_a_sentence_quoted_by_its_comparison_is_deleted_not_rewritten() -> None:
    message = "The sentence where I say they are more light than they look, please delete him."
    assert _said(_read(message, post=HEADPHONES)) == [(Intent.EDIT, {"ops": [{
        "type": "delete",
        "anchor": "The headband never pinched, and at 254 grams they are lighter than they "
                  "look."}]}, False)]


# -- the goal of a check said with a learner's "like" ---------------------------------------------

@pytest.mark.parametrize(("message", "goal"), [
    ("Please you check if the post is good like a recipe for the students of my college.",
     "a recipe for the students of my college"),
    ("check if it looks like a real food blog", "a real food blog"),
])
def test_a_check_keeps_the_goal_named_after_like(message: str, goal: str) -> None:
    assert _said(_read(message, post=RAMEN)) == [(Intent.CHECK, {"goal": goal}, False)]


@pytest.mark.parametrize(("message", "goal"), [
    # a word's own hyphen is no dash; the question after the full stop is no part of the goal
    ("here is the brief: a step-by-step ramen guide for first-timers. check it",
     "a step-by-step ramen guide for first-timers"),
    ("does it meet the brief: a know-how piece for night-shift cooks", "a know-how piece for "
     "night-shift cooks"),
])
def test_a_goal_keeps_its_hyphenated_words_and_ends_with_its_sentence(message: str,
                                                                        goal: str) -> None:
    assert _said(_read(message, post=RAMEN)) == [(Intent.CHECK, {"goal": goal}, False)]


def test_liking_the_post_names_no_goal() -> None:
    assert _said(_read("check the post, I like it a lot", post=RAMEN)) == [
        (Intent.CHECK, {}, False)]


# -- a correction said without quotes --------------------------------------------------------------

GARDEN = (POSTS / "garden.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("message", "old", "new"), [
    ("Oh dear, it isn't basil at all, it's parsley. Can you put that right?", "basil",
     "parsley"),
    ("I was thinking about it last night: it took four weekends now that I count them, not "
     "three. Would you change that for me?", "three", "four"),
])
def test_a_thing_denied_then_said_replaces_the_posts_words(message: str, old: str,
                                                           new: str) -> None:
    [(intent, slots, asked)] = _said(_read(message, post=GARDEN))
    assert intent is Intent.EDIT and not asked
    [op] = slots["ops"]  # type: ignore[misc]
    assert (op["type"], old in op["anchor"], new in op["text"]) == ("replace", True, True)


def test_a_hyphenated_number_is_corrected_as_a_number() -> None:
    reading = _read("She's forty-one now, not forty. Would you alter that?",
                    post="Our tower captain, Ann, is forty and rings every week.\n")
    assert _said(reading) == [(Intent.EDIT, _replace("forty", "forty-one"), False)]
    reading = _read("She's forty-two now, not forty-one. Would you alter that?",
                    post="Our tower captain, Ann, is forty-one and rings every week.\n")
    assert _said(reading) == [(Intent.EDIT, _replace("forty-one", "forty-two"), False)]


def test_a_denied_word_standing_twice_is_not_guessed_at() -> None:
    post = "The basil bolted. I cut the basil back hard.\n"
    reading = _read("it isn't basil at all, it's parsley. Can you put that right?", post=post)
    assert not any(slots.get("ops") for _, slots, asked in _said(reading) if not asked)


# -- a heading named first, renamed by "it" after the verb -------------------------------

@pytest.mark.parametrize(("message", "heading", "new"), [
    ("the Gear heading, rename it to Kit", "Gear", "Kit"),
    ("about the heading Gear: rename it Kit", "Gear", "Kit"),
    ("the Tyres section, can you call it Rubber", "Tyres", "Rubber"),
    ("I'd like the Gear section renamed to Kit", "Gear", "Kit"),
])
def test_it_after_a_heading_named_first_renames_that_heading(message: str, heading: str,
                                                            new: str) -> None:
    assert _said(_read(message)) == [(Intent.EDIT, {
        **_replace(heading, new), "allow_heading_changes": True}, False)]


def test_a_rename_not_wanted_is_not_done() -> None:
    reading = _read("I don't want the Gear section renamed to Kit")
    assert not any(slots.get("ops") for _, slots, asked in _said(reading) if not asked)


# -- slang verbs and a post handed over whatever the verb ---------------------------

@pytest.mark.parametrize(("message", "anchor"), [
    ("flick the line about the flask", "I carry a flask of tea in a bottle cage."),
    ("knock off the sentence about wool socks", "Wool socks beat every fancy sock I have bought."),
    ("the sentence about my cousin, flick it",
     "My cousin laughed at mine until he fell off his bike."),
    ("chuck out the flask line", "I carry a flask of tea in a bottle cage."),
])
def test_a_slang_verb_for_removing_deletes(message: str, anchor: str) -> None:
    assert _said(_read(message)) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": anchor}]}, False)]


PANCAKES = "# Pancakes\n\nI made pancakes on Sunday. They were flat.\n"


@pytest.mark.parametrize("lead", [
    "chuck this one in for me:", "bung this somewhere safe",
    # "after" of "look after" is no place in the post; "after weeks of ..." neither
    "pancake post underneath, could you look after it?",
    "So after weeks of nagging from my sister, here it is. Take care of it for me please:",
])
def test_a_post_below_a_lead_in_is_saved_whatever_the_verb(lead: str) -> None:
    assert _said(_read(f"{lead}\n\n{PANCAKES}", post=None)) == [
        (Intent.SAVE_POST, {"text": PANCAKES}, False)]


@pytest.mark.parametrize("lead", ["Translate this into French:", "Make this sound more exciting:",
                                  "Do what you think is best with this:", "Is this any good?"])
def test_a_lead_in_that_asks_for_something_else_is_not_taken_as_a_save(lead: str) -> None:
    reading = _read(f"{lead}\n\n{PANCAKES}", post=None)
    assert all(intent is not Intent.SAVE_POST for intent, _, _ in _said(reading))


def test_a_lead_in_that_asks_for_an_edit_is_not_a_save() -> None:
    reading = _read(f"delete the last line:\n\n{PANCAKES}", post=None)
    assert all(intent is not Intent.SAVE_POST for intent, _, _ in _said(reading))


# -- an undo said with what it undoes -------------------------------------------------------------

@pytest.mark.parametrize("message", [
    "Please undo that last addition, I think it was nicer before.",
    "undo the last deletion please",
])
def test_undoing_the_last_thing_done_is_an_undo(message: str) -> None:
    assert _said(_read(message)) == [(Intent.UNDO, {}, False)]


def test_putting_back_words_of_the_post_is_no_undo() -> None:
    # "the last" of a word the post holds is about the post's words, not the last change
    assert all(intent is not Intent.UNDO
               for intent, _, _ in _said(_read("put the last sock back")))


# -- a thing wanted done, in the passive ----------------------------------------------------------

def test_a_post_wanted_assessed_against_a_brief_is_a_check() -> None:
    message = ("I should like the post to be assessed against the following brief: a guide "
               "for cyclists new to riding in snow.")
    assert _said(_read(message)) == [
        (Intent.CHECK, {"goal": "a guide for cyclists new to riding in snow"}, False)]


def test_a_line_wanted_removed_is_deleted() -> None:
    assert _said(_read("I would like the flask line to be removed")) == [(Intent.EDIT, {
        "ops": [{"type": "delete", "anchor": "I carry a flask of tea in a bottle cage."}]},
        False)]


# -- a quoted value framed by grammar words -------------------------------------------------------

TAGGED = ("---\ntitle: Sourdough at home\ntags: [baking, bread]\n---\n\n# Sourdough at home\n\n"
          "My starter is called Clive. He lives in the fridge.\n")


@pytest.mark.parametrize("message", [
    "tags + 'rye'",
    "add the tag 'rye' only",
    "put tag 'rye' as well pls",
])
def test_a_quoted_tag_framed_by_grammar_words_is_the_tag_as_quoted(message: str) -> None:
    assert _said(_read(message, post=TAGGED)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye"]}}, False)]


# -- a past form alone tells or asks how things stand ---------------------------------------------

@pytest.mark.parametrize("message", ["sorted?", "all sorted?", "sorted, cheers"])
def test_a_past_form_alone_is_no_request(message: str) -> None:
    assert _said(_read(message)) == []


def test_a_request_after_a_past_form_alone_is_read_on_its_own() -> None:
    assert _said(_read("sorted? show us the versions then")) == [(Intent.VERSIONS, {}, False)]


# -- "has to go": an obligation said of the target ------------------------------------------------

def test_a_target_that_has_to_go_is_deleted() -> None:
    post = ("# Canal week\n\nWe hired a boat called Kingfisher.\n\n"
            "A heron stood on the roof one evening.\n")
    assert _said(_read("the heron sentence has to go, honestly", post=post)) == [
        (Intent.EDIT, {"ops": [{"type": "delete",
                                "anchor": "A heron stood on the roof one evening."}]}, False)]
    assert _said(_read("I have to go now, thanks", post=post)) == []

"""Classes of phrasing the blogger's reader learnt from end-to-end set 8 (issue 22): tags
given after a copula or a wish, a word nobody knows in an aside beside the requests, going
back to the post as first pasted, an insert after an edit in one message, and "the bit on
X" as the place of an insert. In sentences of our own, never the held-out ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import reading_of

from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
POTTERY = (POSTS / "pottery-class.md").read_text(encoding="utf-8")

LAST = "My mother uses hers every day, which is the nicest review I have had."
GLAZES = ("Glazes are a lottery. The same glaze came out sea green on one mug and muddy "
          "brown on the next, depending on where it sat in the kiln.")
CENTRING = ("Centring the clay is the whole trick. If the clay is not centred, everything "
            "after it goes wrong, and the teacher could see it from across the room.")


def _acted(message: str) -> list[tuple[Intent, object]]:
    reading = reading_of(POTTERY, message)
    return [(r.intent, r.slots) for r in reading.requests if r.question is None]


def _tags(*tags: str) -> tuple[Intent, object]:
    return (Intent.EDIT, {"set_fields": {"tags": list(tags)}})


def _insert(anchor: str, text: str, position: str = "after") -> tuple[Intent, object]:
    return (Intent.EDIT, {"ops": [{"type": "insert", "anchor": anchor, "position": position,
                                   "text": text}]})


@pytest.mark.parametrize(("message", "tags"), [
    ("tags should be clay, ceramics and crafts", ["clay", "ceramics", "crafts"]),
    ("the tags ought to be clay and ceramics", ["clay", "ceramics"]),
    ("I'd like the tags to read clay, kiln, glaze", ["clay", "kiln", "glaze"]),
    ("tags shud be clay, crafts", ["clay", "crafts"]),
    ("can the tags be crafts and clay instead", ["crafts", "clay"]),
    ("the tags must say ceramics and kiln", ["ceramics", "kiln"]),
    ("make the tags ceramics and crafts", ["ceramics", "crafts"]),
    ("i want the tags to be clay and kiln please", ["clay", "kiln"]),
])
def test_tags_after_a_copula_or_a_wish_are_the_new_tags(message: str,
                                                         tags: list[str]) -> None:
    assert _acted(message) == [_tags(*tags)], message


@pytest.mark.parametrize(("message", "done"), [
    ("ok two things: title shoud be 'Wobbly Lumps', and remove the tag hobbies (so "
     "embarassed)", [(Intent.EDIT, {"set_fields": {"title": "Wobbly Lumps"}}),
                     _tags("pottery", "classes")]),
    ("swap 'wobbly lumps' for 'sad lumps' (whoopsy daisy, sooo embarasing)",
     [(Intent.EDIT, {"ops": [{"type": "replace", "anchor": "wobbly lumps",
                              "text": "sad lumps"}]})]),
    ("change 'sea green' to 'pale green' - my mistayk, sorry",
     [(Intent.EDIT, {"ops": [{"type": "replace", "anchor": "sea green",
                              "text": "pale green"}]})]),
    ("remove the tag classes (my teachr will be chuffd)", [_tags("pottery", "hobbies")]),
    ("delete the tag hobbies pls, ur a lifesavr", [_tags("pottery", "classes")]),
    ("remvoe the tag hobbies", [_tags("pottery", "classes")]),
    ("delete the tag hobbies pls, you are a star", [_tags("pottery", "classes")]),
    ("delete the tag hobbies, ur a star", [_tags("pottery", "classes")]),
    ("remove the tags hobbies and classes, cheers", [_tags("pottery")]),
])
def test_a_word_nobody_knows_in_an_aside_blocks_nothing(message: str,
                                                       done: list[object]) -> None:
    assert _acted(message) == done, message


def test_a_tag_the_post_lacks_after_a_comma_is_asked_about() -> None:
    reading = reading_of(POTTERY, "remove the tags hobbies, kiln")
    assert [r.question is not None for r in reading.requests] == [True]
    assert "kiln" in (reading.requests[0].question or "")


@pytest.mark.parametrize("message", [
    "change 'sea green' to 'pale green' and blorf it",
    "change 'sea green' to 'pale green' - then blorf it",
    "change 'sea green' to 'pale green' (and blorf the intro)",
])
def test_a_word_nobody_knows_in_the_request_is_still_asked(message: str) -> None:
    reading = reading_of(POTTERY, message)
    assert [r.question is not None for r in reading.requests] == [True], message


@pytest.mark.parametrize("message", [
    "ok go back to the original one, before any of my changes today",
    "put it back to how it was when I pasted it",
    "can you return it to how it was before I touched it",
    "I want the original back please, before all the edits",
    "revert to the very first one, before all my edits",
    "restore it to the way it was when I first sent it",
    "back to how it was at the start pls",
])
def test_going_back_to_the_post_as_first_given_is_version_0(message: str) -> None:
    assert _acted(message) == [(Intent.REVERT, {"version": 0})], message


def test_one_step_back_is_still_an_undo() -> None:
    assert _acted("put it back how it was") == [(Intent.UNDO, {})]
    assert _acted("undo that") == [(Intent.UNDO, {})]


@pytest.mark.parametrize(("message", "first"), [
    ("where it says forty minutes, change that to half an hour. And add this at the very "
     "end: \"Clay gets everywhere.\"", ("forty minutes", "half an hour")),
    ("change 'forty minutes' to 'an hour' and add this at the end: \"Clay gets "
     "everywhere.\"", ("forty minutes", "an hour")),
    ("it was 40 minutes not forty minutes, and add this at the end: \"Clay gets "
     "everywhere.\"", None),
])
def test_an_edit_then_an_insert_with_a_quotation_is_no_source(
        message: str, first: tuple[str, str] | None) -> None:
    acted = _acted(message)
    assert all(i is Intent.EDIT for i, _ in acted), acted
    assert acted[-1] == _insert(LAST, "Clay gets everywhere."), acted
    if first is not None:
        assert acted[0] == (Intent.EDIT, {"ops": [{"type": "replace", "anchor": first[0],
                                                   "text": first[1]}]})


@pytest.mark.parametrize("message", [
    "at the very end add this please: \"Clay gets everywhere.\"",
    "put this at the very end: \"Notes on kilns next week.\"",
])
def test_a_quotation_added_at_a_place_is_an_insert(message: str) -> None:
    acted = _acted(message)
    assert [i for i, _ in acted] == [Intent.EDIT], acted


def test_material_said_to_be_for_reference_is_kept_as_a_source() -> None:
    assert _acted("keep this as a source: \"Stoneware fires at about 1200 degrees.\"")[0][0] \
        is Intent.INGEST_SOURCE
    assert _acted("here are my notes from the class: stoneware fires at 1200 degrees")[0][0] \
        is Intent.INGEST_SOURCE


@pytest.mark.parametrize(("message", "anchor", "text"), [
    ("After the bit on glazes can you add: \"Always test on a tile first.\"", GLAZES,
     "Always test on a tile first."),
    ("after the part about centring, add 'It took me a month.'", CENTRING,
     "It took me a month."),
    ("put 'It took me a month.' after the bit about centring the clay", CENTRING,
     "It took me a month."),
    ("below the bit on the glazes add \"Test tiles help.\"", GLAZES, "Test tiles help."),
    ("add \"Test tiles help.\" after the part on glazes", GLAZES, "Test tiles help."),
])
def test_the_bit_on_a_topic_is_its_paragraph_for_an_insert(message: str, anchor: str,
                                                           text: str) -> None:
    assert _acted(message) == [_insert(anchor, text)], message


@pytest.mark.parametrize("message", [
    "where it says forty minutes, change that to half an hour",
    "where it says forty minutes, make it half an hour",
    "where it says 'forty minutes', change it to 'half an hour'",
])
def test_words_named_where_it_says_them_unquoted_are_changed(message: str) -> None:
    assert _acted(message) == [(Intent.EDIT, {"ops": [{
        "type": "replace", "anchor": "forty minutes", "text": "half an hour"}]})], message


@pytest.mark.parametrize("message", [
    "set the title to 'Clay Days' and florble the tags",
    "change the title to 'Clay Days' and zorp the description",
])
def test_a_verb_nobody_knows_after_a_quoted_value_is_asked_never_written_in(
        message: str) -> None:
    reading = reading_of(POTTERY, message)
    assert [r.question is not None for r in reading.requests] == [True], reading
    assert [c.slots for c in reading.requests[0].candidates] == [
        {"set_fields": {"title": "Clay Days"}}]


def test_a_second_field_set_with_the_first_ones_verb() -> None:
    assert _acted("set the title to 'Clay Days' and the tags to clay") == [
        (Intent.EDIT, {"set_fields": {"title": "Clay Days"}}), _tags("clay")]
    assert _acted("set the title to 'Salt and Pepper' and delete the tags") == [
        (Intent.EDIT, {"set_fields": {"title": "Salt and Pepper"}}),
        (Intent.EDIT, {"remove_fields": ["tags"]})]


BUS = ("# Night bus\n\nThe bus took forty minutes. Things happen upstairs that would not "
       "happen anywhere else.\n\nI drive now.\n")


@pytest.mark.parametrize("message", [
    "change that to nearly an hour",
    "replace that with an hour please",
    "change that to nearly an hour, it was never forty minutes",
])
def test_a_pronoun_with_nothing_before_it_is_asked_never_the_posts_word(message: str) -> None:
    reading = reading_of(BUS, message)
    assert [r.question is not None for r in reading.requests] == [True], reading
    assert "that" in (reading.requests[0].question or "")
    # quoted, it is the post's word
    assert [(r.intent, r.slots) for r in reading_of(BUS, "change 'that' to 'which'").requests] \
        == [(Intent.EDIT, {"ops": [{"type": "replace", "anchor": "that", "text": "which"}]})]


@pytest.mark.parametrize("message", [
    "where it says forty minutes, change that to nearly an hour, it was never that long",
    "where it says forty minutes, make it nearly an hour, my mum timed it",
    "where it says forty minutes, change it to nearly an hour, I was wrong about that",
])
def test_new_words_end_where_a_sentence_of_its_own_begins(message: str) -> None:
    assert [(r.intent, r.slots) for r in reading_of(BUS, message).requests] == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "forty minutes",
                                "text": "nearly an hour"}]})], message


def test_the_bit_on_a_topic_in_two_paragraphs_is_asked() -> None:
    reading = reading_of(POTTERY, "after the bit about the mugs, add \"Mugs are easy.\"")
    assert [r.question is not None for r in reading.requests] == [True]

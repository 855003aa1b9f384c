"""Classes of phrasing the blogger's reader learnt from end-to-end set 6 and batch J (issue
22): several requests after a word that only announces them, a tag judged before it is
taken out, a verb of the author's own on a tag, the object said first, a title given
unquoted or "like" a quotation, spoken forms of "you", an asking tag after a swap, words
put "where it says" others, and a part the parser makes a subject. What the author gets, in
sentences of their own (never the held-out ones), and nothing done on a guess."""

from __future__ import annotations

from pathlib import Path

from blogger_readings import reading_of as _read
from chat_turns import Chat
from test_blogger_commands import POST, write_post

from blogger.reading_versions import counted_from_one
from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")
GARDEN = (POSTS / "garden.md").read_text(encoding="utf-8")
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")

COMPOST = "My neighbour gave me a bag of compost."
WORMS = "The worms in it did more work than I did."


def _plain(post: str, message: str) -> list[tuple[Intent, object]]:
    return [(r.intent, r.slots) for r in _read(post, message).requests if r.question is None]


def _delete(anchor: str) -> tuple[Intent, object]:
    return (Intent.EDIT, {"ops": [{"type": "delete", "anchor": anchor}]})


def test_requests_after_a_word_that_only_announces_them_are_each_done() -> None:
    for message in ("so: drop the tags entirely and put 'Dice and Dinner' as the title",
                    "right, two things: drop the tags entirely, put 'Dice and Dinner' as "
                    "the title"):
        assert _plain(GAMES, message) == [
            (Intent.EDIT, {"remove_fields": ["tags"]}),
            (Intent.EDIT, {"set_fields": {"title": "Dice and Dinner"}})], message
    # a field named before the colon still takes what follows it
    assert _plain(GAMES, "new title: Dice and Dinner") == [
        (Intent.EDIT, {"set_fields": {"title": "Dice and Dinner"}})]


def test_a_tag_judged_then_taken_out_is_no_tag_added() -> None:
    assert _plain(GAMES, "Tag friends is too vague, remove it. And add one tag: dice") == [
        (Intent.EDIT, {"set_fields": {"tags": ["games"]}}),
        (Intent.EDIT, {"set_fields": {"tags": ["games", "dice"]}})]


def test_a_verb_of_the_authors_own_on_a_tag_is_asked_never_added() -> None:
    reading = _read(GAMES, "could you retire the tag 'friends'?")
    assert [r.question is not None for r in reading.requests] == [True]
    question = reading.requests[0].question or ""
    assert "friends" in question and "off" in question
    assert reading.requests[0].candidates[0].slots == {"set_fields": {"tags": ["games"]}}


def test_the_object_said_first_then_you_and_the_verb() -> None:
    assert _plain(GAMES, "Please the description you change to 'Six friends, many dice'.") \
        == [(Intent.EDIT, {"set_fields": {"description": "Six friends, many dice"}})]
    # a relative clause that tells asks nothing
    assert _plain(GAMES, "the title you chose is lovely") == []


def test_a_title_like_a_quotation_or_as_a_quotation() -> None:
    for message in ("The title I want it like 'Dice and Dinner'.",
                    "use 'Dice and Dinner' as the title please"):
        assert _plain(GAMES, message) == [
            (Intent.EDIT, {"set_fields": {"title": "Dice and Dinner"}})], message


def test_an_unquoted_title_written_as_a_name_is_the_title() -> None:
    assert _plain(GARDEN, "fine, then just make the title Back Garden Beans") == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "A balcony garden",
                                "text": "Back Garden Beans"}],
                       "allow_heading_changes": True})]
    # how the title should be is not its words
    assert not any("Snappier" in str(r.slots) for r in _read(
        GARDEN, "make the title snappier").requests)


def test_spoken_forms_of_you_and_scots_gonnae_ask_the_reader() -> None:
    assert _plain(GARDEN, "that bit where the worms did all the work, can ye bin it") == [
        _delete(WORMS)]
    assert _plain(GARDEN, "gonnae take out the line about the compost") == [_delete(COMPOST)]
    assert _plain(GARDEN, "can u cut the line about the compost") == [_delete(COMPOST)]


def test_an_asking_tag_after_a_swap_is_no_part_of_the_new_words() -> None:
    assert _plain(GARDEN, "swap 'three weekends' for 'four weekends' would ya, it was longer") \
        == [(Intent.EDIT, {"ops": [{"type": "replace", "anchor": "three weekends",
                                    "text": "four weekends"}]})]


def test_words_put_where_it_says_others_replace_those_others() -> None:
    for message in ("chuck 'two weekends' in where it says 'three weekends'",
                    "put 'two weekends' where it says 'three weekends'"):
        assert _plain(GARDEN, message) == [
            (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "three weekends",
                                    "text": "two weekends"}]})], message


def test_a_line_placed_after_a_part_the_parser_makes_a_subject() -> None:
    assert _plain(GARDEN, "please pop 'It smelled of the farm.' in right after the line "
                          "thanking the neighbour for the compost") == [
        (Intent.EDIT, {"ops": [{"type": "insert", "anchor": COMPOST, "position": "after",
                                "text": "It smelled of the farm."}]})]


# --- the versions counted from one ------------------------------------------------------------

def test_a_version_number_the_app_would_not_change_anything_with_counts_from_one() -> None:
    # the post is at version 2 (three versions, 0 to 2)
    assert counted_from_one(2, 2) == (1, "Counting from one, your version 2 is the one I "
                                         "list as version 1.")
    assert counted_from_one(3, 2) == (None, "Counting from one, your version 3 is the one "
                                      "I list as version 2. The post is at that version "
                                      "now, so nothing was changed.")  # no version 3
    assert counted_from_one(1, 2) == (1, None)  # the app's own number stands
    assert counted_from_one(1, 2, far=True)[0] == 0  # "all the way back to version one"
    assert counted_from_one(0, 2) == (0, None)
    assert counted_from_one(5, 2) == (5, None)  # no such version either way: said as is


def test_all_the_way_back_to_a_version_is_read_as_the_furthest() -> None:
    assert _plain(GARDEN, "take it all the way back to version one") == [
        (Intent.REVERT, {"version": 1, "furthest": True})]
    assert _plain(GARDEN, "take it back to version one") == [(Intent.REVERT, {"version": 1})]


async def test_back_to_the_version_the_post_is_at_brings_back_the_one_before() -> None:
    chat = Chat()
    await write_post(chat)
    await chat.say("/edit replace \"glucose molecules\" with \"sugar molecules\"")
    await chat.say("/edit replace \"chlorophyll pigment\" with \"green pigment\"")
    text = await chat.say("please bring back version 2")  # at version 2: changes nothing
    assert text.startswith("Counting from one, your version 2 is the one I list as "
                           "version 1.")
    post = await chat.post() or ""
    assert "sugar molecules" in post and "chlorophyll pigment" in post
    text = await chat.say("now take it all the way back to version one")
    assert "version 0" in text and await chat.post() == POST


# --- words put at a part's edge, and a line wanted ------------------------------------------

def _insert(anchor: str, position: str, text: str) -> tuple[Intent, object]:
    return (Intent.EDIT, {"ops": [{"type": "insert", "anchor": anchor, "position": position,
                                   "text": text}]})


def test_a_part_opened_or_closed_with_new_words() -> None:
    assert _plain(GARDEN, "could you open the last paragraph with the line 'Plans, plans.'") \
        == [_insert("Next year I will add a water butt and grow beans up the railing.",
                    "before", "Plans, plans.")]
    assert _plain(GARDEN, "end the second paragraph with 'Lesson learnt.'") == [
        _insert("The basil bolted in July, so I cut it back hard.", "after",
                "Lesson learnt.")]
    assert _plain(GARDEN, "open the door with a key") == []


def test_a_line_wanted_at_a_place_goes_there() -> None:
    assert _plain(GARDEN, "may I ask for one more line at the very end: Wish me luck.") == [
        _insert("Next year I will add a water butt and grow beans up the railing.", "after",
                "Wish me luck.")]


ALLOTMENT = ("# Twelve months on the allotment by the river\n\nLast March I took on a plot "
             "at the end of our road.\n\n## The spring planting\n\nWe planted leeks in April. "
             "The onions went in a week later.\n\n## Why I keep going\n\nIt is the only quiet "
             "hour of my week. I have renewed the lease for next year.\n")


def test_the_end_of_the_part_about_a_section_is_that_sections_end() -> None:
    # the section is named by what follows "about", never matched whole against the title
    # (it put the words at the end of the post)
    message = "add a sentence at the end of the part about the planting: Then it rained."
    assert _plain(ALLOTMENT, message) == [
        _insert("The onions went in a week later.", "after", "Then it rained.")]


def test_a_part_named_by_its_noun_then_out_it_goes() -> None:
    assert _plain(GARDEN, "the basil bit, out it goes") == [
        _delete("The basil bolted in July, so I cut it back hard.")]
    assert _plain(GARDEN, "the basil bit, it goes well with tomatoes") == []


def test_a_texting_should_is_the_relation() -> None:
    assert _plain(GARDEN, "oh an 'three weekends' shud be 'two weekends' too") == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "three weekends",
                                "text": "two weekends"}]})]

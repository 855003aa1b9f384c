"""Classes of phrasing the blogger's reader learnt from held-out batch H (issue 22), most of
them where the parse alone misleads: what the author gets, in sentences of their own, and
never a wrong action."""

from __future__ import annotations

from pathlib import Path

from blogger_readings import edit_ops as _ops
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent, Memory

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")
AFTER_AN_EDIT = Memory(intent="edit")


def _plain(post: str, message: str, memory: Memory | None = None) -> list[tuple[Intent, object]]:
    return [(r.intent, r.slots) for r in _read(post, message, memory).requests
            if r.question is None]


def test_removing_what_the_reader_just_did_undoes_it() -> None:
    for message in ("could you bin what you just changed", "erase what you've just done please",
                    "get rid of what you just added"):
        assert _plain(WINTER, message, AFTER_AN_EDIT) == [(Intent.UNDO, {})], message
    # praise, a question, or "don't" undo nothing; "what can you do" is still help
    for message in ("I really like what you just did", "what did you just do?",
                    "don't remove what you just added"):
        assert not any(r.intent is Intent.UNDO for r in _read(
            WINTER, message, AFTER_AN_EDIT).requests), message
    assert _plain(WINTER, "what can you do for me?") == [(Intent.HELP, {})]


def test_a_rare_verb_on_what_the_reader_did_is_asked_about_not_done() -> None:
    reading = _read(WINTER, "scratch what you did just now", AFTER_AN_EDIT)
    assert [r.intent for r in reading.requests] == [Intent.UNDO]
    assert reading.requests[0].question is not None  # asked; nothing undone yet


def test_politeness_after_undo_is_no_object() -> None:
    assert _plain(SOURDOUGH, "undo pls thanks", AFTER_AN_EDIT) == [(Intent.UNDO, {})]


def test_asking_whether_the_author_must_edit_asks_nothing_of_the_reader() -> None:
    for message in ("Is the title still fine, or should I change it?",
                    "is my description still true, or we must change it?",
                    "Is the description still good, or I must change it?"):
        assert _read(GAMES, message).requests == (), message  # never the versions shown
    assert _plain(SOURDOUGH, "can you change the title to 'Rye days'?") == [
        (Intent.EDIT, {"set_fields": {"title": "Rye days"}})]


def test_a_field_set_to_a_quotation_then_a_tag_added() -> None:
    message = "Change the description to 'Five years, one table.' and add 'hobbies' to the tags"
    assert _plain(GAMES, message) == [
        (Intent.EDIT, {"set_fields": {"description": "Five years, one table."}}),
        (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "hobbies"]}})]


def test_the_first_sentence_of_a_part_named_by_its_gist_or_section() -> None:
    assert _ops(_read(WINTER, "In the gear section, after the first sentence, put: It stays "
                              "hot for hours.")) == [
        {"type": "insert", "anchor": "I carry a flask of tea in a bottle cage.",
         "position": "after", "text": "It stays hot for hours."}]
    assert _ops(_read(WINTER, "after the first sentence of the part about tyres, add: "
                              "They grip.")) == [
        {"type": "insert", "anchor": "Studded tyres hum on the ice.", "position": "after",
         "text": "They grip."}]


def test_a_gist_holding_a_verb_keeps_its_side_and_its_sentence() -> None:
    # the verb of the gist is no request of its own: never the end of the post, nor "after"
    assert _ops(_read(WINTER, "Before the sentence about he fell off his bike, add: He was "
                              "fine.")) == [
        {"type": "insert", "anchor": "My cousin laughed at mine until he fell off his bike.",
         "position": "before", "text": "He was fine."}]
    assert _ops(_read(WINTER, "after the sentence about I carry tea, add: Always.")) == [
        {"type": "insert", "anchor": "I carry a flask of tea in a bottle cage.",
         "position": "after", "text": "Always."}]


def test_ye_is_you() -> None:
    assert _plain(WINTER, "could ye make a quiz of it") == [(Intent.QUIZ, {})]
    assert _ops(_read(WINTER, "can ye delete the sentence about the flask")) == [
        {"type": "delete", "anchor": "I carry a flask of tea in a bottle cage."}]


def test_a_part_that_needs_removing_is_removed() -> None:
    assert _ops(_read(SOURDOUGH, "the sentence about the pale crust needs cutting")) == [
        {"type": "delete", "anchor": "The second loaf rose, but the crust was pale."}]
    # the tagger calls "needs" a noun here
    assert _ops(_read(SOURDOUGH, "the first paragraph needs deleting")) == [
        {"type": "delete", "anchor": "My starter took nine days to wake up. I fed it rye "
                                     "flour every morning before work."}]


def test_a_part_named_before_a_delete_is_never_an_undo() -> None:
    for message in ("the conclusion needs deleting", "the ending needs deleting"):
        reading = _read(WINTER.replace("## Conclusion\n\n", ""), message, AFTER_AN_EDIT)
        assert not any(r.intent is Intent.UNDO for r in reading.requests), message


def test_an_outcome_brought_about_deletes() -> None:
    assert _ops(_read(WINTER, "would you make it so the sentence about the flask is "
                              "gone")) == [
        {"type": "delete", "anchor": "I carry a flask of tea in a bottle cage."}]
    assert _plain(WINTER, "I want the wool socks line gone, and change 'two lights' to "
                          "'three lights'") == [
        (Intent.EDIT, {"ops": [{"type": "delete",
                                "anchor": "Wool socks beat every fancy sock I have bought."}]}),
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "two lights",
                                "text": "three lights"}]})]
    assert _read(WINTER, "I don't want the wool socks line gone").requests == ()


def test_an_object_put_first_after_another_request_is_a_request_of_its_own() -> None:
    # each list of tags is the change it makes after the one before, as they are done in turn
    assert _plain(GAMES, "Put in the tags cards and dice, and the tag games you can "
                         "delete.") == [
        (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "cards", "dice"]}}),
        (Intent.EDIT, {"set_fields": {"tags": ["friends", "cards", "dice"]}})]
    # the parser may make "tag" a verb here: the tag named is still the one that goes
    assert _plain(GAMES, "the games tag you can drop") == [
        (Intent.EDIT, {"set_fields": {"tags": ["friends"]}})]
    assert _plain(GAMES, "drop the friends tag and add the tag dice") == [
        (Intent.EDIT, {"set_fields": {"tags": ["games"]}}),
        (Intent.EDIT, {"set_fields": {"tags": ["games", "dice"]}})]


def test_removing_the_act_itself_undoes_it() -> None:
    for message in ("could you delete that edit", "get rid of the change you made",
                    "bin my last change please"):
        assert _plain(WINTER, message, AFTER_AN_EDIT) == [(Intent.UNDO, {})], message


def test_back_to_a_number_is_that_version_and_back_one_a_step() -> None:
    assert _plain(WINTER, "back to 2 pls", AFTER_AN_EDIT) == [(Intent.REVERT, {"version": 2})]
    assert _plain(WINTER, "can we go back to 1", AFTER_AN_EDIT) == [
        (Intent.REVERT, {"version": 1})]
    assert _plain(WINTER, "back one", AFTER_AN_EDIT) == [(Intent.UNDO, {})]


def test_the_old_words_named_before_the_verb_then_the_new() -> None:
    assert _ops(_read(WINTER, "'Studded tyres' change to 'Spiked tyres'")) == [
        {"type": "replace", "anchor": "Studded tyres", "text": "Spiked tyres"}]


def test_what_the_author_wanted_told_in_the_past_asks_nothing() -> None:
    for message in ("great, that is all I wanted for now",
                    "ok thanks, that's all I needed for the post"):
        assert _read(WINTER, message).requests == (), message

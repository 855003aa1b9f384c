"""Blogger requests read by class after the third held-out set (issue 22): a request for
something no tool does is said plainly; fields and undo said loosely are still read."""

from __future__ import annotations

from pathlib import Path

from blogger.reading import read_message
from draftguard.understanding import Intent, Reading

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")


def _read(post: str | None, message: str) -> Reading:
    return read_message(message, post=post).reading


def test_a_translation_is_said_to_be_beyond_the_app() -> None:
    for message in ("would you translate this into Italian please",
                    "can you translate the post to Portuguese"):
        (request,) = _read(SOURDOUGH, message).requests
        assert request.intent is Intent.UNCLEAR, message
        assert request.question is not None
        assert request.question.startswith("I can't translate anything from here"), message


def test_a_tag_taken_off_leaves_the_others() -> None:
    for message in ("could you take the bread tag off", "remove the bread tag please"):
        assert [(r.intent, r.slots) for r in _read(SOURDOUGH, message).requests] == [
            (Intent.EDIT, {"set_fields": {"tags": ["baking"]}})], message


def test_a_tag_the_post_lacks_is_never_added_when_taken_off() -> None:
    for request in _read(SOURDOUGH, "take the cheese tag off").requests:
        assert "off" not in str(request.slots.get("set_fields", {})), request


def test_a_tag_the_post_lacks_is_asked_about_and_no_tag_goes() -> None:
    # "delete the rye tag" on a post without it used to remove every tag.
    for message in ("delete the cheese tag", "get rid of the Rye and cake tags"):
        (request,) = _read(SOURDOUGH, message).requests
        assert request.question is not None and "baking" in request.question, message
        assert not request.slots, message
    assert [r.slots for r in _read(SOURDOUGH, "remove all the tags").requests] == [
        {"remove_fields": ["tags"]}]


def test_a_leading_no_before_a_misspelt_undo_still_undoes() -> None:
    for message in ("no actualy, put it bak", "hmm no just undo that"):
        assert [r.intent for r in _read(SOURDOUGH, message).requests] == [Intent.UNDO], message
    assert not _read(SOURDOUGH, "no don't undo anything").requests


NOTES = "# Notes\n\nThe lake was calm. Recieve the keys at the desk, then recieve a map.\n"


def test_a_misspelt_word_is_respelt_everywhere_it_stands() -> None:
    for message in ("'recieve' is spelt wrong, sort it", "fix the typo in 'recieve' please"):
        (request,) = _read(NOTES, message).requests
        assert request.question is None, message
        ops = request.slots["ops"]
        assert isinstance(ops, list)
        assert [op["text"] for op in ops] == ["Receive the", "receive a"], message


def test_a_misspelling_near_two_words_is_asked_about_by_name() -> None:
    post = "# Notes\n\nWe sat on the cair by the door.\n"
    (request,) = _read(post, "the spelling of 'cair' is wrong").requests
    assert request.question is not None and request.candidates
    assert "“car”" in request.question and "“hair”" in request.question


def test_a_word_english_spells_that_way_is_not_changed() -> None:
    (request,) = _read(NOTES, "'lake' is misspelt").requests
    assert request.question is not None
    assert request.question.startswith("“lake” is how English spells it")


CAMP = "# Camp\n\nAunt Rosa drove. Rosa packed the tent.\n\nWe saw twelve owls at dusk.\n"


def test_a_name_corrected_without_quotes_changes_every_place_asked() -> None:
    (request,) = _read(CAMP, "whoops, it was aunt Mia not Rosa, fix all of them").requests
    ops = request.slots["ops"]
    assert isinstance(ops, list) and request.question is None
    assert len(ops) == 2 and all(op["type"] == "replace" and "Rosa" in str(op["anchor"])
                                 and "Mia" in str(op["text"]) for op in ops)
    # said of a name standing twice without "every one": not a guess at one of them
    assert not any(r.question is None for r in _read(CAMP, "it was Mia not Rosa").requests)


def test_a_count_corrected_with_its_noun_between_is_replaced() -> None:
    reading = _read(CAMP, "that should say fifteen owls not twelve")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "twelve", "text": "fifteen"}]})]


def test_a_time_meant_is_taken_whole() -> None:
    post = "# Camp\n\nWe met at six by the gate.\n"
    first = read_message("change 'six' to 'seven'", post=post)
    after = post.replace("six", "seven")
    reading = read_message("ah sorry I meant quarter past six, not seven", post=after,
                           memory=first.memory).reading
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.EDIT, {"ops": [
        {"type": "replace", "anchor": "seven", "text": "quarter past six"}]})]

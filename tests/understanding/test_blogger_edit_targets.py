"""What an edit acts on and what it writes, by class (issue 22, sections 2-3), each shown on the
dev-set posts with sentences of its own: a part named by how the author speaks in it, a
description with typos, new words said after the old ones, a judgement of the title, someone's
name; never a wrong action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from blogger_readings import edit_ops as _ops
from blogger_readings import reading_of as _read

from blogger.reading import read_message
from draftguard.understanding import Intent
from draftguard.understanding._locate import PostView
from tests.understanding_devset import effect

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
MARATHON = (POSTS / "marathon-training.md").read_text(encoding="utf-8")
KYOTO = (POSTS / "kyoto-rain.md").read_text(encoding="utf-8")
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")


def test_a_part_named_by_how_the_author_speaks_in_it_is_found_by_what_it_is_about() -> None:
    # "rattle on about" says how; "the chilly weather" what (no word of it is in the post)
    ops = _ops(_read(MARATHON, "the bit where I rattle on about the chilly weather, can you "
                               "take it out?"))
    assert ops == [{"type": "delete", "anchor": "Race day was cold and bright."}]
    ops = _ops(_read(MARATHON, "the line where I say I cried into some fruit, please delete "
                               "it"))
    assert ops == [{"type": "delete", "anchor": "At the finish someone put a foil blanket "
                    "round my shoulders and a medal round my neck, and I cried into a banana."}]


def test_a_description_with_typos_is_spelt_as_the_posts_words() -> None:
    ops = _ops(_read(MARATHON, "delete the line about the fiol blankit"))
    assert ops == [{"type": "delete", "anchor": "At the finish someone put a foil blanket "
                    "round my shoulders and a medal round my neck, and I cried into a banana."}]


def test_the_new_words_quoted_after_the_old_ones() -> None:
    ops = _ops(_read(MARATHON, "my brother says it was a fine sign, fair enough, so instead of "
                               "'which was a lie' could it say 'which was nearly true'"))
    assert ops == [{"type": "replace", "anchor": "which was a lie",
                    "text": "which was nearly true"}]


def test_a_judgement_of_the_title_writes_nothing() -> None:
    # an indefinite noun phrase says what kind of title it is, not its new words
    assert not _read(SOURDOUGH, "the title's a bit of a let-down").requests
    assert not _read(SOURDOUGH, "honestly the headline is a real snooze").requests


def test_someones_name_is_renamed_where_it_stands_never_the_title() -> None:
    ops = _ops(_read(KYOTO, "Aiko's name is to be changed to Emi."))
    assert sorted((o["anchor"], o["text"]) for o in ops) == [
        ("Aiko's", "Emi's"), ("Aiko,", "Emi,")]
    # someone the post does not name: no words of it to change, and not the title
    reading = _read(MARATHON, "my brother's name should be changed to Tom")
    assert not any(r.slots.get("set_fields") for r in reading.requests)


def test_a_number_of_minutes_is_no_notes() -> None:
    reading = _read(KYOTO, "what, forty minutes? no, it was fifty minutes at the gates, not "
                           "forty")
    assert [r.intent for r in reading.requests] == [Intent.EDIT]
    assert _ops(reading) == [{"type": "replace", "anchor": "forty", "text": "fifty"}]


def test_the_one_about_x_and_a_part_pointed_back_at() -> None:
    gels = ("On long runs I ate a gel every 40 minutes, and on the one Sunday I skipped them "
            "I hit the wall at kilometre 24 and walked home.")
    ops = _ops(_read(MARATHON, "The sentence about the foil blanket can stay, but the one "
                               "about the gels can be cut."))
    assert ops == [{"type": "delete", "anchor": gels}]
    # "it only": the adverb does not hide what "it" points back at
    ops = _ops(_read(KYOTO, "the line about the plastic umbrella, please take it out only, "
                            "it is too much"))
    assert ops == [{"type": "delete", "anchor": "I bought a clear plastic umbrella from a "
                    "convenience store for 500 yen and it was the best money I spent on the "
                    "trip."}]
    # "that sentence": the part named before it, not a sentence about nothing
    ops = _ops(_read(KYOTO, "and the mochi stuff, sounds greedy, could you drop that "
                            "sentence"))
    assert ops == [{"type": "delete", "anchor": "We ate grilled mochi, pickled turnips and "
                    "tiny octopus with a quail egg inside its head."}]


def test_words_put_in_the_tags_are_added() -> None:
    reading = _read(SOURDOUGH, "Also add 'rye' and 'starters' in the tags")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye", "starters"]}})]
    reading = _read(SOURDOUGH, "add rye and starters to the tags")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye", "starters"]}})]


def test_one_part_kept_and_one_pointed_back_at_after_an_edit_is_no_undo() -> None:
    after_edit = read_message("replace 'Aiko' with 'Emi'", post=KYOTO).memory
    reading = _read(KYOTO, "The line where I moan about the bus is fine, leave it. But the one "
                           "where I say the matcha was bitter, that one remove", after_edit)
    assert _ops(reading) == [{"type": "delete", "anchor": "Aiko's aunt runs a tea stall at the "
                              "far end, and she made us a bowl of matcha that was so bitter I "
                              "laughed."}]


def test_the_title_wanted_is_the_quotation_not_the_remark_after_it() -> None:
    reading = _read(SOURDOUGH, "For the title I want 'Rye and patience', is more nice I think.")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "Rye and patience"}})]


@pytest.mark.parametrize("message", ["Title also change to 'Rye and patience' lah",
                                     "change the title to 'Rye and patience' mate"])
def test_a_word_after_a_quoted_title_is_no_part_of_it(message: str) -> None:
    reading = _read(SOURDOUGH, message)
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "Rye and patience"}})]


def test_sorting_a_bit_of_the_post_is_no_split() -> None:
    winter = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
    reading = _read(winter, "could you sort that line so it says five winters?")
    assert Intent.SPLIT not in [r.intent for r in reading.requests]


def test_sort_it_alone_means_fix_it_and_sort_by_an_outline_splits() -> None:
    winter = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
    for message in ("can you sort that out for me?", "the wording's off there, sort it pls"):
        intents = [r.intent for r in _read(winter, message).requests]
        assert Intent.SPLIT not in intents, message
    for message in ("sort it by this outline: Kit; Routes; Ice",
                    "could you arrange the post into sections?",
                    "organise it under these headings:\nKit\nRoutes"):
        intents = [r.intent for r in _read(winter, message).requests]
        assert intents == [Intent.SPLIT], message


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance, the slow obvious way."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def test_property_a_typo_in_a_description_becomes_the_one_post_word_near_it() -> None:
    """Two letters of a post word swapped: the description holds the post's word when it is
    the only one one edit away (by a slow reference), else the typo as typed."""
    from draftguard.language import word_frequency
    from draftguard.language._dictionary import english_word

    rng = random.Random(8)
    for text in (MARATHON, KYOTO):
        view = PostView(text)
        vocabulary = sorted(w for w in view.words if w.isalpha() and len(w) >= 5)
        for word in rng.sample(vocabulary, 25):
            at = rng.randrange(1, len(word) - 2)
            typo = word[:at] + word[at + 1] + word[at] + word[at + 2:]
            if typo == word or word_frequency(typo) > 0 or english_word(typo):
                continue
            near = [v for v in view.words if v.isalpha() and _osa(v, typo) <= 1]
            want = near[0] if len(near) == 1 else typo
            assert view.respelt(f"the bit about {typo}") == f"the bit about {want}", word


def test_a_name_said_to_be_another_name() -> None:
    ops = _ops(_read(MARATHON, "and Rotterdam is really Amsterdam, I muddled the cities"))
    assert ops == [{"type": "replace", "anchor": "Rotterdam", "text": "Amsterdam"}]
    # without "should", a name said to be something else is no correction
    assert not _read(MARATHON, "Rotterdam is really flat").requests
    ops = _ops(_read(KYOTO, "oops, Aiko should be Emiko, in both places"))
    assert sorted(o["text"] for o in ops) == ["Emiko's", "Emiko,"]


def test_make_that_after_an_edit_all_the_way_through_changes_every_place_again() -> None:
    first = read_message("replace 'socks' with 'sandals' all the way through", post=KYOTO)
    (request,) = first.reading.requests
    assert len(request.slots["ops"]) == 3
    after = effect(KYOTO, request.slots)
    assert after is not None
    again = _read(after, "hmm no, make that 'boots'", first.memory)
    done = effect(after, again.requests[0].slots)
    assert done is not None and done.count("boots") == 3 and "sandals" not in done


def test_a_tag_named_before_the_verb_is_removed() -> None:
    reading = _read(SOURDOUGH, "the tag bread you can remove")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking"]}})]


def test_a_paragraph_named_by_its_opening_words_without_with() -> None:
    food = next(p for p in MARATHON.split("\n\n") if p.startswith("Food turned out"))
    for message in ("cut the paragraph beginning 'Food turned out'",
                    "The paragraph that starts 'Food turned out' should be deleted, too much "
                    "about gels."):
        ops = _ops(_read(MARATHON, message))
        assert len(ops) == 1 and ops[0]["type"] == "delete"
        assert effect(MARATHON, {"ops": ops}) == MARATHON.replace(food + "\n\n", "")


COUNTS = ("# Jam\n\nI boiled the fruit for three minutes and stirred it three times.\n\n"
          "Then I left the jars three days in the pantry.\n")


@pytest.mark.parametrize(("message", "anchor", "text"), [
    # the corrected number stands three times: the words said after it say which
    ("gran reckons it was four days in the pantry, not three, so sort that bit",
     "three days", "four days"),
    ("I stirred it five times, not three", "three times", "five times"),
])
def test_a_number_corrected_where_it_stands_more_than_once_is_placed_by_its_words(
        message: str, anchor: str, text: str) -> None:
    reading = _read(COUNTS, message)
    assert _ops(reading) == [{"type": "replace", "anchor": anchor, "text": text}]

"""Classes of the blogger reader from held-out batch L (issue 22), each with messages of its
own on the dev-set posts: what the author gets, never a wrong action."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on
from blogger_readings import reading_of as _read

from blogger.reading import read_message
from draftguard.understanding import Intent, Memory
from tests.understanding_devset import effect

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"


def _post(name: str) -> str:
    return (POSTS / name).read_text(encoding="utf-8")


def _after(post: str, message: str) -> str | None:
    """The post after the one edit `message` asks for (None: not one edit acted on)."""
    reading = _read(post, message)
    if len(reading.requests) != 1:
        return None
    request = reading.requests[0]
    if request.intent is not Intent.EDIT or request.question is not None:
        return None
    return effect(post, request.slots)


# -- the new words are the counterpart of the old ones ------------------------------------
@pytest.mark.parametrize(("name", "message", "old", "new"), [
    ("winter-cycling.md", "just make it three lights instead of two", "two lights",
     "three lights"),
    ("garden.md", "pls make it four weekends instead of three haha", "three weekends",
     "four weekends"),
    ("garden.md", "make the pots small instead of big", "the big pots", "the small pots"),
    ("sourdough.md", "make the crust dark instead of pale", "crust was pale",
     "crust was dark"),
    ("marathon-training.md", "change 32 kilometres to 35, I checked my watch again",
     "32 kilometres", "35 kilometres"),
    ("garden.md", "could you change three weekends to four, my sister reminded me",
     "three weekends", "four weekends"),
    ("winter-cycling.md", "change four Philadelphia winters to five, forgot one",
     "four Philadelphia winters", "five Philadelphia winters"),
    ("sourdough.md", "ok make it ten days instead of nine", "nine days", "ten days"),
])
def test_the_new_words_are_the_counterpart_of_the_old(name: str, message: str, old: str,
                                                      new: str) -> None:
    post = _post(name)
    assert _after(post, message) == post.replace(old, new, 1)


# -- an insert placed by the post's structure --------------------------------------------
@pytest.mark.parametrize(("name", "message", "text"), [
    ("winter-cycling.md", "add 'A short one today.' under the heading, above the first "
     "paragraph", "A short one today."),
    ("garden.md", 'put this line before the first paragraph, just below the title: "For my '
     'dad."', "For my dad."),
    ("sourdough.md", "insert this right under the title: 'Written in March.'",
     "Written in March."),
    ("winter-cycling.md", "under the title, before the opening paragraph, put this: "
     "'Stay warm.'", "Stay warm."),
    ("garden.md", 'then put this line under the title, before the first paragraph: '
     '"Dedicated to Joan."', "Dedicated to Joan."),
])
def test_a_line_under_the_title_goes_before_the_first_paragraph(name: str, message: str,
                                                               text: str) -> None:
    post = _post(name)
    reading = _read(post, message)
    assert [(r.intent, r.question) for r in reading.requests] == [(Intent.EDIT, None)]
    ops = reading.requests[0].slots["ops"]
    assert isinstance(ops, list) and len(ops) == 1
    assert ops[0]["type"] == "insert" and ops[0]["position"] == "before"
    assert ops[0]["text"] == text
    first = post.split("\n\n")[1 if post.startswith("# ") else 2].strip()
    assert str(ops[0]["anchor"]) in first and first.startswith(str(ops[0]["anchor"])[:20])


def test_two_places_that_disagree_are_asked_about() -> None:
    reading = _read(_post("garden.md"), "put 'For my dad.' under the title, after the first "
                                        "paragraph")
    assert [r.intent for r in reading.requests] == [Intent.EDIT]
    assert reading.requests[0].question is not None


# -- a check's goal said earlier in the message, then pointed at ---------------------------
@pytest.mark.parametrize(("name", "message", "goal"), [
    ("winter-cycling.md", "Could it pass as a starter guide to winter riding? check it "
     "against that", "a starter guide to winter riding"),
    ("sourdough.md", "is it fine as an intro to baking bread, do you think? please check "
     "against that", "an intro to baking bread"),
    ("garden.md", "would this work as a guide for balcony growers? run the check against it",
     "a guide for balcony growers"),
    ("garden.md", "Good enough as a beginner's guide to small gardens, you reckon? Check it "
     "against this.", "a beginner's guide to small gardens"),
    ("marathon-training.md", "does it work as advice for first-time marathoners? can u "
     "check it against that", "advice for first-time marathoners"),
])
def test_a_goal_said_before_and_pointed_at(name: str, message: str, goal: str) -> None:
    reading = _read(_post(name), message)
    assert [(r.intent, r.slots, r.question) for r in reading.requests] == [
        (Intent.CHECK, {"goal": goal}, None)]


# -- a title said as a wish or a question, in learner English ----------------------------
@pytest.mark.parametrize(("name", "message", "title"), [
    ("winter-cycling.md", "I want the title become 'Riding in winter'", "Riding in winter"),
    ("sourdough.md", "Hello. I want the title become 'Rye, Slowly'", "Rye, Slowly"),
    ("garden.md", 'I wish the title become "Small green balcony"', "Small green balcony"),
    ("sourdough.md", "i would like the title become Slow Bread", "Slow Bread"),
    # a verb of the lexicon inside the new title is the title's word, not a request
    ("sourdough.md", "can the title be Bread That Changes Everything",
     "Bread That Changes Everything"),
    ("winter-cycling.md", "could the headline be Winter Turns Me Around",
     "Winter Turns Me Around"),
    ("garden.md", "can the title be Green Balcony Makes Me Happy",
     "Green Balcony Makes Me Happy"),
    ("garden.md", "the title should be The Year I Cut Back", "The Year I Cut Back"),
])
def test_a_title_wished_for(name: str, message: str, title: str) -> None:
    post = _post(name)
    after = _after(post, message)
    assert after is not None
    assert f"title: {title}" in after or f"# {title}\n" in after


# -- what the app cannot do, what it can, and what is no request ---------------------------
@pytest.mark.parametrize(("name", "message", "verb"), [
    ("garden.md", "can u email the post to my aunt, her address is in my contacts", "email"),
    ("garden.md", "could you look up online when basil first came to Europe? not sure July "
     "is right", "look up"),
    ("winter-cycling.md", "please send this to my editor by email", "send"),
    ("sourdough.md", "can you search the web for the right proving time", "search"),
    ("garden.md", "google whether basil likes full sun for me", "google"),
])
def test_a_request_of_the_world_outside_is_said_to_be_beyond(name: str, message: str,
                                                             verb: str) -> None:
    reading = _read(_post(name), message)
    assert len(reading.requests) == 1
    request = reading.requests[0]
    assert request.intent is Intent.UNCLEAR and request.question is not None
    assert f"I can't {verb} anything" in request.question


@pytest.mark.parametrize(("message", "intent", "count"), [
    ("no worries. throw us a 5 question quiz while you're at it", Intent.QUIZ, 5),
    ("chuck us a 4 question quiz while you're at it", Intent.QUIZ, 4),
    ("bung us 3 flashcards on it", Intent.FLASHCARDS, 3),
    ("gimme a quick 6 question quiz", Intent.QUIZ, 6),
    ("knock up a 5 question quiz for the club", Intent.QUIZ, 5),
])
def test_an_unlisted_verb_of_giving_an_artifact(message: str, intent: Intent,
                                                count: int) -> None:
    reading = _read(_post("garden.md"), message)
    assert [(r.intent, r.slots, r.question) for r in reading.requests] == [
        (intent, {"count": count}, None)]


@pytest.mark.parametrize("message", [
    "ty!! actually undo the tags, i never use them",
    "really undo the title, i liked the old one",
    "my sister's just emailed, she says nine days is right. can you undo that last change",
    "undo the tag thing",
    "honestly undo that, i never use tags",
])
def test_an_undo_said_with_an_aside(message: str) -> None:
    reading = _read(_post("sourdough.md"), message)
    assert [(r.intent, r.question) for r in reading.requests] == [(Intent.UNDO, None)]


@pytest.mark.parametrize(("name", "message"), [
    ("marathon-training.md", "Is a drop bag just a kit bag by another name, do you know?"),
    ("garden.md", "Is a cut flower still a plant, do you reckon?"),
    ("sourdough.md", "is a glue stick just paste by another name, do you know?"),
    ("garden.md", "is a compost heap the same as a compost bin, do you know?"),
    ("winter-cycling.md", "is a fat bike just a mountain bike by another name?"),
])
def test_a_question_about_the_world_asks_for_nothing(name: str, message: str) -> None:
    assert _read(_post(name), message).requests == ()


@pytest.mark.parametrize("message", [
    "hi, first time using this. what can it do?",
    "hello, new here. what can you do?",
    "first time here, what are you able to do?",
    "what can this thing do?",
    "new user - what can it do?",
])
def test_a_first_question_what_it_does_is_help(message: str) -> None:
    reading = _read(_post("sourdough.md"), message)
    assert [(r.intent, r.question) for r in reading.requests] == [(Intent.HELP, None)]


# -- an answer to the reader's own question, read against what it offered ------------------
def _asked(post: str, message: str) -> Memory:
    first = read_message(message, post=post)
    assert first.reading.requests[0].question is not None
    assert len(first.memory.candidates) >= 2
    return first.memory


@pytest.mark.parametrize(("answer", "anchor"), [
    ("the one w the flask", "I carry a flask of tea in a bottle cage."),
    ("the one about the bottle cage", "I carry a flask of tea in a bottle cage."),
    ("the one in the conclusion", "The tea tastes better after a cold ride."),
    ("only the one in the last section", "The tea tastes better after a cold ride."),
    ("the one with the cold ride", "The tea tastes better after a cold ride."),
])
def test_an_answer_that_describes_one_candidate(answer: str, anchor: str) -> None:
    post = _post("winter-cycling.md")
    memory = _asked(post, "cut the tea sentence")
    reading = read_message(answer, post=post, memory=memory).reading
    assert acted_on(reading) == [(Intent.EDIT, {"ops": [{"type": "delete", "anchor": anchor}]})]


@pytest.mark.parametrize("answer", ["both of them", "both", "all of them", "both please"])
def test_an_answer_that_takes_every_candidate(answer: str) -> None:
    post = _post("winter-cycling.md")
    memory = _asked(post, "cut the tea sentence")
    reading = read_message(answer, post=post, memory=memory).reading
    assert len(reading.requests) == 1 and reading.requests[0].question is None
    after = effect(post, reading.requests[0].slots)
    assert after is not None and "tea" not in after


def test_an_answer_naming_nothing_offered_picks_nothing() -> None:
    post = _post("winter-cycling.md")
    memory = _asked(post, "cut the tea sentence")
    reading = read_message("the one about cheese", post=post, memory=memory).reading
    assert acted_on(reading) == []


# -- a fact corrected by stating the right number against the post's -----------------------
@pytest.mark.parametrize(("name", "message", "old", "new"), [
    ("garden.md", "it took four weekends no three, can you fix that", "three weekends",
     "four weekends"),
    ("marathon-training.md", "the longest run was 34 kilometres no 32, sort that",
     "32 kilometres", "34 kilometres"),
    ("sourdough.md", "aye the starter took ten days, no nine", "nine days", "ten days"),
    ("winter-cycling.md", "I've ridden through five Philadelphia winters, no four",
     "four Philadelphia", "five Philadelphia"),
    ("marathon-training.md", "my brother stood at kilometre 39, no 38", "kilometre 38",
     "kilometre 39"),
    ("garden.md", "where I say it took three weekends, it was more like five. can you "
     "change that", "three weekends", "five weekends"),
    ("marathon-training.md", "where I say I ate a gel every 40 minutes, it was more like "
     "every 30. fix that pls", "every 40 minutes", "every 30 minutes"),
])
def test_a_number_corrected_by_stating_the_right_one(name: str, message: str, old: str,
                                                     new: str) -> None:
    post = _post(name)
    assert _after(post, message) == post.replace(old, new, 1)


def test_a_year_said_alone_is_asked_about_when_the_post_has_several() -> None:
    post = _post("garden.md") + "\nThe railing went up in 1998 and the pots came in 2003.\n"
    reading = _read(post, "I checked the receipt, it was 2004. change it")
    assert [r.intent for r in reading.requests] == [Intent.EDIT]
    assert reading.requests[0].question is not None
    assert "1998" in reading.requests[0].question and "2003" in reading.requests[0].question
    one = _post("garden.md") + "\nThe railing went up in 1998.\n"
    assert _after(one, "my mum says it was 1997. change it") == one.replace("1998", "1997")
    assert _read(one, "it was 1997").requests == ()  # told, not asked


# -- a tag named first and taken out, then new ones put in, in learner English ------------
def _tags_after(post: str, message: str) -> list[str] | None:
    """The post's tags after every request of `message` (None: one asks or is no edit)."""
    reading = _read(post, message)
    tags: list[str] | None = None
    for request in reading.requests:
        if request.intent is not Intent.EDIT or request.question is not None or \
                "set_fields" not in request.slots:
            return None
        tags = list(request.slots["set_fields"]["tags"])
    return tags


@pytest.mark.parametrize(("message", "tags"), [
    ("The tag baking I don't like, remove. Then put two new: rye and starter",
     ["bread", "rye", "starter"]),
    ("the tag bread, remove please. and add two new tags: rye, starter",
     ["baking", "rye", "starter"]),
    ("The tag bread we not need, remove it. Then add new ones: rye, loaf",
     ["baking", "rye", "loaf"]),
    ("the baking tag, take it out. and put three more: rye, starter, loaf",
     ["bread", "rye", "starter", "loaf"]),
    ("The tag bread is boring, remove. Add two new: rye and crust", ["baking", "rye", "crust"]),
    ("the tag bread, remove please", ["baking"]),
])
def test_a_tag_taken_out_and_new_ones_put_in(message: str, tags: list[str]) -> None:
    assert _tags_after(_post("sourdough.md"), message) == tags


def test_a_tag_named_then_removed_never_takes_every_tag() -> None:
    reading = _read(_post("sourdough.md"), "tag baking, please delete.")
    assert not any("remove_fields" in r.slots for r in reading.requests)


# -- a place or name corrected: "it wasn't X, it was Y" ----------------------------------
@pytest.mark.parametrize(("name", "message", "old", "new"), [
    ("marathon-training.md", "the marathon wasnt in rotterdam it was in Amsterdam",
     "Rotterdam", "Amsterdam"),
    ("garden.md", "the compost wasnt from my neighbour it was from my sister",
     "My neighbour", "My sister"),
    ("sourdough.md", "the third loaf wasnt in a dutch oven it was in a clay pot",
     "a Dutch oven", "a clay pot"),
    ("marathon-training.md", "the race wasn't in Rotterdam, it was the one in Berlin",
     "Rotterdam", "Berlin"),
    ("winter-cycling.md", "the winters werent in philadelphia they were in Boston",
     "Philadelphia", "Boston"),
])
def test_a_place_or_name_corrected_against_the_post(name: str, message: str, old: str,
                                                   new: str) -> None:
    post = _post(name)
    assert _after(post, message) == post.replace(old, new, 1)


# -- "that sentence" just after an edit: the sentence the edit wrote in ---------------------
@pytest.mark.parametrize("message", [
    "And stick a line in straight after that sentence: 'It was worth it.'",
    "put 'It was worth it.' right after that line",
    "add 'It was worth it.' after this sentence",
    "pop in 'It was worth it.' just after that sentence please",
    "after that line add: It was worth it.",
])
def test_that_sentence_after_an_edit_is_the_one_edited(message: str) -> None:
    post = _post("garden.md")
    first = read_message("change three weekends to four weekends", post=post)
    edited = effect(post, first.reading.requests[0].slots)
    assert edited is not None
    reading = read_message(message, post=edited, memory=first.memory).reading
    assert acted_on(reading) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": "It took four weekends and very little money.",
        "position": "after", "text": "It was worth it."}]})]


def test_that_sentence_with_no_edit_before_is_asked_about() -> None:
    reading = _read(_post("garden.md"), "put 'X.' after that sentence")
    assert [r.question is not None for r in reading.requests] == [True]

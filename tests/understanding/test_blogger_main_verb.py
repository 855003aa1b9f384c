"""The verb over a tool the reader found by its noun (`blogger.main_verb`, via
`blogger.second_look`):

- a verb the app cannot do ("mail the quiz to my students", "can you check online if the
  bridge opened in 1985") runs no tool: the reply says what the app cannot do and offers the
  part it can, in words;
- a statement of what the person did ("I posted the last one on facebook") asks nothing.
"""

from __future__ import annotations

import pytest
from chat_turns import Chat
from test_blogger_beyond_and_kinds import KERALA, saved

from blogger.reading import read_message
from blogger.second_look import second_look
from draftguard.understanding import Intent, Reading


def looked(message: str) -> Reading:
    return second_look(message, read_message(message, post=KERALA).reading, KERALA)


BEYOND_THE_VERB = [
    ("email my class the flashcards", "send", "make flashcards"),
    ("text a mindmap of it to my brother", "send", "make a mindmap"),
    ("whatsapp the quiz to my group pls", "send", "make a quiz"),
    ("print the quiz for my class", "print", "make a quiz"),
    ("pls look online whether the museum still opens on mondays and check it", "online",
     "check it against"),
    ("could you check on google if the hotel still exists", "online", "check it against"),
    ("check on the internet whether the ferry still runs", "online", "check it against"),
]


@pytest.mark.parametrize(("message", "cannot", "offer"), BEYOND_THE_VERB)
def test_a_tool_under_a_verb_the_app_cannot_do_is_not_run(
    message: str, cannot: str, offer: str,
) -> None:
    [request] = looked(message).requests
    assert request.intent is Intent.UNCLEAR
    question = request.question or ""
    assert question.startswith("I can't ") and cannot in question.split(" from here")[0]
    assert "nothing was done" in question and f"say “{offer}" in question


STILL_ASKED = [("send me a quiz", Intent.QUIZ), ("make a 5 question quiz for my students",
                                                 Intent.QUIZ),
               ("give me flashcards for my kids", Intent.FLASHCARDS),
               ("check it against my editor's brief", Intent.CHECK),
               ("I posted it, now make a quiz", Intent.QUIZ),
               ("check it before I post it online", Intent.CHECK),
               ("could u check it against the brief my editor emailed me", Intent.CHECK)]


@pytest.mark.parametrize(("message", "intent"), STILL_ASKED)
def test_a_tool_asked_with_the_apps_own_verb_still_runs(message: str, intent: Intent) -> None:
    assert intent in [r.intent for r in looked(message).requests]


TOLD = ["I made a quiz from it yesterday", "we checked the post last week",
        "I wrote a new post about Lisbon last year",
        "I split my old post into three parts yesterday",
        "i already shared the flashcards with my class",
        "we shared it on instagram yesterday"]


@pytest.mark.parametrize("message", TOLD)
def test_what_the_person_did_asks_nothing(message: str) -> None:
    assert looked(message).requests == ()


@pytest.mark.parametrize("profile", ["small", "capable"])
async def test_mailing_a_quiz_makes_none_and_says_what_it_can(
    profile: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", profile)
    chat = Chat(app=True)
    await saved(chat, KERALA)
    reply = await chat.say("mail the quiz to my students")
    assert reply.startswith("I can't send emails or messages from here, so nothing was done.")
    assert "make a quiz" in reply and chat.model.requests == []


# --- a unit the post counts in, named with a new value (blogger.kind_targets) -------------

HIKE = ("# Packing for the Hike\n\n"
        "My bag weighed 4 kilos with 2 litres of water in it.\n\n"
        "It was 30 degrees at noon, so we rested under the pines.\n\n"
        "There were 12 of us in the group and we walked 18 miles.\n")

BY_ITS_UNIT = [
    ("set the kilos to four", "4 kilos", "four kilos"),
    ("change the degrees to 28", "30 degrees", "28 degrees"),
    ("the degrees are wrong, it should be 32", "30 degrees", "32 degrees"),
    ("pls make the litres 3, my mistake", "2 litres", "3 litres"),
    ("can you update the miles to 21", "18 miles", "21 miles"),
    ("make the headcount 14", "12", "14"),
]


@pytest.mark.parametrize(("message", "old", "new"), BY_ITS_UNIT)
async def test_a_unit_named_with_a_new_value_is_the_posts_count_of_it(
    message: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    reply = await chat.say(message)
    assert f"change “{old}” to “{new}”?" in reply
    assert chat.model.requests == [] and await chat.versions() == [0]
    await chat.say("yes")
    assert new in (await chat.post() or "")


def test_a_unit_only_talked_about_asks_nothing() -> None:
    for message in ("the kilos were heavy on the way up", "30 degrees felt like 40",
                    "the kilos should feel lighter on the way down, every step needs a "
                    "second look"):
        reading = read_message(message, post=HIKE).reading
        assert second_look(message, reading, HIKE) == reading


# --- "that sentence" just after an edit (blogger.reading_edits) ----------------------------

THAT_SENTENCE = ["delete that sentence", "take that sentence out", "get rid of that line pls",
                 "pls remove this sentence again", "can you drop that sentence please",
                 "delete the sentence you just edited", "cut the one you just changed",
                 "remove the line you just fixed", "get rid of the bit you just edited pls"]


@pytest.mark.parametrize("message", THAT_SENTENCE)
async def test_that_sentence_just_after_an_edit_is_the_one_it_changed(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    await chat.say("change 'rested under the pines' to 'sat in the shade'")
    reply = await chat.say(message)
    assert reply.startswith('Done: removed "It was 30 degrees at noon, so we sat in the shade."')
    post = await chat.post() or ""
    assert "30 degrees" not in post and "4 kilos" in post and "12 of us" in post


@pytest.mark.parametrize("message", THAT_SENTENCE[:3] + THAT_SENTENCE[-3:])
async def test_that_sentence_with_no_edit_before_takes_nothing_out(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    await chat.say(message)
    assert await chat.versions() == [0]


# --- new words for a part of the post, on a small model ------------------------------------

NEW_WORDS = ["write me a new intro", "make the ending punchier",
             "could u rewrite the second paragraph so it flows better",
             "pls compose a closing line for it", "spice up the intro a bit",
             "i need a fresh opening sentence, can you do one", "make the conclusion stronger"]


@pytest.mark.parametrize("message", NEW_WORDS)
async def test_new_words_for_a_part_are_said_to_be_beyond_a_small_model(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    reply = await chat.say(message)
    assert reply.startswith("I can't write new text for the post") and "Closest" not in reply
    assert "change “old words” to “new words”" in reply
    assert chat.model.requests == [] and await chat.versions() == [0]


async def test_new_words_for_a_part_go_to_a_capable_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "capable")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    chat.model.add("Here is a new intro for you to try.")
    await chat.say("write me a new intro")
    assert chat.model.requests != []


@pytest.mark.parametrize("message", ["I love the ending", "the intro is a bit long isnt it",
                                     "should I make the ending longer?",
                                     "thanks, the new intro reads well",
                                     "change 'rested' to 'sat' in the intro",
                                     "move the recipe section to the top",
                                     "put the ending before the list",
                                     "can you delete everything after the second section"])
def test_a_part_talked_about_or_given_words_is_no_request_for_new_ones(message: str) -> None:
    [*requests] = looked(message).requests
    assert all(r.slots.get("writes") is None for r in requests)


@pytest.mark.parametrize("message", [
    "my tomatoes are doing great this year", "next month I need to fix the fence",
    "this time it should be less salty, I think", "that day was wrong in every way lol",
    "last year I had to change 3 tyres"])
def test_a_time_said_in_passing_names_no_kind_to_change(message: str) -> None:
    reading = read_message(message, post=KERALA).reading
    assert second_look(message, reading, KERALA) == reading


@pytest.mark.parametrize(("message", "old", "new"), [
    ("update the weight to 5 kilos", "4 kilos", "5 kilos"),
    ("set the temperature to 25 degrees", "30 degrees", "25 degrees"),
    ("the length should be 20 miles", "18 miles", "20 miles")])
async def test_a_kind_given_a_unit_offers_only_the_posts_values_in_it(
    message: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    reply = await chat.say(message)
    assert f"change “{old}” to “{new}”?" in reply



@pytest.mark.parametrize("message", [
    "can u put a title on it, something like Flat Loaf Diaries",
    "give the intro a heading, maybe Why I Bake",
    "the title could be something like Bread And Patience",
])
async def test_words_given_as_a_name_are_never_told_they_need_writing(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The person gave the words: whatever the reader makes of them, the reply never says
    # the app would have to write new text.
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, HIKE)
    reply = await chat.say(message)
    assert "I can't write new text" not in reply

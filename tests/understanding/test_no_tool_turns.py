"""Turns in which no tool runs, on a small model: code answers what the model cannot, and the
model's words pass a guard (chat37).

Classes, each with messages written for this test (none is a message that failed elsewhere):
thanks, praise and goodbyes in slang or regional words; the model echoing the message;
apologies and promises for a confusion that never happened; a "can't" for what the app can
do; a change asked of a thing the post names, with nothing code can write or place.
"""

from __future__ import annotations

from datetime import date as Date

import pytest
from chat_turns import shown_reply
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from blogger.agent import build_app
from blogger.replies import PROSE_FALLBACK
from blogger.unplaced import ask_where
from draftguard.prose_guard import ProseGuard, false_sentences
from draftguard.understanding._courtesy import Courtesy, courtesy
from event_planning.agent import build_app as build_planner

POST = ("# Paddling the estuary\n\nWe launched from the slipway at Topsham at nine, just after "
        "high tide. The first bridge was low, so we ducked under it and laughed. Mum packed a "
        "flask of soup and a flask of coffee for the way back. A seal followed us for a mile "
        "past the second bridge. We got back to the slipway at two, soaked and happy. Next "
        "time I will bring dry gloves.\n")


# --- thanks, praise and goodbyes in other words ---------------------------------------------

@pytest.mark.parametrize(("message", "kind"), [
    ("ace, ta very much", Courtesy.THANKS),
    ("magic stuff, thanking you", Courtesy.THANKS),
    ("wicked, laters", Courtesy.FAREWELL),
    ("much obliged, I'm off now", Courtesy.THANKS),
    ("cheers bud, sorted", Courtesy.THANKS),
    ("brill thx luv", Courtesy.THANKS),
    ("gracias amigo, catch ya", Courtesy.ACKNOWLEDGEMENT),  # "ya" heard as "yeah"
    ("well done you, cheerio", Courtesy.THANKS),
    ("class job, ta", Courtesy.THANKS),
])
def test_slang_thanks_praise_and_goodbyes_are_courtesies(message: str, kind: Courtesy) -> None:
    assert courtesy(message) is kind


@pytest.mark.parametrize("message", [
    "it's chucking it down here today",
    "I'm knackered after work tbh",
    "how are you doing today?",
    "cheers, now undo it",
    "nice, but the title is wrong",
    "thanks, that's wrong",
    "ta, is the ending too long?",
    "the flask should be bigger",
])
def test_a_message_saying_more_than_slang_thanks_is_no_courtesy(message: str) -> None:
    assert courtesy(message) is None


# --- the small model's words ---------------------------------------------------------------

def _kept(message: str, reply: str) -> list[str]:
    return [s.strip() for s, bad in false_sentences(message, reply) if not bad and s.strip()]


@pytest.mark.parametrize(("message", "reply", "kept"), [
    # the message said back first
    ("sound as a pound mate", "Sound as a pound, mate! Have a lovely evening.",
     ["Have a lovely evening."]),
    ("much obliged, I'm off now", "I'm off now. Enjoy the rest of your day.",
     ["Enjoy the rest of your day."]),
    # an apology or a promise for a confusion that never happened
    ("top job pal", "Apologies for any mix-up earlier. Glad it helped!", ["Glad it helped!"]),
    ("ace", "I'm sorry if my last reply was confusing, I will be more careful from now on.",
     []),
    # a "can't", and an offer, from a model that does not know what the app can do
    ("can the slipway bit go?", "I'm afraid that is not possible for me to do.", []),
    ("alter the heading", "I am unable to modify titles. I'd be happy to help with grammar.",
     []),
    ("hi", "Unfortunately I don't have the ability to edit posts.", []),
    # what stays: sympathy, an answer, a goodbye
    ("it's chucking it down here today", "Sorry to hear that! Stay dry out there.",
     ["Sorry to hear that!", "Stay dry out there."]),
    ("what wine goes with lasagne?", "A red wine such as Chianti goes well with lasagne.",
     ["A red wine such as Chianti goes well with lasagne."]),
    ("is it rude to skip the toast at a wedding?", "No, it's not rude to skip the toast at a "
     "wedding.", ["No, it's not rude to skip the toast at a wedding."]),
])
def test_the_guard_drops_what_a_small_model_may_not_say(message: str, reply: str,
                                                        kept: list[str]) -> None:
    assert _kept(message, reply) == kept


def test_a_post_retold_with_a_fact_changed_is_no_answer_to_thanks() -> None:
    retold = ("Glad you like it! Mum packed a flask of soup for the way back. A seal "
              "followed us for a mile past the first bridge.")
    kept = [s.strip() for s, bad in false_sentences("nice, cheers pal", retold, earlier=[POST])
            if not bad and s.strip()]
    assert kept == ["Glad you like it!"]


def test_lines_without_a_full_stop_are_kept_whole() -> None:
    guard = ProseGuard("any tips for a first paddle?", fallback="Right.")
    guard.feed("Some tips:\n- wear a buoyancy aid\n- check the tide")
    assert guard.flush() == "Some tips:\n- wear a buoyancy aid\n- check the tide"


def test_a_reply_with_nothing_true_left_is_the_fallback() -> None:
    guard = ProseGuard("make the bridge lower", fallback="Right.")
    assert guard.feed("I can't help you with that. ") == ""
    assert guard.feed("Sorry for the confusion.") == ""
    assert guard.flush() == "Right."


async def _blogger(model: ScriptedLlm) -> tuple[InMemoryRunner, str]:
    runner = InMemoryRunner(app=build_app(model))
    sid = (await runner.session_service.create_session(app_name="blogger", user_id="u")).id
    await shown_reply(runner, sid, "here is my post:\n" + POST)
    return runner, sid


async def test_the_small_blogger_shows_no_echo_apology_or_cant() -> None:
    model = ScriptedLlm(["it's raining cats and dogs. I apologize for the confusion. I can't "
                         "change the content of a post. Hope it clears up soon!"],
                        model="local:smollm2")
    runner, sid = await _blogger(model)
    shown = await shown_reply(runner, sid, "it's raining cats and dogs")
    assert shown == "Hope it clears up soon!"


async def test_the_small_blogger_does_not_retell_the_post() -> None:
    model = ScriptedLlm(["Happy to hear it. We launched from the slipway at Topsham at nine, "
                         "just after high tide."], model="local:smollm2")
    runner, sid = await _blogger(model)
    assert await shown_reply(runner, sid, "estuaries are lovely in spring") == "Happy to hear it."


async def test_the_small_blogger_says_its_line_when_nothing_is_left() -> None:
    model = ScriptedLlm(["I'm sorry, I cannot do that."], model="local:smollm2")
    runner, sid = await _blogger(model)
    assert await shown_reply(runner, sid, "my dog just ate my sandwich lol") == PROSE_FALLBACK


async def test_a_capable_model_keeps_its_words() -> None:
    words = "I can't see the weather from here, sorry for the confusion."
    model = ScriptedLlm([words])  # a remote model: capable
    runner, sid = await _blogger(model)
    assert await shown_reply(runner, sid, "it's raining cats and dogs") == words


async def test_the_small_planner_shows_no_echo_or_cant() -> None:
    model = ScriptedLlm(["how are things? I am unable to chat. Things are fine here, thanks!"],
                        model="local:smollm2")
    runner = InMemoryRunner(app=build_planner(model, today=lambda: Date(2026, 11, 24)))
    sid = (await runner.session_service.create_session(app_name="event_planning",
                                                       user_id="u")).id
    assert await shown_reply(runner, sid, "how are things?") == "Things are fine here, thanks!"


# --- a change of a thing the post names, that code cannot place ------------------------------

@pytest.mark.parametrize(("message", "places"), [
    ("make the bridge lower", ["The first bridge was low", "past the second bridge."]),
    ("the flask should be bigger", ["packed a flask of soup", "a flask of coffee"]),
    ("can u shift the slipway to Exmouth", ["from the slipway at Topsham",
                                            "back to the slipway at two"]),
])
def test_a_thing_named_twice_is_asked_about_quoting_both(message: str,
                                                        places: list[str]) -> None:
    asked = ask_where(message, POST)
    assert asked is not None and asked.startswith("Which “") and asked.count("?") == 1
    assert all(p in asked for p in places)


@pytest.mark.parametrize(("message", "place"), [
    ("sort out the soup thing", "flask of soup"),
    ("fix the seal bit pls", "A seal followed us"),
    ("the gloves want to be warmer ones", "bring dry gloves."),
])
def test_a_thing_named_once_asks_for_the_words(message: str, place: str) -> None:
    asked = ask_where(message, POST)
    assert asked is not None and asked.startswith("What should “") and place in asked


@pytest.mark.parametrize("message", [
    "do seals bite?", "who invented the kayak?", "the seal was so cute", "I should buy gloves",
    "my dog just ate my sandwich lol", "are you able to alter the headline?",
])
def test_no_question_for_what_asks_no_change_of_the_post(message: str) -> None:
    assert ask_where(message, POST) is None


async def test_the_small_blogger_asks_where_without_the_model() -> None:
    model = ScriptedLlm([], model="local:smollm2")  # any model call fails the test
    runner, sid = await _blogger(model)
    shown = await shown_reply(runner, sid, "make the bridge lower")
    assert shown.startswith("Which “bridge” do you mean") and "second bridge" in shown
    shown = await shown_reply(runner, sid, "fix the seal bit pls")
    assert shown.startswith("What should “A seal followed us")
    assert not model.requests

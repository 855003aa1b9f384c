"""A question about what the post says is answered by code, quoting the post: on the small
model no sentence of the model's own reaches the author for it, and what is quoted is the
post's, word for word. A question the post does not clearly answer stays the model's."""

from __future__ import annotations

import pytest
from chat_turns import blogger_chat, shown_reply
from scripted_llm import ScriptedLlm

from blogger.answers import answer_from_post

POST = """# Keeping Bees on a Roof

We put two hives on the flat roof of the bakery in April, facing east towards the river.

The first summer gave us eleven jars of a pale honey that tasted of lime blossom.

A neighbour worried about stings, so we planted a hedge of lavender along the edge.
"""


@pytest.mark.parametrize(("question", "sentence"), [
    ("sorry, remind me, which way did the hives face?", "facing east towards the river"),
    ("how many jars did we get that first summer?", "eleven jars"),
    ("what did the honey taste of again", "lime blossom"),
    ("did I say why we planted the lavender?", "worried about stings"),
    ("wait, where are the hives exactly? on the roof of what?", "roof of the bakery"),
])
def test_a_question_about_the_post_is_answered_with_its_own_sentence(
        question: str, sentence: str) -> None:
    answer = answer_from_post(question, POST)
    assert answer is not None and sentence in answer
    quoted = answer.split("“", 1)[1].rstrip("”")
    assert quoted in " ".join(POST.split())


@pytest.mark.parametrize("message", [
    "what do you think of it?",
    "how do you make mead at home?",
    "who was the first beekeeper in history?",
    "thanks, that's lovely",
    "the bees are doing well this year",
])
def test_what_the_post_does_not_clearly_answer_is_not_quoted(message: str) -> None:
    assert answer_from_post(message, POST) is None


async def test_the_small_model_app_answers_from_the_post_without_the_model() -> None:
    model = ScriptedLlm([], model="local:smollm2")  # any model call fails the test
    runner, sid = await blogger_chat(model)
    await shown_reply(runner, sid, "here is my post:\n\n" + POST)
    shown = await shown_reply(
        runner, sid, "quick q - how many jars of honey did the first summer give?")
    assert "eleven jars" in shown
    assert not model.requests


@pytest.mark.parametrize("message", [
    "hmm, which way did the hives face? just checking what I wrote",
    "just checking: how many jars did the first summer give?",
    "just wondering what the honey tasted of",
])
def test_saying_one_is_just_checking_asks_for_no_check(message: str) -> None:
    from blogger.reading import read_message
    from draftguard.understanding import Intent, Memory

    read = read_message(message, post=POST, memory=Memory())
    assert Intent.CHECK not in [r.intent for r in read.reading.requests]
    assert answer_from_post(message, POST) is not None


def test_a_check_asked_after_just_checking_is_still_a_check() -> None:
    from blogger.reading import read_message
    from draftguard.understanding import Intent, Memory

    read = read_message("just checking, is it ok as a guide for kids?", post=POST,
                        memory=Memory())
    assert [(r.intent, r.slots.get("goal")) for r in read.reading.requests] == [
        (Intent.CHECK, "a guide for kids")]

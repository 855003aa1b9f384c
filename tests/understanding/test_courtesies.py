"""A message that only thanks, greets, says goodbye or acknowledges is answered by code on a
small model, at once; one that says anything more still goes where it went."""

from __future__ import annotations

import pytest
from chat_turns import blogger_chat, shown_reply
from scripted_llm import ScriptedLlm

from draftguard.understanding._courtesy import Courtesy, courtesy
from draftguard_adk.llm._chat_format import final_response


@pytest.mark.parametrize(("message", "kind"), [
    ("many thanks!", Courtesy.THANKS),
    ("ta muchly 🙏", Courtesy.THANKS),
    ("that's brilliant, thank you", Courtesy.THANKS),
    ("Thank you so much, is perfect now.", Courtesy.THANKS),
    ("hi!", Courtesy.GREETING),
    ("good afternoon", Courtesy.GREETING),
    ("ok, bye", Courtesy.FAREWELL),
    ("see ya", Courtesy.FAREWELL),
    ("okay", Courtesy.ACKNOWLEDGEMENT),
    ("sounds great", Courtesy.ACKNOWLEDGEMENT),
])
def test_a_courtesy_is_read_as_its_kind(message: str, kind: Courtesy) -> None:
    assert courtesy(message) is kind

@pytest.mark.parametrize("message", [
    "thanks! but is the second paragraph too long?",
    "cheers, now make it five flashcards",
    "ok, what did I change so far?",
    "hello, can you find me pizza for two",
    "thank you, my editor will love it when she reads it tomorrow morning before work",
    "I baked the bread again on Sunday",
    "the ending feels rushed",
    "yes",
    "the second one",
])
def test_a_message_that_says_more_is_no_courtesy(message: str) -> None:
    assert courtesy(message) is None


async def test_the_small_model_blogger_answers_thanks_and_hello_without_the_model() -> None:
    model = ScriptedLlm([], model="local:smollm2")  # any model call fails the test
    runner, sid = await blogger_chat(model)
    assert (await shown_reply(runner, sid, "hiya")).startswith("Hello! Paste a post")
    assert await shown_reply(runner, sid, "many thanks!") == "You're welcome."
    assert not model.requests

def test_an_answer_in_words_cut_by_its_budget_loses_its_unfinished_sentence() -> None:
    cut = final_response("Glad it helped. If you want more, just as", tool_mode=False,
                         finish="length", usage={}, model="m")
    done = final_response("Glad it helped. Bye", tool_mode=False, finish="stop", usage={},
                          model="m")
    assert cut.content is not None and done.content is not None
    assert [p.text for p in cut.content.parts or []] == ["Glad it helped."]
    assert [p.text for p in done.content.parts or []] == ["Glad it helped. Bye"]

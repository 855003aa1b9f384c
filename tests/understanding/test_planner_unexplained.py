"""A planner request that would act while part of the message is left unexplained by the
reading asks first, naming those words and what it would do otherwise (new phrasings, never
the held-out batches')."""

from __future__ import annotations

import pytest
from chat_turns import planner_chat, text_of, turn
from scripted_llm import ScriptedLlm
from test_planner_chat import SMALL, TUESDAY
from test_planner_meaning import _read

from draftguard.language import language_installed
from event_planning.conversation import new_conversation

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")


@pytest.mark.parametrize(("said", "words", "plan"), [
    ("mexican in fishtown for 4, somewhere the waiters wear funny hats",
     "the waiters wear funny hats", "search Mexican in Fishtown for 4"),
    ("a kitschy place for italian in old city, 3 ppl", "kitschy", "Italian in Old City"),
    ("pho in chinatown for 3, we'd love a table by the fireplace",
     "a table by the fireplace", "search Vietnamese in Chinatown for 3"),
])
def test_a_search_with_words_nobody_read_asks_naming_them(said: str, words: str,
                                                           plan: str) -> None:
    [request] = new_conversation("2026-11-24").read(said).requests
    assert request.question is not None and words in request.question
    assert plan in request.question and request.candidates  # what a "yes" would do


@pytest.mark.parametrize("said", [
    "italian in fishtown for 4", "cheap tacos in south philly, 6 of us",
    "somewhere with outdoor seating in old city", "byob thai in queen village for 2",
    "clam chowder and crab cakes in old city, table for two",  # a dish's rare words
])
def test_a_search_read_whole_acts_without_a_question(said: str) -> None:
    [(intent, _, asked)] = _read(said)
    assert intent == "search" and not asked


async def test_the_person_hears_the_question_and_nothing_is_searched() -> None:
    # a small model: code's question is the reply (a capable one is handed the question)
    runner, sid = await planner_chat(ScriptedLlm([], model=SMALL), today=TUESDAY)
    text = text_of(await turn(runner, sid,
                            "mexican in fishtown for 4, somewhere the waiters wear funny hats"))
    assert "what do you mean by" in text and "funny hats" in text
    assert "1." not in text  # no results listed


async def test_a_clause_that_states_no_preference_asks_nothing() -> None:
    # "any food will do" narrows nothing: the search runs without the cuisine taken back
    runner, sid = await planner_chat(ScriptedLlm([], model=SMALL), today=TUESDAY)
    await turn(runner, sid, "cheap thai in fishtown for 4")
    text = text_of(await turn(runner, sid, "drop the thai, whatever food is fine"))
    assert "what do you mean" not in text
    assert "Fishtown" in text and "Thai" not in text.splitlines()[0]

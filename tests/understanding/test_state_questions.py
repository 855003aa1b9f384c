"""The core gate for short questions about where things stand
(`draftguard.understanding.state_questions`), with an app's examples of its own: the topic
by meaning, only for a message that asks, wants nothing done and names what it asks about.
Both apps read through it (`test_state_answers.py`, `test_planner_state_answers.py`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from draftguard.language import ExemplarIndex, language_installed
from draftguard.understanding.state_questions import asked_topic, one_sentence, told_done

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

GARDEN = ExemplarIndex({
    "watered": ("did you water the plants", "were the plants watered", "has it been watered"),
    "planted": ("what is planted in the bed", "which flowers are in the bed now"),
    "other": ("water the plants", "plant some roses", "what should I plant",
              "why do roses need sun", "can you water them"),
})


def _named(topic: str, tokens: Sequence[Any]) -> bool:
    return topic != "watered" or told_done(tokens)


@pytest.mark.parametrize(("message", "topic", "yes_no"), [
    ("did u water the plants today?", "watered", True),
    ("were the tomato plants watered", "watered", True),
    ("which flowers are growing in the bed right now?", "planted", False),
])
def test_a_short_question_is_read_as_its_topic(message: str, topic: str, yes_no: bool) -> None:
    assert asked_topic(message, GARDEN, other="other", names=_named) == (topic, yes_no)


@pytest.mark.parametrize("message", [
    "water the plants please",  # a request in the imperative
    "could you water the plants?",  # a modal: something wanted done
    "why were the plants watered?",  # asks why
    "do you water the plants?",  # no act told as done: `names` says no
    "were the plants watered? then plant roses in the bed",  # two sentences
])
def test_a_request_a_why_or_an_unnamed_act_is_no_question(message: str) -> None:
    assert asked_topic(message, GARDEN, other="other", names=_named) is None


def test_one_sentence_counts_sentence_ends() -> None:
    assert one_sentence("is it saved?") and not one_sentence("is it saved. great, cut it")


@given(st.text(alphabet="ab .!?;,'\n\t\u00a0", max_size=14))
def test_one_sentence_splits_where_the_obvious_pattern_does(text: str) -> None:
    # the slow, obvious reference: split at a run of marks before whitespace or the end
    parts = [p for p in re.split(r"[.!?;]+(?=\s|$)", text) if p.strip()]
    assert one_sentence(text) == (len(parts) <= 1)

"""Cards and questions about a text's actors (issue 24, round 7): a card says what the text
says of its front alone, a card's back never ends on the blank of its own front, and a quiz
asks who did what with other people of the text as the wrong options. Every passage here was
written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

KITE = """# The kite festival

Oliver Brandt and his cousin Maren were eleven and nine the spring they entered the kite
festival at Whitby. Oliver built the frame from split bamboo. His neighbour, Mrs Haldane,
lent them a roll of red silk. Maren painted a dragon on the silk with poster paint. The
judge, Colonel Ashby, walked along the cliff with a clipboard. On Saturday morning a gust
snapped the frame in two. Oliver mended it with tape and a wooden spoon. Their kite won
second prize, a brass compass."""

#: Each person by any name the text gives them ("Oliver", "Ashby").
PEOPLE = {"Oliver Brandt", "Oliver", "Maren", "Mrs Haldane", "Colonel Ashby", "Ashby"}


def _cards(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("flashcards", chunk_text(text, source="post"))]


def _quiz(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def test_a_card_never_says_of_one_person_what_the_text_says_of_two() -> None:
    cards = {c["front"]: c["back"] for c in _cards(KITE)}
    # "Oliver Brandt and his cousin Maren were eleven and nine": that is not Oliver's age
    assert not [b for b in cards.values() if b.startswith("Were eleven")]


def test_a_card_on_a_person_named_in_apposition_ends_on_who_they_are_not_a_blank() -> None:
    backs = [c["back"] for c in _cards(KITE)]
    assert backs and not [b for b in backs if b.rstrip(".").endswith("___")]
    assert not [b for b in backs if b.startswith("___")]


def test_who_did_it_offers_other_people_of_the_text() -> None:
    asked = {q["question"]: q for q in _quiz(KITE)}
    assert asked["Who built the frame from split bamboo?"]["correct_answer"] == "Oliver"
    assert asked["Who lent them a roll of red silk?"]["correct_answer"] == "Mrs Haldane"
    who = [q for q in asked.values() if q["question"].startswith("Who ")]
    assert len(who) >= 4
    for q in who:
        assert q["correct_answer"] in PEOPLE
        assert set(q["options"]) - {q["correct_answer"]} <= PEOPLE, q  # people, never things

"""Card backs that keep their sentence's words, speakers who are no terms, and hedges a card
must keep (issue 24, round 13), by class. Every passage here was written for these tests,
in words unlike the misses that showed each class ("It had a bell that would not ring ago",
a "KEEPER:" as a front, "Some ..." said of them all)."""

from __future__ import annotations

from typing import Any

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

HARBOUR = """# The river town

Long ago the quarry supplied stone for the cathedral. Much earlier, the harbour wall was
built of timber. Far out at sea, the whales feed on krill every summer. Just after midnight
the lighthouse keeper climbed the tower. Then the ferry stopped running for a whole
winter."""

INQUEST = """# At the inquest

JUDGE: Where were you on the night of the fire? WITNESS: I was at the signal box until
midnight. JUDGE: Did you see the lamp? WITNESS: The lamp was out when the goods train
passed.

Anna: We should plant the beans before Easter. Tom: The soil is still too cold for beans.
Anna: Then we will sow them in pots on the windowsill."""

PHONE_IN = """# The gardening phone-in

Presenter: Our next caller grows onions. Caller: My onions rot every winter in the clay
soil. Gardener: Clay soil holds water, so the bulbs sit wet for weeks.

INTERVIEWER: When did you first keep bees? MRS DALE: I kept my first hive in 1961, when my
father gave me a swarm. INTERVIEWER: What did the bees teach you? MRS DALE: Patience,
mostly. A hive punishes a hurried keeper."""

GLOSSARY = """# Garden words

Compost: decomposed organic matter that feeds the soil. Mulch is a layer of bark or straw
spread over the soil. Gardeners spread mulch in spring to keep moisture in the ground."""

BIRDS = """# Garden birds

Some finches visit the feeder only in winter. Several robins nest in the ivy by the shed.
Many sparrows bathe in the dust of the path. No thrush in our garden eats seed from the
table. Each blackbird defends a small patch of lawn. The wren is one of the smallest birds
in Britain."""

BATS = """# Bats of the valley

Some bats eat fruit rather than insects. No bat in this valley drinks blood. Few bats live
longer than twenty years. The pipistrelle is the smallest bat in Britain. Pipistrelles
catch midges over the river at dusk."""


def _cards(text: str) -> dict[str, str]:
    cards = build_candidates("flashcards", chunk_text(text, source="post"))
    return {c.item["front"]: c.item["back"] for c in cards}


def _questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def _labels(text: str) -> list[str]:
    out: list[str] = []
    for c in build_candidates("mindmap", chunk_text(text, source="post")):
        stack = [c.item]
        while stack:
            node = stack.pop()
            out.append(node["label"])
            stack += node.get("children", [])
    return out


@pytest.mark.parametrize(("front", "phrase"), [
    ("quarry", "long ago"),
    ("harbour wall", "much earlier"),
    ("whales", "far out at sea"),
    ("lighthouse keeper", "just after midnight"),
])
def test_a_back_keeps_the_whole_phrase_that_opens_its_sentence(front: str, phrase: str) -> None:
    # "Long ago" lost its "Long" and the back said "... ago"
    assert phrase in _cards(HARBOUR)[front].casefold()


def test_a_lone_linking_word_still_leaves_the_back() -> None:
    assert _cards(HARBOUR)["ferry"] == "It stopped running for a whole winter."


@pytest.mark.parametrize("text", [INQUEST, PHONE_IN])
def test_a_speaker_label_is_no_term_back_answer_or_label(text: str) -> None:
    speakers = {"judge", "witness", "anna", "tom", "presenter", "caller", "gardener",
                "interviewer", "mrs dale"}
    cards = _cards(text)
    said = [*cards, *cards.values(), *_labels(text)]
    for q in _questions(text):
        said += [q["correct_answer"], *q["options"]]
        # a cloze quotes what was said, not who said it; a question leaves the speaker out
        assert not any(q["question"].casefold().rstrip("?").endswith(" " + s) for s in speakers)
        assert not any(f'"{s}:' in q["question"].casefold() for s in speakers)
    for text_said in said:
        assert text_said.casefold().rstrip(".:") not in speakers
        assert not any(text_said.casefold().endswith(" " + s + ".") for s in speakers)


def test_what_a_speaker_says_is_still_asked_about() -> None:
    answers = {q["correct_answer"] for q in _questions(PHONE_IN)}
    assert {"onions", "clay soil", "1961"} <= answers


def test_a_glossary_entry_before_a_colon_stays_a_term() -> None:
    assert _cards(GLOSSARY)["Compost"] == "Decomposed organic matter that feeds the soil."


@pytest.mark.parametrize(("text", "noun"), [
    (BIRDS, "finches"), (BIRDS, "robins"), (BIRDS, "thrush"), (BATS, "bats"), (BATS, "bat"),
])
def test_a_card_never_drops_a_hedge_or_a_denial(text: str, noun: str) -> None:
    # "Some finches visit ..." is no "finches: They visit ..."; "No thrush ... eats seed" is
    # never "thrush: It eats seed ..."
    cards = _cards(text)
    assert noun not in cards
    assert all(noun not in front.split() or front.split()[0][:1].isupper()
               for front in cards)


@pytest.mark.parametrize("text", [BIRDS, BATS])
def test_no_question_asks_what_a_denied_subject_does(text: str) -> None:
    for q in _questions(text):
        assert not q["question"].casefold().startswith(("what does no ", "what do no "))
        assert "eats seed" not in q["correct_answer"] and "drink" not in q["correct_answer"]


def test_each_one_keeps_its_card() -> None:
    assert _cards(BIRDS)["blackbird"] == "It defends a small patch of lawn."

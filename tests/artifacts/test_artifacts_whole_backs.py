"""Card backs that keep their sentence's words, speakers who are no terms, and hedges a card
must keep (issue 24, round 13), by class. Every passage here was written for these tests,
in words unlike the misses that showed each class ("It had a bell that would not ring ago",
a "KEEPER:" as a front, "Some ..." said of them all)."""

from __future__ import annotations

import re
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


AUCTION = """# Weekends at the auction

Once the bidding starts, keep your hands still. When the gavel falls, the lot is sold. A
trawler named the Kestrel brought the fish to the quay at dawn. The auction house has one
owner, three hundred members and dozens of staff. The cattle ring is a hall. A moment later
a sharp 'yip' came from the pens."""

ESTUARY = """# Around the estuary

A colony of terns has one leader, several hundred adults and dozens of chicks. The salt
marsh holds a plant called samphire beside the creek. A mudflat is a habitat. Once the tide
turns, walk back to the sea wall. The fishermen sold a catch called the morning haul at the
quay."""

MARKET = """# Market day

On Saturdays Grandpa Elias drove his green van to the market in Harlow Square, and Nina
always went with him. They sold apples from his orchard."""

NIGHT = """# The night walk

Priya heard it first: a low, rumbling growl. A moment later a sharp 'yip' came from the
hedge. The fox, a thin vixen with a grey muzzle, crossed the lane. For the string he used
manja, thread coated with rice paste."""


@pytest.mark.parametrize("text", [AUCTION, ESTUARY, MARKET, NIGHT, HARBOUR])
def test_no_back_ends_on_a_stray_word(text: str) -> None:
    # "... in Harlow Square on." (the parse took "On"'s object into the subject), "... feed
    # weekly with a tomato fertiliser once." (the subject's clause hung on an order)
    for back in _cards(text).values():
        assert not re.search(r"\b(on|in|at|once|when|if|as)\.$", back), back


def test_a_preposition_s_object_taken_into_the_subject_is_given_back() -> None:
    assert _cards(MARKET)["Grandpa Elias"].endswith("in Harlow Square on Saturdays.")


@pytest.mark.parametrize(("text", "front", "back"), [
    (AUCTION, "Kestrel", "A trawler."),  # not "A trawler to the quay at dawn."
    (ESTUARY, "samphire", None),  # "A plant." names a kind and says nothing of it
    (ESTUARY, "mudflat", None),
    (AUCTION, "owner", None),  # "one owner, three hundred members and ...": a list of counts
    (ESTUARY, "leader", None),
])
def test_a_definition_says_what_the_term_is(text: str, front: str, back: str | None) -> None:
    assert _cards(text).get(front) == back


@pytest.mark.parametrize("text", [AUCTION, NIGHT])
def test_no_term_or_answer_is_a_piece_of_a_phrase(text: str) -> None:
    said = list(_cards(text))
    for q in _questions(text):
        said += [q["correct_answer"], *q["options"]]
    for piece in said:
        assert piece.count("'") % 2 == 0 or piece.endswith("'s"), piece  # "sharp 'yip"
        assert "manja, thread" not in piece

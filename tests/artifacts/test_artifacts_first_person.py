"""Terms that keep their hyphenated modifiers whole, and cards from posts written in the
first person (issue 24, round 14), by class. Every passage here was written for these
tests, in words unlike the misses that showed each class ("speed Sturmey-Archer hub", a
bike post that gave 4 cards of 8)."""

from __future__ import annotations

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

WORKSHOP = """# The old workshop

The two-storey brick workshop stood behind the mill for a century. A well-known
18th-century clockmaker built the first lathe there. His hand-forged iron tools still hang
on the back wall. The four-wheeled delivery cart was sold in 1950. A first-class
stone-mason repaired the chimney last year."""

QUILT = """# My first quilt

I cut the squares from my grandmother's old cotton dresses. We pinned the three layers
together on the living-room floor. I washed the finished quilt in cold water with a little
wool soap. My sister chose the dark green binding. We gave the quilt to my nephew for his
seventh birthday."""

CAMPING = """# A wet weekend in the hills

We pitched the tent beside a small stream below the ridge. I cooked the porridge on a
borrowed gas stove every morning. The rain started on Saturday night and never stopped.
We dried our socks over the car heater on the drive home. I bought the waterproof map case
at a camping shop in Keswick."""

BREAD = """# Learning to bake sourdough

Every evening I fed the starter with rye flour and warm water. The first loaf was flat and
sour. I baked the second loaf in a cast-iron pot with the lid on. My neighbour lent me a
wicker proving basket for the third attempt. The crust finally came out dark and
crackling."""


def _cards(text: str) -> dict[str, str]:
    cards = build_candidates("flashcards", chunk_text(text, source="post"))
    return {c.item["front"]: c.item["back"] for c in cards}


@pytest.mark.parametrize("whole", ["two-storey brick workshop", "well-known 18th-century",
                                   "hand-forged iron tools", "four-wheeled delivery cart",
                                   "first-class stone-mason"])
def test_a_term_keeps_its_hyphenated_modifier_whole(whole: str) -> None:
    said = [*_cards(WORKSHOP), *(c.item["correct_answer"] for c in build_candidates(
        "quiz", chunk_text(WORKSHOP, source="post")))]
    assert not any(t.startswith(("storey", "known", "century", "forged", "wheeled", "class"))
                   for t in said), said
    assert any(whole in t for t in said), said


@pytest.mark.parametrize(("text", "front", "deed"), [
    (QUILT, "finished quilt", "What I washed in cold water with a little wool soap."),
    (CAMPING, "tent", "What we pitched beside a small stream below the ridge."),
    (CAMPING, "porridge", "What I cooked on a borrowed gas stove every morning."),
    (CAMPING, "waterproof map case", "What I bought at a camping shop in Keswick."),
    (BREAD, "starter", "What I fed with rye flour and warm water every evening."),
])
def test_the_object_of_the_writers_own_deed_makes_a_card(text: str, front: str,
                                                        deed: str) -> None:
    cards = _cards(text)
    assert cards.get(front) == deed, cards


@pytest.mark.parametrize("text", [QUILT, CAMPING, BREAD])
def test_a_first_person_post_yields_a_card_for_most_of_its_sentences(text: str) -> None:
    cards = _cards(text)
    assert len(cards) >= 3, cards
    # the deed is the writer's: a back never turns "I" into "it" or names the writer twice
    assert not any(b.startswith(("It I", "They I")) for b in cards.values()), cards


FAMILY = """# Our family mornings

My daughter rides the old bike to school every day. My nephew hides the spare key under a
flat stone. My cousin bakes the bread for the whole street on Sundays."""


def test_a_back_in_the_singular_they_keeps_the_verb_it_was_given() -> None:
    # "They now rid it to school" once stood for "My daughter now rides it to school"
    backs = list(_cards(FAMILY).values())
    assert not any(" rid " in b for b in backs), backs
    assert any(b.startswith("They ride the old bike") for b in backs), backs

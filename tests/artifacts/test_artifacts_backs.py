"""What a learner reads on the back of a card (issue 24, round 10): a clause or a definition,
never a verb phrase that reads as an order ("runner beans: Have to be staked ..."), and never
a pronoun the text does not use for its front. Every passage here was written for these
tests."""

from __future__ import annotations

from draftguard.artifacts._candidates import build_candidates
from draftguard.language import parse
from draftguard.sources._chunking import chunk_text

ALLOTMENT = """# An allotment in June

Runner beans have to be staked as soon as they climb. The compost heap needs turning
every fortnight in warm weather. Slugs eat the young lettuce leaves at night. Greta Lind
rented the plot beside the railway in 2019. She grows rhubarb along the fence. The shed
leaks whenever the wind blows from the west."""

ORCHESTRA = """# The school orchestra

The conductor who runs the school orchestra arrived an hour early on concert day. She
tuned every violin herself before the doors opened. The cellos sat nearest the stage. A
caretaker unlocked the hall at six. Pavel Brandt always plays the only solo of the evening.
The audience stood up for the last piece."""


def _cards(text: str) -> dict[str, str]:
    cards = build_candidates("flashcards", chunk_text(text, source="post"))
    return {c.item["front"]: c.item["back"] for c in cards}


def _opens_with_a_verb(back: str) -> bool:
    first = parse(back)[0]
    return first.pos_ in {"VERB", "AUX"}


def test_a_card_back_reads_as_a_clause_not_an_order() -> None:
    cards = _cards(ALLOTMENT)
    assert cards["Runner beans"] == "They have to be staked as soon as they climb."
    assert cards["Slugs"].startswith("They eat the young lettuce leaves")
    assert not any(_opens_with_a_verb(back) for back in cards.values()), cards


def test_a_thing_is_it_and_a_person_is_the_pronoun_the_text_uses_for_them() -> None:
    cards = _cards(ALLOTMENT)
    assert cards["compost heap"].startswith("It needs turning every fortnight")
    assert cards["Greta Lind"].startswith("She rented the plot beside the railway")


def test_a_person_named_by_a_common_noun_is_never_it() -> None:
    # "The conductor who runs ...", then "She tuned ...": the conductor is a person and
    # a woman by the text's own word; "a caretaker" is never called "he" or "she", so no
    # card may guess which
    cards = _cards(ORCHESTRA)
    assert all(not back.startswith("It ") for front, back in cards.items()
               if front in {"conductor", "caretaker", "Pavel Brandt"}), cards
    conductor = next((b for f, b in cards.items() if f.endswith("conductor")), None)
    assert conductor is None or conductor.startswith("She "), cards
    assert "caretaker" not in cards or not cards["caretaker"].startswith(("He ", "She ", "It "))


def test_where_the_text_gives_no_pronoun_the_back_says_they_in_agreement() -> None:
    # Pavel Brandt is never "he" or "she" in the text: "They always play ...", not "It" and
    # not "They always plays"
    cards = _cards(ORCHESTRA)
    assert cards["Pavel Brandt"] == "They always play the only solo of the evening."

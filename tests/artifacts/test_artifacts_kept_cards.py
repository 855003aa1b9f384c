"""Cards a learner would keep, and the hedges and options they need (issue 24, round 12),
by class: a "his" or "her" ahead of its subject names it ("In her whole life, ..., a worker
bee makes ..."); a noun's apposition after words that hang on it ("gases dissolved in it,
mostly ...") but no contrast ("biscuits, never cookies", which would take the place of what
biscuits do); a bare plural verb makes "they"; a subject said of only some ("almost
every", "most") makes no card that says it of all; a cloze's wrong options are near the
answer in meaning. Every passage here was written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

HIVE = """# Inside a hive

A honey bee colony lives in a hive. In her whole life, which lasts only about six weeks, a
worker bee makes roughly a twelfth of a teaspoon of honey. The queen lays the eggs.

A pond holds gases dissolved in it, mostly oxygen and carbon dioxide. Fish breathe the
oxygen through their gills. In Britain, biscuits, never cookies, are served with tea."""

FERRY = """# The ferry crossing

Cross the harbour by the ferry, not the causeway, which floods at high tide. Almost every
delay we have recorded began in fog. Most passengers buy a return ticket. The ferry carries
forty cars."""

KILN = """# Firing a kiln

Clay pots are fired in a kiln at about a thousand degrees. Read this leaflet before you
start. The first time you fire, stay close by. Glazes melt into a thin layer of glass.
Porcelain shrinks more than earthenware in the heat. Stoneware holds water without a
glaze."""


def _cards(text: str) -> dict[str, str]:
    cards = build_candidates("flashcards", chunk_text(text, source="post"))
    return {c.item["front"]: c.item["back"] for c in cards}


def _questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def test_a_possessive_ahead_of_its_subject_names_it() -> None:
    # round 11 lost this card: "which lasts" was read as a main clause of its own, and the
    # worker bee was neither "it" nor anyone the text called "she"
    assert _cards(HIVE)["worker bee"].startswith("She makes roughly a twelfth of a teaspoon")


def test_an_apposition_after_words_on_its_noun_says_what_it_is() -> None:
    cards = _cards(HIVE)
    assert cards["gases"] == "Mostly oxygen and carbon dioxide."
    # a contrast says what biscuits are not, and would take the place of what they do
    assert "Never cookies." not in cards.values()


def test_a_contrast_with_a_clause_of_its_own_defines_nothing() -> None:
    cards = _cards(FERRY)
    assert "ferry" not in cards or "causeway" not in cards["ferry"]
    assert "causeway" not in cards


def test_a_bare_plural_verb_makes_they() -> None:
    assert _cards(HIVE)["Fish"].startswith("They breathe the oxygen")


def test_a_hedged_subject_makes_no_card_that_drops_the_hedge() -> None:
    cards = _cards(FERRY)
    # "delay: It began in fog." says it of every delay; "passengers: They buy a return
    # ticket." of every passenger (a front that keeps its hedge, "Most passengers", may)
    assert "delay" not in cards
    assert "passengers" not in cards


def test_a_cloze_offers_options_near_its_answer_in_meaning() -> None:
    for q in _questions(KILN):
        if q["correct_answer"].casefold() == "glazes":
            others = {o.casefold() for o in q["options"]} - {"glazes"}
            assert not others & {"leaflet", "first time"}, q


CHARGER = """# Charging safely

Your bike runs on a 36-volt lithium-ion battery. A cheaper charger may look the same but
keep pushing current into a full battery. Lithium-ion cells store a great deal of energy in
a small space. A smoke alarm warns you of a fire early."""


def test_a_question_on_the_subject_keeps_what_else_the_sentence_says_of_it() -> None:
    asked = {q["question"]: q["correct_answer"] for q in _questions(CHARGER)}
    # "What may look the same?" cannot be answered from the question alone
    assert "What may look the same?" not in asked
    assert asked.get("What may look the same but keep pushing current into a full "
                     "battery?") == "cheaper charger"


SLOPE = """# The writing slope

A traveller, a soldier or a ship's officer would carry a writing slope. Her brother, a
surgeon, carried one in the Crimea. Dr Ruth Ames, a surgeon, wrote to him. Galileo Galilei,
an Italian priest and scientist, studied the sky."""


def test_a_front_is_no_one_s_relation_and_no_item_of_a_list() -> None:
    cards = _cards(SLOPE)
    assert "brother" not in cards  # "brother: A surgeon.": whose brother?
    assert "traveller" not in cards  # "traveller: A soldier or a ship's officer."
    assert cards["Dr Ruth Ames"] == "A surgeon."
    assert cards["Galileo Galilei"] == "An Italian priest and scientist."


def test_a_number_between_a_noun_and_its_apposition_leaves_no_card() -> None:
    cards = _cards("""# The notice

This notice is given under the Road Traffic Regulation Act 1984, Section 14. The lane will
close for six weeks. A pond holds gases dissolved in it, mostly oxygen and carbon dioxide.""")
    assert not any(back == "Section 14." for back in cards.values())
    assert cards["gases"] == "Mostly oxygen and carbon dioxide."

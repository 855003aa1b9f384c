"""Quiz questions beyond a noun: "What does X do?" (the verb phrase) and "Why ...?" (a cause
the sentence gives), with other predicates of the same text as distractors (issue 24)."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

STORY = """# The lamp

Mara Quill climbed the ninety-two steps every evening. She trimmed the wick before sunset.
A storm drove a fishing boat toward the rocks. Mara rang the bell until her arm ached. The
boat turned away just in time. The skipper walked up from the harbour with a basket of
herring. The gulls circled the lighthouse all morning."""

MAGMA = """# Why volcanoes erupt

Worker bees collect nectar from flowers. House bees pass the nectar from mouth to mouth.
The bees spread the nectar in wax cells. Beekeepers take only the surplus honey.

Magma is lighter than the solid rock around it, so it rises toward the surface."""

#: What the story says Mara does (as "Mara", "Mara Quill" or "she"): the slow, obvious
#: reference for "no option is another deed of the person asked about".
MARAS_DEEDS = {"climbed the ninety-two steps every evening", "trimmed the wick before sunset",
               "rang the bell"}


def _quiz(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def test_what_did_x_do_is_answered_by_the_verb_phrase_the_text_says_of_x() -> None:
    asked = {q["question"]: q for q in _quiz(STORY)}
    gulls = asked["What did the gulls do?"]
    assert gulls["correct_answer"] == "circled the lighthouse all morning"
    flat = " ".join(STORY.split())
    assert len(gulls["options"]) == 4
    assert all(o in flat for o in gulls["options"])  # every option is the text's own words


def test_a_story_never_offers_the_same_persons_other_deeds_as_wrong_options() -> None:
    maras = [q for q in _quiz(STORY) if q["question"].startswith("What did Mara")
             and q["question"].endswith(" do?")]
    assert maras
    for q in maras:
        assert set(q["options"]) & MARAS_DEEDS == {q["correct_answer"]}


def test_why_asks_about_the_result_and_answers_with_its_cause() -> None:
    why = [q for q in _quiz(MAGMA) if q["question"].startswith("Why")]
    assert [q["question"] for q in why] == ["Why does Magma rise toward the surface?"]
    q = why[0]
    assert q["correct_answer"] == "is lighter than the solid rock around it"
    # Other predicates of the text, put in the answer's verb form ("takes", not "take").
    others = [o for o in q["options"] if o != q["correct_answer"]]
    assert len(others) == 3 and all(o.split()[0].endswith("s") for o in others)


SNOW = """# Snowed in

The children waited in the hall after lunch. The head teacher phoned the parents.
At half past four the lights failed, because a branch heavy with snow had fallen across
the power line. Mr Okafor fetched the torches from the science cupboard. The snowplough
arrived at seven o'clock. The caretaker had cleared the path to the gate."""


def test_a_cause_with_its_own_subject_and_tense_is_asked_as_why_with_the_whole_clause() -> None:
    why = [q for q in _quiz(SNOW) if q["question"].startswith("Why")]
    assert [q["question"] for q in why] == ["Why did the lights fail?"]
    q = why[0]
    assert q["correct_answer"] == "a branch heavy with snow had fallen across the power line"
    # The wrong options are other whole clauses of the same text, in its own words.
    flat = " ".join(SNOW.split())
    assert len(q["options"]) == 4 and all(o in flat for o in q["options"])


JENNER = """# The first vaccine

In 1796 a country doctor named Edward Jenner tested an idea about smallpox. Jenner took pus
from a cowpox blister on the hand of a milkmaid called Sarah Nelmes. He scratched it into the
arm of a boy. The boy had a slight fever for two days. Six weeks later the doctor exposed
the boy to smallpox. Doctors across Europe soon copied the method."""


def test_he_is_the_person_the_last_sentence_was_about_not_the_last_one_named() -> None:
    quiz = _quiz(JENNER)
    # "He scratched it into the arm of a boy" is Jenner's deed, never Sarah Nelmes's.
    assert not any(q["question"].startswith("What did Sarah Nelmes") for q in quiz)
    for q in quiz:
        if "Jenner" in q["question"] and q["question"].endswith(" do?"):
            assert "scratched it into the arm of a boy" not in q["options"] or (
                q["correct_answer"] == "scratched it into the arm of a boy")


FRIDGE = """# How a fridge and its neighbours work

A fridge moves heat from inside the cabinet to the room. The refrigerant is chosen because it
boils at a very low temperature. To save heat, emperor penguins huddle together in groups of
hundreds. A single bat can catch hundreds of insects in one night, which is why farmers are
glad to have bats nearby. The compressor squeezes the gas into a hot liquid. Gardeners
leave a gap under the fence for hedgehogs. As the Earth spins, a beach passes through both
bulges, which is why most places have two high tides each day."""


def test_why_is_asked_of_a_passive_a_purpose_that_opens_and_which_is_why() -> None:
    asked = {q["question"]: q for q in _quiz(FRIDGE)}
    assert asked["Why is the refrigerant chosen?"]["correct_answer"] == (
        "boils at a very low temperature")
    penguins = asked["Why do emperor penguins huddle together in groups of hundreds?"]
    assert penguins["correct_answer"] == "save heat"
    bats = asked["Why are farmers glad to have bats nearby?"]
    assert bats["correct_answer"] == "A single bat can catch hundreds of insects in one night"
    tides = asked["Why do most places have two high tides each day?"]
    assert tides["correct_answer"] == "a beach passes through both bulges"  # not "bulges"
    for q in (penguins, bats, tides):
        assert len(set(q["options"])) == 4 and q["correct_answer"] in q["options"]

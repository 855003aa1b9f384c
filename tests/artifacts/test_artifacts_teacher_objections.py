"""What a teacher struck in the built quizzes, cards and maps, by class (issue 24, round 15).
Every passage (`teacher_passages`) was written for these tests, in genres and words unlike
the lead's examples:

1. a card's back is a whole clause (never ends on "when", "because", "and", "which"), its
   front a term (no bare verb or adjective, no vague word);
2. a quiz's wrong options are of the answer's sort (no count among things, no verb among
   nouns, no boat among people);
3. a caption, a list's or a step's label and a letter's sign-off are no question, card or
   map node;
4. a map's last nodes say the idea, not a lone vague word;
5. cards asked for are delivered when the text holds that many good facts, and a short
   count is said, never padded;
6. a quiz asks what a teacher would: names, numbers, dates, causes, steps, never a label's
   number or the name a compound borrows.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from teacher_passages import (
    ALL,
)

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._machine import ArtifactMachine, Finished, ModelQuestion
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.language import parse
from draftguard.sources._chunking import chunk_text

_LOOSE_ENDS = frozenset({"when", "because", "and", "which", "that", "while", "if", "but",
                         "or", "so", "as", "who", "where", "although", "until", "the", "a",
                         "of", "to", "with"})


@cache
def _made(name: str, request: str) -> ArtifactOutcome:
    kind = request.split()[0].lstrip("/")
    chunks = artifact_chunks(ALL[name], request)
    steps = ArtifactMachine(artifact_type=kind, chunks=chunks, request=request,
                            writes_structured=False, judge=False).run()
    step = next(steps)
    while not isinstance(step, Finished):
        step = steps.send('{"picks": []}') if isinstance(step, ModelQuestion) else next(steps)
    return step.outcome


def _cards(name: str, n: int = 6) -> list[dict[str, str]]:
    return list((_made(name, f"/flashcards {n}").artifact or {}).get("flashcards", []))


def _quiz(name: str) -> list[dict[str, Any]]:
    return list((_made(name, "/quiz 5").artifact or {}).get("questions", []))


def _map_labels(name: str) -> tuple[list[str], list[str]]:
    """(every label below the root, the labels of nodes with no children)."""
    artifact = _made(name, "/mindmap").artifact or {}
    nodes = artifact.get("nodes", [])
    below = {k for n in nodes for k in n["children"]}
    labels = [n["label"] for n in nodes if n["id"] in below]
    ends = [n["label"] for n in nodes if n["id"] in below and not n["children"]]
    return labels, ends


def _everything(name: str) -> list[str]:
    said = [*_map_labels(name)[0]]
    for card in _cards(name):
        said += [card["front"], card["back"]]
    for q in _quiz(name):
        said += [q["question"], q["correct_answer"], *q["options"]]
    return said


def _pos_in(text: str, word: str) -> set[str]:
    """The parts of speech `word` has where `text` uses it."""
    return {t.pos_ for t in parse(" ".join(text.split())) if t.lower_ == word.lower()}


# -- 1. backs that are clauses, fronts that are terms ---------------------------------------

@pytest.mark.parametrize("name", ["cordial", "ferry", "complaint", "light", "knife",
                                  "otters"])
def test_no_back_ends_on_a_loose_word(name: str) -> None:
    for card in _cards(name, 8):
        last = re.findall(r"[\w']+", card["back"].lower())[-1]
        assert last not in _LOOSE_ENDS, card


@pytest.mark.parametrize("name", ["cordial", "ferry", "light", "knife", "otters",
                                  "allotment"])
def test_every_front_is_a_term(name: str) -> None:
    for card in _cards(name, 8):
        words = card["front"].split()
        if len(words) == 1:
            assert _pos_in(ALL[name], words[0]) & {"NOUN", "PROPN"}, card
            assert not _pos_in(ALL[name], words[0]) & {"VERB", "ADJ"} - {"NOUN"} or (
                "NOUN" in _pos_in(ALL[name], words[0])), card


@pytest.mark.parametrize(("name", "broken"), [
    ("allotment", "left unworked for two months will"),  # two verbs run together
    ("cordial", "a kilo of sugar and a large pan"),  # a list read as what a term is
    ("complaint", "Yours faithfully"),  # a sign-off read as who someone is
    ("cordial", "They Pick"),  # a step's label read as the subject of its order
    ("knife", "What you Hold"), ("light", "What you Plug"),  # an order's verb capitalised
])
def test_no_back_runs_on_lists_or_signs_off(name: str, broken: str) -> None:
    for card in _cards(name, 8):
        assert broken not in card["back"], card


def test_an_order_says_what_the_reader_does_with_a_thing() -> None:
    cards = {c["front"]: c["back"] for c in _cards("knife", 8)}
    assert cards.get("whetstone") == "What you soak in water for ten minutes."


# -- 2. options of the answer's sort --------------------------------------------------------

def _has_number(text: str) -> bool:
    return any(t.like_num for t in parse(text))


def _noun_answers(name: str) -> list[dict[str, Any]]:
    """The questions whose answer is a thing, not what someone does ("What do sealed
    bottles do?" is answered by a verb phrase, and its options are verb phrases too)."""
    return [q for q in _quiz(name) if parse(q["correct_answer"])[0].pos_ != "VERB"]


@pytest.mark.parametrize("name", ["cordial", "ferry", "light", "otters", "allotment",
                                  "complaint"])
def test_a_count_is_never_offered_beside_things(name: str) -> None:
    for q in _noun_answers(name):
        counted = _has_number(q["correct_answer"])
        for option in q["options"]:
            assert _has_number(option) == counted, q


@pytest.mark.parametrize("name", ["cordial", "ferry", "light", "otters", "knife"])
def test_no_option_is_a_verb_or_a_clause(name: str) -> None:
    for q in _noun_answers(name):
        for option in set(q["options"]) - {q["correct_answer"]}:
            assert not any(t.pos_ in {"VERB", "AUX"} and t.tag_ in {"VBZ", "VBD", "VBP"}
                           for t in parse(option)), q


def test_a_ferry_is_no_person_beside_people() -> None:
    for q in _quiz("ferry"):
        if q["question"].startswith("Who ") or "Fiona Blair" in q["correct_answer"]:
            assert not any("Marigold" in o for o in q["options"]), q


# -- 3. captions, labels and sign-offs ------------------------------------------------------

_FURNITURE = {
    "cordial": ["Stage 1", "Stage 2", "Tip", "What you need"],
    "ferry": ["Pictured", "moored at Portnahaven on Wednesday"],
    "complaint": ["Ref:", "55120", "Yours faithfully", "Sir or Madam"],
    "light": ["In the box", "Charging", "Note"],
    "newsletter": ["Reminder", "Thank you", "Head Teacher"],
    "otters": ["Image", "Otter tracks"],
    "allotment": ["Signed"],
}


@pytest.mark.parametrize("name", sorted(_FURNITURE))
def test_captions_labels_and_sign_offs_are_never_asked_or_carded(name: str) -> None:
    for said in _everything(name):
        for furniture in _FURNITURE[name]:
            assert furniture.casefold() not in said.casefold(), (furniture, said)


@pytest.mark.parametrize(("name", "words"), [
    ("cordial", ["sugar"]), ("light", ["cable"]), ("newsletter", ["medicines"]),
    ("cordial", ["freeze"]),
])
def test_what_a_label_heads_is_still_asked_about(name: str, words: list[str]) -> None:
    # "Stage 2: Dissolve the sugar ...": the label goes, the step stays
    questions = [c.item["question"].casefold()
                 for c in build_candidates("quiz", chunk_text(ALL[name], source="post"))]
    assert any(all(w in q for w in words) for q in questions), questions


# -- 4. map leaves that say the idea --------------------------------------------------------

@pytest.mark.parametrize("name", ["cordial", "ferry", "light", "otters", "knife",
                                  "allotment"])
def test_no_map_end_is_a_lone_common_word(name: str) -> None:
    _, ends = _map_labels(name)
    for label in ends:
        words = label.split()
        # a lone word at a map's end is a name ("Weymouth"), never "arm", "water", "level"
        assert len(words) > 1 or words[0][:1].isupper(), (label, ends)


# -- 5. cards asked for are delivered, or the shortfall said --------------------------------

_SHORT = "left (round 15): the parse misreads the verb ('The rear light flashes red', " \
    "'The spraints smell of ...' read as nouns) or the fact's subject is a pronoun"


@pytest.mark.parametrize(("name", "n"), [
    ("knife", 6), ("ferry", 6), ("knife", 7), ("cordial", 5),
    pytest.param("cordial", 6, marks=pytest.mark.xfail(reason=_SHORT, strict=True)),
    pytest.param("otters", 6, marks=pytest.mark.xfail(reason=_SHORT, strict=True)),
    pytest.param("light", 6, marks=pytest.mark.xfail(reason=_SHORT, strict=True)),
])
def test_a_text_with_enough_facts_gets_the_cards_asked_for(name: str, n: int) -> None:
    assert len(_cards(name, n)) == n, _cards(name, n)


@pytest.mark.parametrize("name", ["complaint", "newsletter", "allotment", "knife", "light"])
def test_a_short_count_says_how_many_and_why(name: str) -> None:
    outcome = _made(name, "/flashcards 12")
    delivered = len((outcome.artifact or {}).get("flashcards", []))
    assert outcome.ok
    if delivered < 12:
        assert outcome.shortfall and str(delivered) in outcome.shortfall


# -- 6. what a teacher asks about -----------------------------------------------------------

@pytest.mark.parametrize("name", ["cordial", "ferry", "light", "allotment", "newsletter"])
def test_no_question_blanks_a_label_s_number_or_a_borrowed_name(name: str) -> None:
    for q in _quiz(name):
        assert not re.search(r"\b(stage|step|case|figure|ref)\s+_____", q["question"],
                             re.IGNORECASE), q
        # "The _____ ferry", "the _____ harbour": a name a compound borrows is incidental
        assert not re.search(r"_____ (ferry|harbour|pier|centre|supply|plot)\b",
                             q["question"]), q


_TEACHER = {
    "cordial": ["twenty elderflower heads", "pollen", "1.5 litres", "two days",
                "citric acid", "about six weeks", "brown"],
    "ferry": ["once a day", "Storm Ingrid", "four crossings", "nine metres",
              "£2.3 million", "Clyde Marine", "Captain Fiona Blair", "Marigold"],
    "light": ["400 lumens", "two hours", "nine hours", "800 metres", "three hours",
              "95 grams", "green", "water in the port can short the circuit"],
    "otters": ["1990s", "about forty otters", "up to a kilo of fish", "spraints", "holt",
               "jasmine tea", "at night", "about a year"],
    "allotment": ["1 April", "£38 a year", "31 January", "23 names", "shredder",
                  "Gareth Lewis", "£5 a day", "November"],
}


_RANKED = "left (round 15): the stored ranker still picks a setting's noun ('houses', " \
    "'end of the pier') over a name or a count; no weight was refitted"


@pytest.mark.parametrize("name", [
    "cordial", "light", "otters",
    pytest.param("ferry", marks=pytest.mark.xfail(reason=_RANKED, strict=True)),
    pytest.param("allotment", marks=pytest.mark.xfail(reason=_RANKED, strict=True)),
])
def test_most_answers_are_what_a_teacher_asks(name: str) -> None:
    answers = [q["correct_answer"].casefold() for q in _quiz(name)]
    hits = [a for a in answers if any(t.casefold() in a or a in t.casefold()
                                      for t in _TEACHER[name])]
    assert len(hits) >= 3, answers

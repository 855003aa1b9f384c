"""A quiz about a story's people (issue 24, round 8): one person is one answer, whatever part
of their name a sentence uses, and a "she" after a sentence that names two people is read as
no one rather than guessed. Every passage here was written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._picking import listed, settle_picks
from draftguard.sources._chunking import chunk_text

REGATTA = """# The raft race

Tamsin Kerr was twelve when she built a raft for the summer regatta on the River Fal.
Tamsin lashed six empty barrels under a frame of pallets. Her uncle, Mr Jory Penrose, had
raced a raft every year since he was a boy. She painted the deck bright yellow. On the
morning of the race Tamsin paddled past the harbour wall. Jory Penrose shouted from the
quay. The starter, Captain Trelawny, fired a flare over the water. Her friend Wenna Hosking
steered from the back. Tamsin crossed the line third, just behind the lifeboat crew."""


def _quiz(text: str, count: int = 5) -> list[dict[str, Any]]:
    candidates = build_candidates("quiz", chunk_text(text, source="post"))
    picked, _ = settle_picks(None, listed(candidates, count), count)
    return [c.item for c in picked]


def _all_questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def test_she_after_a_sentence_naming_someone_s_relative_is_nobody_s_deed() -> None:
    # "Her uncle, Mr Jory Penrose, had raced ..." then "She painted the deck": Tamsin did,
    # not her uncle; no question may say he painted it.
    for q in _all_questions(REGATTA):
        said = f'{q["question"]} {q["correct_answer"]}'
        assert not ("Penrose" in said and "paint" in said), q


def test_one_person_is_asked_about_once_whatever_part_of_their_name_is_used() -> None:
    names = {"Tamsin Kerr": "Tamsin", "Tamsin": "Tamsin", "Jory Penrose": "Penrose",
             "Mr Jory Penrose": "Penrose", "Captain Trelawny": "Trelawny",
             "Wenna Hosking": "Hosking"}
    quiz = _quiz(REGATTA)
    people = [names[q["correct_answer"]] for q in quiz if q["correct_answer"] in names]
    assert len(people) == len(set(people)), quiz


BEAVERS = """# How beavers build

A beaver family lives in a dome of sticks and mud called a lodge, which stands in the
middle of a pond. To make the pond, the beavers first block a stream with a wall of logs
called a dam. They cut the logs with their front teeth, which never stop growing. The
entrance to the lodge is under the water, so foxes and wolves cannot get in. Inside there
is a dry platform where the kits sleep. In autumn the family sinks a store of branches
called a food pile into the mud beside the lodge, and in winter they swim out under the
ice to eat the bark."""


def test_a_name_given_beside_a_thing_is_asked_as_a_teacher_asks_it() -> None:
    asked = {q["question"]: q for q in _all_questions(BEAVERS)}
    lodge = asked["What is the dome of sticks and mud called?"]
    assert lodge["correct_answer"] == "lodge"
    assert len(set(lodge["options"])) == 4 and "lodge" in lodge["options"]
    assert asked["What is the wall of logs called?"]["correct_answer"] == "dam"
    quiz = [q["question"] for q in _quiz(BEAVERS)]
    assert [q for q in quiz if q.endswith(" called?")], quiz

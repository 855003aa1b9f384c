"""Who-questions over the people a text names by their roles ("the skipper", "her
father") as well as by name, and never a thing as an option for a person (issue 24, round
14). Every passage here was written for these tests. A role whose word alone reads as
near a thing as a person ("the miller", "the porter": `noun_kind` within its margin) is no
person here, so these passages name roles whose words say so."""

from __future__ import annotations

from typing import Any

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._terms import TextView, kind_of, term_span
from draftguard.sources._chunking import chunk_text

MILL = """# Harvest at the mill

Oskar carried the sacks up to the loft. The foreman checked the stones every morning. His
daughter kept the accounts in a green ledger. The carter brought the grain from the farms
in a wagon."""

SCHOOL = """# The school trip

The teacher counted the children twice at the gate. Lena forgot her packed lunch on the
coach. The driver waited ten minutes for a boy who was lost. Her grandmother met the coach
at the station with a flask of tea."""

CLINIC = """# Night shift

The nurse checked the drip at midnight. Dr Ahmed wrote the new dose on the chart. The
paramedic wheeled the patient to the lift. A volunteer brought the visitors some tea."""


def _questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


@pytest.mark.parametrize("text", [MILL, SCHOOL, CLINIC])
def test_a_text_with_people_named_by_their_roles_gets_who_questions(text: str) -> None:
    who = [q for q in _questions(text) if q["question"].startswith("Who ")]
    assert who, _questions(text)


@pytest.mark.parametrize("text", [MILL, SCHOOL, CLINIC])
def test_a_who_question_offers_only_people(text: str) -> None:
    view = TextView(chunk_text(text, source="post"))
    people = {t.text.casefold() for t in view.terms if t.kind == "person"}
    for q in _questions(text):
        if q["question"].startswith("Who ") or q["correct_answer"].casefold() in people:
            assert all(o.casefold() in people for o in q["options"]), (q, people)


@pytest.mark.parametrize(("text", "role"), [(MILL, "foreman"), (MILL, "carter"),
                                            (SCHOOL, "teacher"), (SCHOOL, "driver"),
                                            (CLINIC, "nurse"), (CLINIC, "paramedic")])
def test_a_role_noun_is_a_person(text: str, role: str) -> None:
    view = TextView(chunk_text(text, source="post"))
    term = next(t for t in view.terms if t.text == role)
    span = term_span(term)
    assert span is not None and kind_of(list(span)) == "person"


@pytest.mark.parametrize("text", [MILL, SCHOOL, CLINIC])
def test_a_thing_question_offers_no_person(text: str) -> None:
    view = TextView(chunk_text(text, source="post"))
    people = {t.text.casefold() for t in view.terms if t.kind == "person"}
    for q in _questions(text):
        if q["question"].startswith("What did") and q["correct_answer"].casefold() not in people:
            assert not any(o.casefold() in people for o in q["options"]), q


HARBOUR = """# The lifeboat

In March a gale drove a trawler called the Kestrel onto the sandbank. The Kestrel lost
its mast within an hour. The coxswain launched the lifeboat at midnight. Ellen rowed the
second boat beside him. Her brother held the lamp at the bow."""

MARSH = """# Night on the marsh

We watched a heron, a male fishing in the reeds. The warden counted four nests that
spring. Tom lit the lantern by the hide. His aunt carried the flask of cocoa."""


@pytest.mark.parametrize(("text", "thing"), [(MARSH, "male")])
def test_an_animal_named_beside_itself_is_no_person(text: str, thing: str) -> None:
    view = TextView(chunk_text(text, source="post"))
    assert thing.casefold() not in {t.text.casefold() for t in view.terms
                                    if t.kind == "person"}
    for q in _questions(text):
        if q["question"].startswith("Who "):
            assert thing.casefold() not in {o.casefold() for o in q["options"]}, q

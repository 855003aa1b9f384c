"""People a text names by what they are, not by a name (issue 24, round 10): "the farmer", "a
nurse", "the postman" are asked about with "Who ...?", with other people of the text as the
wrong options, when the text itself shows they are people (a relative "who", a "he" or "she"
that follows, a name beside them). Every passage here was written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

FLOOD = """# The flood at Millbrook

The river rose overnight after three days of heavy rain. The farmer who owned the lower
fields woke before dawn. He drove his sheep up to the churchyard. A nurse from the health
centre opened the school hall for the families. She handed out blankets and soup until
midnight. The postman who knew every house checked on the old people in the almshouses. The
baker, Mrs Hale, baked two hundred loaves for the volunteers. By Sunday the water had gone
back into the river."""

#: The people of the flood, as a learner would accept them as answers or options.
PEOPLE = {"farmer", "nurse from the health centre", "postman", "mrs hale", "baker"}


def _asked(text: str) -> dict[str, dict[str, Any]]:
    return {c.item["question"]: c.item
            for c in build_candidates("quiz", chunk_text(text, source="post"))}


def test_who_is_asked_of_a_person_named_by_a_common_noun() -> None:
    asked = _asked(FLOOD)
    nurse = asked["Who opened the school hall for the families?"]
    assert nurse["correct_answer"] == "nurse from the health centre"
    farmer = asked["Who woke before dawn?"]
    assert farmer["correct_answer"] == "farmer"  # not "farmer who owned the lower fields"
    for q in (nurse, farmer):
        assert len(q["options"]) == 4
        assert {o.lower() for o in q["options"]} <= PEOPLE, q  # people, never things


def test_a_thing_is_never_asked_with_who_and_a_person_never_with_what() -> None:
    for question, q in _asked(FLOOD).items():
        if question.startswith("Who "):
            assert q["correct_answer"].lower() in PEOPLE, q
        if question.startswith("What ") and not question.endswith(" do?"):
            assert q["correct_answer"].lower() not in PEOPLE, q


def test_a_role_named_beside_a_person_is_not_offered_as_someone_else() -> None:
    # "The baker, Mrs Hale, ...": the baker is Mrs Hale, so a question answered by
    # Mrs Hale never offers "baker" as another person
    for q in _asked(FLOOD).values():
        if q["correct_answer"] == "Mrs Hale":
            assert "baker" not in {o.lower() for o in q["options"]}, q

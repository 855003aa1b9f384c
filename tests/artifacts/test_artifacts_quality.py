"""What a learner would keep: the quality gate beside structure and grounding, terms and
questions from the parse, and counts honoured or honestly refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._grounding import ungrounded_issues
from draftguard.artifacts._machine import ArtifactMachine, Finished, ModelQuestion
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._quality import quality_issues
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.jobs._models import JobStatus, shortfall_of
from draftguard.language import parse
from draftguard.sources._chunking import chunk_text

POSTS = sorted((Path(__file__).parent.parent / "data" / "artifacts" / "posts").glob("*.md"))

TIDE_POOLS = """# Life in a tide pool

Tide pools form in rock hollows that the sea refills twice a day. Sea anemones live on the
rocks. Underwater they open and sting small fish with their tentacles. Sea anemones close
into jelly-like blobs when the water leaves.

Hermit crabs carry borrowed shells. A hermit crab moves to a bigger shell when it grows, and
two crabs sometimes fight over one. Oh, and they are fast!

The ochre sea star eats mussels by pushing its stomach out through its mouth. In 2013 a
wasting disease killed millions of sea stars along the Pacific coast of North America.
"""

SHORT = "# Kettles\n\nA kettle boils water. Maria bought a red kettle in Lyon in 2019.\n"


def chunks(text: str) -> list[Any]:
    return chunk_text(text, source="post")


def lines(artifact_type: str, artifact: dict[str, Any], text: str = TIDE_POOLS) -> list[str]:
    return [line for _, line in quality_issues(artifact_type, artifact, chunks(text))]


def question(q: str, answer: str, options: list[str]) -> dict[str, Any]:
    return {"question": q, "options": options, "correct_answer": answer, "explanation": "x"}


# -- the gate, rule by rule, in the seed's style -----------------------------------------------

def test_a_junk_answer_and_a_junk_front_are_named_with_why() -> None:
    quiz = {"questions": [question("What did the narrator say?", "Oh",
                                   ["Oh", "Hermit crabs", "Sea anemones", "Mussels"])]}
    assert "Question 1: Junk answer 'Oh' (an interjection, not a term)" in lines("quiz", quiz)
    cards = {"flashcards": [{"front": "small", "back": "Underwater they open and sting fish."},
                            {"front": "leaves", "back": "What the water does at low tide."}]}
    found = lines("flashcards", cards)
    assert found == ["Flashcard 1: Junk term 'small' (a bare adjective, not a term)",
                     "Flashcard 2: Junk term 'leaves' (a bare verb, not a term)"]


def test_two_questions_may_not_share_an_answer_or_a_stem() -> None:
    a = question("What do sea anemones sting?", "small fish",
                 ["small fish", "mussels", "shells", "rocks"])
    b = question("Which animal do sea anemones sting?", "small fish",
                 ["small fish", "mussels", "shells", "rocks"])
    c = question("Sea anemones sting what?", "mussels",
                 ["small fish", "mussels", "shells", "rocks"])
    found = lines("quiz", {"questions": [a, b, c]})
    assert "Duplicate answer found: 'small fish' (questions 1 and 2)" in found
    assert "Question 3: Same stem as question 1 ('What do sea anemones sting?')" in found


def test_distractors_must_be_of_the_answer_s_kind_and_the_answer_not_in_its_question() -> None:
    quiz = {"questions": [
        question("In which year did a wasting disease kill millions of sea stars?", "2013",
                 ["2013", "Hermit crabs", "2012", "2014"]),
        question("What do hermit crabs carry?", "hermit crabs",
                 ["hermit crabs", "shells", "mussels", "rocks"]),
    ]}
    found = lines("quiz", quiz)
    assert ("Question 1: Option 'Hermit crabs' is not the same kind as the answer '2013' "
            "(a thing, not a time)") in found
    assert "Question 2: The answer 'hermit crabs' is in its question" in found


def test_a_back_may_not_repeat_its_front_and_a_node_is_no_lone_stop_word() -> None:
    cards = {"flashcards": [{"front": "Hermit crabs", "back": "Hermit crabs carry shells."}]}
    assert lines("flashcards", cards) == ["Flashcard 1: Back repeats its front 'Hermit crabs'"]
    mindmap = {"root": {"label": "Life in a tide pool", "children": [
        {"label": "Sea anemones", "children": [{"label": "open"}]},
        {"label": "the", "children": []}]}}
    assert lines("mindmap", mindmap) == [
        "Node 'open': Label is a lone stop word or verb ('open' is a bare verb)",
        "Node 'the': Label is a lone stop word or verb ('the' is a function word)",
    ]


def test_a_learner_s_quiz_passes_the_gate() -> None:
    quiz = {"questions": [question("What do hermit crabs carry?", "borrowed shells",
                                   ["borrowed shells", "small fish", "mussels", "rock hollows"])]}
    assert lines("quiz", quiz) == []


# -- what code builds ------------------------------------------------------------------------

def test_the_tide_pool_post_gets_its_real_subjects_not_junk() -> None:
    cards = [c.item for c in build_candidates("flashcards", chunks(TIDE_POOLS))]
    fronts = {c["front"].casefold() for c in cards}
    assert {"sea anemones", "hermit crabs"} <= fronts
    for card in cards:
        tokens = list(parse(card["front"]))
        assert not any(t.pos_ == "INTJ" for t in tokens), card
        assert card["front"].casefold() not in card["back"].casefold(), card
    branches = build_candidates("mindmap", chunks(TIDE_POOLS))
    labels = [b.item["label"] for b in branches]
    assert labels and all(len(label) > 3 for label in labels)


def test_a_short_post_s_map_branches_on_its_subjects_not_on_its_paragraphs_alone() -> None:
    # Two paragraphs, one a sign-off: the paragraphs alone would give one branch.
    post = ("# Cold water, warm hearts\n\nWe swim at the harbour steps every Sunday at seven. "
            "The water stays cold until June, so bring a warm towel. Afterwards we buy hot "
            "chocolate at the kiosk by the ferry.\n\nSee you on the steps!\n")
    labels = [c.item["label"] for c in build_candidates("mindmap", chunks(post))]
    assert len(labels) >= 3, labels
    assert "hot chocolate" in labels and "harbour steps" in labels, labels


@pytest.mark.parametrize("post", POSTS, ids=[p.stem for p in POSTS])
def test_every_candidate_is_grounded_and_passes_the_gate(post: Path) -> None:
    text = post.read_text(encoding="utf-8")
    found = artifact_chunks(text, "")
    for artifact_type, key in (("quiz", "questions"), ("flashcards", "flashcards")):
        for c in build_candidates(artifact_type, found):
            one = {key: [c.item]}
            assert ungrounded_issues(artifact_type, one, found) == [], c.item
            assert quality_issues(artifact_type, one, found) == [], c.item
            if artifact_type == "quiz":  # distractors are never the answer's paraphrase
                answer = c.item["correct_answer"].casefold()
                others = [o.casefold() for o in c.item["options"] if o != c.item["correct_answer"]]
                assert len(others) == 3 and not any(o in answer or answer in o for o in others)


def test_questions_are_not_only_cloze() -> None:
    forms = set()
    for text in [TIDE_POOLS, *(post.read_text(encoding="utf-8") for post in POSTS)]:
        for c in build_candidates("quiz", artifact_chunks(text, "")):
            q = c.item["question"]
            forms.add("cloze" if q.startswith("Which words complete") else q.split()[0])
    assert {"cloze", "What"} <= forms and forms & {"Who", "Where", "When", "How"}, forms


# -- counts ----------------------------------------------------------------------------------

def drive(machine: ArtifactMachine, answer: Callable[[ModelQuestion], str]) -> ArtifactOutcome:
    steps = machine.run()
    step = next(steps)
    while not isinstance(step, Finished):
        step = steps.send(answer(step)) if isinstance(step, ModelQuestion) else next(steps)
    return step.outcome


def test_a_text_too_thin_for_the_count_says_how_many_it_found_and_why() -> None:
    machine = ArtifactMachine(artifact_type="flashcards", chunks=chunks(SHORT),
                              request="/flashcards 5", writes_structured=False, judge=False)
    outcome = drive(machine, lambda q: json.dumps({"picks": []}))
    assert outcome.ok and outcome.requested == 5
    assert outcome.delivered is not None and outcome.delivered < 5
    assert outcome.delivered == len(outcome.artifact["flashcards"])  # type: ignore[index]
    assert outcome.shortfall is not None and "quality checks" in outcome.shortfall
    view = shortfall_of(JobStatus.COMPLETED, {"requested": 5, "delivered": outcome.delivered,
                                              "shortfall": outcome.shortfall})
    assert view is not None and view.startswith(f"{outcome.delivered} of the 5 items asked for")


def test_a_count_the_text_can_hold_is_delivered_in_full() -> None:
    text = POSTS[0].read_text(encoding="utf-8")
    machine = ArtifactMachine(artifact_type="quiz", chunks=artifact_chunks(text, "3 questions"),
                              request="3 questions", writes_structured=False, judge=False)
    outcome = drive(machine, lambda q: json.dumps({"picks": []}))
    assert outcome.ok and outcome.delivered == 3 and outcome.shortfall is None


def test_a_capable_model_s_junk_goes_to_repair_with_the_gate_s_words() -> None:
    junk = {"questions": [
        {"question": "What do hermit crabs carry?", "options": ["Oh", "shells", "fish", "rock"],
         "correct_option": 1, "explanation": "Hermit crabs carry borrowed shells."}]}
    good = {"questions": [
        {"question": "What do hermit crabs carry?",
         "options": ["small fish", "borrowed shells", "mussels", "rock hollows"],
         "correct_option": 2, "explanation": "Hermit crabs carry borrowed shells."}]}
    prompts: list[str] = []

    def answer(q: ModelQuestion) -> str:
        prompts.append(q.prompt)
        return json.dumps(junk if len(prompts) == 1 else good)

    machine = ArtifactMachine(artifact_type="quiz", chunks=chunks(TIDE_POOLS),
                              request="1 question", judge=False)
    outcome = drive(machine, answer)
    assert outcome.ok and outcome.attempts == 1
    assert "Question 1: Junk answer 'Oh' (an interjection, not a term)" in prompts[1]


def test_the_blogger_s_reply_says_how_many_were_found_and_why() -> None:
    from types import SimpleNamespace

    from blogger.replies import format_artifact

    result = {"ok": True, "artifact_type": "quiz", "llm_calls": 1, "requested": 5,
              "delivered": 1, "shortfall": "the text yields only 1 question that passes the "
                                           "quality checks, each on a different fact",
              "artifact": {"questions": [question("What do hermit crabs carry?",
                                                  "borrowed shells", ["borrowed shells",
                                                                      "fish", "mussels",
                                                                      "rocks"])]}}
    reply = format_artifact("make_artifact", result, SimpleNamespace(state={}))  # type: ignore[arg-type]
    assert reply.startswith("Here is your quiz: 1 of the 5 questions you asked for, because the "
                            "text yields only 1 question that passes the quality checks")
    assert "What do hermit crabs carry?" in reply

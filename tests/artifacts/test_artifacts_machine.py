"""The core repair machine without any framework: typed steps, the small model's pick path,
its repair without the rejected candidates, and the call budget."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._machine import (
    MAX_MODEL_QUESTIONS,
    ArtifactMachine,
    Finished,
    ModelQuestion,
    ProgressEvent,
    Purpose,
)
from draftguard.artifacts._progress import Stage
from draftguard.artifacts._source_chunks import artifact_chunks

POST = (Path(__file__).parent.parent / "data" / "artifacts" / "posts" / "04_marathon.md").read_text(
    encoding="utf-8")


def drive(machine: ArtifactMachine,
          answer: Callable[[ModelQuestion], str]) -> tuple[Any, list[Any]]:
    steps = machine.run()
    seen: list[Any] = []
    step = next(steps)
    while not isinstance(step, Finished):
        seen.append(step)
        step = steps.send(answer(step)) if isinstance(step, ModelQuestion) else next(steps)
    return step.outcome, seen


def small(artifact_type: str, request: str = "4 items", **kw: Any) -> ArtifactMachine:
    opts: dict[str, Any] = {"judge": False, **kw}
    return ArtifactMachine(artifact_type=artifact_type, chunks=artifact_chunks(POST, request),
                           request=request, writes_structured=False, **opts)


def test_a_small_model_answers_one_enum_question_and_the_artifact_is_the_picked_candidates(
) -> None:
    candidates = build_candidates("flashcards", artifact_chunks(POST, "4 items"))
    chosen, keys = [], set()  # four cards on four different terms and sentences
    for c in candidates:
        if not c.keys & keys and len(chosen) < 4:
            chosen.append(c)
            keys |= c.keys
    wanted = [c.id for c in chosen]
    questions: list[ModelQuestion] = []

    def answer(q: ModelQuestion) -> str:
        questions.append(q)
        return json.dumps({"picks": list(reversed(wanted))})

    outcome, steps = drive(small("flashcards"), answer)
    assert outcome.ok and outcome.llm_calls == 1
    (question,) = questions
    assert question.purpose is Purpose.PICK
    picks = question.schema["properties"]["picks"]  # type: ignore[index]
    assert (picks["minItems"], picks["maxItems"]) == (4, 4)
    assert set(wanted) <= set(picks["items"]["enum"])
    # Delivered in reading order, whatever order the model named them in.
    assert [c["front"] for c in outcome.artifact["flashcards"]] == [
        c.item["front"] for c in chosen]
    events = [s for s in steps if isinstance(s, ProgressEvent)]
    assert all(isinstance(e.stage, Stage) for e in events)
    assert [e.progress for e in events] == sorted(e.progress for e in events)
    assert events[-1].stage is Stage.DONE and events[-1].progress == 100


def test_repeated_and_unknown_picks_still_give_distinct_items() -> None:
    outcome, _ = drive(small("quiz"), lambda q: json.dumps({"picks": ["c1", "c1", "zz", "c1"]}))
    assert outcome.ok
    questions = [q["question"] for q in outcome.artifact["questions"]]
    assert len(questions) == len(set(questions)) == 4


def test_a_small_path_repair_picks_again_without_the_rejected_candidates() -> None:
    # A judge (forced on) rejects item 1 once: the re-pick may not offer that candidate.
    picks: list[list[str]] = []
    verdicts = iter([{"issues": [{"item": 1, "kind": "hallucinated"}]}, {"issues": []}])

    def answer(q: ModelQuestion) -> str:
        if q.purpose is Purpose.JUDGE:
            return json.dumps(next(verdicts))
        ids = q.schema["properties"]["picks"]["items"]["enum"]  # type: ignore[index]
        picks.append(list(ids))
        return json.dumps({"picks": ids[:2]})

    outcome, steps = drive(small("flashcards", "2 cards", judge=True), answer)
    assert outcome.ok and outcome.attempts == 1 and outcome.llm_calls == 4
    first_pick = picks[0][0]
    assert first_pick not in picks[1]
    retry = [s for s in steps if isinstance(s, ProgressEvent) and s.retry]
    assert len(retry) == 1 and retry[0].issues == ("Flashcard 1: Contains hallucinated facts",)


def test_a_judge_that_never_passes_ends_within_the_budget() -> None:
    def answer(q: ModelQuestion) -> str:
        if q.purpose is Purpose.JUDGE:
            return json.dumps({"issues": [{"item": 1, "kind": "hallucinated"}]})
        ids = q.schema["properties"]["picks"]["items"]["enum"]  # type: ignore[index]
        return json.dumps({"picks": ids[:1]})

    outcome, _ = drive(small("mindmap", "1 branch", judge=True), answer)
    assert not outcome.ok and outcome.failure_kind == "validation"
    assert outcome.llm_calls == MAX_MODEL_QUESTIONS and outcome.attempts == 2


def test_a_model_failure_thrown_in_is_the_verdict() -> None:
    from draftguard.errors import ModelTimeoutError

    steps = small("quiz").run()
    step = next(steps)
    while not isinstance(step, ModelQuestion):
        step = next(steps)
    step = steps.throw(ModelTimeoutError("model call timed out after 1 s during pick"))
    while not isinstance(step, Finished):
        step = next(steps)
    assert step.outcome.failure_kind == "timeout"
    assert step.outcome.error == "model call timed out after 1 s during pick"


def test_a_source_without_terms_is_refused_before_any_model_call_on_a_small_model() -> None:
    # A small model writing the artifact itself only spends calls on JSON that fails
    # (measured in adk run: 3 calls, then "not valid JSON"); the author is told what is missing.
    machine = ArtifactMachine(artifact_type="quiz",
                              chunks=artifact_chunks("It is so. We did it.", "quiz"),
                              request="quiz", writes_structured=False, judge=False)
    outcome, steps = drive(machine, lambda q: "not json")
    assert not [s for s in steps if isinstance(s, ModelQuestion)]
    assert not outcome.ok and outcome.llm_calls == 0 and outcome.failure_kind == "bad_input"
    assert "too short to make a quiz" in (outcome.error or "")

"""On the real embedded model, quiz, flashcards and a mindmap of the bundled sample post are
delivered valid and fully grounded, within the loop's budget of model calls.

The embedded model is small: it picks among items code built from the post, under an enum,
so its answers always parse and every delivered item rests on the post. Run one at a time
(`-m local_model`); each call is slow on a busy machine, hence the generous time-out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from draftguard.artifacts._grounding import ungrounded_issues
from draftguard.artifacts._machine import MAX_MODEL_QUESTIONS
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard_adk.artifacts import generate_artifact

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
REQUESTS = {
    "quiz": "4 questions on the main ideas of the post",
    "flashcards": "4 cards on the main ideas of the post",
    "mindmap": "a mindmap of the main ideas of the post",
}


@pytest.mark.local_model
@pytest.mark.parametrize("artifact_type", list(REQUESTS))
async def test_the_embedded_model_delivers_each_type_valid_and_grounded(
    artifact_type: str,
) -> None:
    post = (SAMPLES / "draft.md").read_text(encoding="utf-8")
    logs: list[str] = []

    async def on_log(message: str, fields: object) -> None:
        logs.append(message)
        print(f"  [{artifact_type}] {message}", flush=True)  # shown with -s: calls are slow

    outcome = await generate_artifact(
        artifact_type, post, REQUESTS[artifact_type], model="local:smollm2", on_log=on_log,
        call_timeout_s=1800,
    )

    assert outcome.ok, outcome
    assert outcome.artifact is not None
    assert 1 <= outcome.llm_calls <= MAX_MODEL_QUESTIONS
    assert any(line.startswith("Picked ") for line in logs), logs  # the small model's path
    everything = artifact_chunks(post, "", k=10_000)
    assert ungrounded_issues(artifact_type, outcome.artifact, everything) == []

"""Structured output on the real embedded model always parses: at 5 items, each artifact
type ends valid or with a verdict naming its contract violations, never with output cut at
the token limit ("Artifact is not valid JSON (Unterminated string)") or a judge answer that
does not read."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftguard_adk.artifacts import generate_artifact

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
REQUESTS = {
    "flashcards": "5 flashcards",
    "quiz": "a quiz with 5 questions",
    "mindmap": "a mindmap with 5 branches",
}


@pytest.mark.local_model
@pytest.mark.parametrize("artifact_type", list(REQUESTS))
async def test_five_items_always_parse_on_the_embedded_model(artifact_type: str) -> None:
    logs: list[str] = []

    async def on_log(message: str, fields: object) -> None:
        logs.append(message)
        print(f"  [{artifact_type}] {message}", flush=True)  # shown with -s: calls are slow

    outcome = await generate_artifact(
        artifact_type, (SAMPLES / "draft.md").read_text(encoding="utf-8"),
        REQUESTS[artifact_type], model="local:smollm2", on_log=on_log,
        # Generate and judge, no repair: the test is about every answer parsing, and each
        # call is slow on a busy machine; the time-out is generous for the same reason.
        max_repairs=0, call_timeout_s=1800,
    )

    assert "Plan created: 5 " in " ".join(logs)
    assert not any("not valid JSON" in v for v in outcome.violations), outcome
    assert "malformed JSON" not in (outcome.error or ""), outcome
    assert not any("unreadable" in line for line in logs), logs
    if outcome.ok:
        assert outcome.artifact is not None
    else:
        assert outcome.failure_kind == "validation", outcome
        assert outcome.violations or outcome.issues
    generated = next(line for line in logs if line.startswith("Generated artifact: "))
    assert not generated.startswith("Generated artifact: 0 ")

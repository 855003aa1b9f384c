"""The whole split loop on the real embedded model: it may succeed or run out of attempts,
but it always ends, its verdict matches its outputs, and the raw draft is untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftguard.split import check_split
from draftguard_adk.split._runner import run_split

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.mark.local_model
async def test_embedded_model_runs_the_whole_loop() -> None:
    raw = (SAMPLES / "draft.md").read_text()
    outline = (SAMPLES / "outline.md").read_text()
    outcome = await run_split(raw, outline, model="local:smollm2")

    assert outcome.raw_draft == raw
    assert 1 <= outcome.attempts <= 3
    if outcome.valid:
        assert outcome.draft_ok is not None and outcome.draft_not_ok is not None
        assert check_split(raw, outcome.draft_ok, outcome.draft_not_ok).valid
    else:
        assert outcome.reason.startswith("Split failed after")
        if outcome.draft_ok is not None and outcome.draft_not_ok is not None:
            assert not check_split(raw, outcome.draft_ok, outcome.draft_not_ok).valid


@pytest.mark.local_model
async def test_the_bundled_sample_splits_valid_on_the_embedded_model() -> None:
    # The planner sees each outline item's lexical candidates and, on the embedded model, may
    # pick only those; the checkers still decide, on both integrity and coverage.
    raw = (SAMPLES / "draft.md").read_text()
    outline = (SAMPLES / "outline.md").read_text()
    outcome = await run_split(raw, outline, model="local:smollm2")

    assert outcome.valid, outcome.reason
    assert outcome.integrity is not None and outcome.integrity.ok
    assert outcome.coverage is not None and outcome.coverage.ok
    assert outcome.reason.startswith("Split verified")
    where = {p.id: p.destination for p in outcome.paragraphs}
    assert where[5] == "draft_ok" and where[7] == "draft_not_ok"  # hydration; the ukulele

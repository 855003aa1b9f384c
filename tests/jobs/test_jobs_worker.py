"""The worker running the real ADK repair loop (scripted model): progress, logs, failures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest
from job_db import db_url_fixture  # noqa: F401
from scripted_llm import Hang, ScriptedLlm

from draftguard.jobs import JobStatus, JobStore, Worker
from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard.jobs._worker import JobLog, JobProgress, JobRunner
from draftguard.jobs._worker_log import WORKER_LOGGER
from draftguard.settings import JobsSettings
from draftguard_adk.jobs._runner import repair_loop_runner

SOURCE = ("Photosynthesis is the process by which plants convert light energy into chemical "
          "energy stored in glucose molecules. This occurs in chloroplasts, which contain "
          "chlorophyll pigment.")
GOOD_QUIZ = {"questions": [{
    "question": "Where does photosynthesis occur?",
    "options": ["Mitochondria", "Chloroplasts", "Nucleus", "Cell wall"],
    "correct_answer": "Chloroplasts",
    "explanation": "Chloroplasts contain chlorophyll and are the site of photosynthesis.",
}]}
BAD_QUIZ = {"questions": [{
    "question": "Where does photosynthesis occur?",
    "options": ["Mitochondria", "Mitochondria", "Nucleus", "Cell wall"],
    "correct_answer": "Chloroplasts",
    "explanation": "Chloroplasts contain chlorophyll.",
}]}
NO_ISSUES: dict[str, Any] = {"issues": []}


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[JobStore]:
    s = JobStore(db_url)
    yield s
    await s.close()


def polled(store: JobStore, runner: JobRunner, seen: list[tuple[str, int, int]]) -> JobRunner:
    """Wrap `runner` so every progress report is followed by what a polling client sees."""

    async def run(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        async def spy(stage: str, progress: int, attempt: int) -> None:
            await on_progress(stage, progress, attempt)
            view = (await store.get(job.id)).view()  # type: ignore[union-attr]
            seen.append((view.status.value, view.progress, view.attempts))

        return await runner(job, spy, on_log)

    return run


def worker(store: JobStore, runner: JobRunner, **kw: Any) -> Worker:
    opts: dict[str, Any] = {"lease_seconds": 5, "heartbeat_seconds": 1, "poll_seconds": 0.05}
    opts.update(kw)
    return Worker(store, runner, JobsSettings(**opts), name="w-test")


async def _queue(store: JobStore, kind: str = "quiz") -> str:
    return (await store.create(owner="alice", artifact_type=kind, source=SOURCE,
                               request="Create a quiz on photosynthesis")).id


def _lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == WORKER_LOGGER]


async def test_a_valid_artifact_completes_with_the_seed_progress_and_log(
    store: JobStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=WORKER_LOGGER)
    job_id = await _queue(store)
    model = ScriptedLlm([GOOD_QUIZ, NO_ISSUES])
    seen: list[tuple[str, int, int]] = []
    summary = await worker(store, polled(store, repair_loop_runner(model=model), seen)).run_one()
    assert summary is not None and summary.status == "completed"
    assert seen == [("planning", 20, 0), ("generating", 60, 0), ("validating", 70, 0),
                    ("validating", 80, 0), ("validating", 80, 0)]
    job = await store.get(job_id)
    assert job is not None
    view = job.view().public()
    assert (view["status"], view["progress"], view["attempts"]) == ("completed", 100, 0)
    assert view["result"] == GOOD_QUIZ
    assert job.details == {"llm_calls": 2}
    lines = _lines(caplog)
    # The plan's size depends on the source; the line's shape does not.
    assert lines[2].startswith("✓ Plan created: ") and lines[2].endswith(" concepts")
    lines[2] = "✓ Plan created: N concepts"
    assert lines == [
        f"⚙️ Processing job {job_id} (type=quiz)",
        "📋 Phase 1: Planning quiz structure...",
        "✓ Plan created: N concepts",
        "🔨 Phase 2: Generating quiz content...",
        "✓ Generated artifact: 1 question",
        "✅ Phase 3: Validating quiz...",
        "  → Step 1: Structural validation...",
        "  ✓ Structure valid",
        "  → Step 2: Semantic validation...",
        "  ✓ Semantics valid",
        f"✅ Job {job_id} completed successfully (progress: 100%)",
    ]
    fields = [r.fields for r in caplog.records if r.name == WORKER_LOGGER]  # type: ignore[attr-defined]
    assert all(f["job_id"] == job_id and f["worker"] == "w-test" for f in fields)
    assert fields[-1]["event"] == "job_completed" and fields[-1]["llm_calls"] == 2


async def test_a_repaired_artifact_reports_85_and_one_attempt(
    store: JobStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=WORKER_LOGGER)
    job_id = await _queue(store)
    model = ScriptedLlm([BAD_QUIZ, NO_ISSUES, GOOD_QUIZ, NO_ISSUES])
    seen: list[tuple[str, int, int]] = []
    summary = await worker(store, polled(store, repair_loop_runner(model=model), seen)).run_one()
    assert summary is not None and summary.status == "completed" and summary.attempts == 1
    assert summary.llm_calls == 4  # generate, judge, repair, judge
    assert ("validating", 85, 1) in seen
    assert [p for _, p, _ in seen] == sorted(p for _, p, _ in seen)  # never backwards
    view = (await store.get(job_id)).view().public()  # type: ignore[union-attr]
    assert (view["status"], view["attempts"], view["result"]) == ("completed", 1, GOOD_QUIZ)
    assert view["llm_calls"] == 4
    lines = _lines(caplog)
    repair = lines.index("🔧 Repair attempt 1/2")
    assert lines[repair - 2] == \
        "⚠️  Validation failed: 2 structural violations, 0 semantic issues"
    assert lines[repair + 1:] == [
        "  → Revalidating structure...", "  ✓ Structure valid",
        "  → Revalidating semantics...", "  ✓ Semantics valid",
        "✓ Repair successful after 1 attempt(s)",
        f"✅ Job {job_id} completed successfully (progress: 100%)",
    ]


@pytest.mark.parametrize(
    ("turns", "reason"),
    [
        ([RuntimeError("quota exceeded")], "RuntimeError: quota exceeded"),
        ([Hang(30)], "timed out"),
        (["this is not JSON"] * 3, "Validation failed after 2 repair attempts"),
    ],
    ids=["model-raises", "model-times-out", "malformed-json"],
)
async def test_model_trouble_fails_the_job_with_its_reason(
    store: JobStore, caplog: pytest.LogCaptureFixture, turns: list[Any], reason: str
) -> None:
    caplog.set_level(logging.INFO, logger=WORKER_LOGGER)
    job_id = await _queue(store)
    runner = repair_loop_runner(model=ScriptedLlm(turns), call_timeout_s=0.3)
    summary = await asyncio.wait_for(worker(store, runner).run_one(), 30)
    assert summary is not None and summary.status == "failed"
    view = (await store.get(job_id)).view().public()  # type: ignore[union-attr]
    assert view["status"] == "failed" and view["progress"] == 100
    assert reason in view["error"] and "result" not in view
    lines = _lines(caplog)
    assert "→ Status: failed (progress: 100%)" in lines
    assert f"→ Error: {view['error']}" in lines


async def test_a_runner_past_the_job_timeout_is_stopped_and_failed(store: JobStore) -> None:
    job_id = await _queue(store)
    started = asyncio.Event()

    async def stuck(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        await on_progress("repair", 90, 2)  # it got as far as the second repair
        started.set()
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    summary = await asyncio.wait_for(worker(store, stuck, job_timeout_seconds=0.3).run_one(), 10)
    assert started.is_set() and summary is not None and summary.status == "failed"
    job = await store.get(job_id)
    assert job is not None and job.error is not None and "timed out after 0.3s" in job.error
    # Seen with the embedded model: a poll said attempts 2, then the failed job said 0.
    assert job.attempts == 2


async def test_a_runner_bug_fails_the_job_not_the_worker(store: JobStore) -> None:
    first, second = await _queue(store), await _queue(store)
    calls: list[str] = []

    async def flaky(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        calls.append(job.id)
        if len(calls) == 1:
            raise KeyError("questions")
        return JobOutcome(ok=True, result=GOOD_QUIZ)

    summary = await worker(store, flaky).run(drain=True)
    assert (summary.completed, summary.failed) == (1, 1)
    bad, good = await store.get(first), await store.get(second)
    assert bad is not None and bad.error == "KeyError: 'questions'"
    assert good is not None and good.status is JobStatus.COMPLETED


async def test_a_worker_that_loses_its_lease_stops_and_stores_nothing(store: JobStore) -> None:
    job_id = await _queue(store)
    cancelled = asyncio.Event()

    async def slow(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        try:
            await on_progress("generating", 60, 0)
            # Another worker takes over (as after a GC pause longer than the lease).
            from sqlalchemy import text
            async with store.engine.begin() as conn:
                await conn.execute(text("UPDATE draftguard_jobs SET lease_token='stolen', "
                                        "lease_owner='other' WHERE id=:id"), {"id": job.id})
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return JobOutcome(ok=True, result=GOOD_QUIZ)

    w = worker(store, slow, lease_seconds=0.6, heartbeat_seconds=0.1)
    summary = await asyncio.wait_for(w.run_one(), 10)
    assert summary is not None and summary.lease_lost and cancelled.is_set()
    job = await store.get(job_id)
    assert job is not None and job.lease_owner == "other" and job.result is None


async def test_stopping_a_worker_gives_its_job_back(store: JobStore) -> None:
    job_id = await _queue(store)
    running = asyncio.Event()

    async def slow(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        running.set()
        await asyncio.sleep(30)
        return JobOutcome(ok=True, result=GOOD_QUIZ)

    stop = asyncio.Event()
    task = asyncio.ensure_future(worker(store, slow).run(stop=stop))
    await asyncio.wait_for(running.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    job = await store.get(job_id)
    assert job is not None and job.status is JobStatus.PENDING and job.lease_owner is None


async def test_heartbeats_keep_a_job_longer_than_its_lease(store: JobStore) -> None:
    job_id = await _queue(store)
    running = asyncio.Event()

    async def long(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        running.set()
        await asyncio.sleep(1.5)  # three leases long
        return JobOutcome(ok=True, result=GOOD_QUIZ)

    w = worker(store, long, lease_seconds=0.5, heartbeat_seconds=0.1)
    task = asyncio.ensure_future(w.run_one())
    await running.wait()
    thief = JobStore(store.url)
    try:
        while not task.done():
            assert await thief.claim("thief", lease_seconds=5) is None
            await asyncio.sleep(0.05)
    finally:
        await thief.close()
    summary = task.result()
    assert summary is not None and summary.status == "completed"
    job = await store.get(job_id)
    assert job is not None and job.claims == 1 and job.status is JobStatus.COMPLETED


async def test_the_outcome_is_stored_after_a_brief_database_outage(
    store: JobStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    job_id = await _queue(store)
    real_finish = store.finish
    failures = [ConnectionResetError("database restarting")] * 2

    async def flaky_finish(job: JobRecord, outcome: JobOutcome) -> bool:
        if failures:
            raise failures.pop()
        return await real_finish(job, outcome)

    monkeypatch.setattr(store, "finish", flaky_finish)

    async def quick(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        return JobOutcome(ok=True, result=GOOD_QUIZ)

    summary = await worker(store, quick).run_one()
    assert summary is not None and summary.status == "completed" and not failures
    job = await store.get(job_id)
    assert job is not None and job.status is JobStatus.COMPLETED


async def test_concurrency_runs_jobs_side_by_side_and_max_jobs_stops_the_worker(
    store: JobStore,
) -> None:
    for _ in range(7):
        await _queue(store)
    running = 0
    peak = 0

    async def slow(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.2)
        running -= 1
        return JobOutcome(ok=True, result={"id": job.id})

    summary = await worker(store, slow, concurrency=3).run(drain=True, max_jobs=6)
    assert (summary.processed, summary.completed) == (6, 6) and peak == 3
    counts = await store.count_by_status()
    assert counts == {"completed": 6, "pending": 1}

"""The job store on SQLite and PostgreSQL: create, own, claim atomically, lease, fence."""

from __future__ import annotations

import asyncio
import re
import uuid
from typing import Any

from job_db import FakeClock, clock_fixture, db_url_fixture, store_fixture  # noqa: F401

from draftguard.jobs import JobStatus, JobStore
from draftguard.jobs._models import JobOutcome

SEED_KEYS = {"job_id", "status", "progress", "artifact_type", "created_at", "updated_at",
             "attempts"}


async def _job(store: JobStore, owner: str = "alice", kind: str = "quiz") -> str:
    job = await store.create(owner=owner, artifact_type=kind, source="Photosynthesis...",
                             request="Create a quiz")
    return job.id


async def test_new_job_is_pending_with_a_uuid4_and_the_seed_shape(store: JobStore) -> None:
    job = await store.create(owner="alice", artifact_type="quiz", source="text", request="r")
    assert uuid.UUID(job.id).version == 4
    view = job.view().public()
    assert set(view) == SEED_KEYS
    assert view["status"] == "pending" and view["progress"] == 0 and view["attempts"] == 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", view["created_at"])


async def test_another_users_job_is_invisible(store: JobStore) -> None:
    job_id = await _job(store, owner="alice")
    assert await store.get(job_id, owner="alice") is not None
    assert await store.get(job_id, owner="bob") is None
    assert await store.get(str(uuid.uuid4()), owner="alice") is None


async def test_claims_take_the_oldest_job_first_and_none_when_empty(
    store: JobStore, clock: FakeClock
) -> None:
    first = await _job(store)
    clock.advance(1)
    second = await _job(store)
    a = await store.claim("w1", lease_seconds=30)
    b = await store.claim("w2", lease_seconds=30)
    assert a is not None and b is not None
    assert (a.id, b.id) == (first, second)
    assert a.status is JobStatus.PLANNING and a.progress == 20 and a.claims == 1
    assert a.lease_owner == "w1" and a.lease_token != b.lease_token
    assert await store.claim("w3", lease_seconds=30) is None


async def test_concurrent_claimers_never_share_a_job(db_url: str) -> None:
    stores = [JobStore(db_url) for _ in range(6)]
    try:
        ids = {await _job(stores[0]) for _ in range(30)}

        async def drain(s: JobStore, name: str) -> list[str]:
            got: list[str] = []
            while (job := await s.claim(name, lease_seconds=30)) is not None:
                got.append(job.id)
            return got

        results = await asyncio.gather(*(drain(s, f"w{i}") for i, s in enumerate(stores)))
        claimed = [job_id for r in results for job_id in r]
        assert sorted(claimed) == sorted(ids)  # every job once, none twice
    finally:
        for s in stores:
            await s.close()


async def test_a_lapsed_lease_is_reclaimed_and_the_old_holder_is_fenced_out(
    store: JobStore, clock: FakeClock
) -> None:
    job_id = await _job(store)
    old = await store.claim("dead-worker", lease_seconds=30)
    assert old is not None
    clock.advance(29)
    assert await store.claim("w2", lease_seconds=30) is None  # lease still held
    clock.advance(2)
    new = await store.claim("w2", lease_seconds=30)
    assert new is not None and new.id == job_id and new.claims == 2
    # The first worker wakes up: every write it tries is refused.
    assert not await store.heartbeat(old, lease_seconds=30)
    assert not await store.advance(old, "semantic", 80)
    assert not await store.finish(old, JobOutcome(ok=True, result={"questions": []}))
    assert await store.finish(new, JobOutcome(ok=True, result={"questions": ["q"]}, attempts=1))
    done = await store.get(job_id)
    assert done is not None
    assert done.status is JobStatus.COMPLETED and done.result == {"questions": ["q"]}
    assert done.progress == 100 and done.lease_token is None and done.attempts == 1


async def test_heartbeat_keeps_the_lease(store: JobStore, clock: FakeClock) -> None:
    await _job(store)
    held = await store.claim("w1", lease_seconds=30)
    assert held is not None
    for _ in range(5):
        clock.advance(20)
        assert await store.heartbeat(held, lease_seconds=30)
    assert await store.claim("w2", lease_seconds=30) is None


async def test_a_job_that_keeps_losing_its_worker_fails_instead_of_looping(
    store: JobStore, clock: FakeClock
) -> None:
    job_id = await _job(store)
    for _ in range(2):
        assert await store.claim("w", lease_seconds=10, max_claims=2) is not None
        clock.advance(11)
    assert await store.claim("w", lease_seconds=10, max_claims=2) is None
    job = await store.get(job_id)
    assert job is not None and job.status is JobStatus.FAILED and job.progress == 100
    assert job.error is not None and "lease lapsed 2 time(s)" in job.error
    assert "error" in job.view().public() and "result" not in job.view().public()


async def test_progress_follows_the_seed_map_and_never_goes_back(store: JobStore) -> None:
    job_id = await _job(store)
    job = await store.claim("w", lease_seconds=30)
    assert job is not None
    seen: list[tuple[str, int, int]] = []
    for stage, pct, attempt in [("generating", 60, 0), ("structural", 70, 0),
                                ("semantic", 80, 0), ("repair", 85, 1),
                                ("structural", 85, 1), ("semantic", 70, 1),
                                ("repair", 90, 2), ("done", 100, 2)]:
        assert await store.advance(job, stage, pct, attempt)
        got = await store.get(job_id)
        assert got is not None
        seen.append((got.status.value, got.progress, got.attempts))
    assert seen == [
        ("generating", 60, 0), ("validating", 70, 0), ("validating", 80, 0),
        ("validating", 85, 1), ("validating", 85, 1), ("validating", 85, 1),
        ("validating", 90, 2), ("validating", 90, 2),  # 100 only once the outcome is stored
    ]


async def test_a_released_job_is_pending_again(store: JobStore) -> None:
    job_id = await _job(store)
    job = await store.claim("w", lease_seconds=30)
    assert job is not None and await store.release(job)
    again = await store.get(job_id)
    assert again is not None and again.status is JobStatus.PENDING and again.claims == 0
    assert (await store.claim("w2", lease_seconds=30)) is not None


async def test_failure_keeps_the_reason_and_no_result(store: JobStore) -> None:
    job_id = await _job(store)
    job = await store.claim("w", lease_seconds=30)
    assert job is not None
    reason = "Validation failed after 2 repair attempts. Violations: [] Issues: ['x']"
    assert await store.finish(job, JobOutcome(ok=False, error=reason, attempts=2))
    view = (await store.get(job_id)).view().public()  # type: ignore[union-attr]
    assert view["status"] == "failed" and view["error"] == reason and view["progress"] == 100
    assert "result" not in view


async def test_the_poll_fast_path_shows_exactly_the_full_view(store: JobStore) -> None:
    ids = [await _job(store) for _ in range(3)]
    done = await store.claim("w", lease_seconds=30)
    failed = await store.claim("w", lease_seconds=30)
    assert done is not None and failed is not None
    await store.finish(done, JobOutcome(ok=True, result={"questions": [{"q": "ü"}]}, attempts=2,
                                        details={"llm_calls": 6}))
    await store.finish(failed, JobOutcome(ok=False, error="model call timed out",
                                          details={"llm_calls": 1, "failure_kind": "timeout"}))
    for job_id in ids:
        full = await store.get(job_id)
        assert full is not None
        assert await store.poll(job_id, owner="alice") == full.view()
        assert await store.poll(job_id, owner="mallory") is None
    # The model-call count, once a job has finished.
    calls = {}
    for job_id in ids:
        view = await store.poll(job_id, owner="alice")
        calls[job_id] = view.llm_calls if view is not None else -1
    pending = next(i for i in ids if i not in (done.id, failed.id))
    assert (calls[done.id], calls[failed.id], calls[pending]) == (6, 1, None)


async def test_losing_the_create_table_race_is_no_failure(db_url: str) -> None:
    # Another process creates the table between this one's check and its CREATE TABLE: the
    # database says "already exists", and the store goes on with the table that is there.
    from sqlalchemy.exc import OperationalError

    class Late(JobStore):
        @staticmethod
        def _create_all(conn: Any) -> None:
            raise OperationalError("CREATE TABLE draftguard_jobs", {},
                                   Exception("table draftguard_jobs already exists"))

    winner, store = JobStore(db_url), Late(db_url)
    try:
        await winner.drop_schema()
        await winner.create_schema()  # the other process wins the race
        await store.create_schema()
        assert await _job(store)
    finally:
        await winner.close()
        await store.close()


async def test_processes_starting_together_may_all_create_the_schema(db_url: str) -> None:
    stores = [JobStore(db_url) for _ in range(4)]
    try:
        await stores[0].drop_schema()
        await asyncio.gather(*(s.create_schema() for s in stores))
        assert await _job(stores[1])
    finally:
        for s in stores:
            await s.close()

"""Fault tests with real worker processes: SIGKILL mid-job, and 100 jobs across 4 workers."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from job_db import db_url_fixture  # noqa: F401

from draftguard.jobs import JobStatus, JobStore, Worker
from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard.jobs._worker import JobLog, JobProgress
from draftguard.settings import JobsSettings

PROC = Path(__file__).with_name("job_worker_proc.py")


def _spawn(db_url: str, mode: str, runlog: Path, name: str, lease: float,
           heartbeat: float) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, str(PROC), db_url, mode, str(runlog), name, str(lease), str(heartbeat)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )


def _runlog(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text().splitlines()] if path.exists() else []


async def test_a_killed_worker_s_job_is_reclaimed_and_completed_exactly_once(
    db_url: str, tmp_path: Path
) -> None:
    store = JobStore(db_url)
    try:
        job = await store.create(owner="alice", artifact_type="quiz", source="s", request="r")
        runlog = tmp_path / "runs.log"
        proc = _spawn(db_url, "hang", runlog, "victim", lease=3.0, heartbeat=0.5)
        deadline = time.monotonic() + 60
        while not any(r[0] == "start" for r in _runlog(runlog)):
            assert proc.poll() is None, proc.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the worker process never started the job"
            await asyncio.sleep(0.05)
        mid = await store.get(job.id)
        assert mid is not None and mid.status is JobStatus.GENERATING
        assert mid.lease_owner == "victim"

        os.kill(proc.pid, signal.SIGKILL)  # no cleanup, no release: the lease just stops
        proc.wait(timeout=10)

        runs: list[str] = []

        async def rescue(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
            runs.append(job.id)
            await on_progress("semantic", 80, 0)
            return JobOutcome(ok=True, result={"worker": "rescuer"})

        rescuer = Worker(store, rescue, JobsSettings(lease_seconds=5, heartbeat_seconds=1),
                         name="rescuer")
        # The dead worker's lease has seconds left: nobody may take the job yet.
        assert await rescuer.run_one() is None
        deadline = time.monotonic() + 30
        while (summary := await rescuer.run_one()) is None:
            assert time.monotonic() < deadline, "the job was never reclaimed"
            await asyncio.sleep(0.1)
        assert summary.job_id == job.id and summary.status == "completed"
        assert await rescuer.run_one() is None  # completed once, never handed out again

        done = await store.get(job.id)
        assert done is not None and done.status is JobStatus.COMPLETED
        assert done.result == {"worker": "rescuer"} and done.claims == 2
        assert runs == [job.id]
        assert [r[0] for r in _runlog(runlog)] == ["start"]  # the victim never finished it
    finally:
        await store.close()


async def test_100_jobs_across_4_worker_processes_each_complete_exactly_once(
    db_url: str, tmp_path: Path
) -> None:
    store = JobStore(db_url)
    try:
        ids = [(await store.create(owner=f"u{i % 3}", artifact_type="flashcards", source="s",
                                   request=str(i))).id for i in range(100)]
        runlog = tmp_path / "runs.log"
        procs = [_spawn(db_url, "fast", runlog, f"w{i}", lease=10.0, heartbeat=2.0)
                 for i in range(4)]
        for p in procs:
            _, err = p.communicate(timeout=180)
            assert p.returncode == 0, err.decode()[-2000:]

        runs = _runlog(runlog)
        started = Counter(r[1] for r in runs if r[0] == "start")
        finished = Counter(r[1] for r in runs if r[0] == "done")
        assert set(started) == set(ids) and set(started.values()) == {1}
        assert set(finished) == set(ids) and set(finished.values()) == {1}

        jobs = {j.id: j for j in await store.all_jobs()}
        assert all(jobs[i].status is JobStatus.COMPLETED and jobs[i].claims == 1 for i in ids)
        # The stored result comes from the worker whose run finished it.
        by_worker = {r[1]: r[2] for r in runs if r[0] == "done"}
        assert all(jobs[i].result == {"worker": by_worker[i], "job": i} for i in ids)
    finally:
        await store.close()

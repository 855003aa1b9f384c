"""A worker process for the fault tests (not a test module): a real OS process the tests can
SIGKILL, running the real `Worker` with a stand-in runner that records every run it starts.

    python job_worker_proc.py DB_URL {hang|fast} RUNLOG NAME LEASE HEARTBEAT
"""

from __future__ import annotations

import asyncio
import os
import random
import sys

from draftguard.jobs import JobStore, Worker
from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard.jobs._worker import JobLog, JobProgress
from draftguard.settings import JobsSettings


def _record(runlog: str, line: str) -> None:
    # O_APPEND writes of one short line are atomic, so several processes can share the file.
    fd = os.open(runlog, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line + "\n").encode())
    finally:
        os.close(fd)


async def main() -> None:
    db_url, mode, runlog, name = sys.argv[1:5]
    lease, heartbeat = float(sys.argv[5]), float(sys.argv[6])

    async def runner(job: JobRecord, on_progress: JobProgress, on_log: JobLog) -> JobOutcome:
        await on_progress("generating", 60, 0)
        _record(runlog, f"start {job.id} {name}")
        if mode == "hang":
            await asyncio.sleep(3600)  # the test kills us here
        await asyncio.sleep(random.uniform(0.005, 0.03))
        await on_progress("structural", 70, 0)
        _record(runlog, f"done {job.id} {name}")
        return JobOutcome(ok=True, result={"worker": name, "job": job.id})

    store = JobStore(db_url)
    settings = JobsSettings(lease_seconds=lease, heartbeat_seconds=heartbeat, poll_seconds=0.05)
    worker = Worker(store, runner, settings, name=name)
    try:
        await worker.run(drain=mode == "fast")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())

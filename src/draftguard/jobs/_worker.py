"""The worker: claim a job, run it under a heartbeated lease, store its outcome.

    claim (atomic) ─► run the job's runner ──────────────► finish (fenced by lease token)
                        │  on_progress → store.advance      │
                        │  on_log      → worker log line    └─ lease lost? result discarded
                        └─ heartbeat every heartbeat_seconds; lease lost → cancel the run

A worker that dies stops heartbeating; once its lease lapses any worker reclaims the job.
A worker that is merely slow finds on its next heartbeat (or at `finish`) that its token no
longer matches and stops, so a job never runs to completion in two places. The runner is
injected: the product passes the ADK repair loop, tests pass a scripted one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import socket
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from pydantic import BaseModel, Field

from draftguard.errors import ConfigError, DraftguardError, StoreReplacedError
from draftguard.jobs._models import JobOutcome, JobRecord
from draftguard.jobs._store import JobStore
from draftguard.jobs._worker_log import WORKER_LOGGER, marked_line
from draftguard.settings import JobsSettings

__all__ = [
    "JobLog",
    "JobProgress",
    "JobRunner",
    "JobSummary",
    "Worker",
    "WorkerSummary",
    "check_worker_name",
    "default_worker_name",
]

#: `await on_progress(stage, progress_percent, repair_attempt)`
JobProgress = Callable[[str, int, int], Awaitable[None]]
#: `await on_log(message, fields)`
JobLog = Callable[[str, Mapping[str, Any]], Awaitable[None]]
#: Runs one job; must not outlive cancellation. Raising fails the job with the error's text.
JobRunner = Callable[[JobRecord, JobProgress, JobLog], Awaitable[JobOutcome]]

log = logging.getLogger(WORKER_LOGGER)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_MAX_NAME = 200


def check_worker_name(name: str) -> str:
    """`name`, or `ConfigError` unless it is 1..200 printable characters on one line.

    The name is written into every log line and every lease: a newline would forge lines.
    """
    if _UNPRINTABLE.search(name) or not name.strip() or len(name) > _MAX_NAME:
        raise ConfigError(f"a worker name must be 1..{_MAX_NAME} printable characters on "
                          "one line")
    return name


def default_worker_name() -> str:
    """host:pid:short-random, unique even for several workers in one process."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


class JobSummary(BaseModel):
    job_id: str
    artifact_type: str
    status: str
    attempts: int
    seconds: float
    error: str | None = None
    lease_lost: bool = False
    llm_calls: int | None = None


class WorkerSummary(BaseModel):
    """What `draftguard worker --once --json` prints."""

    worker: str
    processed: int = 0
    completed: int = 0
    failed: int = 0
    lease_lost: int = 0
    claim_errors: int = Field(default=0, description="claims that failed (database errors)")
    error: str | None = Field(
        default=None,
        description="why the worker could not do its job (no claim succeeded, or the database "
                    "was replaced); None when it could",
    )
    jobs: list[JobSummary] = Field(default_factory=list)


def _reason(err: BaseException) -> str:
    if isinstance(err, DraftguardError):
        return str(err)
    text = str(err).strip()
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


class Worker:
    """Runs jobs from `store` with `runner`, `concurrency` at a time."""

    def __init__(
        self,
        store: JobStore,
        runner: JobRunner,
        settings: JobsSettings | None = None,
        *,
        name: str | None = None,
    ) -> None:
        """`settings` holds the lease, heartbeat, poll, timeout, claim and concurrency values
        (agents.yaml's `jobs` section, which also checks the heartbeat is inside the lease);
        the defaults are its own."""
        if name is not None:
            check_worker_name(name)
        self.store = store
        self.runner = runner
        self.settings = settings if settings is not None else JobsSettings()
        self.name = name or default_worker_name()
        self.summary = WorkerSummary(worker=self.name)

    def _line(self, message: str, job: JobRecord | None, **fields: Any) -> None:
        data: dict[str, Any] = {"worker": self.name}
        if job is not None:
            data.update(job_id=job.id, artifact_type=job.artifact_type)
        data.update(fields)
        level = logging.WARNING if fields.get("event") in {"job_failed", "lease_lost"} \
            else logging.INFO
        log.log(level, message, extra={"fields": data})

    async def run_one(self) -> JobSummary | None:
        """Claim and run one job; None when nothing is claimable."""
        job = await self.store.claim(
            self.name, lease_seconds=self.settings.lease_seconds,
            max_claims=self.settings.max_claims,
        )
        if job is None:
            return None
        return await self._process(job)

    async def _process(self, job: JobRecord) -> JobSummary:
        started = time.monotonic()
        self._line(
            f"⚙️ Processing job {job.id} (type={job.artifact_type})", job,
            event="job_claimed", claims=job.claims,
        )
        lease_lost = asyncio.Event()
        outcome = await self._outcome(job, lease_lost)
        stored = False
        if outcome is not None and not lease_lost.is_set():
            stored = await self._finish(job, outcome)
        seconds = round(time.monotonic() - started, 3)
        if not stored:
            self._line(
                f"✗ Lease on job {job.id} lost; another worker owns it now, result discarded",
                job, event="lease_lost",
            )
            summary = JobSummary(job_id=job.id, artifact_type=job.artifact_type,
                                 status="lease_lost", attempts=0, seconds=seconds,
                                 lease_lost=True)
            self.summary.lease_lost += 1
        else:
            assert outcome is not None
            summary = self._report(job, outcome, seconds)
        self.summary.processed += 1
        self.summary.jobs.append(summary)
        return summary

    async def _outcome(self, job: JobRecord, lease_lost: asyncio.Event) -> JobOutcome | None:
        """Run the job under its timeout and heartbeat: its outcome, or None when the lease
        was lost. Our own shutdown gives the job back and re-raises the cancellation."""

        async def on_progress(stage: str, progress: int, attempt: int) -> None:
            if not await self.store.advance(job, stage, progress, attempt):
                lease_lost.set()
                run.cancel()  # another worker owns the job now: stop spending model calls

        async def on_log(message: str, fields: Mapping[str, Any]) -> None:
            if "ok" in fields and not message.startswith("✗"):
                return  # the loop's own closing line: the worker writes the job's verdict
            self._line(marked_line(message), job, **{"event": "loop", **dict(fields)})

        run = asyncio.ensure_future(
            asyncio.wait_for(self.runner(job, on_progress, on_log),
                             self.settings.job_timeout_seconds)
        )
        beat = asyncio.ensure_future(self._heartbeat(job, run, lease_lost))
        try:
            return await run
        except asyncio.CancelledError:
            if not lease_lost.is_set():
                # Our own shutdown: give the job back so another worker starts it at once.
                beat.cancel()
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.store.release(job))
                self._line(f"↩ Job {job.id} released (worker stopping)", job,
                           event="job_released")
                raise
            return None
        except TimeoutError:
            return JobOutcome(
                ok=False,
                error=f"job timed out after {self.settings.job_timeout_seconds:g}s "
                "(the model did not answer in time)",
                details={"failure_kind": "timeout"},
            )
        except Exception as err:  # the runner's bug or the model's exception: fail the job
            return JobOutcome(ok=False, error=_reason(err),
                              details={"failure_kind": "exception"})
        finally:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat

    async def _finish(self, job: JobRecord, outcome: JobOutcome) -> bool:
        """Store the outcome, riding out a brief database outage: the model calls are spent,
        and until the lease lapses the result is still ours to store."""
        deadline = time.monotonic() + self.settings.lease_seconds
        delay = 0.2
        while True:
            try:
                return await self.store.finish(job, outcome)
            except StoreReplacedError:
                raise  # no later attempt can reach the file the job was claimed from
            except Exception as err:
                if time.monotonic() + delay > deadline:
                    raise
                self._line(f"  storing the outcome failed ({_reason(err)}); retrying", job,
                           event="finish_retry")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    def _report(self, job: JobRecord, outcome: JobOutcome, seconds: float) -> JobSummary:
        if outcome.ok:
            self.summary.completed += 1
            self._line(
                f"✅ Job {job.id} completed successfully (progress: 100%)", job,
                event="job_completed", status="completed", progress=100,
                attempts=outcome.attempts, seconds=seconds, **_counts(outcome),
            )
            status = "completed"
        else:
            self.summary.failed += 1
            self._line("→ Status: failed (progress: 100%)", job, event="job_failed",
                       status="failed", progress=100, attempts=outcome.attempts,
                       seconds=seconds, **_counts(outcome))
            self._line(f"→ Error: {outcome.error}", job, event="job_error", error=outcome.error)
            status = "failed"
        calls = outcome.details.get("llm_calls")
        return JobSummary(job_id=job.id, artifact_type=job.artifact_type, status=status,
                          attempts=outcome.attempts, seconds=seconds, error=outcome.error,
                          llm_calls=calls if isinstance(calls, int) else None)

    async def _heartbeat(
        self, job: JobRecord, run: asyncio.Future[JobOutcome], lease_lost: asyncio.Event
    ) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat_seconds)
            try:
                held = await self.store.heartbeat(
                    job, lease_seconds=self.settings.lease_seconds)
            except StoreReplacedError as err:
                self._line(f"  heartbeat failed: {err}", job, event="heartbeat_error")
                return  # the job's next write reports it and stops the worker
            except Exception as err:  # database briefly unreachable: keep trying until expiry
                self._line(f"  heartbeat failed: {_reason(err)}", job, event="heartbeat_error")
                continue
            if not held:
                lease_lost.set()
                run.cancel()
                return

    async def run(
        self,
        *,
        stop: asyncio.Event | None = None,
        drain: bool = False,
        max_jobs: int | None = None,
    ) -> WorkerSummary:
        """Work until `stop` is set; with `drain`, until no job is claimable; with
        `max_jobs`, until that many were processed. Returns what was done.

        A failed claim is retried with back-off, except with `drain` (the queue's state is
        unknown, so the summary's `error` says the work was not done) and when the SQLite file
        was replaced (no retry can reach the jobs again: every slot stops)."""
        stop = stop or asyncio.Event()
        budget = _Budget(max_jobs)
        concurrency = self.settings.concurrency
        self._line(f"Worker {self.name} started (concurrency={concurrency})", None,
                   event="worker_started", concurrency=concurrency)
        slots = [asyncio.ensure_future(self._slot(stop, budget, drain=drain))
                 for _ in range(concurrency)]
        try:
            await asyncio.gather(*slots)
        finally:
            for s in slots:
                s.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
            self._line(
                f"Worker {self.name} stopped: {self.summary.completed} completed, "
                f"{self.summary.failed} failed", None, event="worker_stopped",
                completed=self.summary.completed, failed=self.summary.failed,
            )
        return self.summary

    async def _slot(self, stop: asyncio.Event, budget: _Budget, *, drain: bool) -> None:
        """One of `concurrency` loops: claim, run, and back off while nothing is claimable."""
        idle = self.settings.poll_seconds
        while not stop.is_set() and budget.take():
            try:
                done = await self.run_one()
            except asyncio.CancelledError:
                raise
            except StoreReplacedError as err:
                self._line(f"✗ Stopping: {err}", None, event="store_replaced")
                self.summary.error = str(err)
                stop.set()
                return
            except Exception as err:  # the database is down: say so, back off, retry
                self._line(f"✗ Claim failed: {_reason(err)}", None, event="claim_error")
                self.summary.claim_errors += 1
                if drain:
                    self.summary.error = f"could not claim a job: {_reason(err)}"
                    return
                done = None
            if done is not None:
                idle = self.settings.poll_seconds
                continue
            budget.give_back()  # nothing was claimed
            if drain:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), idle)
            idle = min(idle * 2, max(self.settings.poll_seconds, 5.0))


class _Budget:
    """How many more jobs the worker may claim (None: no limit), shared by its slots."""

    def __init__(self, left: int | None) -> None:
        self.left = left

    def take(self) -> bool:
        if self.left is None:
            return True
        if self.left <= 0:
            return False
        self.left -= 1
        return True

    def give_back(self) -> None:
        if self.left is not None:
            self.left += 1


def _counts(outcome: JobOutcome) -> dict[str, Any]:
    return {k: v for k, v in outcome.details.items() if k in {"llm_calls", "failure_kind"}}

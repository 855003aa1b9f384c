"""`draftguard worker`: run queued artifact jobs through the repair loop."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from typing import Any

from draftguard.errors import ConfigError
from draftguard.jobs import Worker, load_job_settings
from draftguard.jobs._worker import JobRunner, WorkerSummary, check_worker_name
from draftguard.jobs._worker_log import configure_worker_logging
from draftguard.settings import JobsSettings
from draftguard.textio._display import escape_controls
from draftguard_adk.cli._database import open_job_store
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json

HELP = """\
Claim queued artifact jobs (POST /ai/artifact) and run each through the repair loop:
generate, structural check, semantic check, up to two repairs. Progress is written to the
job store as the loop goes, so clients polling GET /ai/artifact/{job_id} see 20, 60, 70,
80, 85, 90 and 100. Jobs are claimed atomically and held under a heartbeated lease: run as
many workers as you like, on as many machines as share the database; a worker that dies
loses its lease and its job is picked up again by another.

The database is DATABASE_URL, else DRAFTGUARD_JOBS_DB (a SQLite file), else the `jobs`
section of agents.yaml. The first SIGINT/SIGTERM finishes running jobs and exits; a second
one gives them back to the queue at once.
"""
_JOBS = JobsSettings()


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "worker",
        description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--once", action="store_true",
                   help="work until the queue is empty, then exit (exit 1 if a job failed "
                        "or a claim did)")
    p.add_argument("--max-jobs", type=int, metavar="N", help="exit after N jobs")
    p.add_argument("--concurrency", type=int, metavar="N",
                   help="jobs run at once by this worker "
                        f"(default: jobs.concurrency or {_JOBS.concurrency})")
    p.add_argument("--name", help="worker name in logs and leases (default host:pid:random)")
    p.add_argument("--database-url", metavar="URL", help="overrides DATABASE_URL and config")
    p.add_argument("--lease-seconds", type=float, metavar="S",
                   help=f"lease length (default: jobs.lease_seconds or {_JOBS.lease_seconds:g})")
    p.add_argument("--job-timeout", type=float, metavar="S",
                   help="fail a job that runs longer than this "
                        f"(default: jobs.job_timeout_seconds or {_JOBS.job_timeout_seconds:g})")
    p.add_argument("--model", help="model for every job (default: each agent's configured model)")
    p.add_argument("--log-json", action="store_true", help="log JSON lines instead of text")
    add_json_flag(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.max_jobs is not None and args.max_jobs < 1:
        raise ConfigError("--max-jobs must be at least 1")
    if args.concurrency is not None and args.concurrency < 1:
        raise ConfigError("--concurrency must be at least 1")
    if args.name is not None:
        check_worker_name(args.name)  # before the database is opened (or created)
    _check_seconds("--lease-seconds", args.lease_seconds, "lease_seconds")
    _check_seconds("--job-timeout", args.job_timeout, "job_timeout_seconds")
    overrides: dict[str, Any] = {
        "concurrency": args.concurrency, "lease_seconds": args.lease_seconds,
        "job_timeout_seconds": args.job_timeout,
    }
    if args.lease_seconds is not None:
        overrides["heartbeat_seconds"] = args.lease_seconds / 3
    settings = load_job_settings(**overrides)
    if args.database_url:
        from draftguard.jobs._config import normalize_database_url

        settings = settings.model_copy(
            update={"database_url": normalize_database_url(args.database_url)})
    configure_worker_logging(json_lines=args.log_json)

    from draftguard_adk.jobs._runner import repair_loop_runner

    runner = repair_loop_runner(model=args.model)
    summary = asyncio.run(_work(args, settings, runner))
    if args.json:
        emit_json(summary)
    else:
        print(f"{summary.worker}: {summary.processed} job(s): {summary.completed} completed, "
              f"{summary.failed} failed" + (f", {summary.lease_lost} lease(s) lost"
                                            if summary.lease_lost else ""))
        for job in summary.jobs:
            calls = "" if job.llm_calls is None else f", {job.llm_calls} model call(s)"
            line = f"  {job.job_id} {job.artifact_type} {job.status} ({job.seconds:.1f}s{calls})"
            error = escape_controls(job.error, single_line=True) if job.error else ""
            print(line + (f": {error}" if error else ""))
    if summary.error:
        # The worker could not do its job (no claim went through, or the database file was
        # replaced): whatever it printed above, this must not look like an empty queue.
        # A driver's message can span lines: one line, like every error we print.
        print(f"draftguard: error: {escape_controls(summary.error, single_line=True)}",
              file=sys.stderr)
    return EXIT_FAILED if summary.failed or summary.error else EXIT_OK


def _check_seconds(flag: str, value: float | None, field: str) -> None:
    """The flag within the bounds of its agents.yaml setting (NaN and infinity refused)."""
    if value is None:
        return
    limit = next(m.le for m in JobsSettings.model_fields[field].metadata
                 if getattr(m, "le", None) is not None)
    if not 0 < value <= limit:
        raise ConfigError(f"{flag} must be more than 0 and at most {limit:g} seconds, "
                          f"got {value:g}")


async def _work(args: argparse.Namespace, settings: Any, runner: JobRunner) -> WorkerSummary:
    store = await open_job_store(settings.database_url)
    try:
        worker = Worker(store, runner, settings, name=args.name)
        stop = asyncio.Event()
        task = asyncio.ensure_future(
            worker.run(stop=stop, drain=args.once, max_jobs=args.max_jobs))
        signals = 0

        def on_signal() -> None:
            nonlocal signals
            signals += 1
            if signals == 1:
                stop.set()  # finish what is running, claim nothing new
            else:
                task.cancel()  # give running jobs back to the queue now

        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, on_signal)
        try:
            return await task
        except asyncio.CancelledError:
            return worker.summary
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.remove_signal_handler(sig)
    finally:
        await store.close()


"""Durable polled jobs: statuses and progress, API shapes, the job store and the worker.

Framework-free: the ADK side (`draftguard_adk.jobs`) supplies the runner (the repair loop)
and the HTTP server.
"""

from __future__ import annotations

from draftguard.jobs._config import load_job_settings
from draftguard.jobs._status import JobStatus
from draftguard.jobs._store import JobStore
from draftguard.jobs._worker import Worker

__all__ = [
    "JobStatus",
    "JobStore",
    "Worker",
    "load_job_settings",
]

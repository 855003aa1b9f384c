"""Durable polled jobs: statuses and progress, API shapes, the job store and the worker.

Framework-free: the ADK side (`draftguard_adk.jobs`) supplies the runner (the repair loop)
and the HTTP server.
"""

from draftguard.jobs._config import (
    ApiKeys,
    JobServiceSettings,
    load_job_settings,
    normalize_database_url,
)
from draftguard.jobs._models import (
    ArtifactRequest,
    JobCreated,
    JobOutcome,
    JobRecord,
    JobView,
    format_timestamp,
)
from draftguard.jobs._redact import redact
from draftguard.jobs._status import (
    ACTIVE_STATUSES,
    TERMINAL_STATUSES,
    JobStatus,
    Stage,
    progress_for,
    status_for,
)
from draftguard.jobs._store import JobStore, utcnow
from draftguard.jobs._worker import (
    JobLog,
    JobProgress,
    JobRunner,
    JobSummary,
    Worker,
    WorkerSummary,
    check_worker_name,
    default_worker_name,
)
from draftguard.jobs._worker_log import (
    WORKER_LOGGER,
    JsonLineFormatter,
    WorkerLogFormatter,
    configure_worker_logging,
    marked_line,
)

__all__ = [
    "ACTIVE_STATUSES",
    "TERMINAL_STATUSES",
    "WORKER_LOGGER",
    "ApiKeys",
    "ArtifactRequest",
    "JobCreated",
    "JobLog",
    "JobOutcome",
    "JobProgress",
    "JobRecord",
    "JobRunner",
    "JobServiceSettings",
    "JobStatus",
    "JobStore",
    "JobSummary",
    "JobView",
    "JsonLineFormatter",
    "Stage",
    "Worker",
    "WorkerLogFormatter",
    "WorkerSummary",
    "check_worker_name",
    "configure_worker_logging",
    "default_worker_name",
    "format_timestamp",
    "load_job_settings",
    "marked_line",
    "normalize_database_url",
    "progress_for",
    "redact",
    "status_for",
    "utcnow",
]

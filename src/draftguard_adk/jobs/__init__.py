"""The ADK side of durable jobs: the repair-loop runner, the HTTP API and the server."""

from draftguard_adk.jobs._api import (
    ANONYMOUS_USER,
    BodyLimitMiddleware,
    JobApi,
    create_jobs_app,
    install_job_api,
)
from draftguard_adk.jobs._http_protocol import deadline_protocol
from draftguard_adk.jobs._runner import outcome_for_job, repair_loop_runner
from draftguard_adk.jobs._server import AGENTS_DIR, build_server_app, start_workers

__all__ = [
    "AGENTS_DIR",
    "ANONYMOUS_USER",
    "BodyLimitMiddleware",
    "JobApi",
    "build_server_app",
    "create_jobs_app",
    "deadline_protocol",
    "install_job_api",
    "outcome_for_job",
    "repair_loop_runner",
    "start_workers",
]

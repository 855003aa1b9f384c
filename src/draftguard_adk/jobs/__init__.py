"""The ADK side of durable jobs: the repair-loop runner, the HTTP API and the server."""

from __future__ import annotations

from draftguard_adk.jobs._api import create_jobs_app

__all__ = [
    "create_jobs_app",
]

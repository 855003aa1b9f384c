"""`draftguard serve`: ADK's own FastAPI app (adk web's API, the agents) plus the job API,
in one process, with embedded workers so a queued job runs without a second command."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import warnings
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.routing import APIRoute
from google.adk.artifacts.base_artifact_service import BaseArtifactService
from google.adk.cli.fast_api import get_fast_api_app
from google.adk.cli.utils.service_factory import create_artifact_service_from_options

from draftguard.jobs import JobStore, Worker
from draftguard.jobs._config import JobServiceSettings
from draftguard.jobs._worker import JobRunner
from draftguard_adk.agents._apps import AGENTS_DIR
from draftguard_adk.jobs._api import JobApi, install_job_api
from draftguard_adk.jobs._runner import repair_loop_runner
from draftguard_adk.jobs._sources import SessionSources

__all__ = ["AGENTS_DIR", "build_server_app", "served_artifact_service", "start_workers"]

log = logging.getLogger("draftguard.jobs.server")

@contextlib.asynccontextmanager
async def start_workers(
    store: JobStore, settings: JobServiceSettings, runner: JobRunner, count: int
) -> AsyncIterator[list[Worker]]:
    """Run `count` workers in the background for the duration of the block; on exit they
    stop claiming and give running jobs back (pending again) for another worker."""
    stop = asyncio.Event()
    workers = [
        Worker(store, runner, settings) for _ in range(count)
    ]
    tasks = [asyncio.ensure_future(w.run(stop=stop)) for w in workers]
    try:
        yield workers
    finally:
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def build_server_app(
    settings: JobServiceSettings,
    *,
    agents_dir: str | Path = AGENTS_DIR,
    web: bool = True,
    workers: int = 1,
    allow_anonymous: bool = False,
    runner: JobRunner | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    session_service_uri: str | None = None,
    artifact_service_uri: str | None = None,
) -> FastAPI:
    """ADK's app for `agents_dir` with `/ai/artifact` beside it (one OpenAPI document)."""
    store = JobStore(settings.database_url)
    api = JobApi(store, settings, allow_anonymous=allow_anonymous)
    job_runner = runner or repair_loop_runner()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await api.ensure_schema()
        try:
            async with start_workers(store, settings, job_runner, workers):
                yield
        finally:
            await store.close()

    with warnings.catch_warnings():
        # ADK 2.13 warns "[EXPERIMENTAL] InMemoryCredentialService" on every start: noise for
        # a user of `draftguard serve`, who did not choose that service and cannot act on it.
        warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]", category=UserWarning)
        app = get_fast_api_app(
            agents_dir=str(agents_dir), web=web, lifespan=lifespan, host=host, port=port,
            session_service_uri=session_service_uri,
            artifact_service_uri=artifact_service_uri,
        )
    app.title = "draftguard"
    app.description = (
        "ADK's agent API (adk web) for blogger/ and event_planning/, plus the durable "
        "artifact job API under /ai/artifact (API key required)."
    )
    install_job_api(app, api)
    artifacts = served_artifact_service(app)
    if artifacts is None:
        # Same URI, same factory: a database or bucket is then shared; only an in-memory
        # service would be a second, empty one, which the warning says.
        log.warning("job API: ADK's artifact service not found in its app; source ids are "
                    "read from a second service built from the same options")
        artifacts = create_artifact_service_from_options(
            base_dir=str(agents_dir), artifact_service_uri=artifact_service_uri,
            strict_uri=True)
    api.sources = SessionSources(artifacts)
    app.state.job_api = api
    return app


def served_artifact_service(app: FastAPI) -> BaseArtifactService | None:
    """The artifact service ADK's app serves its agents with, or None.

    `get_fast_api_app` builds the service inside and keeps no public handle on it: its
    artifact routes are closures over the ADK web server object that holds it, so the
    service is taken from there (an in-memory service must be that very object).
    """
    for route in app.router.routes:
        if not isinstance(route, APIRoute) or "/artifacts" not in route.path:
            continue
        for cell in getattr(route.endpoint, "__closure__", None) or ():
            try:
                held = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            service = getattr(held, "artifact_service", None)
            if isinstance(service, BaseArtifactService):
                return service
    return None

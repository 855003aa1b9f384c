"""Jobs made from ingested sources: `session_id` + `source_ids` in `POST /ai/artifact`, read
through the artifact service ADK's served app uses (here its in-memory one)."""

from __future__ import annotations

import base64
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from draftguard.errors import InputError
from draftguard.jobs import load_job_settings
from draftguard.jobs._models import SOURCE_ID_PATTERN, ArtifactRequest
from draftguard_adk.jobs._api import JobApi
from draftguard_adk.jobs._server import build_server_app
from draftguard_adk.sources._store import source_artifact_name

ALICE = "alice-key-0123456789"
BOB = "bob-key-0123456789ab"
NOTES = ("Chlorophyll absorbs red and blue light and reflects green, which is why leaves look "
         "green. The light reactions happen in the thylakoid membranes.")
TRANSCRIPT = "Guest: the Calvin cycle fixes carbon dioxide into sugars in the stroma."
POST = "Photosynthesis turns light into chemical energy stored in glucose."


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[FastAPI]:
    settings = load_job_settings(
        {"DRAFTGUARD_API_KEYS": f"alice:{ALICE},bob:{BOB}"},
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'jobs.db'}", max_source_chars=2000,
    )
    app = build_server_app(settings, web=False, workers=0, artifact_service_uri="memory://")
    async with app.router.lifespan_context(app):
        yield app


@pytest.fixture
async def client(served: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=served)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
        yield c


async def _ingest(client: httpx.AsyncClient, user: str, session: str, source_id: str,
                  text: str) -> None:
    """Saved the way the chat's `source_ingest` saves it, through ADK's own artifact route."""
    r = await client.post(f"/apps/blogger/users/{user}/sessions/{session}/artifacts", json={
        "filename": source_artifact_name(source_id),
        "artifact": {"inline_data": {"data": base64.b64encode(text.encode()).decode(),
                                     "mime_type": "text/markdown"}},
    })
    assert r.status_code == 200, r.text


async def _submit(client: httpx.AsyncClient, body: dict[str, Any],
                  key: str = ALICE) -> httpx.Response:
    r = await client.post("/ai/artifact", headers={"X-API-Key": key},
                          json={"artifact_type": "quiz", "request": "quiz me", **body})
    assert r.headers["cache-control"] == "no-store"
    return r


async def _stored_source(app: FastAPI, job_id: str) -> str:
    api: JobApi = app.state.job_api
    job = await api.store.get(job_id)
    assert job is not None
    return job.source


async def test_a_job_is_made_from_ingested_sources(
    served: FastAPI, client: httpx.AsyncClient
) -> None:
    await _ingest(client, "alice", "s1", "interview-notes", NOTES)
    await _ingest(client, "alice", "s1", "podcast", TRANSCRIPT)
    r = await _submit(client, {"session_id": "s1",
                               "source_ids": ["interview-notes", "podcast"]})
    assert r.status_code == 202, r.text
    source = await _stored_source(served, r.json()["job_id"])
    assert source == f"## interview-notes\n\n{NOTES}\n\n## podcast\n\n{TRANSCRIPT}"


async def test_a_given_source_is_kept_before_the_ingested_ones(
    served: FastAPI, client: httpx.AsyncClient
) -> None:
    await _ingest(client, "alice", "s1", "podcast", TRANSCRIPT)
    r = await _submit(client, {"source": POST, "session_id": "s1", "source_ids": ["podcast"]})
    assert r.status_code == 202, r.text
    source = await _stored_source(served, r.json()["job_id"])
    assert source == f"{POST}\n\n## podcast\n\n{TRANSCRIPT}"


async def test_the_latest_version_of_a_source_is_used(
    served: FastAPI, client: httpx.AsyncClient
) -> None:
    await _ingest(client, "alice", "s1", "notes", "first draft of the notes about leaves")
    await _ingest(client, "alice", "s1", "notes", NOTES)
    r = await _submit(client, {"session_id": "s1", "source_ids": ["notes"]})
    assert r.status_code == 202, r.text
    assert await _stored_source(served, r.json()["job_id"]) == f"## notes\n\n{NOTES}"


async def test_an_unknown_source_id_is_422_naming_it_and_queues_nothing(
    served: FastAPI, client: httpx.AsyncClient
) -> None:
    await _ingest(client, "alice", "s1", "podcast", TRANSCRIPT)
    r = await _submit(client, {"session_id": "s1", "source_ids": ["podcast", "lecture-2"]})
    assert r.status_code == 422
    assert r.json()["detail"][0]["field"] == "source_ids"
    assert "'lecture-2'" in r.json()["message"] and "'podcast'" not in r.json()["message"]
    api: JobApi = served.state.job_api
    assert await api.store.all_jobs() == []


async def test_another_users_session_is_not_found(client: httpx.AsyncClient) -> None:
    await _ingest(client, "alice", "s1", "interview-notes", NOTES)
    r = await _submit(client, {"session_id": "s1", "source_ids": ["interview-notes"]}, key=BOB)
    assert r.status_code == 422
    assert "no ingested source 'interview-notes'" in r.json()["message"]
    assert NOTES not in r.text


async def test_sources_over_the_source_limit_are_422(client: httpx.AsyncClient) -> None:
    await _ingest(client, "alice", "s1", "a", NOTES * 8)
    await _ingest(client, "alice", "s1", "b", NOTES * 8)
    r = await _submit(client, {"session_id": "s1", "source_ids": ["a", "b"]})
    assert r.status_code == 422
    assert "2,000 characters" in r.json()["message"]


@pytest.mark.parametrize(("body", "field"), [
    ({"source_ids": ["podcast"]}, "source_ids"),
    ({"source": POST, "source_ids": ["podcast"]}, "source_ids"),
    ({"session_id": "s1", "source_ids": ["Podcast Notes"]}, "source_ids"),
    ({"session_id": "s1", "source_ids": [f"s{n}" for n in range(17)]}, "source_ids"),
    ({"session_id": "../bob/s1", "source_ids": ["podcast"]}, "session_id"),
    ({"session_id": "s1", "source_ids": []}, "source"),
    ({"session_id": "s1"}, "source"),
])
async def test_malformed_source_fields_are_422_naming_the_field(
    client: httpx.AsyncClient, body: dict[str, Any], field: str
) -> None:
    r = await _submit(client, body)
    assert r.status_code == 422
    assert [d["field"] for d in r.json()["detail"]] == [field]


async def test_without_a_served_artifact_service_source_ids_are_422(tmp_path: Path) -> None:
    from draftguard.jobs import JobStore
    from draftguard_adk.jobs import create_jobs_app

    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{ALICE}"},
                                 database_url=f"sqlite+aiosqlite:///{tmp_path / 'j.db'}")
    store = JobStore(settings.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, settings)))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            r = await _submit(c, {"session_id": "s1", "source_ids": ["podcast"]})
    finally:
        await store.close()
    assert r.status_code == 422
    assert "does not read ingested sources" in r.json()["message"]


def test_the_request_takes_the_ids_the_sources_store_names() -> None:
    for source_id in ("interview-notes", "a", "x" * 60, "Notes", "-a", "x" * 61, "a_b"):
        try:
            source_artifact_name(source_id)
            stored = True
        except InputError:
            stored = False
        assert (re.fullmatch(SOURCE_ID_PATTERN.strip("^$"), source_id) is not None) == stored
        if stored:
            assert ArtifactRequest(artifact_type="quiz", session_id="s",
                                   source_ids=[source_id]).source_ids == [source_id]


def test_an_app_without_adk_s_artifact_routes_has_no_served_service() -> None:
    from draftguard_adk.jobs._server import served_artifact_service

    assert served_artifact_service(FastAPI()) is None

"""The job HTTP API through httpx's ASGI transport: 202/200/401/404/413/422."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from job_db import db_url_fixture  # noqa: F401

from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._models import JobOutcome
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

ALICE = "alice-key-0123456789"
BOB = "bob-key-0123456789ab"
SOURCE = ("Photosynthesis is the process by which plants convert light energy into chemical "
          "energy stored in glucose molecules. This occurs in chloroplasts.")


@pytest.fixture
async def api(db_url: str) -> AsyncIterator[JobApi]:
    settings = load_job_settings(
        {"DRAFTGUARD_API_KEYS": f"alice:{ALICE},bob:{BOB}"}, database_url=db_url,
        max_request_bytes=4096, max_source_chars=2000,
    )
    store = JobStore(settings.database_url)
    yield JobApi(store, settings)
    await store.close()


@pytest.fixture
async def client(api: JobApi) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_jobs_app(api))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


def _auth(key: str) -> dict[str, str]:
    return {"X-API-Key": key}


async def _create(client: httpx.AsyncClient, key: str = ALICE) -> str:
    r = await client.post("/ai/artifact", headers=_auth(key), json={
        "artifact_type": "quiz", "source": SOURCE, "request": "Create a quiz on photosynthesis"})
    assert r.status_code == 202, r.text
    return str(r.json()["job_id"])


async def test_create_returns_202_and_a_uuid4_job_id(client: httpx.AsyncClient) -> None:
    r = await client.post("/ai/artifact", headers=_auth(ALICE), json={
        "artifact_type": "flashcards", "source": SOURCE, "request": "10 cards"})
    assert r.status_code == 202
    assert set(r.json()) == {"job_id"}
    job_id = r.json()["job_id"]
    assert uuid.UUID(job_id).version == 4
    assert r.headers["location"] == f"/ai/artifact/{job_id}"


async def test_poll_shows_the_seed_fields_then_the_result(
    client: httpx.AsyncClient, api: JobApi
) -> None:
    job_id = await _create(client)
    r = await client.get(f"/ai/artifact/{job_id}", headers={"Authorization": f"Bearer {ALICE}"})
    assert r.status_code == 200
    body = r.json()
    assert set(body) == {"job_id", "status", "progress", "artifact_type", "created_at",
                         "updated_at", "attempts"}
    assert (body["job_id"], body["status"], body["progress"], body["artifact_type"]) == \
        (job_id, "pending", 0, "quiz")
    assert body["created_at"].endswith("Z")

    job = await api.store.claim("w", lease_seconds=30)
    assert job is not None
    await api.store.advance(job, "structural", 70)
    body = (await client.get(f"/ai/artifact/{job_id}", headers=_auth(ALICE))).json()
    assert (body["status"], body["progress"]) == ("validating", 70)
    await api.store.advance(job, "repair", 85, 1)
    body = (await client.get(f"/ai/artifact/{job_id}", headers=_auth(ALICE))).json()
    assert (body["status"], body["progress"], body["attempts"]) == ("validating", 85, 1)

    quiz = {"questions": [{"question": "Where?", "options": ["a", "b", "c", "Chloroplasts"],
                           "correct_answer": "Chloroplasts", "explanation": "source"}]}
    await api.store.finish(job, JobOutcome(ok=True, result=quiz, attempts=1,
                                           details={"llm_calls": 4}))
    body = (await client.get(f"/ai/artifact/{job_id}", headers=_auth(ALICE))).json()
    assert (body["status"], body["progress"], body["result"]) == ("completed", 100, quiz)
    assert "error" not in body
    # Seed 001's call budget, exposed: the finished job says how many model calls it made.
    assert body["llm_calls"] == 4


async def test_no_key_or_a_wrong_key_is_401(client: httpx.AsyncClient) -> None:
    job_id = await _create(client)
    for headers in ({}, _auth("not-a-real-key-at-all"), {"Authorization": "Bearer nope"}):
        r = await client.get(f"/ai/artifact/{job_id}", headers=headers)
        assert r.status_code == 401, headers
        assert r.headers["www-authenticate"] == "Bearer"
    r = await client.post("/ai/artifact", json={"artifact_type": "quiz", "source": SOURCE})
    assert r.status_code == 401


async def test_another_users_job_is_404_like_a_missing_one(client: httpx.AsyncClient) -> None:
    job_id = await _create(client, ALICE)
    assert (await client.get(f"/ai/artifact/{job_id}", headers=_auth(BOB))).status_code == 404
    assert (await client.get(f"/ai/artifact/{uuid.uuid4()}",
                             headers=_auth(ALICE))).status_code == 404
    assert (await client.get("/ai/artifact/not-a-uuid", headers=_auth(ALICE))).status_code == 404
    assert (await client.get(f"/ai/artifact/{job_id}", headers=_auth(ALICE))).status_code == 200


async def test_an_oversized_body_is_413_and_queues_nothing(
    client: httpx.AsyncClient, api: JobApi
) -> None:
    big = {"artifact_type": "quiz", "source": "x" * 5000, "request": ""}
    r = await client.post("/ai/artifact", headers=_auth(ALICE), json=big)
    assert r.status_code == 413
    assert "max 4096" in r.json()["detail"]

    async def chunked() -> AsyncIterator[bytes]:  # no Content-Length: counted while streaming
        for _ in range(10):
            yield b"x" * 1000

    r = await client.post("/ai/artifact", headers=_auth(ALICE), content=chunked())
    assert r.status_code == 413
    await api.ensure_schema()
    assert await api.store.all_jobs() == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"source": SOURCE, "request": "r"}, "artifact_type"),
        ({"artifact_type": "essay", "source": SOURCE}, "artifact_type"),
        ({"artifact_type": "quiz", "request": "r"}, "source"),
        ({"artifact_type": "quiz", "source": "   "}, "source"),
        ({"artifact_type": "quiz", "source": "y" * 2500}, "source"),
        ({"artifact_type": "quiz", "source": SOURCE, "request": 7}, "request"),
        ({"artifact_type": "quiz", "source": SOURCE, "sorce": "typo"}, "sorce"),
    ],
)
async def test_a_malformed_body_is_422_naming_the_field(
    client: httpx.AsyncClient, body: dict[str, object], field: str
) -> None:
    r = await client.post("/ai/artifact", headers=_auth(ALICE), json=body)
    assert r.status_code == 422, r.text
    got = r.json()
    assert field in [d["field"] for d in got["detail"]]
    assert got["message"].startswith(field) or f"; {field}" in got["message"]


async def test_invalid_json_is_422_on_the_body(client: httpx.AsyncClient) -> None:
    r = await client.post("/ai/artifact", headers={**_auth(ALICE), "content-type":
                          "application/json"}, content=b'{"artifact_type": "quiz",')
    assert r.status_code == 422
    assert r.json()["detail"][0]["field"] == "body"

"""Job API answers as documented: 422 (never 400) for a body that does not parse, no-store on
every answer, and a stored result holding a lone surrogate still polls as 200."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from job_db import db_url_fixture  # noqa: F401

from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._models import JobOutcome
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

ALICE = "alice-key-0123456789"
BOB = "bob-key-0123456789ab"


def _app(db_url: str) -> tuple[JobStore, httpx.AsyncClient]:
    s = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{ALICE},bob:{BOB}"},
                          database_url=db_url, max_request_bytes=4096)
    store = JobStore(s.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, s)))
    return store, httpx.AsyncClient(transport=transport, base_url="http://t")


@pytest.fixture
async def client(tmp_path: object) -> AsyncIterator[httpx.AsyncClient]:
    store, c = _app(f"sqlite+aiosqlite:///{tmp_path}/jobs.sqlite3")
    async with c:
        yield c
    await store.close()


@pytest.mark.parametrize(
    "body",
    [
        b'{"artifact_type": "quiz", "source": "caf\xe9"}',  # Latin-1, not UTF-8
        b"\xff\xfe{\x00}",
        b"[" * 1500 + b"]" * 1500,  # nested past the JSON decoder's recursion limit
        b'{"artifact_type": "quiz", "source": ',
        b"",
    ],
)
async def test_a_body_that_does_not_parse_is_422_naming_the_body(
    client: httpx.AsyncClient, body: bytes
) -> None:
    r = await client.post("/ai/artifact", content=body, headers={
        "X-API-Key": ALICE, "Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["field"] == "body"
    assert r.headers["cache-control"] == "no-store"


async def test_every_refusal_is_json_and_no_store(client: httpx.AsyncClient) -> None:
    created = await client.post("/ai/artifact", headers={"X-API-Key": ALICE}, json={
        "artifact_type": "quiz", "source": "Photosynthesis occurs in chloroplasts."})
    job = created.json()["job_id"]
    answers = {
        401: [await client.get(f"/ai/artifact/{job}"),
              await client.get(f"/ai/artifact/{job}", headers={"X-API-Key": "wrong-key"}),
              await client.post("/ai/artifact", json={})],
        404: [await client.get(f"/ai/artifact/{job}", headers={"X-API-Key": BOB}),
              await client.get(f"/ai/artifact/{uuid.uuid4()}", headers={"X-API-Key": ALICE}),
              await client.get("/ai/artifact/not-a-uuid", headers={"X-API-Key": ALICE})],
        413: [await client.post("/ai/artifact", headers={"X-API-Key": ALICE},
                                content=b"x" * 5000)],
    }
    for status, responses in answers.items():
        for r in responses:
            assert r.status_code == status, r.text
            assert r.headers["cache-control"] == "no-store"
            assert isinstance(r.json()["detail"], str)
    assert answers[401][0].headers["www-authenticate"] == "Bearer"


_SURROGATE_TEXT = st.text(alphabet=st.one_of(
    st.characters(), st.sampled_from(["\ud800", "\udbff", "\udc00", "\x00"])), max_size=20)


async def _poll_stored(db_url: str, text: str) -> None:
    store, client = _app(db_url)
    try:
        await store.create(owner="alice", artifact_type="quiz", source="s", request="")
        job = await store.claim("w", lease_seconds=30)
        assert job is not None
        result = {"questions": [{"question": text, "options": [text, "b"]}]}
        assert await store.finish(job, JobOutcome(ok=True, result=result))
        async with client:
            r = await client.get(f"/ai/artifact/{job.id}", headers={"X-API-Key": ALICE})
        assert r.status_code == 200, r.text
        assert json.loads(r.content)["result"] == result
    finally:
        await store.close()


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_SURROGATE_TEXT)
def test_a_stored_result_polls_back_exactly_whatever_it_holds(db_url: str, text: str) -> None:
    asyncio.run(_poll_stored(db_url, text))

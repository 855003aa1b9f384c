"""SQLite and PostgreSQL answer the same body the same way: text neither can hold (NUL, lone
surrogates) is 422 on both, and everything else is stored and read back exactly, on both.

Runs on PostgreSQL with DRAFTGUARD_TEST_DATABASE_URL set (`eval "$(.ci/start_postgres.sh)"`).
"""

from __future__ import annotations

import asyncio
import json

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from job_db import db_url_fixture  # noqa: F401

from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._models import JobOutcome
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

KEY = "alice-key-0123456789"
# Any character, plus the ones that broke a store: NUL, other C0 controls, DEL, lone
# surrogates (JSON can carry them as \ud800 escapes), a line separator.
_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(),
        st.sampled_from(["\x00", "\x01", "\x1b", "\x7f", "\ud800", "\udfff", "\u2028", "\ufeff"]),
    ),
    max_size=40,
)


def _expected_status(source: str, request: str) -> int:
    """The obvious reference: 422 for what a store cannot hold or an empty source."""
    def unstorable(text: str) -> bool:
        return any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in text)

    if unstorable(source) or unstorable(request) or not source.strip():
        return 422
    return 202


async def _round_trip(db_url: str, source: str, request: str) -> None:
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"}, database_url=db_url)
    store = JobStore(settings.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, settings)))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            # json.dumps escapes lone surrogates as \udXXX, as a client's JSON encoder would.
            body = json.dumps({"artifact_type": "quiz", "source": source, "request": request})
            r = await client.post("/ai/artifact", content=body, headers={
                "X-API-Key": KEY, "Content-Type": "application/json"})
            assert r.status_code == _expected_status(source, request), r.text
            if r.status_code == 422:
                assert r.json()["detail"][0]["field"] in {"source", "request"}
                return
            job = await store.get(r.json()["job_id"])
            assert job is not None and (job.source, job.request) == (source, request)
    finally:
        await store.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(source=_TEXT, request=_TEXT)
def test_both_stores_refuse_or_keep_the_same_bodies(db_url: str, source: str,
                                                     request: str) -> None:
    asyncio.run(_round_trip(db_url, source, request))


async def test_an_error_quoting_a_nul_is_stored_on_both(db_url: str) -> None:
    store = JobStore(db_url)
    await store.create(owner="alice", artifact_type="quiz", source="s", request="")
    job = await store.claim("w", lease_seconds=30)
    assert job is not None
    assert await store.finish(job, JobOutcome(ok=False, error="model said \x00\ud800 here"))
    view = await store.poll(job.id, owner="alice")
    assert view is not None and view.error == "model said \ufffd\ufffd here"
    await store.close()

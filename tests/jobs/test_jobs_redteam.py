"""Issue 18 on the job service: UTF-16 bodies are 422 (class 15), every answer carries
`Cache-Control: no-store`, the 202 too (class 16); a jobs database in a missing folder, one
key for two users and a worker name that would forge log lines are refused."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from draftguard.errors import ConfigError
from draftguard.jobs import JobStore, Worker, load_job_settings
from draftguard.jobs._config import ApiKeys
from draftguard.jobs._worker_log import WorkerLogFormatter
from draftguard.settings import JobsSettings
from draftguard_adk.cli import main
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

ALICE = "alice-key-0123456789"
BODY = '{"artifact_type": "quiz", "source": "Plants make sugar from light.", "request": "2 q"}'


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    s = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{ALICE}"},
                          database_url=f"sqlite+aiosqlite:///{tmp_path}/jobs.sqlite3")
    store = JobStore(s.database_url)
    transport = httpx.ASGITransport(app=create_jobs_app(JobApi(store, s)))
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
        yield c
    await store.close()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32",
                                      "utf-32-le"])
async def test_a_utf16_or_utf32_body_is_422_and_queues_nothing(
    client: httpx.AsyncClient, encoding: str
) -> None:
    r = await client.post("/ai/artifact", content=BODY.encode(encoding), headers={
        "X-API-Key": ALICE, "Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["field"] == "body"
    assert r.headers["cache-control"] == "no-store"


async def test_every_answer_is_no_store_the_202_and_the_200_too(
    client: httpx.AsyncClient,
) -> None:
    r = await client.post("/ai/artifact", content=BODY.encode(), headers={
        "X-API-Key": ALICE, "Content-Type": "application/json"})
    assert r.status_code == 202 and r.headers["cache-control"] == "no-store"
    poll = await client.get(r.headers["location"], headers={"X-API-Key": ALICE})
    assert poll.status_code == 200 and poll.headers["cache-control"] == "no-store"
    # A UTF-8 body with a byte-order mark is still UTF-8 JSON text.
    bom = await client.post("/ai/artifact", content=b"\xef\xbb\xbf" + BODY.encode(),
                            headers={"X-API-Key": ALICE, "Content-Type": "application/json"})
    assert bom.status_code == 202 and bom.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(("method", "path"), [
    ("PUT", "/ai/artifact"), ("GET", "/ai/artifact"), ("DELETE", "/ai/artifact/x"),
    ("GET", "/ai/artifact/a/b"), ("OPTIONS", "/ai/artifact"),
])
async def test_answers_no_route_of_ours_writes_are_no_store_too(
    client: httpx.AsyncClient, method: str, path: str
) -> None:
    r = await client.request(method, path, headers={"X-API-Key": ALICE})
    assert r.status_code in (404, 405) and r.headers["cache-control"] == "no-store"


# --- surprising items ----------------------------------------------------------------------

def test_a_jobs_db_in_a_missing_folder_is_refused_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "jobs.sqlite3"
    for env in ({"DRAFTGUARD_JOBS_DB": str(missing)},
                {"DATABASE_URL": f"sqlite:///{missing}"}):
        with pytest.raises(ConfigError, match="does not exist"):
            load_job_settings(env)
    assert not missing.parent.exists()
    # The default file's folder is ours, and is still made on first use.
    (tmp_path / "agents.yaml").write_text("agents:\n  jobs:\n    sqlite_path: d/jobs.sqlite3\n")
    s = load_job_settings({}, config=tmp_path / "agents.yaml")
    assert s.database_url.endswith("/d/jobs.sqlite3")


def test_worker_with_a_mistyped_jobs_db_says_so_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(tmp_path / "typo" / "jobs.sqlite3"))
    assert main(["worker", "--once"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("draftguard: error: DRAFTGUARD_JOBS_DB: the folder ")
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("keys", [f"alice:{ALICE},bob:{ALICE}", f"alice:{ALICE},alice:{ALICE}X"])
def test_one_key_for_two_users_or_one_user_twice_is_refused(keys: str) -> None:
    with pytest.raises(ConfigError) as err:
        ApiKeys(load_job_settings({"DRAFTGUARD_API_KEYS": keys}).api_keys)
    assert ALICE not in str(err.value)


def test_a_key_in_clear_and_the_same_key_as_a_digest_are_one_key() -> None:
    import hashlib

    digest = "sha256:" + hashlib.sha256(ALICE.encode()).hexdigest()
    with pytest.raises(ConfigError, match="'alice' and 'bob' are the same key"):
        ApiKeys({"alice": ALICE, "bob": digest})


@pytest.mark.parametrize("name", ["w1\n[10:00:00] ✅ Job x completed", "w\r1", "w\x1b[2K",
                                  "w\u2028x", "", " ", "w" * 201])
def test_a_worker_name_that_would_forge_a_log_line_is_refused(
    tmp_path: Path, name: str
) -> None:
    store = JobStore(f"sqlite+aiosqlite:///{tmp_path}/jobs.sqlite3")
    with pytest.raises(ConfigError, match="worker name"):
        Worker(store, _never, JobsSettings(), name=name)


def test_worker_name_from_the_command_line_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DRAFTGUARD_JOBS_DB", str(tmp_path / "jobs.sqlite3"))
    assert main(["worker", "--once", "--name", "w1\nFAKE job completed"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "worker name" in err[0]
    assert not (tmp_path / "jobs.sqlite3").exists()  # refused before the database is made


def test_a_log_line_quoting_a_newline_stays_one_line() -> None:
    record = logging.LogRecord("draftguard.worker", logging.WARNING, __file__, 1,
                               "→ Error: model said\n[10:00:00] ✅ Job x completed", None, None)
    text = WorkerLogFormatter().format(record)
    assert "\n" not in text and "\\x0a[10:00:00]" in text


def test_the_worker_takes_its_settings_whole(tmp_path: Path) -> None:
    store = JobStore(f"sqlite+aiosqlite:///{tmp_path}/jobs.sqlite3")
    settings = JobsSettings(lease_seconds=7, heartbeat_seconds=2, concurrency=3)
    worker = Worker(store, _never, settings, name="w")
    assert worker.settings is settings
    assert Worker(store, _never).settings == JobsSettings()  # one home for the defaults
    with pytest.raises(ValueError, match="shorter than lease_seconds"):
        JobsSettings(lease_seconds=2, heartbeat_seconds=2)


async def _never(*_: object) -> object:
    raise AssertionError("no job should run")

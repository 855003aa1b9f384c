"""`draftguard serve` sets TCP_NODELAY on every accepted connection, so polls on a kept-alive
connection answer in well under a millisecond or two instead of waiting ~40 ms each for the
client's delayed ACK (Nagle's algorithm holding the response's second write)."""

from __future__ import annotations

import asyncio
import http.client
import socket
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import uvicorn

from draftguard.jobs import JobStore, load_job_settings
from draftguard.jobs._models import JobOutcome
from draftguard_adk.cli.serve import listen_socket
from draftguard_adk.jobs import create_jobs_app
from draftguard_adk.jobs._api import JobApi

KEY = "alice-key-0123456789"


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[uvicorn.Server, int, str]]:
    settings = load_job_settings({"DRAFTGUARD_API_KEYS": f"alice:{KEY}"},
                                 database_url=f"sqlite+aiosqlite:///{tmp_path / 'j.sqlite3'}")
    store = JobStore(settings.database_url)
    await store.create_schema()
    await store.create(owner="alice", artifact_type="quiz", source="s", request="")
    job = await store.claim("w", lease_seconds=60)
    assert job is not None
    await store.finish(job, JobOutcome(ok=True, result={"questions": []}))
    sock = listen_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_jobs_app(JobApi(store, settings)),
                                        log_level="warning", lifespan="off"))
    task = asyncio.ensure_future(srv.serve(sockets=[sock]))
    while not srv.started:
        await asyncio.sleep(0.01)
    yield srv, port, job.id
    srv.should_exit = True
    await task
    await store.close()


def _kept_alive_polls(port: int, job_id: str, n: int) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    times = []
    try:
        for _ in range(n):
            started = time.perf_counter()
            conn.request("GET", f"/ai/artifact/{job_id}", headers={"X-API-Key": KEY})
            response = conn.getresponse()
            assert response.status == 200 and response.getheader("connection") != "close"
            response.read()
            times.append(time.perf_counter() - started)
    finally:
        conn.close()
    return times


def test_the_listening_socket_is_tcp_with_nodelay() -> None:
    sock = listen_socket("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        sock.close()


async def test_every_accepted_connection_has_tcp_nodelay(
    server: tuple[uvicorn.Server, int, str]
) -> None:
    srv, port, job_id = server
    clients = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    for _reader, writer in clients:
        writer.write(f"GET /ai/artifact/{job_id} HTTP/1.1\r\nHost: t\r\n"
                     f"X-API-Key: {KEY}\r\n\r\n".encode())
        await writer.drain()
    await asyncio.sleep(0.2)
    accepted = [c.transport.get_extra_info("socket")
                for c in srv.server_state.connections]
    assert len(accepted) == 3
    assert all(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for s in accepted)
    for _reader, writer in clients:
        writer.close()


async def test_polls_on_a_kept_alive_connection_do_not_wait_for_delayed_acks(
    server: tuple[uvicorn.Server, int, str]
) -> None:
    _srv, port, job_id = server
    times = await asyncio.to_thread(_kept_alive_polls, port, job_id, 30)
    # With Nagle each poll after the first waits ~40 ms (Linux's delayed-ACK minimum); without
    # it a poll is about a millisecond even on a loaded machine.
    assert statistics.median(times[1:]) < 0.02, [round(t * 1000, 1) for t in times]

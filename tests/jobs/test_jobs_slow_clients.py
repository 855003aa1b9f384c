"""Issue 18, surprising item: slow clients (half-sent headers, a trickled body, a connection
that never speaks) are closed by `draftguard serve` after `jobs.request_read_seconds`, and
ordinary clients, kept-alive ones included, are not."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import uvicorn

from draftguard_adk.cli.serve import listen_socket
from draftguard_adk.jobs._http_protocol import deadline_protocol

DEADLINE = 0.6


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    body = str(size).encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
async def port() -> AsyncIterator[int]:
    sock = listen_socket("127.0.0.1", 0)
    config = uvicorn.Config(_app, log_level="warning", lifespan="off",
                            http=deadline_protocol(DEADLINE), timeout_keep_alive=5)
    server = uvicorn.Server(config)
    task = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    yield sock.getsockname()[1]
    server.should_exit = True
    await asyncio.wait_for(task, 10)


async def _closed_after(reader: asyncio.StreamReader) -> tuple[float, bytes]:
    """Seconds until the server closes the connection, and what it said first."""
    start = time.monotonic()
    data = await asyncio.wait_for(reader.read(), 10)
    return time.monotonic() - start, data


async def test_half_sent_headers_are_closed_with_408(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    seconds, data = await _closed_after(reader)
    assert seconds < DEADLINE + 1.0
    assert data.startswith(b"HTTP/1.1 408")
    writer.close()


async def test_a_connection_that_never_speaks_is_closed(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    seconds, _ = await _closed_after(reader)
    assert seconds < DEADLINE + 1.0
    writer.close()


async def test_a_trickled_body_is_cut_off(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
    start = time.monotonic()

    async def trickle() -> None:
        for _ in range(50):
            writer.write(b"x")
            await asyncio.sleep(0.1)

    dripping = asyncio.ensure_future(trickle())
    _, data = await _closed_after(reader)
    dripping.cancel()
    assert time.monotonic() - start < DEADLINE + 1.0
    assert b"200" not in data
    writer.close()


async def test_ordinary_requests_on_a_kept_alive_connection_still_work(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for n in range(3):
        writer.write(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 200")
        assert await reader.readexactly(1) == b"5"
        # Idle between requests for longer than the deadline: that is keep-alive's business.
        if n == 0:
            await asyncio.sleep(DEADLINE * 1.5)
    writer.close()


def test_serve_refuses_a_bad_request_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    from draftguard_adk.cli import main

    for value in ("0", "nan", "-1", "1e9"):
        assert main(["serve", "--request-timeout", value, "--insecure-no-auth"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("draftguard: error: --request-timeout must be"), err

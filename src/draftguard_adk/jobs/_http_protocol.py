"""uvicorn's HTTP protocol with a deadline for reading each request.

uvicorn closes an idle kept-alive connection after `timeout_keep_alive`, but it has no limit
on how long a client may take to send a request: a client that sends half its headers, or
trickles its body a byte at a time, holds its connection (and, for a body, an ASGI task)
for as long as it likes. The red team held 300 such connections for 25 s and none was
closed. Here a connection must deliver each request, headers and body, within
`jobs.request_read_seconds` of its first byte (or of the connection opening); otherwise it
is closed, with a 408 when no part of the request has reached the app yet.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["deadline_protocol"]

_TIMEOUT_408 = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
                b"content-length: 26\r\nconnection: close\r\n\r\nrequest not sent in time\r\n")


class _DeadlineProtocol(HttpToolsProtocol):
    request_seconds: float

    _deadline: asyncio.TimerHandle | None = None
    _reached_app = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and not self._reached_app:
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._reached_app = False
        if self._deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._reached_app = True  # the app has the request; only its body may still lag

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()  # the whole request is in: the app's time is not the client's

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        self._reached_app = False
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if not self._reached_app:
            self.transport.write(_TIMEOUT_408)
        self.transport.close()  # a body still trickling: the app sees a disconnect


def deadline_protocol(request_seconds: float) -> type[HttpToolsProtocol]:
    """The protocol class to pass as `uvicorn.Config(http=...)`: each request must arrive
    whole within `request_seconds` (the `jobs.request_read_seconds` setting)."""
    return type("DeadlineHttpProtocol", (_DeadlineProtocol,),
                {"request_seconds": request_seconds})

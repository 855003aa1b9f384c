"""The job HTTP API: `POST /ai/artifact` queues a job, `GET /ai/artifact/{job_id}` polls it.

    POST /ai/artifact {artifact_type, source, request,
                       session_id?, source_ids?}          → 202 {"job_id": "<uuid4>"}
    GET  /ai/artifact/{job_id}                            → 200 {job_id, status, progress, ...}

Security: every call needs an API key (`X-API-Key: KEY` or `Authorization: Bearer KEY`,
401 otherwise); the key names the user, and a job belongs to the user who created it (any
other user gets 404, as for a job that does not exist). Bodies above `max_request_bytes`
get 413 before they are read in full; a malformed body (including one that is not JSON, or
not UTF-8) gets 422 naming the field. A database that cannot be used (down, full, its file
replaced) gets a JSON 503. Source ids are read at submit time from the key's user's own
session (`JobApi.sources`); an unknown one is a 422 naming it. Every answer of these routes
carries `Cache-Control: no-store`.
"""

# No `from __future__ import annotations`: FastAPI must see the route closures' Annotated
# dependencies as objects, not as strings naming locals.
import asyncio
import json
import logging
import uuid
from collections.abc import Callable, Coroutine, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic_core import PydanticSerializationError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from draftguard.artifacts._registry import artifact_types as known_artifact_types
from draftguard.errors import (
    InputError,
    StoreFullError,
    StoreReplacedError,
    StoreUnavailableError,
)
from draftguard.jobs import JobStore
from draftguard.jobs._config import ApiKeys, JobServiceSettings
from draftguard.jobs._models import ArtifactRequest, JobCreated, JobView
from draftguard_adk.jobs._sources import SessionSources, job_source

__all__ = [
    "ANONYMOUS_USER",
    "BodyLimitMiddleware",
    "JobApi",
    "NoStoreMiddleware",
    "create_jobs_app",
    "install_job_api",
]

ANONYMOUS_USER = "anonymous"
PREFIX = "/ai/artifact"
# Job answers are per user and change as the job runs: no cache may keep or share them.
_NO_STORE = {"Cache-Control": "no-store"}
# How long a client should wait before retrying after a 503 for a full or unreachable database.
_RETRY_AFTER_S = 5

log = logging.getLogger("draftguard.jobs.api")

# Declared in OpenAPI by hand (see _document_security) rather than as FastAPI security
# dependencies: those cost two extra dependency resolutions on every poll.
_SECURITY_SCHEMES = {
    "ApiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key",
               "description": "an API key from DRAFTGUARD_API_KEYS / agents.yaml"},
    "Bearer": {"type": "http", "scheme": "bearer",
               "description": "the same API key, as a bearer token"},
}
_SECURITY: dict[str, Any] = {"security": [{"ApiKey": []}, {"Bearer": []}]}


def _presented_key(request: Request) -> str | None:
    if key := request.headers.get("x-api-key"):
        return key
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _field_of(loc: Sequence[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "path", "query", "header")]
    return ".".join(parts) or "body"


def _unprocessable(errors: Sequence[dict[str, Any]]) -> JSONResponse:
    detail = []
    for err in errors:
        field = _field_of(err.get("loc", ()))
        if err.get("type") == "json_invalid":
            field = "body"
        detail.append({"field": field, "message": str(err.get("msg", "invalid")),
                       "type": err.get("type"), "loc": list(err.get("loc", ()))})
    message = "; ".join(f"{d['field']}: {d['message']}" for d in detail)
    return JSONResponse(status_code=422, content={"detail": detail, "message": message},
                        headers=_NO_STORE)


def _unparsable() -> JSONResponse:
    # FastAPI answers 400 for a body json cannot even decode (not UTF-8, nested too deep);
    # for the client it is the same mistake as malformed JSON, which the docs promise as 422.
    return _unprocessable([{"loc": ("body",), "type": "json_invalid",
                            "msg": "the body is not valid JSON text (UTF-8)"}])


def _utf8_json_text(body: bytes) -> bool:
    """Whether `body` is UTF-8 as JSON text must be (RFC 8259 section 8.1).

    `json.loads` on bytes guesses UTF-16 and UTF-32 from where the NUL bytes are, so such a
    body would be accepted; no JSON text holds a raw NUL byte in UTF-8.
    """
    if b"\x00" in body:
        return False
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _unavailable(err: StoreUnavailableError) -> JSONResponse:
    # The full reason (a file path, a host, the driver's words) is for the server's log; a
    # client learns what it can act on: wait and retry, or not.
    log.warning("job API: %s", err)
    headers = dict(_NO_STORE)
    if isinstance(err, StoreReplacedError):
        detail = ("the job database was deleted, replaced or truncated on the server; it must "
                  "be restarted")
    else:
        headers["Retry-After"] = str(_RETRY_AFTER_S)
        detail = str(err) if isinstance(err, StoreFullError) \
            else "the job database is unavailable; try again later"
    return JSONResponse(status_code=503, content={"detail": detail}, headers=headers)


class _JobRoute(APIRoute):
    """Our routes answer JSON whatever the host app's handlers do: 422 with the field named,
    401/404 as `{"detail": ...}`, 503 when the database cannot be used, and never a
    plain-text 500 or a dropped connection; all with `Cache-Control: no-store`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        inner = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                if request.method == "POST" and not _utf8_json_text(await request.body()):
                    return _unparsable()
                response = await inner(request)
                response.headers["Cache-Control"] = "no-store"  # the 202 too
                return response
            except RequestValidationError as err:
                return _unprocessable(list(err.errors()))
            except HTTPException as err:
                if err.status_code == 400:
                    return _unparsable()
                return JSONResponse(status_code=err.status_code, content={"detail": err.detail},
                                    headers={**(err.headers or {}), **_NO_STORE})
            except StoreUnavailableError as err:
                return _unavailable(err)
            except Exception:
                log.exception("job API: unexpected error on %s %s", request.method,
                              request.url.path)
                return JSONResponse(status_code=500, content={"detail": "internal error"},
                                    headers=_NO_STORE)

        return handler


class BodyLimitMiddleware:
    """413 for bodies above `max_bytes` under `prefix`: by Content-Length when the client
    sends one, else while streaming, so an oversized body is never held in memory whole."""

    def __init__(self, app: ASGIApp, *, max_bytes: int, prefix: str = PREFIX) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix) \
                or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._reject(send, 400, "invalid Content-Length header")
                    return
                if declared > self.max_bytes:
                    await self._too_large(send, declared)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(send, size, at_least=True)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send, size: int, *, at_least: bool = False) -> None:
        more = "more than " if at_least else ""
        await self._reject(
            send, 413, f"request body too large ({more}{size} bytes, max {self.max_bytes})"
        )

    @staticmethod
    async def _reject(send: Send, status: int, detail: str) -> None:
        body = json.dumps({"detail": detail}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"), (b"connection", b"close"),
        ]})
        await send({"type": "http.response.body", "body": body})


class NoStoreMiddleware:
    """`Cache-Control: no-store` on every answer under `prefix`, also those no route of ours
    writes (405 for another method, 404 for a longer path): a job id in a URL is private."""

    def __init__(self, app: ASGIApp, *, prefix: str = PREFIX) -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return

        async def send_no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"cache-control"]
                message = {**message, "headers": [*headers, (b"cache-control", b"no-store")]}
            await send(message)

        await self.app(scope, receive, send_no_store)


class JobApi:
    """The routes and what they share: the store, the settings and the key table."""

    def __init__(
        self,
        store: JobStore,
        settings: JobServiceSettings,
        *,
        allow_anonymous: bool = False,
        artifact_types: Callable[[], Sequence[str]] = known_artifact_types,
        sources: SessionSources | None = None,
    ) -> None:
        self.store = store
        # Set by `build_server_app` once ADK's app (and its artifact service) exists; None:
        # this API reads no ingested sources and refuses `source_ids`.
        self.sources = sources
        self.settings = settings
        self.keys = ApiKeys(settings.api_keys)
        self.allow_anonymous = allow_anonymous
        self.artifact_types = artifact_types
        self._schema_ready = False
        self._schema_lock = asyncio.Lock()
        self.router = self._build_router()

    async def ensure_schema(self) -> None:
        """Create the job table once per process (also when no lifespan ran, as in tests)."""
        if self._schema_ready:
            return
        async with self._schema_lock:
            if not self._schema_ready:
                await self.store.create_schema()
                self._schema_ready = True

    async def _user(self, request: Request) -> str:
        presented = _presented_key(request)
        if not self.keys and self.allow_anonymous:
            return ANONYMOUS_USER
        user = self.keys.user_for(presented)
        if user is None:
            detail = "missing API key" if not presented else "invalid API key"
            raise HTTPException(status_code=401, detail=detail,
                                headers={"WWW-Authenticate": "Bearer"})
        return user

    def _build_router(self) -> APIRouter:
        router = APIRouter(route_class=_JobRoute, tags=["artifact jobs"])
        User = Annotated[str, Depends(self._user)]
        errors: dict[int | str, dict[str, Any]] = {
            401: {"description": "no API key, or an unknown one"},
            422: {"description": "malformed body; `detail[].field` names the field"},
        }

        @router.post(
            PREFIX, status_code=202, response_model=JobCreated,
            summary="Queue an artifact job (quiz, flashcards or mindmap)",
            responses={**errors, 413: {"description": "body over max_request_bytes"}},
            openapi_extra=_SECURITY,
        )
        async def create_job(
            body: ArtifactRequest, response: Response, user: User
        ) -> JobCreated:
            if problems := self._problems(body):
                raise RequestValidationError(problems)
            source = await self._source_of(body, user)
            await self.ensure_schema()
            job = await self.store.create(owner=user, artifact_type=body.artifact_type,
                                          source=source, request=body.request)
            response.headers["Location"] = f"{PREFIX}/{job.id}"
            return JobCreated(job_id=job.id)

        @router.get(
            PREFIX + "/{job_id}", response_model=JobView, response_model_exclude_none=True,
            summary="Poll an artifact job: status, progress, then result or error",
            responses={**errors, 404: {"description": "no such job for this user"}},
            openapi_extra=_SECURITY,
        )
        async def get_job(job_id: str, user: User) -> Response:
            try:
                uuid.UUID(job_id)
            except ValueError:
                raise HTTPException(status_code=404, detail="job not found") from None
            await self.ensure_schema()
            view = await self.store.poll(job_id, owner=user)
            if view is None:
                raise HTTPException(status_code=404, detail="job not found")
            return Response(_poll_body(view), media_type="application/json",
                            headers=_NO_STORE)

        return router

    async def _source_of(self, body: ArtifactRequest, user: str) -> str:
        """The job's source text: `source`, plus the named ingested sources under headings."""
        try:
            return await job_source(self.sources, body, user=user,
                                    max_chars=self.settings.max_source_chars)
        except InputError as err:
            raise RequestValidationError([{"loc": ("body", "source_ids"), "type": "value_error",
                                           "msg": str(err)}]) from None

    def _problems(self, body: ArtifactRequest) -> list[dict[str, Any]]:
        """What is wrong with a well-formed body, in FastAPI's 422 shape."""
        limits = self.settings
        problems: list[dict[str, Any]] = []
        kinds = list(self.artifact_types())
        if body.artifact_type not in kinds:
            problems.append({"loc": ("body", "artifact_type"), "type": "enum",
                             "msg": f"must be one of {', '.join(kinds)}"})
        if len(body.source) > limits.max_source_chars:
            problems.append({"loc": ("body", "source"), "type": "string_too_long",
                             "msg": f"at most {limits.max_source_chars} characters "
                                    f"(got {len(body.source)})"})
        if len(body.request) > limits.max_request_chars:
            problems.append({"loc": ("body", "request"), "type": "string_too_long",
                             "msg": f"at most {limits.max_request_chars} characters "
                                    f"(got {len(body.request)})"})
        return problems


def _poll_body(view: JobView) -> str:
    """The poll's JSON, rendered once here: the hot path skips FastAPI's second validation."""
    try:
        return view.model_dump_json(exclude_none=True)
    except PydanticSerializationError:
        # A stored result holding a lone surrogate (a model can emit one) has no UTF-8
        # form; JSON's \uXXXX escape carries it intact instead of failing every poll.
        return json.dumps(view.public())


def _is_poll(scope: Scope) -> bool:
    return scope.get("type") == "http" and scope.get("method") == "GET" \
        and str(scope.get("path", "")).startswith(PREFIX + "/")


def _untraced_polls(app: FastAPI) -> None:
    """Leave status polls out of FastAPI's OpenTelemetry spans.

    ADK installs a global tracer provider, so FastAPI opens three spans per request; for a
    poll a client repeats every second that is noise in the traces and costs a third of the
    request time (measured: docs/jobs.md). Creating a job stays traced. FastAPI exposes this
    only as `FastAPI(telemetry={"exclude": ...})`, and ADK builds the app, so we set it on
    the app's config, chaining any exclusion already there.
    """
    config = getattr(app, "_telemetry", None)
    if not isinstance(config, dict) or "exclude" not in config:
        return
    previous = config.get("exclude")

    def exclude(scope: Scope) -> bool:
        return _is_poll(scope) or bool(previous is not None and previous(scope))

    config["exclude"] = exclude


def _document_security(app: FastAPI) -> None:
    """Add the API-key schemes to the app's OpenAPI document (the docs' Authorize button)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        schema = build()
        schema.setdefault("components", {}).setdefault("securitySchemes", {}) \
            .update(_SECURITY_SCHEMES)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def install_job_api(app: FastAPI, api: JobApi) -> None:
    """Add the job routes and the body limit to `app` (ADK's app, or a bare one)."""
    before = {id(r) for r in app.router.routes}
    app.include_router(api.router)
    # Match our routes first: polls should not be regex-tested against ADK's ~25 routes (no
    # path overlaps, so the order changes nothing else). Newer FastAPI adds an included
    # router as one entry, older ones its routes one by one: move whatever was added.
    app.router.routes.sort(key=lambda r: id(r) in before)
    app.add_middleware(BodyLimitMiddleware, max_bytes=api.settings.max_request_bytes)
    app.add_middleware(NoStoreMiddleware)
    _untraced_polls(app)
    _document_security(app)


def create_jobs_app(api: JobApi) -> FastAPI:
    """The job API alone (tests, benchmarks, or deployments without the ADK server)."""
    app = FastAPI(title="draftguard artifact jobs", version="1")
    install_job_api(app, api)
    return app

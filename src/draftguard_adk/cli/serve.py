"""`draftguard serve`: ADK's API server (adk web) and the artifact job API in one process."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from pathlib import Path
from typing import Any

from draftguard.errors import ConfigError, InputError
from draftguard.jobs import load_job_settings
from draftguard.jobs._config import ApiKeys, JobServiceSettings
from draftguard.jobs._redact import redact
from draftguard.settings import JobsSettings
from draftguard_adk.cli._database import open_job_store
from draftguard_adk.cli._output import EXIT_OK, add_json_flag, emit_json

#: Environment fallbacks of --session-service-uri/--artifact-service-uri: a deployment passes
#: the session URI, which holds the database password, from a secret as an environment variable.
SESSION_URI_ENV = "DRAFTGUARD_SESSION_SERVICE_URI"
ARTIFACT_URI_ENV = "DRAFTGUARD_ARTIFACT_SERVICE_URI"

HELP = """\
Serve, from one process: ADK's own FastAPI app for the agents in the repository (the API
behind `adk web`, and its dev UI unless --no-web), plus the durable artifact job API:

  POST /ai/artifact           {artifact_type, source, request} → 202 {job_id}
  GET  /ai/artifact/{job_id}  status, progress (0..100), then result or error

OpenAPI docs at /docs. The job endpoints need an API key (X-API-Key or Bearer): set
DRAFTGUARD_API_KEYS="alice:KEY,bob:KEY" or jobs.api_keys in agents.yaml. Each key's user
sees only their own jobs. --workers N runs N job workers inside the server (default 1); use
0 and `draftguard worker` processes to scale them separately.
"""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "serve",
        description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="job workers inside the server (default 1; 0 = API only)")
    p.add_argument("--no-web", action="store_true", help="API only, without ADK's dev UI")
    p.add_argument("--agents-dir", metavar="DIR",
                   help="folder holding the agent folders (default: the repository root)")
    p.add_argument("--database-url", metavar="URL", help="overrides DATABASE_URL and config")
    p.add_argument("--session-service-uri", metavar="URI",
                   help="ADK's session service for the agents' API, as `adk web` takes it "
                        "(postgresql+asyncpg://..., sqlite:///FILE; default: ADK's local "
                        f"storage); also {SESSION_URI_ENV}, for a URI that holds a password")
    p.add_argument("--artifact-service-uri", metavar="URI",
                   help="ADK's artifact service (gs://BUCKET, file://DIR, memory://; "
                        f"default: ADK's local storage); also {ARTIFACT_URI_ENV}")
    p.add_argument("--insecure-no-auth", action="store_true",
                   help="allow job calls without an API key (local experiments only)")
    p.add_argument("--access-log", action="store_true", help="log every HTTP request")
    p.add_argument("--request-timeout", type=float, metavar="S",
                   help="close a connection that has not sent its whole request (headers "
                        "and body) within S seconds (default: jobs.request_read_seconds, "
                        f"{JobsSettings().request_read_seconds:g})")
    add_json_flag(p)
    p.set_defaults(handler=run)


def _check_arguments(args: argparse.Namespace) -> None:
    if args.workers < 0:
        raise InputError("--workers must be 0 or more")
    if args.request_timeout is not None and not 0 < args.request_timeout <= 3600:  # and nan
        raise InputError("--request-timeout must be more than 0 and at most 3600 seconds")
    if not 0 <= args.port < 65536:
        raise InputError(f"--port must be 0..65535 (0 = any free port), got {args.port}")


def run(args: argparse.Namespace) -> int:
    _check_arguments(args)
    settings = load_job_settings(request_read_seconds=args.request_timeout)
    if args.database_url:
        from draftguard.jobs._config import normalize_database_url

        settings = settings.model_copy(
            update={"database_url": normalize_database_url(args.database_url)})
    if not ApiKeys(settings.api_keys) and not args.insecure_no_auth:
        raise ConfigError(
            "no API key configured: set DRAFTGUARD_API_KEYS='user:KEY' (keys of 16+ "
            "characters) or jobs.api_keys in agents.yaml, or pass --insecure-no-auth"
        )
    session_uri = args.session_service_uri or os.environ.get(SESSION_URI_ENV) or None
    artifact_uri = args.artifact_service_uri or os.environ.get(ARTIFACT_URI_ENV) or None
    agents_dir = Path(args.agents_dir) if args.agents_dir else None
    if agents_dir is not None and not agents_dir.is_dir():
        raise InputError(f"--agents-dir {agents_dir}: no such directory")

    # Before listening: an unreachable database is one line and exit 2, not a traceback
    # from the server's startup.
    asyncio.run(_check_database(settings))
    sock = listen_socket(args.host, args.port)

    import uvicorn

    from draftguard_adk.jobs._http_protocol import deadline_protocol
    from draftguard_adk.jobs._server import AGENTS_DIR, build_server_app

    app = build_server_app(
        settings, agents_dir=agents_dir or AGENTS_DIR, web=not args.no_web,
        workers=args.workers, allow_anonymous=args.insecure_no_auth,
        host=args.host, port=args.port,
        session_service_uri=session_uri, artifact_service_uri=artifact_uri,
    )
    if args.workers:
        from draftguard.jobs._worker_log import configure_worker_logging

        configure_worker_logging()
    url = f"http://{args.host}:{sock.getsockname()[1]}"
    info = {"url": url, "docs": f"{url}/docs", "jobs": f"{url}/ai/artifact",
            "database": redact(settings.database_url), "workers": args.workers,
            "web": not args.no_web}
    if args.json:
        emit_json(info)
    else:
        print(f"draftguard serving {url} (docs {url}/docs, jobs {url}/ai/artifact, "
              f"{args.workers} worker(s), database {info['database']})", file=sys.stderr)
    sys.stdout.flush()
    # Slow clients (half-sent headers, a trickled body) are closed after --request-timeout;
    # idle kept-alive connections after uvicorn's own 5 s.
    config = uvicorn.Config(app, log_level="warning", access_log=args.access_log,
                            lifespan="on", http=deadline_protocol(settings.request_read_seconds),
                            timeout_keep_alive=5)
    server = uvicorn.Server(config)
    asyncio.run(server.serve(sockets=[sock]))
    return EXIT_OK


def listen_socket(host: str, port: int) -> socket.socket:
    """A bound TCP socket for uvicorn, created as `IPPROTO_TCP`.

    asyncio sets TCP_NODELAY on an accepted connection only when its socket says
    `proto == IPPROTO_TCP`; a socket made with the default proto 0 never gets it, and Nagle's
    algorithm then holds each response's second write for the client's delayed ACK: about
    40 ms on every poll after the first on a kept-alive connection. The option is also set on
    the listening socket, which Linux copies to the connections it accepts.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    return sock


async def _check_database(settings: JobServiceSettings) -> None:
    store = await open_job_store(settings.database_url)
    await store.close()

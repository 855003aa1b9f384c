"""Job settings: the `jobs` section of agents.yaml, overridden by the environment.

Database, first match wins:
  1. `DATABASE_URL` (postgresql://, postgres://, postgresql+asyncpg://, sqlite:///...);
  2. `DRAFTGUARD_JOBS_DB`: a SQLite file path;
  3. agents.yaml `jobs.database_url`, then `jobs.sqlite_path` (relative to agents.yaml);
  4. `.draftguard/jobs.sqlite3` next to agents.yaml (or in the working directory).

API keys: `DRAFTGUARD_API_KEYS="alice:KEY,bob:KEY"` and/or agents.yaml `jobs.api_keys`
(`{user: "sha256:<hex>"}`, so the file never has to hold a key in clear).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from draftguard.errors import ConfigError
from draftguard.jobs._redact import redact
from draftguard.settings import JobsSettings, describe_error, load_settings

__all__ = [
    "API_KEYS_ENV",
    "DATABASE_URL_ENV",
    "JOBS_DB_ENV",
    "ApiKeys",
    "JobServiceSettings",
    "load_job_settings",
    "normalize_database_url",
]

DATABASE_URL_ENV = "DATABASE_URL"
JOBS_DB_ENV = "DRAFTGUARD_JOBS_DB"
API_KEYS_ENV = "DRAFTGUARD_API_KEYS"
_HEX64 = re.compile(r"[0-9a-fA-F]{64}")


class JobServiceSettings(JobsSettings):
    """The job service as it runs: agents.yaml's `jobs` section (`JobsSettings`, whose
    values a `Worker` takes whole) with the database resolved and the environment's API
    keys added. Everything the store, the workers and the server must agree on."""

    database_url: str
    """The database to use, its async driver named (`sqlite_path` is resolved into it)."""

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


# asyncpg takes libpq's `sslmode` values under the name `ssl`; given `sslmode` it fails with
# "unexpected keyword argument". Translated here so a libpq-style URL just works.
_ASYNCPG_SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*$")


def normalize_database_url(url: str) -> str:
    """Name the async driver (postgres(ql):// → postgresql+asyncpg://, sqlite:// →
    +aiosqlite) and check what would otherwise fail only at the first connection: the URL
    parses, the port is 1..65535, `sslmode` is one asyncpg knows. Errors never show secrets."""
    url = url.strip()
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            url = "postgresql+asyncpg://" + url[len(prefix):]
    if url.startswith("sqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://"):]
    if not url.startswith(("postgresql+asyncpg://", "sqlite+aiosqlite://")):
        scheme = url.split("://", 1)[0] if "://" in url else ""
        named = f"scheme '{scheme}'" if _SCHEME.match(scheme) else "form"
        raise ConfigError(
            f"unsupported database URL {named}: use postgresql://... or sqlite:///PATH"
        )
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as err:
        raise ConfigError(f"database URL does not parse: {redact(str(err), secrets=[url])}") \
            from None
    if parsed.port is not None and not 1 <= parsed.port <= 65535:
        raise ConfigError(f"database URL port must be 1..65535, got {parsed.port}")
    if parsed.drivername == "postgresql+asyncpg" and "sslmode" in parsed.query:
        mode = parsed.query["sslmode"]
        if mode not in _ASYNCPG_SSL_MODES:
            raise ConfigError(f"database URL sslmode must be one of "
                              f"{', '.join(_ASYNCPG_SSL_MODES)}, got '{mode}'")
        parsed = parsed.difference_update_query(["sslmode"]).update_query_dict({"ssl": mode})
        return parsed.render_as_string(hide_password=False)
    return url


def _existing_folder(url: str, where: str) -> str:
    """`url`, refused when it names a SQLite file in a folder that does not exist.

    A mistyped path would otherwise create the folder and an empty queue, and a worker
    reading it would report "0 jobs" while the real queue fills up elsewhere.
    """
    if not url.startswith("sqlite"):
        return url
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        folder = Path(database).absolute().parent
        if not folder.is_dir():
            raise ConfigError(f"{where}: the folder {folder} does not exist (create it, or "
                              "fix the path: a new folder would hold an empty queue)")
    return url


def _sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path.resolve()}"


def load_job_settings(
    env: Mapping[str, str] | None = None, *, config: str | Path | None = None,
    **overrides: Any,
) -> JobServiceSettings:
    """Settings from agents.yaml's `jobs` section and the environment; `overrides` win."""
    env = os.environ if env is None else env
    project = load_settings(config)
    section = project.agents.jobs
    base = Path(project.source).parent if project.source else Path.cwd()
    if url := env.get(DATABASE_URL_ENV):
        database_url = _existing_folder(normalize_database_url(url), DATABASE_URL_ENV)
    elif path := env.get(JOBS_DB_ENV):
        database_url = _existing_folder(_sqlite_url(Path(path)), JOBS_DB_ENV)
    elif section.database_url:
        database_url = _existing_folder(normalize_database_url(section.database_url),
                                        "agents.yaml jobs.database_url")
    else:  # the default file's folder is ours to create
        p = Path(section.sqlite_path)
        database_url = _sqlite_url(p if p.is_absolute() else base / p)
    values: dict[str, Any] = {
        **section.model_dump(),
        "database_url": database_url,
        "api_keys": {**section.api_keys, **_env_keys(env)},
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return JobServiceSettings.model_validate(values)
    except ValidationError as err:
        raise ConfigError(
            f"agents.yaml {describe_error(err, JobServiceSettings, prefix='jobs')}"
        ) from None


def _env_keys(env: Mapping[str, str]) -> dict[str, str]:
    raw = env.get(API_KEYS_ENV, "").strip()
    keys: dict[str, str] = {}
    if not raw:
        return keys
    for n, entry in enumerate(raw.split(","), 1):
        user, sep, key = entry.strip().partition(":")
        if not sep or not user.strip() or not key.strip():
            # Never the entry itself: without its ':' the whole entry may be a key.
            raise ConfigError(f"{API_KEYS_ENV}: entry {n} is not 'user:key' "
                              "(expected 'user:key[,user:key...]')")
        if user.strip() in keys:
            raise ConfigError(f"{API_KEYS_ENV}: user '{user.strip()}' is given twice "
                              f"(entry {n})")
        keys[user.strip()] = key.strip()
    return keys


class ApiKeys:
    """Maps a presented API key to its user, in constant time per configured key."""

    def __init__(self, keys: Mapping[str, str]) -> None:
        self._digests: list[tuple[bytes, str]] = []
        for user, key in keys.items():
            if key.startswith("sha256:"):
                hexed = key.removeprefix("sha256:")
                if not _HEX64.fullmatch(hexed):
                    raise ConfigError(f"api key for '{user}': a sha256 digest must be 64 hex "
                                      f"characters (got {len(hexed)}, not shown)")
                digest = bytes.fromhex(hexed)
            else:
                if len(key) < 16:
                    raise ConfigError(f"api key for '{user}' is shorter than 16 characters")
                digest = hashlib.sha256(key.encode()).digest()
            if other := next((u for d, u in self._digests if d == digest), None):
                # A key names its user: shared, it would hand one user's jobs to the other.
                raise ConfigError(f"api keys for '{other}' and '{user}' are the same key; "
                                  "give each user their own")
            self._digests.append((digest, user))

    def __bool__(self) -> bool:
        return bool(self._digests)

    def user_for(self, presented: str | None) -> str | None:
        """The user owning `presented`, or None when it matches no configured key."""
        if not presented:
            return None
        digest = hashlib.sha256(presented.encode()).digest()
        found: str | None = None
        for known, user in self._digests:
            # Compare against every key so timing does not reveal which one nearly matched.
            if hmac.compare_digest(known, digest):
                found = user
        return found

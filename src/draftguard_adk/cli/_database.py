"""Opening the job database for `serve` and `worker`: one clear line when it cannot be used."""

from __future__ import annotations

from draftguard.errors import ConfigError, StoreUnavailableError
from draftguard.jobs import JobStore

__all__ = ["open_job_store"]


async def open_job_store(database_url: str) -> JobStore:
    """A store whose table exists, or `ConfigError("cannot open the job database: ...")`.

    Anything can come out of a first connection (refused, bad credentials, an option the
    driver does not take, a TLS failure), so every failure is reported the same way: one
    line, the URL's secrets masked, before a server listens or a worker claims.
    """
    store = JobStore(database_url)
    try:
        await store.create_schema()
    except Exception as err:
        await _close_quietly(store)
        cause = err.__cause__ if isinstance(err, StoreUnavailableError) else None
        orig = getattr(cause or err, "orig", None) or cause or err
        text = " ".join(str(orig).split()) or type(orig).__name__
        raise ConfigError(f"cannot open the job database: {store.masked(text)}") from None
    return store


async def _close_quietly(store: JobStore) -> None:
    try:
        await store.close()
    except Exception:  # already failing: the first error is the one worth reporting
        return

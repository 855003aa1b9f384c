"""Source ids in a job: the author's ingested sources (`sources/<id>.md`), read at submit
time from the ADK artifact service the served agents use, and stored in the job's `source`.

The worker and the job table stay as they were: a job carries the text it is made from, so
a worker in another process needs no artifact service, and a source ingested again later
does not change a queued job.
"""

from __future__ import annotations

from collections.abc import Sequence

from google.adk.artifacts.base_artifact_service import BaseArtifactService
from google.genai import types

from draftguard.errors import InputError
from draftguard.jobs._models import ArtifactRequest
from draftguard_adk.sources._store import MAX_SOURCE_BYTES, source_artifact_name

__all__ = ["SOURCES_APP", "SessionSources", "combined_source", "job_source"]

#: The app whose chat sessions hold the ingested sources.
SOURCES_APP = "blogger"


def _text_of(part: types.Part, source_id: str) -> str:
    if part.inline_data is not None and part.inline_data.data is not None:
        data = part.inline_data.data
        if len(data) > MAX_SOURCE_BYTES:
            raise InputError(f"source '{source_id}' is {len(data):,} bytes, over the "
                             f"{MAX_SOURCE_BYTES:,}-byte limit")
        return data.decode("utf-8", "replace")
    text = part.text or ""
    if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        raise InputError(f"source '{source_id}' is over the {MAX_SOURCE_BYTES:,}-byte limit")
    return text


def combined_source(source: str, sources: Sequence[tuple[str, str]]) -> str:
    """The job's source: the given text first, then each ingested source under a `## <id>`
    heading, so chunking never runs two sources into one chunk."""
    parts = [source.strip()] if source.strip() else []
    parts += [f"## {source_id}\n\n{text.strip()}" for source_id, text in sources]
    return "\n\n".join(parts)


class SessionSources:
    """Reads a user's ingested sources from one session of `app_name`."""

    def __init__(self, artifacts: BaseArtifactService, *, app_name: str = SOURCES_APP) -> None:
        self.artifacts = artifacts
        self.app_name = app_name

    async def read(
        self, *, user: str, session_id: str, source_ids: Sequence[str], max_chars: int
    ) -> list[tuple[str, str]]:
        """`(id, text)` for each id, in order; InputError naming every unknown id, or when
        together they pass `max_chars` (reading stops there)."""
        found: list[tuple[str, str]] = []
        missing: list[str] = []
        total = 0
        for source_id in source_ids:
            # The user is the API key's: a session of another user holds no such artifact.
            part = await self.artifacts.load_artifact(
                app_name=self.app_name, user_id=user, session_id=session_id,
                filename=source_artifact_name(source_id),
            )
            if part is None:
                missing.append(source_id)
                continue
            text = _text_of(part, source_id)
            total += len(text)
            if total > max_chars:
                raise InputError(f"the sources together are over {max_chars:,} characters")
            found.append((source_id, text))
        if missing:
            names = ", ".join(f"'{m}'" for m in missing)
            raise InputError(f"no ingested source {names} in session '{session_id}'")
        return found


async def job_source(
    sources: SessionSources | None, body: ArtifactRequest, *, user: str, max_chars: int
) -> str:
    """What a job stores as its source: `body.source`, plus the sources `body.source_ids`
    names (InputError for any that cannot be used; `sources` None reads none)."""
    if not body.source_ids:
        return body.source
    if sources is None or body.session_id is None:
        raise InputError("this server does not read ingested sources")
    found = await sources.read(user=user, session_id=body.session_id,
                               source_ids=body.source_ids, max_chars=max_chars)
    source = combined_source(body.source, found)
    if len(source) > max_chars:
        raise InputError(f"source and sources together are over {max_chars:,} characters "
                         f"(got {len(source):,})")
    return source

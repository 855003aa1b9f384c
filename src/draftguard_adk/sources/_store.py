"""Sources as ADK artifacts of the session: `sources/<id>.md`, one version per ingest.

The artifact name is the contract: anything that wants a source (the artifact loop, edits)
loads `sources/<id>.md` and cuts it with `draftguard.sources.chunk_text(text, source=id)`,
which gives the same chunk ids every time, so an id cited once stays valid.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass

from google.adk.agents.callback_context import CallbackContext
from google.genai import types

from draftguard.errors import InputError
from draftguard.sources._chunking import chunk_text
from draftguard.sources._chunks import POST_SOURCE, SourceChunk
from draftguard.sources._index import SourceIndex

__all__ = [
    "MAX_SOURCE_BYTES",
    "SOURCE_PREFIX",
    "StoredSource",
    "list_sources",
    "load_source",
    "relevant_chunks",
    "save_source",
    "source_artifact_name",
    "source_id_for",
]

#: Every source artifact's name starts with this.
SOURCE_PREFIX = "sources/"
#: A source larger than this is refused: a transcript of a long talk is about 100 KB.
MAX_SOURCE_BYTES = 1_000_000
_MIME = "text/markdown"
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
_NOT_ID = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class StoredSource:
    """One version of a source, as saved."""

    id: str
    version: int
    text: str

    @property
    def chunks(self) -> list[SourceChunk]:
        return chunk_text(self.text, source=self.id)


def source_id_for(label: str) -> str:
    """A source id from a name ("Interview notes.txt" -> "interview-notes"); "" when the
    name holds no letter or digit."""
    stem = re.sub(r"\.(md|markdown|txt|text|vtt|srt|rst)$", "", label.strip().lower())
    return _NOT_ID.sub("-", stem).strip("-")[:60].strip("-")


def source_artifact_name(source_id: str) -> str:
    """`sources/<id>.md`, or InputError for an id that is not a plain slug."""
    if not _ID.fullmatch(source_id):
        raise InputError(f"'{source_id}' is not a source id (lowercase letters, digits, '-')")
    return f"{SOURCE_PREFIX}{source_id}.md"


async def list_sources(ctx: CallbackContext) -> list[str]:
    """The ids of the session's sources, sorted."""
    names = await ctx.list_artifacts()
    return sorted(n[len(SOURCE_PREFIX):-3] for n in names
                  if n.startswith(SOURCE_PREFIX) and n.endswith(".md"))


def _part_text(part: types.Part) -> str:
    if part.inline_data is not None and part.inline_data.data is not None:
        return part.inline_data.data.decode("utf-8", "replace")
    return part.text or ""


async def load_source(ctx: CallbackContext, source_id: str) -> StoredSource | None:
    """The latest version of a source, or None when the session has no such source."""
    name = source_artifact_name(source_id)
    info = await ctx.get_artifact_version(name)
    if info is None:
        return None
    part = await ctx.load_artifact(name, version=info.version)
    if part is None:
        return None
    return StoredSource(source_id, info.version, _part_text(part))


async def save_source(
    ctx: CallbackContext, source_id: str, text: str, *, origin: str
) -> StoredSource:
    """Save `text` as the next version of `sources/<id>.md`; `origin` ("pasted" or the
    file's name) is kept in the version's metadata."""
    name = source_artifact_name(source_id)
    data = text.encode("utf-8")
    if len(data) > MAX_SOURCE_BYTES:
        raise InputError(f"the source is {len(data):,} bytes, over the "
                         f"{MAX_SOURCE_BYTES:,}-byte limit")
    if not text.strip():
        raise InputError("the source is empty")
    part = types.Part.from_bytes(data=data, mime_type=_MIME)
    version = await ctx.save_artifact(name, part, custom_metadata={"kind": "source",
                                                                    "origin": origin})
    return StoredSource(source_id, version, text)


async def relevant_chunks(
    ctx: CallbackContext,
    request: str,
    *,
    k: int,
    post_name: str | None = "draft.md",
    source_ids: Sequence[str] | None = None,
) -> list[SourceChunk]:
    """The `k` chunks of the post and the sources most relevant to `request` (BM25 over
    stems; a request naming no topic gets the first `k`), in reading order, post first.

    `source_ids` limits the sources (None: all of the session's); an unknown id is an
    InputError, never silently skipped.
    """
    chunks: list[SourceChunk] = []
    if post_name is not None:
        info = await ctx.get_artifact_version(post_name)
        if info is not None:
            part = await ctx.load_artifact(post_name, version=info.version)
            if part is not None:
                chunks += chunk_text(_part_text(part), source=POST_SOURCE)
    ids = list(source_ids) if source_ids is not None else await list_sources(ctx)
    for source_id in ids:
        source = await load_source(ctx, source_id)
        if source is None:
            raise InputError(f"there is no source '{source_id}' in this session")
        chunks += source.chunks
    if not chunks:
        return []
    # Indexing a long transcript is CPU work (and bm25s's first import is slow).
    index = await asyncio.to_thread(SourceIndex, chunks)
    return await asyncio.to_thread(index.relevant, request, k=k)

"""The blogger's source tools: `source_ingest` keeps notes or a transcript as a chunked
source of the session, `read_source` lists the sources or reads one (whole, or the chunks
a question is about).

Plain functions over `tool_context`, as ADK tools are written. Results are for the model;
the chat layer words them for the author.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from google.adk.tools.tool_context import ToolContext

from draftguard.errors import InputError
from draftguard.sources._index import SourceIndex
from draftguard.textio._workspace import SOURCE_SUFFIXES, read_workspace_text
from draftguard_adk.sources._store import (
    MAX_SOURCE_BYTES,
    list_sources,
    load_source,
    save_source,
    source_id_for,
)

__all__ = ["MAX_READ_CHARS", "SOURCE_TOOLS", "read_source", "source_ingest", "workspace_root"]

#: `read_source` returns at most this many characters of chunk text in one answer.
MAX_READ_CHARS = 8_000


def workspace_root() -> Path:
    """The folder files may be ingested from: the working directory (where `adk web` or
    `adk run` was started)."""
    return Path.cwd()


async def _next_free_id(tool_context: ToolContext) -> str:
    taken = set(await list_sources(tool_context))
    n = len(taken) + 1
    while f"source-{n}" in taken:
        n += 1
    return f"source-{n}"


async def source_ingest(
    tool_context: ToolContext, text: str = "", path: str = "", name: str = ""
) -> dict[str, Any]:
    """Keep the author's notes or transcript as a source that quizzes, flashcards, mindmaps
    and edits can draw on. Give either the pasted `text` or the `path` of a notes file in
    the workspace, and optionally a short `name`. Ingesting under an existing name saves a
    new version of that source.

    Args:
        text: the notes or transcript, exactly as the author pasted them.
        path: a .md/.txt/.vtt/.srt file inside the workspace, instead of text.
        name: a short name for the source, e.g. "interview notes".
    """
    try:
        if bool(text.strip()) == bool(path.strip()):
            raise InputError("give either the pasted text or a file path, not both or neither")
        if path.strip():
            # The chat's one file-access policy, with transcripts added to what it reads.
            given = path.strip().strip("\"'`")
            body = await asyncio.to_thread(
                read_workspace_text, given, root=workspace_root(), max_bytes=MAX_SOURCE_BYTES,
                suffixes=SOURCE_SUFFIXES)
            file_name = Path(given).name
            origin, label = file_name, name or file_name
        else:
            body, origin, label = text, "pasted", name
        source_id = source_id_for(label) if label else await _next_free_id(tool_context)
        if not source_id:
            source_id = await _next_free_id(tool_context)
        stored = await save_source(tool_context, source_id, body, origin=origin)
    except InputError as err:
        return {"status": "error", "error": str(err)}
    chunks = stored.chunks
    return {"status": "ingested", "source_id": stored.id, "version": stored.version,
            "origin": origin, "chunks": len(chunks), "words": len(body.split())}


async def read_source(
    tool_context: ToolContext, source_id: str = "", query: str = ""
) -> dict[str, Any]:
    """List the session's sources (no `source_id`), or read one: all its chunks, or with a
    `query` only the chunks that query is about.

    Args:
        source_id: the id `source_ingest` returned; empty to list the sources.
        query: words of what you look for in the source; empty for the whole source.
    """
    try:
        if not source_id.strip():
            ids = await list_sources(tool_context)
            listed = []
            for sid in ids:
                found = await load_source(tool_context, sid)
                if found is not None:
                    listed.append({"source_id": sid, "version": found.version,
                                   "chunks": len(found.chunks)})
            return {"status": "ok", "sources": listed}
        source = await load_source(tool_context, source_id.strip())
        if source is None:
            known = ", ".join(await list_sources(tool_context)) or "none yet"
            raise InputError(f"there is no source '{source_id}' (sources: {known})")
    except InputError as err:
        return {"status": "error", "error": str(err)}
    chunks = source.chunks
    if query.strip():
        index = await asyncio.to_thread(SourceIndex, chunks)
        chunks = await asyncio.to_thread(index.relevant, query, k=5, min_score=0.0)
    shown: list[dict[str, str]] = []
    used = 0
    for chunk in chunks:
        if used + len(chunk.text) > MAX_READ_CHARS and shown:
            break
        shown.append({"id": chunk.id, "text": chunk.text[:MAX_READ_CHARS]})
        used += len(chunk.text)
    return {"status": "ok", "source_id": source.id, "version": source.version,
            "chunks": shown, "more": len(chunks) - len(shown)}


#: The two source tools, for an agent's `tools`.
SOURCE_TOOLS = [source_ingest, read_source]

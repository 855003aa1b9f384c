"""Sources in ADK: notes and transcripts kept as `sources/<id>.md` session artifacts, the
`source_ingest` and `read_source` tools, and the chunks a request is about."""

from __future__ import annotations

from draftguard_adk.sources._store import (
    MAX_SOURCE_BYTES,
    SOURCE_PREFIX,
    StoredSource,
    list_sources,
    load_source,
    relevant_chunks,
    save_source,
    source_artifact_name,
    source_id_for,
)
from draftguard_adk.sources._tools import (
    MAX_READ_CHARS,
    SOURCE_TOOLS,
    read_source,
    source_ingest,
    workspace_root,
)
from draftguard_adk.sources._workspace import SOURCE_EXTENSIONS, check_source_path

__all__ = [
    "MAX_READ_CHARS",
    "MAX_SOURCE_BYTES",
    "SOURCE_EXTENSIONS",
    "SOURCE_PREFIX",
    "SOURCE_TOOLS",
    "StoredSource",
    "check_source_path",
    "list_sources",
    "load_source",
    "read_source",
    "relevant_chunks",
    "save_source",
    "source_artifact_name",
    "source_id_for",
    "source_ingest",
    "workspace_root",
]

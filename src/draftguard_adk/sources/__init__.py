"""Sources in ADK: notes and transcripts kept as `sources/<id>.md` session artifacts, the
`source_ingest` and `read_source` tools, and the chunks a request is about."""

from __future__ import annotations

from draftguard_adk.sources._tools import SOURCE_TOOLS

__all__ = [
    "SOURCE_TOOLS",
]

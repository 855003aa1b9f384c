"""The content tools: a versioned post in ADK artifacts (`PostStore`), edited by plans."""

from __future__ import annotations

from draftguard_adk.edits._content_tools import (
    CONTENT_TOOLS,
    SETTINGS_SECTION,
    content_write,
    edit_metadata,
    edit_ops,
    list_versions,
    read_content,
    read_section,
    revert_to_version,
)
from draftguard_adk.edits._post_store import (
    DEFAULT_NAME,
    PostStore,
    PostVersion,
    line_stats,
    post_store,
)

__all__ = [
    "CONTENT_TOOLS",
    "DEFAULT_NAME",
    "SETTINGS_SECTION",
    "PostStore",
    "PostVersion",
    "content_write",
    "edit_metadata",
    "edit_ops",
    "line_stats",
    "list_versions",
    "post_store",
    "read_content",
    "read_section",
    "revert_to_version",
]

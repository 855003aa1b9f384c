"""The content tools: a versioned post in ADK artifacts (`PostStore`), edited by plans."""

from __future__ import annotations

from draftguard_adk.edits._content_tools import CONTENT_TOOLS
from draftguard_adk.edits._post_store import DEFAULT_NAME, post_store

__all__ = [
    "CONTENT_TOOLS",
    "DEFAULT_NAME",
    "post_store",
]

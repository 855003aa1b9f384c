"""The content tools: a versioned post in ADK artifacts, edited by plans."""

from __future__ import annotations

from draftguard_adk.edits._content_tools import (
    DEFAULT_NAME,
    SETTINGS_SECTION,
    build_content_tools,
)

__all__ = [
    "DEFAULT_NAME",
    "SETTINGS_SECTION",
    "build_content_tools",
]

"""Reading, checking and atomically writing the user's text files, and showing text safely."""

from __future__ import annotations

from draftguard.textio._workspace import read_workspace_text

__all__ = [
    "read_workspace_text",
]

"""Where the ADK app folders (`blogger/`, `event_planning/`) live."""

from __future__ import annotations

from pathlib import Path

__all__ = ["AGENTS_DIR"]

#: The repository root in a checkout: `adk web` and `adk api_server` take it as agents_dir,
#: and relative session URIs (sqlite:///s.db) resolve against it.
AGENTS_DIR = Path(__file__).resolve().parents[3]

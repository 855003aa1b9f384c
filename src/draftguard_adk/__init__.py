"""ADK adapters for draftguard: the model layer, plugins, agent building blocks and the CLI.

Everything framework-specific lives here; the `draftguard` core never imports `google.adk`.
"""

from __future__ import annotations

__all__: list[str] = []

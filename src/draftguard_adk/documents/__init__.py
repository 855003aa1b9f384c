"""ADK side of the document validator: artifacts in, judge, verdict in state."""

from __future__ import annotations

from draftguard_adk.documents._delivery_tool import build_delivery_check_tool

__all__ = [
    "build_delivery_check_tool",
]

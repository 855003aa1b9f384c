"""The duplicate filter on ADK streams: detector, plugin and invoker."""

from __future__ import annotations

from draftguard_adk.dedupe._detector import DuplicateDetector
from draftguard_adk.dedupe._invoker import AgentInvoker
from draftguard_adk.dedupe._plugin import DuplicateFilterPlugin

__all__ = [
    "AgentInvoker",
    "DuplicateDetector",
    "DuplicateFilterPlugin",
]

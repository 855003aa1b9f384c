"""The duplicate filter on ADK streams: detector, plugin and invoker."""

from __future__ import annotations

from draftguard_adk.dedupe._detector import (
    SETTINGS_SECTION,
    ContentDuplicationEvent,
    DuplicateDetector,
    SentenceSimilarity,
    detector_settings,
)
from draftguard_adk.dedupe._invoker import (
    AgentInvoker,
    invoke_agent_streaming,
)
from draftguard_adk.dedupe._plugin import (
    DuplicateFilterPlugin,
)

__all__ = [
    "SETTINGS_SECTION",
    "AgentInvoker",
    "ContentDuplicationEvent",
    "DuplicateDetector",
    "DuplicateFilterPlugin",
    "SentenceSimilarity",
    "detector_settings",
    "invoke_agent_streaming",
]

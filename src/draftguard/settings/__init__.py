"""Per-agent settings from `agents.yaml`: one typed section per agent, loaded once.

    settings = load_settings()
    settings.agents.content_splitter.max_iterations     # typed, default included
    settings.agent("blogger").model                     # `defaults` filled in
"""

from __future__ import annotations

from draftguard.settings._loading import (
    CONFIG_ENV,
    describe_error,
    find_settings_file,
    load_settings,
)
from draftguard.settings._sections import (
    MAX_REPAIRS_LIMIT,
    AgentSection,
    AgentSections,
    ArtifactRepairSettings,
    BloggerSettings,
    ChatSettings,
    ContentEditorSettings,
    ContentSplitterSettings,
    Defaults,
    DocumentValidatorSettings,
    EventPlanningSettings,
    JobsSettings,
    ProjectSettings,
    Section,
)

__all__ = [
    "CONFIG_ENV",
    "MAX_REPAIRS_LIMIT",
    "AgentSection",
    "AgentSections",
    "ArtifactRepairSettings",
    "BloggerSettings",
    "ChatSettings",
    "ContentEditorSettings",
    "ContentSplitterSettings",
    "Defaults",
    "DocumentValidatorSettings",
    "EventPlanningSettings",
    "JobsSettings",
    "ProjectSettings",
    "Section",
    "describe_error",
    "find_settings_file",
    "load_settings",
]

"""Per-agent settings from `agents.yaml`, and where that file is found."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from draftguard.errors import ConfigError

__all__ = ["AgentSettings", "ProjectSettings", "find_settings_file", "load_settings"]

CONFIG_ENV = "DRAFTGUARD_CONFIG"
_REPO_ROOT = Path(__file__).resolve().parents[2]


class AgentSettings(BaseModel):
    """One agent's section. Known keys are typed; any other key is kept for that agent."""

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    max_iterations: int | None = Field(default=None, ge=1)

    def value(self, key: str, default: Any = None) -> Any:
        """A setting by name, or `default` when unset."""
        got = getattr(self, key, None)
        if got is None and self.model_extra:
            got = self.model_extra.get(key)
        return default if got is None else got


class ProjectSettings(BaseModel):
    """The whole of agents.yaml: `defaults` apply to every agent, `agents` override them."""

    model_config = ConfigDict(extra="forbid")

    defaults: AgentSettings = Field(default_factory=AgentSettings)
    agents: dict[str, AgentSettings] = Field(default_factory=dict)
    source: str | None = None

    def agent(self, name: str) -> AgentSettings:
        """The merged settings for agent `name` (its own section over `defaults`)."""
        merged: dict[str, Any] = self.defaults.model_dump(exclude_none=True)
        own = self.agents.get(name)
        if own is not None:
            merged.update(own.model_dump(exclude_none=True))
        return AgentSettings.model_validate(merged)

    def value(self, agent: str, key: str, default: Any = None) -> Any:
        """Shortcut for `self.agent(agent).value(key, default)`."""
        return self.agent(agent).value(key, default)


def find_settings_file(env: Mapping[str, str] | None = None) -> Path | None:
    """$DRAFTGUARD_CONFIG, else ./agents.yaml, else the agents.yaml of this checkout."""
    env = os.environ if env is None else env
    if explicit := env.get(CONFIG_ENV):
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"{CONFIG_ENV}={explicit}: no such file")
        return p
    for candidate in (Path.cwd() / "agents.yaml", _REPO_ROOT / "agents.yaml"):
        if candidate.is_file():
            return candidate
    return None


def load_settings(path: str | Path | None = None) -> ProjectSettings:
    """Load agents.yaml; with no file anywhere, every agent gets built-in defaults."""
    p = Path(path) if path is not None else find_settings_file()
    if p is None:
        return ProjectSettings()
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise ConfigError(f"{p}: cannot read settings ({err})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{p}: expected a mapping at the top level")
    try:
        settings = ProjectSettings.model_validate({**raw, "source": str(p)})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise ConfigError(f"{p}: {where}: {first['msg']}") from None
    return settings

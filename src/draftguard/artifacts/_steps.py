"""What the repair machine (`_machine.py`) yields to its driver: model questions, progress
events and the verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._picking import PICK_SYSTEM
from draftguard.artifacts._progress import Stage

__all__ = ["SYSTEM", "Finished", "MachineStep", "ModelQuestion", "ProgressEvent", "Purpose"]


class Purpose(StrEnum):
    """Why the machine asks the model."""

    GENERATE = "generate"
    PICK = "pick"
    JUDGE = "judge"
    REPAIR = "repair"


SYSTEM: dict[Purpose, str] = {
    Purpose.GENERATE: "You write study material strictly from the given source. Answer only JSON.",
    Purpose.PICK: PICK_SYSTEM,
    Purpose.JUDGE: "You check study material against its source. Answer only JSON.",
    Purpose.REPAIR: "You fix study material so it follows every rule. Answer only JSON.",
}


@dataclass(frozen=True)
class ModelQuestion:
    """Ask the model `prompt`; its answer must be JSON of `schema` (a pydantic class or a
    JSON schema). The driver sends back the answer text or throws a model failure."""

    purpose: Purpose
    prompt: str
    schema: type[BaseModel] | Mapping[str, Any]
    system: str


@dataclass(frozen=True)
class ProgressEvent:
    """One step of the loop, for a progress bar and a log: typed, never parsed.

    `retry` marks the verdict that sends the artifact to repair (its violations and issues
    are the feedback)."""

    stage: Stage
    progress: int
    attempt: int
    message: str
    violations: tuple[str, ...] = ()
    issues: tuple[str, ...] = ()
    retry: bool = False
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Finished:
    outcome: ArtifactOutcome


MachineStep = ModelQuestion | ProgressEvent | Finished

"""The repair loop's stages, one enum for the whole project, and the percentage each shows."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["STAGES", "STAGE_PROGRESS", "Stage", "repair_progress"]


class Stage(StrEnum):
    """Where the repair loop is; the job store, the worker log and the agent read this."""

    PLANNING = "planning"
    GENERATING = "generating"
    STRUCTURAL = "structural"
    SEMANTIC = "semantic"
    REPAIR = "repair"
    DONE = "done"
    FAILED = "failed"


#: The percentage a job shows at each stage ("pending" is the job's, before any stage).
STAGE_PROGRESS: Final[dict[str, int]] = {
    "pending": 0,
    Stage.PLANNING: 20,
    Stage.GENERATING: 60,
    Stage.STRUCTURAL: 70,
    Stage.SEMANTIC: 80,
    Stage.REPAIR: 85,
    Stage.DONE: 100,
    Stage.FAILED: 100,
}
STAGES: Final = tuple(STAGE_PROGRESS)


def repair_progress(attempt: int) -> int:
    """Repair attempt 1 shows 85 %, attempt 2 shows 90 % (capped below 100)."""
    return min(85 + 5 * (attempt - 1), 95)

"""The progress map: the percentage a job shows at each stage."""

from __future__ import annotations

from typing import Final

__all__ = ["STAGES", "STAGE_PROGRESS", "repair_progress"]

STAGE_PROGRESS: Final[dict[str, int]] = {
    "pending": 0,
    "planning": 20,
    "generating": 60,
    "structural": 70,
    "semantic": 80,
    "repair": 85,
    "done": 100,
    "failed": 100,
}
STAGES: Final = tuple(STAGE_PROGRESS)


def repair_progress(attempt: int) -> int:
    """Repair attempt 1 shows 85 %, attempt 2 shows 90 % (capped below 100)."""
    return min(85 + 5 * (attempt - 1), 95)

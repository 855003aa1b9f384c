"""Job statuses and the job API's progress map.

    pending    →   0
    planning   →  20
    generating →  60
    validating →  70-100
      ├─ structural check   → 70
      ├─ semantic check     → 80
      ├─ repair attempt 1   → 85
      ├─ repair attempt 2   → 90
      └─ completed/failed   → 100

A client sees `status` (the coarse phase) and `progress` (the percentage). The fine-grained
*stage* (structural, semantic, repair) only moves the percentage: a polling client sees
`"status": "validating"` at 70, 80 and 85.
"""

from __future__ import annotations

from enum import StrEnum

from draftguard.artifacts._progress import STAGE_PROGRESS, Stage, repair_progress

__all__ = [
    "ACTIVE_STATUSES",
    "TERMINAL_STATUSES",
    "JobStatus",
    "Stage",
    "progress_for",
    "status_for",
]


class JobStatus(StrEnum):
    """What `GET /ai/artifact/{job_id}` reports as `status`."""

    PENDING = "pending"
    PLANNING = "planning"
    GENERATING = "generating"
    VALIDATING = "validating"
    COMPLETED = "completed"
    FAILED = "failed"


# Statuses a worker holds a lease on: the job is running somewhere (or was, if the lease ran out).
ACTIVE_STATUSES: frozenset[JobStatus] = frozenset(
    {JobStatus.PLANNING, JobStatus.GENERATING, JobStatus.VALIDATING}
)
TERMINAL_STATUSES: frozenset[JobStatus] = frozenset({JobStatus.COMPLETED, JobStatus.FAILED})

# One map for the whole project: the artifact loop reports with it, the job store shows it.
_STAGE_PROGRESS: dict[Stage, int] = {st: STAGE_PROGRESS[st.value] for st in Stage}

_STAGE_STATUS: dict[Stage, JobStatus] = {
    Stage.PLANNING: JobStatus.PLANNING,
    Stage.GENERATING: JobStatus.GENERATING,
    Stage.STRUCTURAL: JobStatus.VALIDATING,
    Stage.SEMANTIC: JobStatus.VALIDATING,
    Stage.REPAIR: JobStatus.VALIDATING,
    Stage.DONE: JobStatus.VALIDATING,
    Stage.FAILED: JobStatus.VALIDATING,
}


def progress_for(stage: Stage | str, attempt: int = 0) -> int:
    """The progress map's percentage for `stage`; `attempt` (1-based) matters only for repairs."""
    st = Stage(stage)
    if st is Stage.REPAIR:
        if attempt < 1:
            raise ValueError(f"repair attempt must be >= 1, got {attempt}")
        return repair_progress(attempt)
    return _STAGE_PROGRESS[st]


def status_for(stage: Stage | str) -> JobStatus:
    """The coarse status a running job shows while the loop is at `stage`.

    `done` and `failed` map to `validating`: only the worker, once the outcome is stored, may say
    `completed` or `failed`.
    """
    return _STAGE_STATUS[Stage(stage)]

"""The split loop: input guard, planner, assembler, checker and verdict."""

from __future__ import annotations

from draftguard_adk.split._checker import (
    ROUTE_INVALID_INPUT,
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    parse_split_request,
)
from draftguard_adk.split._files import SPLIT_FILES, SplitFilesAgent
from draftguard_adk.split._loop import (
    ROUTE_MODEL_ERROR,
    SETTINGS_SECTION,
    SplitAssembler,
    SplitPlan,
    build_content_splitter,
)
from draftguard_adk.split._runner import (
    SplitOutcome,
    run_split,
)

__all__ = [
    "ROUTE_INVALID_INPUT",
    "ROUTE_MODEL_ERROR",
    "SETTINGS_SECTION",
    "SPLIT_FILES",
    "ContentSplitValidationChecker",
    "SplitAssembler",
    "SplitFilesAgent",
    "SplitInputGuard",
    "SplitOutcome",
    "SplitPlan",
    "SplitVerdictAgent",
    "build_content_splitter",
    "parse_split_request",
    "run_split",
]

"""The split loop: input guard, planner, assembler, checker and verdict."""

from __future__ import annotations

from draftguard_adk.split._checker import (
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    parse_split_request,
)
from draftguard_adk.split._loop import build_content_splitter

__all__ = [
    "ContentSplitValidationChecker",
    "SplitInputGuard",
    "SplitVerdictAgent",
    "build_content_splitter",
    "parse_split_request",
]

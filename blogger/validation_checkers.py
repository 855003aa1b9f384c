"""The split loop's deterministic checkers, where the design documents name them.

They live in `draftguard_adk.split`, so the CLI and other apps can build the same loop.
"""

from __future__ import annotations

from draftguard_adk.split import (
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    parse_split_request,
)

__all__ = [
    "ContentSplitValidationChecker",
    "SplitInputGuard",
    "SplitVerdictAgent",
    "parse_split_request",
]

"""Content-split integrity: segmentation and the multiset check."""

from __future__ import annotations

from draftguard.split._check import (
    DEFAULT_GRANULARITY,
    DEFAULT_LENGTH_TOLERANCE,
    SAMPLE_CHARS,
    Placement,
    SplitReport,
    check_split,
)
from draftguard.split._segmentation import (
    Granularity,
    normalize_text,
    normalize_unit,
    segment,
    segment_normalized,
)

__all__ = [
    "DEFAULT_GRANULARITY",
    "DEFAULT_LENGTH_TOLERANCE",
    "SAMPLE_CHARS",
    "Granularity",
    "Placement",
    "SplitReport",
    "check_split",
    "normalize_text",
    "normalize_unit",
    "segment",
    "segment_normalized",
]

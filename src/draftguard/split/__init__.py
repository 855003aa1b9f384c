"""Content-split integrity: segmentation and the multiset check."""

from __future__ import annotations

from draftguard.split._check import (
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

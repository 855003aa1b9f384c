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
from draftguard.split._coverage import (
    CoverageReport,
    ItemCoverage,
    ParagraphMatch,
    check_coverage,
    outline_items,
    stems,
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
    "CoverageReport",
    "Granularity",
    "ItemCoverage",
    "ParagraphMatch",
    "Placement",
    "SplitReport",
    "check_coverage",
    "check_split",
    "normalize_text",
    "normalize_unit",
    "outline_items",
    "segment",
    "segment_normalized",
    "stems",
]

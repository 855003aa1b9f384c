"""Content-split checks: segmentation, integrity (the multiset check) and outline coverage."""

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
    DEFAULT_FLAG_CUTOFF,
    DEFAULT_SCORE_CUTOFF,
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
from draftguard.split._verdict import (
    CoverageMode,
    CoverageVerdict,
    IntegrityVerdict,
    ParagraphRoute,
    coverage_verdict,
    integrity_verdict,
    route_paragraphs,
)

__all__ = [
    "DEFAULT_FLAG_CUTOFF",
    "DEFAULT_GRANULARITY",
    "DEFAULT_LENGTH_TOLERANCE",
    "DEFAULT_SCORE_CUTOFF",
    "SAMPLE_CHARS",
    "CoverageMode",
    "CoverageReport",
    "CoverageVerdict",
    "Granularity",
    "IntegrityVerdict",
    "ItemCoverage",
    "ParagraphMatch",
    "ParagraphRoute",
    "Placement",
    "SplitReport",
    "check_coverage",
    "check_split",
    "coverage_verdict",
    "integrity_verdict",
    "normalize_text",
    "normalize_unit",
    "outline_items",
    "route_paragraphs",
    "segment",
    "segment_normalized",
    "stems",
]

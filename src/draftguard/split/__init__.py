"""Content-split checks: segmentation, integrity (the multiset check) and outline coverage."""

from __future__ import annotations

from draftguard.split._assignment import (
    LEAD_BONUS,
    ItemAssignment,
    SplitProposal,
    propose_split,
)
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
    ItemCandidates,
    ItemCoverage,
    ParagraphMatch,
    check_coverage,
    outline_candidates,
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
    "LEAD_BONUS",
    "SAMPLE_CHARS",
    "CoverageMode",
    "CoverageReport",
    "CoverageVerdict",
    "Granularity",
    "IntegrityVerdict",
    "ItemAssignment",
    "ItemCandidates",
    "ItemCoverage",
    "ParagraphMatch",
    "ParagraphRoute",
    "Placement",
    "SplitProposal",
    "SplitReport",
    "check_coverage",
    "check_split",
    "coverage_verdict",
    "integrity_verdict",
    "normalize_text",
    "normalize_unit",
    "outline_candidates",
    "outline_items",
    "propose_split",
    "route_paragraphs",
    "segment",
    "segment_normalized",
    "stems",
]

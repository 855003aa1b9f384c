"""Content-split checks: segmentation, integrity (the multiset check) and outline coverage."""

from __future__ import annotations

from draftguard.split._check import SplitReport, check_split
from draftguard.split._coverage import CoverageReport, check_coverage

__all__ = [
    "CoverageReport",
    "SplitReport",
    "check_coverage",
    "check_split",
]

"""The duplicate filter as a `ResponseFilter`: what the plugin and the invoker both run."""

from __future__ import annotations

from draftguard_adk.agents import ResponseFilter
from draftguard_adk.dedupe._detector import DuplicateDetector

__all__ = ["duplicate_response_filter"]


def duplicate_response_filter(detector: DuplicateDetector, where: str) -> ResponseFilter:
    """A `ResponseFilter` whose chain is `detector`'s streaming filter, one per model call.

    A failure is counted on the detector (`content_detection_errors`, stage `where`) and the
    text passes unfiltered.
    """
    return ResponseFilter(
        lambda: [detector.new_stream()],
        on_error=lambda err: detector.index.record_error(err, where),
    )

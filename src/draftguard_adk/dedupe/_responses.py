"""The duplicate filter as a `ResponseFilter`: what the plugin and the invoker both run."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from draftguard_adk.agents import TextFilter
from draftguard_adk.agents._response_filter import ResponseFilter
from draftguard_adk.dedupe._detector import DuplicateDetector

__all__ = ["duplicate_response_filter"]


def duplicate_response_filter(
    detector: DuplicateDetector,
    where: str,
    *,
    also: Callable[[], Sequence[TextFilter]] | None = None,
) -> ResponseFilter:
    """A `ResponseFilter` whose chain is `detector`'s streaming filter, one per model call,
    followed by the links `also` makes for that call (an app's own guards).

    A failure is counted on the detector (`content_detection_errors`, stage `where`) and the
    text passes unfiltered.
    """
    return ResponseFilter(
        lambda: [detector.new_stream(), *(also() if also is not None else ())],
        on_error=lambda err: detector.index.record_error(err, where),
    )

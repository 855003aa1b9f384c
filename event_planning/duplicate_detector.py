"""The streaming duplicate-content detector, where the design documents name it.

It lives in `draftguard_adk.dedupe`, beside the plugin and the invoker that run it.
"""

from __future__ import annotations

from draftguard_adk.dedupe import DuplicateDetector, DuplicateFilterPlugin

__all__ = ["DuplicateDetector", "DuplicateFilterPlugin"]

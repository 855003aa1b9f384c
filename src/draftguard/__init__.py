"""draftguard: deterministic guardrails for LLM-written content.

This core package is framework-free: it never imports `google.adk`. The ADK adapters live in
`draftguard_adk`, `blogger` and `event_planning`.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]

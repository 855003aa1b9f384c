"""The streaming agent invoker with the duplicate filter, where the design documents name it.

It lives in `draftguard_adk.dedupe`; any ADK agent or App can be run through it.
"""

from __future__ import annotations

from draftguard_adk.dedupe import AgentInvoker

__all__ = ["AgentInvoker"]

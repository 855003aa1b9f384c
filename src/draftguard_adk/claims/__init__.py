"""The claim guard for ADK apps: `ClaimGuardPlugin`, one line on `App(plugins=[...])`.

The record it judges replies by is built from the invocation's events and the session
(`draftguard_adk.claims._record`); the judging is `draftguard.claims`. See docs/claims.md.
"""

from __future__ import annotations

from draftguard_adk.claims._plugin import ClaimGuardPlugin

__all__ = ["ClaimGuardPlugin"]

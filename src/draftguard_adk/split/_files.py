"""A verified split, saved as session artifacts beside the state keys.

State keeps `draft_ok`/`draft_not_ok` as documented; the artifacts are what a person sees
(and downloads) in `adk web`, and what the delivery check reads with the post.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from google.adk.agents import BaseAgent
from google.adk.agents.context import Context
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event, EventActions
from google.genai import types

from draftguard_adk.agents._events import checker_event
from draftguard_adk.split import state_keys as keys

__all__ = ["SPLIT_FILES", "SplitFilesAgent"]

#: State key -> artifact name of each half of a verified split.
SPLIT_FILES = {keys.DRAFT_OK: "draft_ok.md", keys.DRAFT_NOT_OK: "draft_not_ok.md"}


class SplitFilesAgent(BaseAgent):
    """After the verdict: a valid split's two halves become artifacts (a new version each).

    Without an artifact service (the CLI's runner) or a valid verdict it does nothing.
    """

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        verdict = state.get(keys.SPLIT_VERDICT)
        if ctx.artifact_service is None or not isinstance(verdict, dict) or not verdict.get(
            "valid"
        ):
            return
        actions = EventActions()
        saver = Context(ctx, event_actions=actions)
        for key, name in SPLIT_FILES.items():
            text = str(state.get(key) or "")
            part = types.Part.from_bytes(data=text.encode("utf-8"), mime_type="text/markdown")
            await saver.save_artifact(name, part, custom_metadata={"kind": "split"})
        event = checker_event(self, ctx, "Saved draft_ok.md and draft_not_ok.md.")
        event.actions.artifact_delta.update(actions.artifact_delta)
        yield event

"""Quiz, flashcards or a mindmap from the current post (or a given source), validated and repaired.

The current post is the one the content tools keep (`PostStore`'s `draft.md`), so a post
written, pasted for a split or edited in chat is the one the quiz is about.

Two forms of the same loop:
- `build_artifact_tool(model=None)`: a tool the coordinator calls with a type it picks from
  an enum, so even a small model can drive it; it runs `ArtifactRepairLoop` to the end and
  returns the artifact or the reason it failed.
- `build_artifact_agent(model=None, artifact_type=None)`: the loop itself as a sub-agent,
  reading the post from state.
"""

from __future__ import annotations

from typing import Any, Literal

from google.adk.models.base_llm import BaseLlm
from google.adk.tools.function_tool import FunctionTool
from google.adk.tools.tool_context import ToolContext

from draftguard.artifacts._registry import artifact_types
from draftguard.errors import DraftguardError
from draftguard_adk.artifacts._loop import (
    STATE_RESULT,
    ArtifactRepairLoop,
    build_artifact_repair_loop,
)
from draftguard_adk.artifacts._repair import generate_artifact
from draftguard_adk.edits import post_store
from draftguard_adk.split import state_keys

__all__ = ["build_artifact_agent", "build_artifact_tool"]

async def _current_post(tool_context: ToolContext) -> str:
    """The latest version of the post the content tools keep ("" before the first save)."""
    try:
        post = await post_store().current(tool_context)
    except DraftguardError:
        return ""
    return post.text if post is not None else ""


def build_artifact_tool(model: str | BaseLlm | None = None) -> FunctionTool:
    """A `make_artifact` tool bound to `model` (None: the `artifact_repair` model setting)."""

    async def make_artifact(
        artifact_type: str, request: str, tool_context: ToolContext, source: str = ""
    ) -> dict[str, Any]:
        """Turn the current blog post (or `source`, when given) into a quiz, flashcards or a
        mindmap. The result is validated and repaired automatically.

        Args:
            artifact_type: which study material to make (one of the listed types).
            request: what the author asked for, e.g. "5 questions on the main ideas".
            source: text to use instead of the current post; leave empty for the post.
        """
        text = source if source.strip() else await _current_post(tool_context)
        if not text.strip():
            return {"ok": False, "error": "there is no post yet: write or paste one first"}
        outcome = await generate_artifact(artifact_type, text, request, model=model)
        tool_context.state[STATE_RESULT] = outcome.model_dump(mode="json")
        if outcome.ok:
            return {"ok": True, "artifact_type": artifact_type, "artifact": outcome.artifact,
                    "repair_attempts": outcome.attempts, "llm_calls": outcome.llm_calls}
        return {"ok": False, "error": outcome.error, "repair_attempts": outcome.attempts,
                "llm_calls": outcome.llm_calls}

    # The enum is every registered type, so a new schema module shows up here unchanged; an
    # enum (not free text) is what lets a small coordinator model pick one reliably.
    make_artifact.__annotations__["artifact_type"] = Literal[tuple(artifact_types())]
    return FunctionTool(make_artifact)


def build_artifact_agent(
    model: str | BaseLlm | None = None, *, artifact_type: str | None = None
) -> ArtifactRepairLoop:
    """The repair loop as a sub-agent named `artifact_maker`, reading the post from state."""
    return build_artifact_repair_loop(
        model=model, name="artifact_maker", artifact_type=artifact_type,
        source_state_key=state_keys.RAW_DRAFT,
    )

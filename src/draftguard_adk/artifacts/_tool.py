"""Quiz, flashcards or a mindmap from the current post (or a given source), validated and repaired.

The current post is the one the content tools keep (`PostStore`'s `draft.md`), so a post
written, pasted for a split or edited in chat is the one the quiz is about.

Two forms of the same loop:
- `build_artifact_tool(model=None)`: a tool the coordinator calls with a type it picks from
  an enum, so even a small model can drive it; it drives the repair machine to the end inside
  the coordinator's own invocation (the app's plugins see every model call, and the run's
  call budget counts them: no nested runner) and returns the artifact or the reason it
  failed. With `source_ids` the artifact is made from the post plus those ingested sources,
  read from the session's ADK artifacts `sources/<id>.md` (`source_artifact_name`); only the
  chunks the request is about are used.
- `build_artifact_agent(model=None, artifact_type=None)`: the loop itself as a sub-agent,
  reading the post from state.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from google.adk.models.base_llm import BaseLlm
from google.adk.tools.function_tool import FunctionTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types

from draftguard.artifacts._machine import Finished
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._registry import artifact_types
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.errors import DraftguardError
from draftguard_adk.artifacts._driver import drive
from draftguard_adk.artifacts._loop import (
    STATE_RESULT,
    ArtifactRepairLoop,
    build_artifact_repair_loop,
)
from draftguard_adk.edits import post_store
from draftguard_adk.split import state_keys

__all__ = [
    "MAX_SOURCE_BYTES",
    "build_artifact_agent",
    "build_artifact_tool",
    "load_sources",
    "source_artifact_name",
]

#: An ingested source larger than this is refused before it is decoded (a reader is bounded).
MAX_SOURCE_BYTES = 2_000_000
_SOURCE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def source_artifact_name(source_id: str) -> str:
    """The ADK artifact that holds an ingested source: `sources/<id>.md` in the session."""
    return f"sources/{source_id}.md"


def _part_text(part: types.Part) -> str | None:
    if part.text is not None:
        return part.text
    data = part.inline_data.data if part.inline_data is not None else None
    if data is None or len(data) > MAX_SOURCE_BYTES:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


async def load_sources(
    tool_context: ToolContext, source_ids: list[str]
) -> tuple[dict[str, str], list[str]]:
    """(texts by id, ids that could not be read) for the session's ingested sources."""
    found: dict[str, str] = {}
    missing: list[str] = []
    for source_id in dict.fromkeys(s.strip() for s in source_ids if s.strip()):
        part = None
        if _SOURCE_ID.match(source_id):
            try:
                part = await tool_context.load_artifact(source_artifact_name(source_id))
            except ValueError:  # no artifact service configured
                part = None
        text = _part_text(part) if part is not None else None
        if text is None or not text.strip():
            missing.append(source_id)
        else:
            found[source_id] = text
    return found, missing

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
        artifact_type: str, request: str, tool_context: ToolContext, source: str = "",
        source_ids: list[str] | None = None,
    ) -> dict[str, Any]:
        """Turn the current blog post (or `source`, when given) into a quiz, flashcards or a
        mindmap. The result is validated and repaired automatically.

        Args:
            artifact_type: which study material to make (one of the listed types).
            request: what the author asked for, e.g. "5 questions on the main ideas".
            source: text to use instead of the current post; leave empty for the post.
            source_ids: ids of ingested sources (notes, transcripts) to use as well.
        """
        text = source if source.strip() else await _current_post(tool_context)
        sources, missing = await load_sources(tool_context, source_ids or [])
        if missing:
            named = ", ".join(f"'{m}'" for m in missing)
            return {"ok": False, "error": f"no ingested source with the id {named}"}
        if not text.strip() and not sources:
            return {"ok": False, "error": "there is no post yet: write or paste one first"}
        outcome = await _run(model, artifact_type, text, request, sources, tool_context)
        tool_context.state[STATE_RESULT] = outcome.model_dump(mode="json")
        if outcome.ok:
            done: dict[str, Any] = {
                "ok": True, "artifact_type": artifact_type, "artifact": outcome.artifact,
                "repair_attempts": outcome.attempts, "llm_calls": outcome.llm_calls}
            if outcome.shortfall:  # fewer items than asked for: the reply says so, and why
                done.update(requested=outcome.requested, delivered=outcome.delivered,
                            shortfall=outcome.shortfall)
            return done
        return {"ok": False, "error": outcome.error, "repair_attempts": outcome.attempts,
                "llm_calls": outcome.llm_calls}

    # The enum is every registered type, so a new schema module shows up here unchanged; an
    # enum (not free text) is what lets a small coordinator model pick one reliably.
    make_artifact.__annotations__["artifact_type"] = Literal[tuple(artifact_types())]
    return FunctionTool(make_artifact)


async def _run(
    model: str | BaseLlm | None, artifact_type: str, post: str, request: str,
    sources: dict[str, str], tool_context: ToolContext,
) -> ArtifactOutcome:
    try:
        loop = build_artifact_repair_loop(model=model)
        llm = loop.llm()
    except Exception as err:  # a missing model file or a bad setting is this request's failure
        return ArtifactOutcome(ok=False, artifact_type=artifact_type,
                               error=f"model unavailable: {err}", failure_kind="model_error")
    chunks = artifact_chunks(post, request, sources=sources)
    machine = loop.machine(llm, artifact_type, chunks, request)
    async for step in drive(machine, llm, timeout_s=loop.call_timeout_s,
                            ctx=tool_context.get_invocation_context()):
        if isinstance(step, Finished):
            return step.outcome
    return ArtifactOutcome(ok=False, artifact_type=artifact_type, failure_kind="internal",
                           error="internal error: the repair loop ended without a result")


def build_artifact_agent(
    model: str | BaseLlm | None = None, *, artifact_type: str | None = None
) -> ArtifactRepairLoop:
    """The repair loop as a sub-agent named `artifact_maker`, reading the post from state."""
    return build_artifact_repair_loop(
        model=model, name="artifact_maker", artifact_type=artifact_type,
        source_state_key=state_keys.RAW_DRAFT,
    )

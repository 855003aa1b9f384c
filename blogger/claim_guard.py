"""The blogger's claim guard: `ClaimGuardPlugin` with the blogger's tools and what a blogger
session holds (the post's latest text and versions, its sources, what the author said, and
what tools answered earlier), read for each model call."""

from __future__ import annotations

from google.adk.agents.callback_context import CallbackContext

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, NEXT_STEP, blogger_facts
from draftguard.claims import SessionFacts
from draftguard_adk.claims import ClaimGuardPlugin
from draftguard_adk.claims._record import session_facts
from draftguard_adk.edits._post_store import DEFAULT_NAME
from draftguard_adk.sources._store import list_sources, load_source

__all__ = ["build_claim_guard", "read_blogger_facts"]

#: Sources read as facts at most (the newest ids last).
_MAX_SOURCES = 20


async def read_blogger_facts(ctx: CallbackContext) -> SessionFacts:
    """What the blogger session holds now."""
    base = await session_facts(ctx)
    info = await ctx.get_artifact_version(DEFAULT_NAME)
    post: str | None = None
    versions: list[int] = []
    if info is not None:
        versions = list(range(info.version + 1))
        part = await ctx.load_artifact(DEFAULT_NAME, version=info.version)
        if part is not None:
            data = part.inline_data.data if part.inline_data is not None else None
            post = data.decode("utf-8", "replace") if data is not None else part.text
    sources = []
    for source_id in (await list_sources(ctx))[-_MAX_SOURCES:]:
        stored = await load_source(ctx, source_id)
        if stored is not None:
            sources.append(stored.text)
    facts = blogger_facts(post=post, versions=versions, sources=sources, said=base.texts)
    return facts


def build_claim_guard() -> ClaimGuardPlugin:
    """The claim guard on the blogger's own replies (not the artifact loop's JSON calls)."""
    return ClaimGuardPlugin(tools=BLOGGER_TOOL_CLAIMS, facts=read_blogger_facts,
                            next_step=NEXT_STEP, agents={"blogger"})

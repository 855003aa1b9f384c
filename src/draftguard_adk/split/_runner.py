"""Running the split loop outside a chat: for the `draftguard split` CLI and scripts."""

from __future__ import annotations

from typing import Any

from google.adk.cli.utils.service_factory import create_session_service_from_options
from google.adk.models.base_llm import BaseLlm
from google.adk.runners import Runner
from google.genai import types
from pydantic import BaseModel

from draftguard.settings import ProjectSettings
from draftguard.split import CoverageVerdict, IntegrityVerdict, ParagraphRoute
from draftguard_adk.agents import AGENTS_DIR, content_text
from draftguard_adk.split import state_keys as keys
from draftguard_adk.split._loop import build_content_splitter

__all__ = ["SplitOutcome", "run_split"]

APP_NAME = "blogger"


class SplitOutcome(BaseModel):
    """What a split run ended with; the raw draft is returned unchanged for comparison.

    `valid` says the split was kept; `integrity` and `coverage` (None when not checked) say
    what holds, and `paragraphs` where each raw paragraph went."""

    valid: bool
    attempts: int
    reason: str
    messages: list[str]
    integrity: IntegrityVerdict | None
    coverage: CoverageVerdict | None
    paragraphs: list[ParagraphRoute]
    draft_ok: str | None
    draft_not_ok: str | None
    raw_draft: str | None
    steps: list[str]
    session_id: str


async def run_split(
    raw_draft: str,
    outline: str,
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
    session_uri: str = "memory://",
    user_id: str = "cli",
) -> SplitOutcome:
    """Run the seed-000 loop on one draft and return its verdict and outputs."""
    agent = build_content_splitter(model=model, settings=settings)
    sessions = create_session_service_from_options(
        base_dir=AGENTS_DIR, session_service_uri=session_uri
    )
    runner = Runner(app_name=APP_NAME, agent=agent, session_service=sessions)
    session = await sessions.create_session(
        app_name=APP_NAME,
        user_id=user_id,
        state={keys.RAW_DRAFT: raw_draft, keys.OUTLINE: outline},
    )
    steps: list[str] = []
    message = types.Content(role="user", parts=[types.Part(text="Split the draft.")])
    async for event in runner.run_async(
        user_id=user_id, session_id=session.id, new_message=message
    ):
        text = content_text(event.content)
        if text and not event.partial and event.author != "split_planner":
            steps.append(f"{event.author}: {text}")
    await runner.close()
    final = await sessions.get_session(app_name=APP_NAME, user_id=user_id, session_id=session.id)
    state: dict[str, Any] = dict(final.state) if final else {}
    verdict = state.get(keys.SPLIT_VERDICT) or {}
    return SplitOutcome(
        valid=bool(verdict.get("valid")),
        attempts=int(verdict.get("attempts") or state.get(keys.SPLIT_ATTEMPTS) or 0),
        reason=str(verdict.get("reason") or "no verdict"),
        messages=list(verdict.get("messages") or []),
        integrity=verdict.get("integrity"),
        coverage=verdict.get("coverage"),
        paragraphs=verdict.get("paragraphs") or [],
        draft_ok=state.get(keys.DRAFT_OK),
        draft_not_ok=state.get(keys.DRAFT_NOT_OK),
        raw_draft=state.get(keys.RAW_DRAFT),
        steps=steps,
        session_id=session.id,
    )

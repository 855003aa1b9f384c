"""Running the split loop outside a chat: for the `draftguard split` CLI and scripts."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from google.adk.cli.utils.service_factory import create_session_service_from_options
from google.adk.models.base_llm import BaseLlm
from google.adk.sessions import BaseSessionService, Session
from google.genai import types
from pydantic import BaseModel
from sqlalchemy.engine import make_url

from draftguard.errors import InputError
from draftguard.settings import ProjectSettings
from draftguard.split._verdict import CoverageVerdict, IntegrityVerdict, ParagraphRoute
from draftguard_adk.agents import content_text
from draftguard_adk.agents._apps import AGENTS_DIR, app_runner
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


def _check_sqlite_folder(uri: str) -> None:
    # aiosqlite reports a missing folder from a worker thread that outlives the event loop
    # and prints a traceback: find it first.
    try:
        database = make_url(uri).database
    except Exception:
        return  # the store reports the malformed URI
    if database and database != ":memory:" and not database.startswith("file:"):
        folder = Path(database).absolute().parent
        if not folder.is_dir():
            raise InputError(f"--session-uri: the folder {folder} does not exist")


async def _open_session(
    uri: str, user_id: str, state: dict[str, Any]
) -> tuple[BaseSessionService, Session]:
    """The session store `uri` names and a new session in it, or one-line `InputError`."""
    if not uri.strip() or "://" not in uri:
        raise InputError(f"--session-uri must look like memory:// or sqlite:///FILE, got {uri!r}")
    if uri.startswith("sqlite"):
        _check_sqlite_folder(uri)
    sessions: BaseSessionService | None = None
    try:
        sessions = create_session_service_from_options(
            base_dir=AGENTS_DIR, session_service_uri=uri
        )
        session = await sessions.create_session(app_name=APP_NAME, user_id=user_id, state=state)
    except Exception as err:  # every failure here is the URI's: bad scheme, path, driver
        close = getattr(sessions, "close", None)
        if close is not None:  # a database store: stop its connection threads cleanly
            with contextlib.suppress(Exception):
                await close()
        # Driver messages repeat the URI, which may hold a password: say where, not what.
        reason = str(err).replace(uri, "the URI").splitlines()[0][:200] if str(err) else ""
        raise InputError(
            f"--session-uri {uri.split('://', 1)[0]}://...: cannot open the session store "
            f"({type(err).__name__}{': ' + reason if reason else ''})"
        ) from None
    return sessions, session


async def run_split(
    raw_draft: str,
    outline: str,
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
    session_uri: str = "memory://",
    user_id: str = "cli",
) -> SplitOutcome:
    """Run the split loop on one draft and return its verdict and outputs."""
    agent = build_content_splitter(model=model, settings=settings)
    sessions, session = await _open_session(
        session_uri, user_id, {keys.RAW_DRAFT: raw_draft, keys.OUTLINE: outline}
    )
    runner = app_runner(app_name=APP_NAME, agent=agent, session_service=sessions)
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

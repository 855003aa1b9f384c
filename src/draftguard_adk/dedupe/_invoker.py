"""The event planner's streaming invoker: ADK `Runner` in SSE mode behind both duplicate levels.

`invoke_agent_streaming` yields `{'type': 'text', 'content': ...}` for the text of each
streamed chunk that passed chunk-level and content-level detection, as soon as it is
complete. Events go through the same `ResponseFilter` as `DuplicateFilterPlugin`'s model
responses: ADK's aggregated final event repeats what the partials carried, so only what it
adds (normally nothing) goes through the filter, and the answer is never shown twice.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.run_config import RunConfig, StreamingMode
from google.adk.apps import App
from google.adk.runners import Runner
from google.adk.sessions import BaseSessionService, InMemorySessionService
from google.genai import types

from draftguard_adk.dedupe._detector import DuplicateDetector
from draftguard_adk.dedupe._responses import duplicate_response_filter

__all__ = ["AgentInvoker", "invoke_agent_streaming"]

class AgentInvoker:
    """Runs an agent (or App) turn by turn and streams only deduplicated text."""

    def __init__(
        self,
        agent_or_app: BaseAgent | App,
        *,
        app_name: str = "event_planning",
        session_service: BaseSessionService | None = None,
        detector_factory: Callable[[str], DuplicateDetector] | None = None,
    ) -> None:
        self.session_service = session_service or InMemorySessionService()
        if isinstance(agent_or_app, App):
            self.runner = Runner(app=agent_or_app, session_service=self.session_service)
        else:
            self.runner = Runner(
                agent=agent_or_app, app_name=app_name, session_service=self.session_service
            )
        self.app_name = self.runner.app_name
        self._factory = detector_factory or (
            lambda session_id: DuplicateDetector.from_settings(session_id=session_id)
        )
        self.last_detector: DuplicateDetector | None = None

    async def _ensure_session(self, user_id: str, session_id: str) -> None:
        found = await self.session_service.get_session(
            app_name=self.app_name, user_id=user_id, session_id=session_id
        )
        if found is None:
            await self.session_service.create_session(
                app_name=self.app_name, user_id=user_id, session_id=session_id
            )

    async def invoke_agent_streaming(
        self, *, user_id: str, session_id: str, message: str
    ) -> AsyncIterator[dict[str, Any]]:
        await self._ensure_session(user_id, session_id)
        detector = self._factory(session_id)
        self.last_detector = detector
        responses = duplicate_response_filter(detector, "invoker")
        new_message = types.Content(role="user", parts=[types.Part(text=message)])
        run_config = RunConfig(streaming_mode=StreamingMode.SSE)
        async for event in self.runner.run_async(
            user_id=user_id, session_id=session_id, new_message=new_message,
            run_config=run_config,
        ):
            if event.author == "user":
                continue
            out = responses.filter(event, author=event.author).shown
            if out:
                yield {"type": "text", "content": out}


async def invoke_agent_streaming(
    invoker: AgentInvoker, *, user_id: str, session_id: str, message: str
) -> AsyncIterator[dict[str, Any]]:
    """Functional form of `AgentInvoker.invoke_agent_streaming` (the streaming entry point)."""
    async for item in invoker.invoke_agent_streaming(
        user_id=user_id, session_id=session_id, message=message
    ):
        yield item

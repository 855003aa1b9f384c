"""Chat set-up shared by the tests: a blogger or planner conversation through an ADK runner,
one turn at a time, and what the person sees of it.

- `shown_reply(runner, session_id, text)`: the text of every final event of one turn;
- `new_session`, `turn`, `text_of`, `calls_of`, `responses_of`, `state_of`: a runner's
  session, one turn's events, and what they show, call, get back and leave in state;
- `session_with_post(runner, post)`: a fresh session whose post (`draft.md`) is `post`;
- `blogger_chat(model)`: the blogger app over `model` and a fresh session;
- `planner_chat(model, today=...)`: the planner app over `model` and a fresh session;
- `converse(today, *said)`: a planner conversation on `today`, each message in one session;
- `Chat`: one blogger session driven message by message, with its post and versions.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from google.adk.agents.run_config import RunConfig, StreamingMode
from google.adk.events import Event
from google.adk.runners import InMemoryRunner
from google.genai import types
from scripted_llm import ScriptedLlm

from blogger.agent import build_app as build_blogger
from event_planning.agent import build_app as build_planner

USER = "u"


def _message(text: str) -> types.Content:
    return types.Content(role="user", parts=[types.Part(text=text)])


async def shown_reply(runner: InMemoryRunner, session_id: str, text: str) -> str:
    """Send ``text`` as the user and return what the chat shows, one line per final part."""
    shown: list[str] = []
    async for event in runner.run_async(user_id=USER, session_id=session_id,
                                        new_message=_message(text)):
        if event.content and not event.partial:
            shown.extend(p.text for p in event.content.parts or [] if p.text)
    return "\n".join(shown)


async def new_session(runner: InMemoryRunner, *, state: dict[str, Any] | None = None) -> str:
    """A fresh session of the runner's app (holding `state`), by its id."""
    session = await runner.session_service.create_session(app_name=runner.app_name,
                                                          user_id=USER, state=state)
    return session.id


async def session_with_post(runner: InMemoryRunner, post: str | None, *,
                            state: dict[str, Any] | None = None) -> str:
    """A fresh session (holding `state`) whose post (`draft.md`) is `post`, when given."""
    session_id = await new_session(runner, state=state)
    if post is not None:
        assert runner.artifact_service is not None
        await runner.artifact_service.save_artifact(
            app_name=runner.app_name, user_id=USER, session_id=session_id,
            filename="draft.md",
            artifact=types.Part.from_bytes(data=post.encode(), mime_type="text/markdown"))
    return session_id


async def turn(runner: InMemoryRunner, session_id: str, text: str, *, stream: bool = False,
               run_config: RunConfig | None = None) -> list[Event]:
    """Every event of one turn: ``text`` sent as the user (streamed with `stream`, or run
    with `run_config`)."""
    config = run_config or (RunConfig(streaming_mode=StreamingMode.SSE) if stream else None)
    return [e async for e in runner.run_async(user_id=USER, session_id=session_id,
                                              run_config=config, new_message=_message(text))]


def text_of(events: list[Any]) -> str:
    """What the events show the person: every final text part, one a line."""
    return "\n".join(p.text for e in events if e.content and not e.partial
                     for p in e.content.parts or [] if p.text)


def calls_of(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls the events make, by name and arguments."""
    return [(p.function_call.name, dict(p.function_call.args or {})) for e in events
            if e.content for p in e.content.parts or [] if p.function_call]


def responses_of(events: list[Any]) -> list[dict[str, Any]]:
    """What the tools the events ran answered, in order."""
    return [p.function_response.response for e in events if e.content
            for p in e.content.parts or [] if p.function_response]


async def state_of(runner: InMemoryRunner, session_id: str) -> dict[str, Any]:
    """The session's state as it stands."""
    session = await runner.session_service.get_session(app_name=runner.app_name, user_id=USER,
                                                       session_id=session_id)
    assert session is not None
    return dict(session.state)


async def blogger_chat(model: ScriptedLlm) -> tuple[InMemoryRunner, str]:
    """The blogger app over `model`, with its own plugins, and a fresh session."""
    runner = InMemoryRunner(app=build_blogger(model))
    return runner, await new_session(runner)


async def planner_chat(model: ScriptedLlm, *, today: date) -> tuple[InMemoryRunner, str]:
    """The planner app over `model` on `today`, with its own plugins, and a fresh session."""
    runner = InMemoryRunner(app=build_planner(model, today=lambda: today))
    return runner, await new_session(runner)


async def converse(today: date, *said: str, model: ScriptedLlm | None = None
                   ) -> tuple[InMemoryRunner, str, list[list[Any]]]:
    """A planner conversation on `today` (with a model that must not be called, unless
    `model`): each message of `said` in one session, and the events of each turn."""
    runner, session_id = await planner_chat(model if model is not None else ScriptedLlm([]),
                                       today=today)
    return runner, session_id, [await turn(runner, session_id, text) for text in said]


class Chat:
    """One blogger session driven message by message.

    `app=True` keeps the app's own plugins (the raw-output guard, the argument guard).
    """

    def __init__(self, *turns: Any, app: bool = False) -> None:
        self.model = ScriptedLlm(list(turns))
        built = build_blogger(model=self.model) if app else build_blogger(self.model, plugins=[])
        self.runner = InMemoryRunner(app=built)
        self.session_id = ""
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def say(self, text: str) -> str:
        """The text the author sees for `text` (every non-partial text part, joined)."""
        if not self.session_id:
            self.session_id = await new_session(self.runner)
        seen: list[str] = []
        async for event in self.runner.run_async(user_id=USER, session_id=self.session_id,
                                                 new_message=_message(text)):
            if event.partial or event.content is None:
                continue
            for part in event.content.parts or []:
                if part.text:
                    seen.append(part.text)
                if part.function_call is not None:
                    self.calls.append((part.function_call.name or "",
                                       dict(part.function_call.args or {})))
        return "\n".join(seen)

    async def post(self) -> str | None:
        """The current post (`draft.md`)."""
        return await self.artifact("draft.md")

    async def state(self) -> dict[str, Any]:
        return await state_of(self.runner, self.session_id)

    async def artifact(self, name: str, version: int | None = None) -> str | None:
        assert self.runner.artifact_service is not None
        part = await self.runner.artifact_service.load_artifact(
            app_name="blogger", user_id=USER, session_id=self.session_id, filename=name,
            version=version)
        if part is None or part.inline_data is None or part.inline_data.data is None:
            return None
        return part.inline_data.data.decode()

    async def versions(self, name: str = "draft.md") -> list[int]:
        assert self.runner.artifact_service is not None
        return await self.runner.artifact_service.list_versions(
            app_name="blogger", user_id=USER, session_id=self.session_id, filename=name)

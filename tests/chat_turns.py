"""One chat turn through an ADK runner, as the person sees it: the text of every final event."""

from __future__ import annotations

from google.adk.runners import InMemoryRunner
from google.genai import types


async def shown_reply(runner: InMemoryRunner, session_id: str, text: str) -> str:
    """Send ``text`` as the user and return what the chat shows, one line per final part."""
    message = types.Content(role="user", parts=[types.Part(text=text)])
    shown: list[str] = []
    async for event in runner.run_async(user_id="u", session_id=session_id, new_message=message):
        if event.content and not event.partial:
            shown.extend(p.text for p in event.content.parts or [] if p.text)
    return "\n".join(shown)

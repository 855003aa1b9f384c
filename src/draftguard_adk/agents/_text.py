"""The text of ADK contents: a model answer's, this turn's user message, a session's."""

from __future__ import annotations

from google.adk.agents.invocation_context import InvocationContext
from google.adk.sessions import Session
from google.genai import types

__all__ = ["content_text", "session_user_text", "user_text"]


def content_text(content: types.Content | None, *, sep: str = "") -> str:
    """The text parts of `content` joined by `sep`; thoughts are not part of the answer."""
    if content is None or not content.parts:
        return ""
    return sep.join(p.text for p in content.parts if p.text and not p.thought)


def user_text(ctx: InvocationContext) -> str:
    """The user's message that started this invocation ("" when there is none)."""
    return content_text(ctx.user_content)


def session_user_text(session: Session) -> str:
    """Everything the user typed in `session`, one text part a line, this turn included."""
    texts = (content_text(e.content, sep="\n") for e in session.events if e.author == "user")
    return "\n".join(t for t in texts if t)

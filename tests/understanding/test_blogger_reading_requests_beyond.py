"""Blogger requests read by class after the third held-out set (issue 22): a request for
something no tool does is said plainly; fields and undo said loosely are still read."""

from __future__ import annotations

from pathlib import Path

from blogger.reading import read_message
from draftguard.understanding import Intent, Reading

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")


def _read(post: str | None, message: str) -> Reading:
    return read_message(message, post=post).reading


def test_a_translation_is_said_to_be_beyond_the_app() -> None:
    for message in ("would you translate this into Italian please",
                    "can you translate the post to Portuguese"):
        (request,) = _read(SOURDOUGH, message).requests
        assert request.intent is Intent.UNCLEAR, message
        assert request.question is not None
        assert request.question.startswith("I can't translate anything from here"), message

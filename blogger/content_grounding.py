"""`content_write` saves only what the author gave or asked for; ignored arguments are shown.

A small model calls `content_write` with whatever is at hand: a file name it made up
("md.html"), a title alone, the same text again. The rules and checks here, applied by the
app's `ArgumentGuardPlugin`, hold the call against the author's own messages
(`draftguard.grounding`) before the tool runs:

- `markdown` must be text the author pasted, or the author's message this turn must ask for
  a post to be written (and then it must be more than a title);
- the same text as the current version is not saved again;
- a `name` the author never wrote is ignored: the post stays `draft.md`;
- a `make_artifact` `source` the author never gave is ignored: the quiz is on the post.

A refused call comes back to the model as the tool's answer; either way the author sees
one short line, at the end of the turn's answer, saying what was ignored or refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.function_tool import FunctionTool
from google.adk.tools.tool_context import ToolContext
from rapidfuzz import fuzz

from blogger.state_keys import IGNORED_LINE_KEY
from draftguard.grounding import has_phrase
from draftguard.text import straighten_quotes
from draftguard_adk.agents import (
    ArgumentGuardPlugin,
    ArgumentRule,
    CallCheck,
    Refusal,
    TurnNotes,
    content_text,
    honours_dropped_arguments,
    session_user_text,
)
from draftguard_adk.artifacts import build_artifact_tool
from draftguard_adk.edits import DEFAULT_NAME, post_store

__all__ = [
    "CHECKS",
    "IGNORED_LINE_KEY",
    "RULES",
    "build_argument_guard",
    "build_guarded_artifact_tool",
    "generation_requested",
    "is_more_than_a_title",
    "text_supplied",
]

NOTES = TurnNotes(IGNORED_LINE_KEY)

_ASKED = re.compile(
    r"\b(?:write|draft|compose|generate|create|make|produce|rewrite)\b[^.?!\n]{0,60}?"
    r"\b(?:post|article|blog|essay|story|piece|draft|text)\b",
    re.I,
)
_MIN_WORDS = 25


def _norm(text: str) -> str:
    return " ".join(straighten_quotes(text).casefold().split())


def _lines(text: str) -> list[str]:
    return [n for line in text.splitlines() if (n := _norm(line.lstrip("#>*-• \t")))]


def text_supplied(value: object, user_text: str, *, score_cutoff: float = 90.0) -> bool:
    """Most of `value` (90% of its characters, line by line) is in the author's messages:
    word for word after whitespace, case and quote style, or fuzzily above `score_cutoff`."""
    text = _norm(str(value))
    said = _norm(user_text)
    if not text or not said:
        return False
    if text in said:
        return True
    lines = _lines(str(value))
    total = sum(len(line) for line in lines)
    found = sum(len(line) for line in lines
                if line in said or (len(line) >= 12 and fuzz.partial_ratio(
                    line, said, score_cutoff=score_cutoff) > 0))
    return total > 0 and found >= 0.9 * total


def generation_requested(message: str) -> bool:
    """The message asks for a post to be written ("write a post about sourdough")."""
    return _ASKED.search(message) is not None


def is_more_than_a_title(text: str) -> bool:
    """At least two lines of body, or a paragraph of some length."""
    body = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return len(body) >= 2 or len(" ".join(body).split()) >= _MIN_WORDS


def _name_matcher(value: Any, user_text: str) -> bool:
    return str(value) == DEFAULT_NAME or has_phrase(user_text, str(value))


def _source_matcher(value: Any, user_text: str) -> bool:
    return not str(value or "").strip() or text_supplied(value, user_text)


def _refused(reason: str) -> Refusal:
    return Refusal(reason, {
        "status": "refused", "error": f"not saved: {reason}",
        "next_step": "Tell the author it was not saved and why; ask them to paste the post "
                     "or say what to write."})


async def _unsupported_markdown(
    tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
) -> Refusal | None:
    """Text the author neither gave nor asked to have written is not saved."""
    message = content_text(tool_context.user_content)
    value = args.get("markdown")
    if value is None or text_supplied(value, session_user_text(tool_context.session)):
        return None
    if generation_requested(message):
        return None if is_more_than_a_title(str(value)) else _refused(
            "a title alone is not a post")
    return _refused("it is not text you gave me, and you did not ask me to write a post")


async def _same_text_again(
    tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
) -> Refusal | None:
    """The current version's text is not saved again as a new one."""
    name = str(args.get("name") or DEFAULT_NAME)
    if not _name_matcher(name, session_user_text(tool_context.session)):
        name = DEFAULT_NAME  # the guard drops a name the author never wrote
    post = await post_store().current(tool_context, name)
    if post is not None and post.text.strip() == str(args.get("markdown") or "").strip():
        return _refused(f"it is the same text as version {post.version}")
    return None


#: `content_write` keeps only a name the author wrote; `make_artifact` only a source they gave.
RULES = (
    ArgumentRule("content_write", "name", _name_matcher,
                 f"you never named that file; the post stays {DEFAULT_NAME}"),
    ArgumentRule("make_artifact", "source", _source_matcher,
                 "it is not text you gave me; I used the post", show_value=False),
)
CHECKS: dict[str, list[CallCheck]] = {"content_write": [_unsupported_markdown,
                                                         _same_text_again]}


def build_argument_guard() -> ArgumentGuardPlugin:
    """The blogger's argument guard: its lines end the final answer of the turn."""
    return ArgumentGuardPlugin(agent="blogger", rules=RULES, checks=CHECKS, notes=NOTES,
                               show_notes="in_reply")


def build_guarded_artifact_tool(model: str | BaseLlm | None = None) -> FunctionTool:
    """`make_artifact`, run without a `source` the guard dropped."""
    return FunctionTool(honours_dropped_arguments(build_artifact_tool(model).func))

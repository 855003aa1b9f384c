"""`content_write` saves only what the author gave or asked for; ignored arguments are shown.

A small model calls `content_write` with whatever is at hand: a file name it made up
("md.html"), a title alone, the same text again. The callbacks here check the call against
the author's own messages (`draftguard.grounding`) before the tool runs:

- `markdown` must be text the author pasted, or the author's message this turn must ask for
  a post to be written (and then it must be more than a title);
- the same text as the current version is not saved again;
- a `name` the author never wrote is ignored: the post stays `draft.md`;
- a `make_artifact` `source` the author never gave is ignored: the quiz is on the post.

A refused call comes back to the model as the tool's answer; either way the author sees
one short line saying what was ignored or refused (`show_ignored`).
"""

from __future__ import annotations

import re
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_response import LlmResponse
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types
from rapidfuzz import fuzz

from draftguard.grounding import Matcher, ground_arguments, has_phrase
from draftguard.text import straighten_quotes
from draftguard_adk.agents import TurnNotes, content_text, session_user_text
from draftguard_adk.edits import DEFAULT_NAME, content_write, post_store

__all__ = [
    "IGNORED_LINE_KEY",
    "generation_requested",
    "ground_tool_arguments",
    "is_more_than_a_title",
    "show_ignored",
    "text_supplied",
]

#: Per-turn state: the one line the author sees about ignored or refused arguments.
IGNORED_LINE_KEY = "temp:blogger_ignored_line"
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


def _markdown_matcher(message: str) -> Matcher:
    def supported(value: Any, user_text: str) -> bool:
        if text_supplied(value, user_text):
            return True
        return generation_requested(message) and is_more_than_a_title(str(value))

    return supported


def _name_matcher(value: Any, user_text: str) -> bool:
    return str(value) == DEFAULT_NAME or has_phrase(user_text, str(value))


def _note(tool_context: ToolContext, line: str) -> None:
    NOTES.add(tool_context.state, line)


async def ground_tool_arguments(
    tool: BaseTool, args: dict[str, Any], tool_context: ToolContext
) -> dict[str, Any] | None:
    """`before_tool_callback`: refuse or trim a `content_write` the author's words do not
    support, and drop a `make_artifact` source the author never gave (the post is used).
    Other tools pass untouched."""
    if tool.name == "content_write":
        return await _ground_content_write(args, tool_context)
    if tool.name == "make_artifact" and str(args.get("source") or "").strip():
        said = session_user_text(tool_context.session)
        if not text_supplied(args["source"], said):
            args.pop("source")
            _note(tool_context, "Ignored: source (it is not text you gave me; I used the post)")
    return None


async def _ground_content_write(
    args: dict[str, Any], tool_context: ToolContext
) -> dict[str, Any] | None:
    message = content_text(tool_context.user_content)
    report = ground_arguments(
        args, session_user_text(tool_context.session),
        {"markdown": _markdown_matcher(message), "name": _name_matcher},
        reasons={
            "markdown": "it is not text you gave me, and you did not ask me to write a post",
            "name": f"you never named that file; the post stays {DEFAULT_NAME}",
        },
    )
    refusal: str | None = None
    if "markdown" in report.ignored:
        refusal = ("a title alone is not a post" if generation_requested(message)
                   else report.ignored["markdown"])
    else:
        post = await post_store().current(tool_context, str(report.kept.get("name")
                                                              or DEFAULT_NAME))
        if post is not None and post.text.strip() == str(args.get("markdown") or "").strip():
            refusal = f"it is the same text as version {post.version}"
    if refusal is not None:
        _note(tool_context, f"Not saved: {refusal}.")
        return {"status": "refused", "error": f"not saved: {refusal}",
                "next_step": "Tell the author it was not saved and why; ask them to paste "
                             "the post or say what to write."}
    if not report.ignored:
        return None
    # Only the name can be ignored here: the post is saved under the default name, and the
    # answer says what was ignored (the callback runs the tool, so nothing waits in state).
    if line := report.ignored_line:
        _note(tool_context, line)
    saved = await content_write(markdown=str(args.get("markdown") or ""),
                                tool_context=tool_context)
    return {**saved, "ignored": report.ignored_items()}


def show_ignored(
    callback_context: CallbackContext, llm_response: LlmResponse
) -> LlmResponse | None:
    """`after_model_callback`: the turn's final answer ends with the ignored-arguments line,
    whatever the model wrote (a small model leaves it out)."""
    content = llm_response.content
    if (not NOTES.pending(callback_context.state) or llm_response.partial or content is None
            or not content.parts):
        return None
    if any(p.function_call for p in content.parts) or not content_text(content).strip():
        return None
    line = "\n".join(NOTES.take(callback_context.state))
    parts = [*content.parts, types.Part(text=f"\n\n({line})")]
    return llm_response.model_copy(update={"content": types.Content(role="model", parts=parts)})

"""The write tools run only on what the author gave or asked for; ignored arguments are shown.

A model calls the blogger's tools with whatever is at hand: a file name it made up
("md.html"), a title alone, the same text again; a capable one may "improve" the post after
"what do you think of my post?". The rules and checks here, applied by the app's
`ArgumentGuardPlugin` to every call the model makes, hold the call against the author's own
words before the tool runs (code's own calls are code reading those words already):

- `content_write`'s `markdown` must be text the author pasted, or this turn's message must ask
  for a post to be written (and then it must be more than a title); the same text as the
  current version is not saved again (the tool itself refuses that, whoever calls);
  `replace_post` (replace more of the post than an edit may) is kept only when this turn's
  message asks for a new post, a rewrite or a paste;
- `edit_ops` and `edit_metadata` run only when this turn's message asks for a change to the
  post, `revert_to_version` only when it asks to undo or go back, `source_ingest` only when
  it asks to keep notes or a file as a source; otherwise the author is asked instead;
- a `name` the author never wrote is ignored: the post stays `draft.md`;
- a `make_artifact` `source` the author never gave is ignored: the quiz is on the post.

What the message asks for is read by the app's reader (`blogger.reading`), as every
message is; a request it could not read but that comes close to a kind counts for that kind.

A refused call comes back to the model as the tool's answer; either way the author sees
one short line, at the end of the turn's answer, saying what was ignored or refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from rapidfuzz import fuzz

from blogger.reading import read_message
from draftguard.grounding import has_phrase
from draftguard.settings import load_settings
from draftguard.text import straighten_quotes
from draftguard.understanding import Intent
from draftguard_adk.agents import (
    ArgumentGuardPlugin,
    ArgumentRule,
    CallCheck,
    Refusal,
    content_text,
)
from draftguard_adk.agents._text import session_user_text
from draftguard_adk.edits import DEFAULT_NAME, post_store

__all__ = [
    "CHECKS",
    "RULES",
    "asked_for",
    "build_argument_guard",
    "is_more_than_a_title",
    "text_supplied",
]

_MIN_WORDS = 25
#: The kinds of request that let each write tool run when the model calls it.
_ASKS = {
    "edit_ops": frozenset({Intent.EDIT}),
    "edit_metadata": frozenset({Intent.EDIT}),
    "revert_to_version": frozenset({Intent.UNDO, Intent.REVERT}),
    "source_ingest": frozenset({Intent.INGEST_SOURCE}),
}
_REPLACES = frozenset({Intent.NEW_POST, Intent.SAVE_POST})


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


def asked_for(message: str, post: str | None = None) -> frozenset[Intent]:
    """The kinds of request `message` makes, as the app's reader reads it against `post`:
    each request's intent, and for one it could not read, the kinds it came closest to."""
    kinds: set[Intent] = set()
    for request in read_message(message, post=post).reading.requests:
        kinds.add(request.intent)
        if request.intent is Intent.UNCLEAR:
            kinds.update(Intent(c) for c in request.slots.get("closest") or [])
    return frozenset(kinds)


async def _asked_for(tool_context: ToolContext) -> frozenset[Intent]:
    post = await post_store().current(tool_context)
    # Reading is CPU work (the parser): off the event loop.
    return await asyncio.to_thread(asked_for, content_text(tool_context.user_content),
                                   post.text if post is not None else None)


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
    if Intent.NEW_POST in await asyncio.to_thread(asked_for, message):
        return None if is_more_than_a_title(str(value)) else _refused(
            "a title alone is not a post")
    return _refused("it is not text you gave me, and you did not ask me to write a post")


async def _unasked_change(
    tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
) -> Refusal | None:
    """A change to the post (or its sources) runs only when this turn's message asks for
    that kind of change; otherwise nothing is changed and the author is asked."""
    if _ASKS[tool.name] & await _asked_for(tool_context):
        return None
    return Refusal("you did not ask for that change", {
        "status": "refused", "error": "not changed: the author did not ask for this change",
        "next_step": "Change nothing. Answer the author's message, and ask what they would "
                     "like changed, if anything."}, lead="Not changed")


def _replace_asked(value: Any, message: str) -> bool:
    """`replace_post` stands only when this turn's words ask for a new post or a paste."""
    return value is not True or bool(_REPLACES & asked_for(message))


#: `content_write` keeps only a name the author wrote; `make_artifact` only a source they gave.
RULES = (
    ArgumentRule("content_write", "name", _name_matcher,
                 f"you never named that file; the post stays {DEFAULT_NAME}"),
    ArgumentRule("content_write", "replace_post", _replace_asked,
                 "you did not ask for a new post or a rewrite", show_value=False,
                 this_turn=True),
    ArgumentRule("make_artifact", "source", _source_matcher,
                 "it is not text you gave me; I used the post", show_value=False),
)
CHECKS: dict[str, list[CallCheck]] = {
    "content_write": [_unsupported_markdown],
    **{tool: [_unasked_change] for tool in _ASKS},
}


def build_argument_guard(*, end_on_refusal: bool = False) -> ArgumentGuardPlugin:
    """The blogger's argument guard: its lines end the final answer of the turn; with
    `end_on_refusal` (a small model, which only retries), a refused write ends the turn."""
    return ArgumentGuardPlugin(
        agent="blogger", rules=RULES, checks=CHECKS, show_notes="in_reply",
        max_calls=load_settings().agents.chat.max_requests_per_message,
        end_on_refusal=end_on_refusal)

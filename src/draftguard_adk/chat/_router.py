"""Commands and clear intents answered by code, through ADK's own callback.

The router is an LlmAgent's `before_model_callback`. When the user's new message is a
command (`/quiz 3`) or a request whose meaning is not in doubt ("make a quiz"), it answers in
the model's place with one of:

- a function call of one of the agent's tools (`Call`): ADK runs it exactly as if the model
  had called it, with every tool callback; when the result comes back the router writes the
  reply from it by code (`Formatter`), so no model rewords, or garbles, the result;
- a transfer to a sub-agent (`Transfer`), e.g. the split loop;
- a reply (`Reply`), e.g. `/help` or a command that does not parse;
- several of those in order (`Steps`), for a message holding several requests: each call's
  reply is written as its result comes back, and the next call goes out with it.

An app may read every plain message itself (`understand`, e.g. through the understanding
layer) instead of the command-shaped `intents`.

Anything else goes to the model as before. With Gemini this saves calls; with a 135M model
it is the difference between working and not.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from draftguard.commands import Command, CommandSpec, help_text, parse_command
from draftguard.errors import CommandError, DraftguardError
from draftguard.textio._display import escape_controls
from draftguard_adk.state_keys import PENDING_CALL_KEY, QUEUE_KEY

__all__ = [
    "Action",
    "Call",
    "CommandRouter",
    "Formatter",
    "Handler",
    "Reply",
    "Steps",
    "Transfer",
    "Understand",
]

log = logging.getLogger("draftguard.chat")



@dataclass(frozen=True)
class Call:
    """Call `tool` with `args`, then answer with the formatter's text for its result."""

    tool: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Transfer:
    """Hand the turn to sub-agent `agent` (its own events answer the user)."""

    agent: str
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reply:
    """Answer with `text` (no model, no tool)."""

    text: str


@dataclass(frozen=True)
class Steps:
    """Several calls and replies, run in order; their texts are joined into one answer."""

    actions: tuple[Call | Reply, ...]


@dataclass(frozen=True)
class Prose:
    """The model answers, in words only: its tools are taken out of this one request (a
    small model handed a message that is no request would fill tool arguments with babble)."""


Action = Call | Transfer | Reply | Steps | Prose
Handler = Callable[[Command, CallbackContext], Awaitable[Action | None]]
Formatter = Callable[[str, Mapping[str, Any], CallbackContext], str | None]
Understand = Callable[[str, CallbackContext], Awaitable[Action | None]]


def _response(*parts: types.Part) -> LlmResponse:
    # Every reply code writes passes here: text quoting the post or a file may hold terminal
    # controls (ESC, BEL), which must reach a person as visible escapes, never as controls.
    shown = [p.model_copy(update={"text": escape_controls(p.text)}) if p.text else p
             for p in parts]
    return LlmResponse(content=types.Content(role="model", parts=shown), turn_complete=True)


def _last_user_text(request: LlmRequest) -> str | None:
    """The text of the newest content when it is the user's new message, else None."""
    if not request.contents:
        return None
    last = request.contents[-1]
    if last.role != "user" or any(p.function_response for p in last.parts or []):
        return None
    return "".join(p.text for p in last.parts or [] if p.text and not p.thought)


def _function_response(request: LlmRequest) -> types.FunctionResponse | None:
    if not request.contents:
        return None
    for part in request.contents[-1].parts or []:
        if part.function_response is not None:
            return part.function_response
    return None


class CommandRouter:
    """A `before_model_callback` that answers commands and clear intents by code."""

    def __init__(
        self,
        specs: Sequence[CommandSpec],
        handlers: Mapping[str, Handler],
        *,
        formatters: Mapping[str, Formatter] | None = None,
        intents: Callable[[str], Command | None] = lambda message: None,
        understand: Understand | None = None,
        intro: str = "",
    ) -> None:
        self.specs = {s.name: s for s in specs}
        missing = set(self.specs) - set(handlers) - {"help"}
        if missing:
            raise ValueError(f"no handler for {sorted(missing)}")
        self.handlers = dict(handlers)
        self.formatters = dict(formatters or {})
        self.intents = intents
        self.understand = understand
        self.intro = intro

    def help(self) -> str:
        """The `/help` text."""
        lines = [self.intro] if self.intro else []
        lines.append(help_text(list(self.specs.values())))
        return "\n".join(lines)

    async def __call__(
        self, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        pending = callback_context.state.get(PENDING_CALL_KEY)
        result = _function_response(llm_request)
        if pending and result is not None and result.name == pending:
            callback_context.state[PENDING_CALL_KEY] = None
            formatter = self.formatters.get(pending)
            text = None
            if formatter is not None:
                text = formatter(pending, result.response or {}, callback_context)
            queue = callback_context.state.get(QUEUE_KEY) or {}
            if queue:
                done = [*queue.get("texts", []), *([text] if text else [])]
                steps = tuple(Call(s["tool"], s["args"]) if "tool" in s else Reply(s["text"])
                              for s in queue.get("steps", []))
                return self._run_steps(steps, done, callback_context)
            return _response(types.Part(text=text)) if text is not None else None
        callback_context.state[QUEUE_KEY] = None
        message = _last_user_text(llm_request)
        if message is None:
            return None
        if self.understand is not None and not message.lstrip().startswith("/"):
            try:
                understood = await self.understand(message, callback_context)
            except DraftguardError as err:
                return _response(types.Part(text=f"{err}"))
            if isinstance(understood, Prose):
                llm_request.config.tools = None
                llm_request.tools_dict.clear()
                return None
            return self._answer(understood, callback_context)
        try:
            command = parse_command(message, self.specs) or self.intents(message)
        except CommandError as err:
            return _response(types.Part(text=f"{err}. Type /help for the commands."))
        if command is None or command.name not in {*self.handlers, "help"}:
            return None
        log.debug("chat command /%s", command.name)
        try:
            action = (Reply(self.help()) if command.name == "help" and "help" not in
                      self.handlers else await self.handlers[command.name](command,
                                                                           callback_context))
        except DraftguardError as err:
            return _response(types.Part(text=f"{err}"))
        return self._answer(action, callback_context)

    def _run_steps(self, steps: tuple[Call | Reply, ...], texts: list[str],
                   ctx: CallbackContext) -> LlmResponse:
        """Replies up to the next call become text; the call goes out with them."""
        texts = list(texts)
        for i, step in enumerate(steps):
            if isinstance(step, Reply):
                texts.append(step.text)
                continue
            rest = [{"tool": s.tool, "args": s.args} if isinstance(s, Call) else {"text": s.text}
                    for s in steps[i + 1:]]
            ctx.state[QUEUE_KEY] = {"texts": [], "steps": json.loads(json.dumps(
                rest, default=str))}
            ctx.state[PENDING_CALL_KEY] = step.tool
            args = json.loads(json.dumps(step.args, default=str))
            # The replies so far go out with the call, so the author sees them in order.
            parts = [types.Part(text="\n".join(texts))] if texts else []
            parts.append(types.Part(function_call=types.FunctionCall(name=step.tool, args=args)))
            return _response(*parts)
        ctx.state[QUEUE_KEY] = None
        return _response(types.Part(text="\n".join(texts)))

    def _answer(self, action: Action | None, ctx: CallbackContext) -> LlmResponse | None:
        if action is None or isinstance(action, Prose):
            return None
        if isinstance(action, Steps):
            return self._run_steps(action.actions, [], ctx)
        if isinstance(action, Reply):
            return _response(types.Part(text=action.text))
        if isinstance(action, Transfer):
            for key, value in action.state.items():
                ctx.state[key] = value
            call = types.FunctionCall(name="transfer_to_agent",
                                      args={"agent_name": action.agent})
            return _response(types.Part(function_call=call))
        ctx.state[PENDING_CALL_KEY] = action.tool
        # Arguments must survive JSON (they become the call's args in the session).
        args = json.loads(json.dumps(action.args, default=str))
        return _response(types.Part(function_call=types.FunctionCall(name=action.tool,
                                                                      args=args)))

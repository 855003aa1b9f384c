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
  reply is written as its result comes back, and the next call goes out with it (against
  the version the call before it made, when both were read against the same one).

An app may read every plain message itself (`understand`, e.g. through the understanding
layer) instead of the command-shaped `intents`.

Anything else goes to the model as before. With Gemini this saves calls; with a 135M model
it is the difference between working and not.

Data flows one way: read -> typed action -> the tool, through ADK's own tool path (every
plugin and callback sees code's call as it sees a model's) -> a reply written from the
tool's result. Nothing travels in session state: code's call is recognised by its id (a mark
a model cannot forge, `draftguard_adk.agents._provenance`), and the steps still to run for a
message are held by the router for that one invocation only.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from draftguard.commands import Command, CommandSpec, help_text, parse_command
from draftguard.errors import CommandError, DraftguardError
from draftguard.settings import load_settings
from draftguard.textio._display import escape_controls
from draftguard.understanding import Reading
from draftguard.understanding._courtesy import Courtesy, courtesy
from draftguard_adk.agents._provenance import code_call_id, code_reply_metadata

__all__ = [
    "Action",
    "Call",
    "CommandRouter",
    "Formatter",
    "Handler",
    "ModelTurn",
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


@dataclass(frozen=True)
class ModelTurn:
    """The model answers, tools and all, with code's `reading` of the message (the readings
    it was not sure enough of to act on) added to its instructions for this one request."""

    reading: Reading


Action = Call | Transfer | Reply | Steps | Prose | ModelTurn
Handler = Callable[[Command, CallbackContext], Awaitable[Action | None]]
Formatter = Callable[[str, Mapping[str, Any], CallbackContext], str | None]
Understand = Callable[[str, CallbackContext], Awaitable[Action | None]]


def too_long(length: int, limit: int) -> str:
    """The reply to a message over `max_message_chars` (agents.yaml `chat:`)."""
    return (f"That message is {length:,} characters long; I read messages of up to "
            f"{limit:,}. Send a shorter one, or put a long text in a file and name the file.")


def too_many_requests(count: int, limit: int) -> str:
    """The reply to a message asking for more than `max_requests_per_message` things."""
    return (f"That message asks for {count} things at once; I do at most {limit} per "
            "message, so nothing was done. Send them in smaller groups.")


def describe_readings(reading: Reading) -> str:
    """Code's readings of a message, for a capable model's instructions (never shown to a
    person): what each request may be, and how sure code is."""
    lines = ["The app read the user's newest message by code but was not sure enough to act. "
             "Its readings, in order (intent, arguments, confidence):"]
    for i, request in enumerate(reading.requests, 1):
        slots = json.dumps(request.slots, ensure_ascii=False, default=str)[:600]
        lines.append(f"{i}. {request.intent.value} {slots} ({request.confidence:.2f})")
        for j, other in enumerate(request.candidates, 1):
            other_slots = json.dumps(other.slots, ensure_ascii=False, default=str)[:300]
            lines.append(f"   {i}.{j} or: {other.intent.value} {other_slots}")
    lines.append("Do what the user asked only if it is clear to you; otherwise ask them one "
                 "short question. Never say something was done unless a tool did it.")
    return "\n".join(lines)


#: Invocations whose remaining steps a router holds at once (a turn abandoned mid-way, e.g.
#: by a tool that raised, leaves its entry behind; the oldest go first).
_MAX_OPEN_TURNS = 1024


def _response(ctx: CallbackContext, *parts: types.Part) -> LlmResponse:
    """Code's answer: its text marked as code's (the claim guard leaves it alone), and any
    terminal controls quoted from the post or a file shown as visible escapes."""
    shown = [p.model_copy(update={"text": escape_controls(p.text)}) if p.text else p
             for p in parts]
    text = "".join(p.text for p in shown if p.text)
    return LlmResponse(content=types.Content(role="model", parts=shown), turn_complete=True,
                       custom_metadata=code_reply_metadata(ctx.invocation_id, text))


def _code_call(ctx: CallbackContext, call: Call) -> types.Part:
    """`call` as a function-call part with code's id; its arguments must survive JSON (they
    become the call's arguments in the session)."""
    args = json.loads(json.dumps(call.args, default=str))
    return types.Part(function_call=types.FunctionCall(
        name=call.tool, args=args, id=code_call_id(ctx.invocation_id, call.tool, args)))


@dataclass(frozen=True)
class _Open:
    """A message's turn waiting for the result of code's call `call_id`: then `rest` runs."""

    call_id: str
    tool: str
    rest: tuple[Call | Reply, ...]
    #: The post version the call was made against (its `base_version`), if any.
    base: Any = None


#: Results of a call that made a new version of what it changed.
_MADE_A_VERSION = frozenset({"saved", "applied"})


def _rebased(rest: tuple[Call | Reply, ...], base: Any,
             result: dict[str, Any]) -> tuple[Call | Reply, ...]:
    """The steps after a call that made a new version: those read against the same version
    as it ("rename it to X and add the tag Y": two changes read from one message) now go
    against the version it made, so the second is not refused as stale. After any other
    result they stay as they are (a post changed by someone else still refuses them)."""
    made = result.get("version")
    if base is None or result.get("status") not in _MADE_A_VERSION or not isinstance(made, int):
        return rest
    return tuple(Call(step.tool, {**step.args, "base_version": made})
                 if isinstance(step, Call) and step.args.get("base_version") == base else step
                 for step in rest)


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
        courtesies: Mapping[Courtesy, str] | None = None,
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
        #: Code's line for a message that only thanks, greets, says goodbye or
        #: acknowledges, where the model would answer in words only (`Prose`).
        self.courtesies = dict(courtesies or {})
        self._open: OrderedDict[str, _Open] = OrderedDict()

    def help(self) -> str:
        """The `/help` text."""
        lines = [self.intro] if self.intro else []
        lines.append(help_text(list(self.specs.values())))
        return "\n".join(lines)

    async def _prose(self, ctx: CallbackContext, message: str,
                     llm_request: LlmRequest) -> LlmResponse | None:
        """A message code read as no request, on a model that answers in words only: a
        courtesy gets code's line at once; anything else goes to the model with its tools
        taken out and its answer kept short."""
        if self.courtesies:
            kind = await asyncio.to_thread(courtesy, message)
            if kind is not None and kind in self.courtesies:
                return _response(ctx, types.Part(text=self.courtesies[kind]))
        llm_request.config.tools = None
        llm_request.tools_dict.clear()
        llm_request.config.max_output_tokens = load_settings().agents.chat.prose_max_tokens
        return None

    async def __call__(
        self, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        ctx = callback_context
        result = _function_response(llm_request)
        if result is not None:
            return self._answer_result(ctx, result)
        self._open.pop(ctx.invocation_id, None)
        message = _last_user_text(llm_request)
        if message is None:
            return None
        limit = load_settings().agents.chat.max_message_chars
        if len(message) > limit:
            return _response(ctx, types.Part(text=too_long(len(message), limit)))
        if self.understand is not None and not message.lstrip().startswith("/"):
            try:
                understood = await self.understand(message, ctx)
            except DraftguardError as err:
                return _response(ctx, types.Part(text=f"{err}"))
            if isinstance(understood, Prose):
                return await self._prose(ctx, message, llm_request)
            if isinstance(understood, ModelTurn):
                llm_request.append_instructions([describe_readings(understood.reading)])
                return None
            return self._answer(understood, ctx)
        try:
            command = parse_command(message, self.specs) or self.intents(message)
        except CommandError as err:
            return _response(ctx, types.Part(text=f"{err}. Type /help for the commands."))
        if command is None or command.name not in {*self.handlers, "help"}:
            return None
        log.debug("chat command /%s", command.name)
        try:
            action = (Reply(self.help()) if command.name == "help" and "help" not in
                      self.handlers else await self.handlers[command.name](command, ctx))
        except DraftguardError as err:
            return _response(ctx, types.Part(text=f"{err}"))
        return self._answer(action, ctx)

    def _answer_result(self, ctx: CallbackContext,
                       result: types.FunctionResponse) -> LlmResponse | None:
        """The reply to code's call, written from its result, then the message's next step;
        None for a call the model made (the model answers its own results)."""
        waiting = self._open.get(ctx.invocation_id)
        if waiting is None or result.id != waiting.call_id:
            return None
        del self._open[ctx.invocation_id]
        formatter = self.formatters.get(waiting.tool)
        text = formatter(waiting.tool, result.response or {}, ctx) if formatter else None
        if waiting.rest:
            rest = _rebased(waiting.rest, waiting.base, result.response or {})
            return self._run_steps(rest, [text] if text else [], ctx)
        return _response(ctx, types.Part(text=text)) if text is not None else None

    def _run_steps(self, steps: tuple[Call | Reply, ...], texts: list[str],
                   ctx: CallbackContext) -> LlmResponse:
        """Replies up to the next call become text; the call goes out with them, and the
        steps after it wait, for this invocation only, for its result."""
        texts = list(texts)
        for i, step in enumerate(steps):
            if isinstance(step, Reply):
                texts.append(step.text)
                continue
            part = _code_call(ctx, step)
            self._hold(ctx, _Open(str(part.function_call.id), step.tool,  # type: ignore[union-attr]
                                  steps[i + 1:], step.args.get("base_version")))
            # The replies so far go out with the call, so the author sees them in order.
            parts = [types.Part(text="\n".join(texts))] if texts else []
            return _response(ctx, *parts, part)
        return _response(ctx, types.Part(text="\n".join(texts)))

    def _hold(self, ctx: CallbackContext, waiting: _Open) -> None:
        self._open[ctx.invocation_id] = waiting
        self._open.move_to_end(ctx.invocation_id)
        while len(self._open) > _MAX_OPEN_TURNS:
            self._open.popitem(last=False)

    def _answer(self, action: Action | None, ctx: CallbackContext) -> LlmResponse | None:
        if action is None or isinstance(action, (Prose, ModelTurn)):
            return None
        if isinstance(action, Steps):
            limit = load_settings().agents.chat.max_requests_per_message
            if len(action.actions) > limit:
                return _response(ctx, types.Part(text=too_many_requests(len(action.actions),
                                                                        limit)))
            return self._run_steps(action.actions, [], ctx)
        if isinstance(action, Reply):
            return _response(ctx, types.Part(text=action.text))
        if isinstance(action, Transfer):
            for key, value in action.state.items():
                ctx.state[key] = value
            call = types.FunctionCall(name="transfer_to_agent",
                                      args={"agent_name": action.agent})
            return _response(ctx, types.Part(function_call=call))
        return self._run_steps((action,), [], ctx)

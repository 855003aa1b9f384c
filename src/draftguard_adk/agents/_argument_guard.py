"""`ArgumentGuardPlugin`: tool arguments the user's own words do not support are dropped, or
the call is refused, before the tool runs; the user sees one line about it.

A small model fills tool arguments from whatever is at hand: its schema's examples ("$",
"south_philly"), a file name it made up, the same text again. Each app declares its rules
(which tool, which argument, which `draftguard.grounding` matcher) and whole-call checks;
the plugin, registered on the `App` as the duplicate filter is, applies them to every call:

- a miss on an `ArgumentRule` drops that argument: the tool, wrapped in
  `honours_dropped_arguments`, runs without it and its answer lists what was ignored;
- a `CallCheck` that returns a reason refuses the call: that answer goes back to the model;
- with `stop_repeats`, the same call (tool and arguments) twice in one turn ends the turn.

No callback runs a tool and no argument dict is changed in place: what the tool must leave
out travels in a `temp:` state key, read once by the tool's own wrapper. The one-line notes
("Ignored: ...", "Not saved: ...") are `TurnNotes`, shown once at the end of the turn.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from google.adk.agents import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types

from draftguard.grounding import Matcher, ground_arguments
from draftguard_adk.agents._notes import TurnNotes
from draftguard_adk.agents._text import content_text, session_user_text
from draftguard_adk.state_keys import CALLS_KEY, CODE_ARGS_KEY, DROPPED_KEY

__all__ = [
    "ArgumentGuardPlugin",
    "ArgumentRule",
    "CallCheck",
    "Refusal",
    "honours_dropped_arguments",
]


NotesShown = Literal["in_reply", "after_turn"]
_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass(frozen=True)
class ArgumentRule:
    """`argument` of `tool` is kept only when `matcher(value, the user's text)` holds;
    otherwise it is dropped and `reason` tells the user why."""

    tool: str
    argument: str
    matcher: Matcher
    reason: str
    #: Whether the user's line quotes the value (a whole pasted text is left out).
    show_value: bool = True


@dataclass(frozen=True)
class Refusal:
    """A call not to run: `reason` ends the user's "Not saved: ..." line, and `response` is
    the tool's answer to the model."""

    reason: str
    response: Mapping[str, Any]


class CallCheck(Protocol):
    """A whole-call check: the refusal, or None to let the call run."""

    def __call__(
        self, tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
    ) -> Awaitable[Refusal | None]: ...


class ArgumentGuardPlugin(BasePlugin):
    """The app's argument rules and call checks, applied before each tool runs.

    `notes` says where the turn's lines appear: appended to `agent`'s final answer
    (`"in_reply"`), or as a message of their own when `agent` ends (`"after_turn"`).
    """

    def __init__(
        self,
        *,
        agent: str,
        rules: Sequence[ArgumentRule] = (),
        checks: Mapping[str, Sequence[CallCheck]] | None = None,
        notes: TurnNotes,
        show_notes: NotesShown = "in_reply",
        stop_repeats: bool = False,
        name: str = "argument_guard",
    ) -> None:
        super().__init__(name=name)
        self.agent = agent
        self.rules: dict[str, list[ArgumentRule]] = {}
        for rule in rules:
            self.rules.setdefault(rule.tool, []).append(rule)
        self.checks = {tool: list(found) for tool, found in (checks or {}).items()}
        self.notes = notes
        self.show_notes = show_notes
        self.stop_repeats = stop_repeats

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict[str, Any] | None:
        if self.stop_repeats and (repeat := _repeat_error(tool, tool_args, tool_context)):
            return repeat
        if tool_context.state.get(CODE_ARGS_KEY) == tool_args:
            tool_context.state[CODE_ARGS_KEY] = None
            return None
        for check in self.checks.get(tool.name, []):
            if (refusal := await check(tool, tool_args, tool_context)) is not None:
                self.notes.add(tool_context.state, f"Not saved: {refusal.reason}.")
                return dict(refusal.response)
        self._drop_unsupported(tool, tool_args, tool_context)
        return None

    def _drop_unsupported(
        self, tool: BaseTool, tool_args: Mapping[str, Any], tool_context: ToolContext
    ) -> None:
        rules = self.rules.get(tool.name)
        if not rules:
            return
        report = ground_arguments(
            tool_args, session_user_text(tool_context.session),
            {r.argument: r.matcher for r in rules},
            reasons={r.argument: r.reason for r in rules},
        )
        if not report.ignored:
            return
        quoted = report.ignored_items()
        shown = {r.argument for r in rules if r.show_value}
        items = {name: quoted[name] if name in shown else f"{name} ({reason})"
                 for name, reason in report.ignored.items()}
        dropped = dict(tool_context.state.get(DROPPED_KEY) or {})
        dropped[tool.name] = items
        tool_context.state[DROPPED_KEY] = dropped
        self.notes.add(tool_context.state, "Ignored: " + "; ".join(items.values()))

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        if self.show_notes != "in_reply" or callback_context.agent_name != self.agent:
            return None
        content = llm_response.content
        if (not self.notes.pending(callback_context.state) or llm_response.partial
                or content is None or not content.parts):
            return None
        # A small model leaves the line out of its answer; code adds it to the final one.
        if any(p.function_call for p in content.parts) or not content_text(content).strip():
            return None
        line = "\n".join(self.notes.take(callback_context.state))
        parts = [*content.parts, types.Part(text=f"\n\n({line})")]
        return llm_response.model_copy(
            update={"content": types.Content(role="model", parts=parts)})

    async def after_agent_callback(
        self, *, agent: BaseAgent, callback_context: CallbackContext
    ) -> types.Content | None:
        if self.show_notes != "after_turn" or agent.name != self.agent:
            return None
        lines = self.notes.take(callback_context.state)
        if not lines:
            return None
        return types.Content(role="model", parts=[types.Part(text="\n".join(lines))])


def _repeat_error(
    tool: BaseTool, tool_args: Mapping[str, Any], tool_context: ToolContext
) -> dict[str, Any] | None:
    """The same call twice in one turn is not run; its error is the turn's last word.

    A small model tends to resend a call unchanged forever (seen live with SmolLM2: one
    search_venues call, rejected or answered, re-sent until the request timed out).
    """
    key = f"{tool.name}:{sorted(tool_args.items())!r}"
    invocation = tool_context.invocation_id
    # Scoped to the invocation as well as `temp:`: a session object kept between turns
    # (some runners reuse theirs) must not carry last turn's calls.
    seen = tool_context.state.get(CALLS_KEY) or {}
    calls = list(seen.get("calls", [])) if seen.get("invocation") == invocation else []
    if key in calls:
        tool_context.actions.skip_summarization = True
        return {"status": "error",
                "error": f"{tool.name} was already called with these arguments in this "
                         "turn; stopping here instead of repeating it"}
    tool_context.state[CALLS_KEY] = {"invocation": invocation, "calls": [*calls, key]}
    return None


def _take_dropped(tool_name: str, tool_context: ToolContext) -> dict[str, str]:
    # Keyed by tool name, not call: between the plugin writing it and the wrapper taking it
    # ADK runs no await that yields (parallel calls run one after the other up to the
    # tool's own first await), so a verdict never reaches another call of the same tool.
    dropped = dict(tool_context.state.get(DROPPED_KEY) or {})
    mine = dropped.pop(tool_name, None)
    if mine is None:
        return {}
    tool_context.state[DROPPED_KEY] = dropped
    return dict(mine)


def honours_dropped_arguments(func: _F) -> _F:
    """Wrap a tool function so it runs without the arguments the guard dropped, and its
    answer says which were ignored and why (the model reads that; the user sees the line).

    The wrapper keeps `func`'s signature, so ADK declares the tool exactly as before.
    """
    name = func.__name__
    signature = inspect.signature(func)

    def _split(args: tuple[Any, ...], kwargs: dict[str, Any]
               ) -> tuple[dict[str, Any], dict[str, str]]:
        given = signature.bind(*args, **kwargs).arguments
        context = next((v for v in given.values() if isinstance(v, ToolContext)), None)
        dropped = _take_dropped(name, context) if context is not None else {}
        return {k: v for k, v in given.items() if k not in dropped}, dropped

    def _answer(result: Any, dropped: Mapping[str, str]) -> Any:
        if dropped and isinstance(result, dict):
            return {**result, "ignored": dict(dropped)}
        return result

    if inspect.iscoroutinefunction(func):
        @functools.wraps(func)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            kept, dropped = _split(args, kwargs)
            return _answer(await func(**kept), dropped)

        return run_async  # type: ignore[return-value]

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        kept, dropped = _split(args, kwargs)
        return _answer(func(**kept), dropped)

    return run  # type: ignore[return-value]

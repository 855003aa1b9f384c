"""`ArgumentGuardPlugin`: tool arguments the user's own words do not support are dropped, or
the call is refused, before the tool runs; the user sees one line about it.

A model fills tool arguments from whatever is at hand: its schema's examples ("$",
"south_philly"), a file name it made up, the same text again; a capable one may act on a
message that asked for nothing. Each app declares its rules (which tool, which argument,
which `draftguard.grounding` matcher) and whole-call checks; the plugin, registered on the
`App` as the duplicate filter is, applies them to every call the model makes:

- a miss on an `ArgumentRule` removes that argument from the dict the tool runs with (ADK
  hands plugins that very dict), and the tool's answer then lists it under `"ignored"`;
- a `CallCheck` that returns a reason refuses the call: that answer goes back to the model;
- with `stop_repeats`, the same call (tool and arguments) twice in one turn ends the turn;
- with `max_calls`, a model call past that many in one turn is not run and ends the turn (a
  message asking for hundreds of things gets a handful done and a line saying so);
- a tool refused in a turn (by a check, or by the tool's own answer `status: refused`) is not
  run again in that turn, whatever its arguments: the retry ends the turn, and the author
  reads why the first was refused (seen live: SmolLM2 sent the same refused content_write
  twice and the turn never ended); with `end_on_refusal` (a small model) the refusal itself
  ends the turn, so no model call follows it.

A call the app's own code made (its id carries code's mark, `_provenance`) is code reading
the user's words, so it runs as it is. Nothing goes through session state: the turn's lines
("Ignored: ...", "Not saved: ...") and the calls seen are held by the plugin for that one
invocation, and shown once when the turn ends.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from google.adk.agents import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types

from draftguard.grounding import Matcher, ground_arguments
from draftguard_adk.agents._provenance import is_code_call
from draftguard_adk.agents._text import content_text, session_user_text

__all__ = [
    "ArgumentGuardPlugin",
    "ArgumentRule",
    "CallCheck",
    "Refusal",
]


NotesShown = Literal["in_reply", "after_turn"]
#: Invocations whose notes a guard holds at once (the oldest go first).
_MAX_TURNS = 1024


@dataclass(frozen=True)
class ArgumentRule:
    """`argument` of `tool` is kept only when `matcher(value, the user's text)` holds;
    otherwise it is dropped and `reason` tells the user why. The user's text is everything
    they typed in the session, or only this turn's message with `this_turn`."""

    tool: str
    argument: str
    matcher: Matcher
    reason: str
    #: Whether the user's line quotes the value (a whole pasted text is left out).
    show_value: bool = True
    this_turn: bool = False


@dataclass(frozen=True)
class Refusal:
    """A call not to run: `reason` ends the user's "Not saved: ..." line, and `response` is
    the tool's answer to the model."""

    reason: str
    response: Mapping[str, Any]
    #: The line's first words ("Not saved", "Not changed").
    lead: str = "Not saved"


class CallCheck(Protocol):
    """A whole-call check: the refusal, or None to let the call run."""

    def __call__(
        self, tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
    ) -> Awaitable[Refusal | None]: ...


@dataclass
class _Turn:
    """What one invocation owes the user, and the calls it has seen."""

    lines: list[str] = field(default_factory=list)
    calls: set[str] = field(default_factory=set)
    #: tool calls the model made this turn (code's own calls are not counted).
    model_calls: int = 0
    #: function-call id -> {argument: why it was ignored}, until the tool's answer lists it.
    ignored: dict[str, dict[str, str]] = field(default_factory=dict)
    #: tools refused this turn: not run again.
    refused: set[str] = field(default_factory=set)

    def note(self, line: str) -> None:
        if line not in self.lines:
            self.lines.append(line)

    def take(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines


class ArgumentGuardPlugin(BasePlugin):
    """The app's argument rules and call checks, applied before each tool the model calls.

    `show_notes` says where the turn's lines appear: appended to `agent`'s final answer
    (`"in_reply"`), or as a message of their own when `agent` ends (`"after_turn"`).
    The line is added to the response ADK hands the plugin, in place; register the guard
    before any plugin that returns a response (`TextFilterPlugin`, `DuplicateFilterPlugin`),
    which would otherwise end ADK's round of `after_model_callback`s before it.
    """

    #: It changes the response it is handed and returns None (see `ClaimGuardPlugin`).
    changes_responses_in_place = True

    def __init__(
        self,
        *,
        agent: str,
        rules: Sequence[ArgumentRule] = (),
        checks: Mapping[str, Sequence[CallCheck]] | None = None,
        show_notes: NotesShown = "in_reply",
        stop_repeats: bool = False,
        max_calls: int | None = None,
        end_on_refusal: bool = False,
        name: str = "argument_guard",
    ) -> None:
        super().__init__(name=name)
        self.agent = agent
        self.rules: dict[str, list[ArgumentRule]] = {}
        for rule in rules:
            self.rules.setdefault(rule.tool, []).append(rule)
        self.checks = {tool: list(found) for tool, found in (checks or {}).items()}
        self.show_notes = show_notes
        self.stop_repeats = stop_repeats
        if max_calls is not None and max_calls < 1:
            raise ValueError(f"max_calls must be at least 1, not {max_calls}")
        self.max_calls = max_calls
        self.end_on_refusal = end_on_refusal
        self._turns: OrderedDict[str, _Turn] = OrderedDict()

    def _turn(self, invocation_id: str) -> _Turn:
        turn = self._turns.get(invocation_id)
        if turn is None:
            turn = self._turns[invocation_id] = _Turn()
            while len(self._turns) > _MAX_TURNS:
                self._turns.popitem(last=False)
        return turn

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict[str, Any] | None:
        turn = self._turn(tool_context.invocation_id)
        if self.stop_repeats and (repeat := _repeat_error(tool, tool_args, tool_context, turn)):
            return repeat
        if is_code_call(tool_context.function_call_id, tool_context.invocation_id, tool.name,
                        tool_args):
            return None
        turn.model_calls += 1
        if self.max_calls is not None and turn.model_calls > self.max_calls:
            return _over_cap(self.max_calls, tool_context, turn)
        if tool.name in turn.refused:  # a retry of a refused write ends the turn
            tool_context.actions.skip_summarization = True
            return {"status": "refused", "error": f"{tool.name} was refused once in this "
                    "turn; not trying again"}
        for check in self.checks.get(tool.name, []):
            if (refusal := await check(tool, tool_args, tool_context)) is not None:
                turn.note(f"{refusal.lead}: {refusal.reason}.")
                self._refused(tool.name, tool_context, turn)
                return dict(refusal.response)
        self._drop_unsupported(tool, tool_args, tool_context, turn)
        return None

    def _drop_unsupported(
        self, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext,
        turn: _Turn,
    ) -> None:
        rules = self.rules.get(tool.name)
        if not rules:
            return
        session_text = session_user_text(tool_context.session)
        message = content_text(tool_context.user_content)
        items: dict[str, str] = {}
        for this_turn in (False, True):
            group = [r for r in rules if r.this_turn is this_turn]
            if not group:
                continue
            report = ground_arguments(
                tool_args, message if this_turn else session_text,
                {r.argument: r.matcher for r in group},
                reasons={r.argument: r.reason for r in group},
            )
            quoted = report.ignored_items()
            shown = {r.argument for r in group if r.show_value}
            items.update({name: quoted[name] if name in shown else f"{name} ({reason})"
                          for name, reason in report.ignored.items()})
        if not items:
            return
        for name in items:
            tool_args.pop(name, None)  # the dict the tool runs with
        turn.ignored[tool_context.function_call_id or ""] = items
        turn.note("Ignored: " + "; ".join(items.values()))

    def _refused(self, tool: str, tool_context: ToolContext, turn: _Turn) -> None:
        turn.refused.add(tool)
        if self.end_on_refusal:
            tool_context.actions.skip_summarization = True

    async def after_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext,
        result: dict[str, Any],
    ) -> dict[str, Any] | None:
        turn = self._turns.get(tool_context.invocation_id)
        if turn is not None and isinstance(result, dict) and result.get("status") == "refused" \
                and tool.name not in turn.refused and not is_code_call(
                    tool_context.function_call_id, tool_context.invocation_id, tool.name,
                    tool_args):
            # The tool's own refusal ("it would drop 12 of the post's 14 lines"), in words.
            reason = str(result.get("error") or "it was refused").removeprefix("not saved: ")
            turn.note(f"Not saved: {reason.split(';')[0].strip()}.")
            self._refused(tool.name, tool_context, turn)
        ignored = turn.ignored.pop(tool_context.function_call_id or "", None) if turn else None
        if not ignored or not isinstance(result, dict):
            return None
        # The model reads what was left out of the call, and why.
        return {**result, "ignored": dict(ignored)}

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        if self.show_notes != "in_reply" or callback_context.agent_name != self.agent:
            return None
        turn = self._turns.get(callback_context.invocation_id)
        content = llm_response.content
        if (turn is None or not turn.lines or llm_response.partial
                or content is None or not content.parts):
            return None
        # A small model leaves the line out of its answer; code adds it to the final one. A
        # structured answer (a tool's own model call, e.g. the artifact loop's JSON, runs the
        # plugins too) is no answer to the person.
        text = content_text(content).strip()
        if any(p.function_call for p in content.parts) or not text or text[0] in "{[":
            return None
        line = "\n".join(turn.take())
        parts = [*content.parts, types.Part(text=f"\n\n({line})")]
        # In place, and None returned: ADK stops at the first plugin that returns a response
        # (`PluginManager._run_callbacks`), so a returned one would silence every plugin
        # after this one, and a plugin before it that returns one would silence this line.
        llm_response.content = types.Content(role="model", parts=parts)
        return None

    async def after_agent_callback(
        self, *, agent: BaseAgent, callback_context: CallbackContext
    ) -> types.Content | None:
        if agent.name != self.agent:
            return None
        turn = self._turns.pop(callback_context.invocation_id, None)
        # After the turn, or, for "in_reply", lines no answer carried (the turn ended on a
        # tool, e.g. past the call cap): never lost.
        if turn is None or not turn.lines:
            return None
        return types.Content(role="model", parts=[types.Part(text="\n".join(turn.take()))])


def _over_cap(limit: int, tool_context: ToolContext, turn: _Turn) -> dict[str, Any]:
    """A call past the turn's cap is not run, and the turn ends with a line saying so."""
    tool_context.actions.skip_summarization = True
    turn.note(f"Stopped after {limit} requests: one message may ask for at most {limit} "
              "things, so the rest was not done. Send them in smaller groups.")
    return {"status": "error",
            "error": f"more than {limit} tool calls in one turn; stopping here"}


def _repeat_error(
    tool: BaseTool, tool_args: Mapping[str, Any], tool_context: ToolContext, turn: _Turn
) -> dict[str, Any] | None:
    """The same call twice in one turn is not run; its error is the turn's last word.

    A small model tends to resend a call unchanged forever (seen live with SmolLM2: one
    search_venues call, rejected or answered, re-sent until the request timed out).
    """
    key = f"{tool.name}:{sorted(tool_args.items())!r}"
    if key in turn.calls:
        tool_context.actions.skip_summarization = True
        return {"status": "error",
                "error": f"{tool.name} was already called with these arguments in this "
                         "turn; stopping here instead of repeating it"}
    turn.calls.add(key)
    return None

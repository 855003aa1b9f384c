"""`ClaimGuardPlugin`: the claim guard on every model reply of an ADK app, in one line.

    app = App(name="my_app", root_agent=agent, plugins=[ClaimGuardPlugin()])

For each model call it builds the turn's record (`draftguard.claims.TurnRecord`): the tools
that ran in this invocation, paired call to response from the session's events, with their
arguments and results; what the session holds (`facts`, by default the person's messages and
earlier tools' answers; an app passes its own: the post and its versions, the shortlist);
and what each tool may be claimed to have done (`tools`, with defaults from a plain function
tool's name). Then the reply streams through a `ClaimFilter`: partials and the final alike,
so neither the screen nor the stored session ever holds a sentence the record does not back.

Order with other plugins. ADK 2.13 runs plugins' `after_model_callback`s in order and stops
at the first that returns a response (`plugins/plugin_manager.py`, `_run_callbacks`). This
plugin changes the response ADK handed it, in place, and returns None, so the plugins after
it still run; register it before any plugin that returns a response (`TextFilterPlugin`,
`DuplicateFilterPlugin`): after one of those, it would never run. It warns once if it
finds itself there.

Replies code wrote (marked as code's, `draftguard_adk.agents._provenance`) are never touched;
a model's look-alike of one carries no valid mark and is judged like any reply. A structured
answer (a tool's own model call returning JSON) is no reply to a person and is left alone.

Fail safe: any error lets the response through unchanged, is logged, and is counted
(OpenTelemetry meter `draftguard.claims`: `claim_guard_sentences` with `action` = kept |
removed, `claim_guard_errors`).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from opentelemetry.metrics import MeterProvider

from draftguard.claims import ClaimFilter, ClaimGuard, SessionFacts, ToolClaims, TurnRecord
from draftguard.claims._filter import DEFAULT_NEXT_STEP
from draftguard.claims._guard import Judgement
from draftguard.claims._record import default_claims
from draftguard_adk.agents._provenance import is_code_reply, is_structured_answer
from draftguard_adk.agents._response_filter import ResponseFilter, TextFilter
from draftguard_adk.agents._text import content_text
from draftguard_adk.claims._record import session_facts, turn_runs
from draftguard_adk.telemetry import counter

__all__ = ["ClaimGuardPlugin", "FactsReader"]

log = logging.getLogger("draftguard_adk.claims")
METER_NAME = "draftguard.claims"
#: Invocations a plugin holds at once (the oldest go first).
_MAX_TURNS = 1024

#: What the session holds, read for one model call.
FactsReader = Callable[[CallbackContext], Awaitable[SessionFacts]]


def _tool_names(ctx: CallbackContext) -> list[str]:
    agent = ctx._invocation_context.agent
    names: list[str] = []
    for tool in getattr(agent, "tools", None) or []:
        name = getattr(tool, "name", None) or getattr(tool, "__name__", None)
        if isinstance(name, str):
            names.append(name)
    return names


class _Telemetry:
    def __init__(self, provider: MeterProvider | None, session_id: str) -> None:
        self._sentences = counter(METER_NAME, "claim_guard_sentences", provider=provider,
                                  description="Reply sentences held against the turn's record")
        self._errors = counter(METER_NAME, "claim_guard_errors", provider=provider,
                               description="Claim-guard failures (the reply was let through)")
        self._session_id = session_id

    def on_sentence(self, judgement: Judgement, sentence: str) -> None:
        self._sentences.add(1, {"action": "kept" if judgement.supported else "removed"})
        if not judgement.supported:
            log.warning("claim removed (%s: %s): %.120s", judgement.kind, judgement.reason,
                        sentence, extra={"session_id": self._session_id})

    def on_error(self, error: BaseException) -> None:
        self._errors.add(1)
        log.error("claim guard failed; reply passed unchanged: %r", error,
                  extra={"session_id": self._session_id})


@dataclass
class _Turn:
    telemetry: _Telemetry
    record: TurnRecord = field(default_factory=TurnRecord)
    responses: ResponseFilter | None = None
    open_authors: set[str] = field(default_factory=set)


class ClaimGuardPlugin(BasePlugin):
    """Removes reply sentences that claim what the turn's record does not back."""

    #: It changes the response it is handed and returns None (module docstring).
    changes_responses_in_place = True

    def __init__(
        self,
        *,
        tools: Mapping[str, ToolClaims] | Iterable[ToolClaims] = (),
        facts: FactsReader = session_facts,
        next_step: str = DEFAULT_NEXT_STEP,
        agents: Collection[str] | None = None,
        guard: ClaimGuard | None = None,
        provider: MeterProvider | None = None,
        name: str = "claim_guard",
    ) -> None:
        super().__init__(name=name)
        declared = tools.values() if isinstance(tools, Mapping) else tools
        self.tools: dict[str, ToolClaims] = {t.tool: t for t in declared}
        self.facts = facts
        self.next_step = next_step
        self.agents = frozenset(agents) if agents is not None else None
        self.guard = guard
        self.provider = provider
        self._turns: OrderedDict[str, _Turn] = OrderedDict()
        self._order_checked = False

    def _guard(self) -> ClaimGuard:
        if self.guard is None:
            self.guard = ClaimGuard()
        return self.guard

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        turn: _Turn | None = None
        try:
            self._check_order(callback_context)
            if self.agents is not None and callback_context.agent_name not in self.agents:
                return None
            text = content_text(llm_response.content)
            if is_code_reply(llm_response.custom_metadata, callback_context.invocation_id, text):
                return None
            if is_structured_answer(llm_response.custom_metadata,
                                    callback_context.invocation_id) or \
                    text.lstrip()[:1] in ("{", "["):
                return None  # structured output for code, not a reply to a person
            turn = self._turn(callback_context)
            author = callback_context.agent_name
            if author not in turn.open_authors:
                # A new model call: what ran before it is the record it answers from.
                turn.record = await self._record(callback_context)
            if llm_response.partial:
                turn.open_authors.add(author)
            else:
                turn.open_authors.discard(author)
            assert turn.responses is not None
            filtered = turn.responses.filter(llm_response, author=author).response
            if filtered is not None:
                # In place, and None returned: the plugins after this one still run.
                llm_response.content = filtered.content
        except Exception as err:
            if turn is not None:
                turn.telemetry.on_error(err)
            else:
                _Telemetry(self.provider, "").on_error(err)
        return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self._turns.pop(invocation_context.invocation_id, None)

    async def _record(self, ctx: CallbackContext) -> TurnRecord:
        facts = await self.facts(ctx)
        claims = dict(self.tools)
        # The agent's other tools, by their names' defaults: what the app can do at all.
        for name in _tool_names(ctx):
            if name not in claims:
                claims[name] = default_claims(name, self._guard().concept_of)
        return TurnRecord(runs=turn_runs(ctx.session, ctx.invocation_id), session=facts,
                          claims=claims)

    def _turn(self, ctx: CallbackContext) -> _Turn:
        turn = self._turns.get(ctx.invocation_id)
        if turn is None:
            turn = _Turn(_Telemetry(self.provider, ctx.session.id))
            made = turn

            def links() -> list[TextFilter]:
                return [ClaimFilter(made.record, guard=self._guard(), next_step=self.next_step,
                                    observer=made.telemetry)]

            turn.responses = ResponseFilter(links, on_error=turn.telemetry.on_error)
            self._turns[ctx.invocation_id] = turn
            while len(self._turns) > _MAX_TURNS:
                self._turns.popitem(last=False)
        return turn

    def _check_order(self, ctx: CallbackContext) -> None:
        """Warn once when a plugin that returns responses runs before this one."""
        if self._order_checked:
            return
        self._order_checked = True
        plugins = ctx._invocation_context.plugin_manager.plugins
        for plugin in plugins:
            if plugin is self:
                return
            if type(plugin).after_model_callback is not BasePlugin.after_model_callback and \
                    getattr(plugin, "changes_responses_in_place", False) is False:
                log.warning("plugin %r may answer after_model_callback before %r; register "
                            "the claim guard first", plugin.name, self.name)
                return

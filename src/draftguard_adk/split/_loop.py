"""The split loop: the model picks paragraph ids; code builds the two files from the original.

A model never copies text here, so a split built by `SplitAssembler` keeps integrity by
construction even on a 135M model. `ContentSplitValidationChecker` still proves it on every
attempt, because users plug in their own splitters, which may copy (and rewrite) text.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from pydantic import ConfigDict, ValidationError

from draftguard.errors import FatalError, ModelUnavailableError
from draftguard.settings import ProjectSettings, load_settings
from draftguard.split._assignment import SplitProposal, propose_split
from draftguard.split._coverage import ItemCandidates, outline_candidates
from draftguard.split._meaning import DEFAULT_BLEND, Blend, Similarity, language_similarity
from draftguard_adk.agents._events import checker_event
from draftguard_adk.agents._workflow import loop_agent, sequential_agent
from draftguard_adk.llm import agent_model, ask_json, build_llm, model_profile
from draftguard_adk.llm._local_llm import register_local_models
from draftguard_adk.split import state_keys as keys
from draftguard_adk.split._checker import (
    ContentSplitValidationChecker,
    SplitInputGuard,
    SplitVerdictAgent,
    split_failure_verdict,
)
from draftguard_adk.split._files import SplitFilesAgent
from draftguard_adk.split._plans import OUTLINE_CHARS as _OUTLINE_CHARS
from draftguard_adk.split._plans import (
    SplitPlan,
    never_again,
    plan_ids,
    retry_feedback,
    stopped_verdict,
    tried_plans,
)
from draftguard_adk.split._plans import ids_schema as _ids_schema
from draftguard_adk.split._plans import ids_text as _ids
from draftguard_adk.split._plans import paragraphs as _paragraphs
from draftguard_adk.split._plans import preview as _preview
from draftguard_adk.split._prompts import (
    SPLIT_CANDIDATES_BLOCK,
    SPLIT_CONFIRM_INSTRUCTION,
    SPLIT_PLANNER_INSTRUCTION,
    SPLIT_PLANNER_SYSTEM,
)

__all__ = [
    "ROUTE_MODEL_ERROR",
    "ROUTE_NO_NEW_SPLIT",
    "SETTINGS_SECTION",
    "SplitAssembler",
    "SplitPlan",
    "SplitPlanner",
    "build_content_splitter",
]

ROUTE_MODEL_ERROR = "model_error"
#: After a coverage failure, no split that was not tried already could be proposed.
ROUTE_NO_NEW_SPLIT = "no_new_split"

SETTINGS_SECTION = "content_splitter"


@dataclass(frozen=True)
class _Planner:
    """The planner's prompt and answer schema, both built from each outline item's
    candidates (the coverage check's own scores, lexical blended with meaning when a
    `similarity` is given, so a model sees which ids satisfy it)."""

    score_cutoff: float
    flag_cutoff: float
    candidates_only: bool
    similarity: Similarity | None = None
    blend: Blend = DEFAULT_BLEND

    async def _candidates(self, state: Any) -> tuple[list[str], list[ItemCandidates]]:
        paragraphs = _paragraphs(state)
        # Scoring a long draft (and loading bm25s the first time) must not hold the event loop.
        found = await asyncio.to_thread(
            outline_candidates, str(state.get(keys.OUTLINE) or ""), paragraphs,
            score_cutoff=self.score_cutoff, flag_cutoff=self.flag_cutoff,
            similarity=self.similarity, blend=self.blend)
        return paragraphs, found

    async def proposal(self, state: Any) -> tuple[list[str], SplitProposal]:
        """Code's proposal for this draft, with the same scores."""
        paragraphs = _paragraphs(state)
        proposal = await asyncio.to_thread(
            propose_split, str(state.get(keys.OUTLINE) or ""), paragraphs,
            score_cutoff=self.score_cutoff, similarity=self.similarity, blend=self.blend)
        return paragraphs, proposal

    async def instruction(self, state: Any) -> str:
        """The paragraphs, the candidates per item and, on a retry, the checker's findings
        (as ids to add when they are coverage findings)."""
        paragraphs, found = await self._candidates(state)
        listing = "\n".join(f"[{i}] {_preview(p)}" for i, p in enumerate(paragraphs, start=1))
        lines = "\n".join(f"{c.item}. {c.text}: {_ids(c.ids) if c.ids else '(none)'}"
                          for c in found)
        return SPLIT_PLANNER_INSTRUCTION.format(
            outline=str(state.get(keys.OUTLINE) or "")[:_OUTLINE_CHARS],
            paragraphs=listing,
            candidates=SPLIT_CANDIDATES_BLOCK.format(lines=lines) if found else "",
            feedback=retry_feedback(state, found),
        )

    async def schema(self, state: Any) -> dict[str, Any]:
        """The answer's schema narrowed to this draft's ids (to the candidates when
        `candidates_only`), so a model cannot invent one, nor repeat one."""
        paragraphs, found = await self._candidates(state)
        allowed = list(range(1, len(paragraphs) + 1))
        if self.candidates_only:
            # An outline with no lexical candidate at all leaves the choice to the model.
            allowed = sorted({i for c in found for i in c.ids}) or allowed
        return _ids_schema(allowed)


def _confirm_prompt(state: Any, paragraphs: list[str], proposal: SplitProposal) -> str:
    listing = "\n".join(f"[{i}] {_preview(p)}" for i, p in enumerate(paragraphs, start=1))
    lines = "\n".join(
        f"{a.item}. {a.text}: {_ids(a.ids) or '(none)'}"
        + (f" (or {_ids(a.alternatives)})" if a.alternatives else "")
        for a in proposal.items)
    return SPLIT_CONFIRM_INSTRUCTION.format(
        outline=str(state.get(keys.OUTLINE) or "")[:_OUTLINE_CHARS], paragraphs=listing,
        proposal=lines, ok_ids=list(proposal.ok_ids))


def _judge_adjustment(proposal: SplitProposal, answer: list[int]) -> str | None:
    """Why a model's adjustment of the proposal is refused, or None when it is accepted:
    every outline item must be served at least as well as the proposal serves it."""
    worse = [a.item for a in proposal.items
             if proposal.item_score(a.item, answer) < proposal.item_score(a.item, a.ids)]
    if worse:
        return f"it serves outline item {worse[0]} less well than the proposal"
    return None


class SplitPlanner(BaseAgent):
    """Writes the split plan (the draft_ok ids) into state; its event is a sentence.

    A small model (`model_profile(...).small`) does not choose: code proposes the split
    (`propose_split`) and the model only confirms it or adjusts it among the candidates,
    under a schema of those ids; an adjustment that serves an outline item less well than
    the proposal is refused. A capable model picks the ids itself, schema-constrained to this
    draft's ids and shown each item's candidates. Either way the raw answer stays in state
    (`split_plan`) and never reaches the chat.

    A plan is never submitted twice in one invocation (`split_tried`): after a coverage
    failure a repeated plan is changed by code (the next-best paragraphs of each uncovered
    item, `revise_split`), or, with nothing scored left to offer, the model is asked to
    choose among the paragraphs not yet in draft_ok; with none left the loop ends
    (route `no_new_split`).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model: str | BaseLlm
    planner: _Planner
    timeout_s: float = 300.0

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        try:
            llm = build_llm(agent_model(SETTINGS_SECTION, model=self.model), label="split model")
            if model_profile(llm).small:
                answer, said = await self._confirm(ctx, llm)
            else:
                answer, said = await self._pick(ctx, llm)
            plan, text = await never_again(
                ctx, llm, answer, said, self.planner.proposal, timeout_s=self.timeout_s)
        except (ModelUnavailableError, FatalError) as err:
            # A model that cannot answer at all ends the loop with a verdict, not a traceback.
            yield checker_event(self, ctx, None, state={keys.SPLIT_MODEL_ERROR: _reason(err),
                                                        keys.SPLIT_PLAN: None})
            return
        if plan is None:
            yield checker_event(self, ctx, None, state={keys.SPLIT_NO_NEW_PLAN: text,
                                                        keys.SPLIT_PLAN: None})
            return
        tried = [*tried_plans(ctx.session.state)]
        ids = plan_ids(plan)
        if ids is not None:
            tried.append(ids)
        yield checker_event(self, ctx, text, state={keys.SPLIT_PLAN: plan,
                                                    keys.SPLIT_TRIED: tried})

    async def _pick(self, ctx: InvocationContext, llm: BaseLlm) -> tuple[str, str]:
        state = ctx.session.state
        prompt = await self.planner.instruction(state)
        answer = await ask_json(llm, prompt, schema=await self.planner.schema(state),
                                system=SPLIT_PLANNER_SYSTEM, timeout_s=self.timeout_s, ctx=ctx,
                                purpose="split planning", temperature=0.0)
        return answer, _said(answer)

    async def _confirm(self, ctx: InvocationContext, llm: BaseLlm) -> tuple[str, str]:
        state = ctx.session.state
        paragraphs, proposal = await self.planner.proposal(state)
        choice = sorted({*proposal.ok_ids, *(i for a in proposal.items for i in a.alternatives)})
        if not choice:  # nothing relates to the outline: no candidates to choose among
            choice = list(range(1, len(paragraphs) + 1))
        answer = await ask_json(llm, _confirm_prompt(state, paragraphs, proposal),
                                schema=_ids_schema(choice), system=SPLIT_PLANNER_SYSTEM,
                                timeout_s=self.timeout_s, ctx=ctx,
                                purpose="split confirmation", temperature=0.0)
        try:
            picked = SplitPlan.model_validate_json(answer).ok_ids
        except ValidationError:
            picked = []
        proposed = SplitPlan(ok_ids=proposal.ok_ids).model_dump_json()
        if not proposal.ok_ids:
            return answer, _said(answer)
        if not picked or sorted(set(picked)) == proposal.ok_ids:
            return proposed, (f"Code proposed paragraphs {_ids(proposal.ok_ids)} for draft_ok; "
                              "the model confirmed them.")
        refused = _judge_adjustment(proposal, picked)
        if refused is not None:
            return proposed, (f"Code proposed paragraphs {_ids(proposal.ok_ids)} for draft_ok; "
                              f"the model's change was refused ({refused}).")
        return SplitPlan(ok_ids=sorted(set(picked))).model_dump_json(), (
            f"Code proposed paragraphs {_ids(proposal.ok_ids)} for draft_ok; the model "
            f"adjusted them to {_ids(sorted(set(picked)))}.")


def _reason(err: Exception) -> str:
    # `ask_json` wraps a provider's own error; a fatal one (a prompt over the context
    # window) is said in its own words.
    inner = err.__context__
    return str(inner) if isinstance(inner, FatalError) else str(err)


def _said(answer: str) -> str:
    """The planner's answer as a sentence for people (never the JSON itself)."""
    try:
        ids = SplitPlan.model_validate_json(answer).ok_ids
    except ValidationError:
        return "The planner's answer could not be read; the checker will say why."
    return f"Picked paragraphs {_ids(ids)} for draft_ok."


class SplitAssembler(BaseAgent):
    """Builds `draft_ok`/`draft_not_ok` from the raw paragraphs the plan names."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0) + 1
        paragraphs = _paragraphs(state)
        delta: dict[str, Any] = {keys.SPLIT_ATTEMPTS: attempts, keys.SPLIT_PLAN_PROBLEM: None}
        if model_error := state.get(keys.SPLIT_MODEL_ERROR):
            reason = f"Model error: {model_error}"
            delta.update({keys.SPLIT_MODEL_ERROR: None,
                          keys.SPLIT_VERDICT: split_failure_verdict(attempts, [reason], reason)})
            yield checker_event(self, ctx, reason, state=delta, route=ROUTE_MODEL_ERROR,
                                escalate=True)
            return
        if stuck := state.get(keys.SPLIT_NO_NEW_PLAN):
            # Resubmitting a plan that failed cannot pass: end with the last check's findings.
            reason, stop = stopped_verdict(state, attempts - 1, str(stuck))
            yield checker_event(self, ctx, reason, state={**delta, **stop},
                                route=ROUTE_NO_NEW_SPLIT, escalate=True)
            return
        try:
            plan = SplitPlan.model_validate_json(str(state.get(keys.SPLIT_PLAN) or ""))
        except ValidationError as err:
            problem = err.errors()[0]["msg"]
            feedback = f'The answer was not JSON of the form {{"ok_ids": [...]}} ({problem}).'
            delta.update(
                {keys.DRAFT_OK: None, keys.DRAFT_NOT_OK: None, keys.SPLIT_FEEDBACK: feedback}
            )
            yield checker_event(self, ctx, f"Attempt {attempts}: the planner's answer could "
                                f"not be read ({problem}).", state=delta)
            return
        repeated = sorted({i for i in plan.ok_ids if plan.ok_ids.count(i) > 1})
        if repeated:
            # A repeated id would copy its paragraph twice; the checker would catch it, but
            # the plan is already wrong: send it back before building anything.
            feedback = f"Each id may appear once; you repeated {_ids(repeated)}."
            delta.update({keys.DRAFT_OK: None, keys.DRAFT_NOT_OK: None,
                          keys.SPLIT_FEEDBACK: feedback, keys.SPLIT_PLAN_PROBLEM: feedback})
            yield checker_event(self, ctx, f"Attempt {attempts}: refused, the plan repeats "
                                f"paragraph {_ids(repeated)}.", state=delta)
            return
        chosen = {i for i in plan.ok_ids if 1 <= i <= len(paragraphs)}
        unknown = sorted(set(plan.ok_ids) - chosen)
        ok = [p for i, p in enumerate(paragraphs, start=1) if i in chosen]
        not_ok = [p for i, p in enumerate(paragraphs, start=1) if i not in chosen]
        delta.update({keys.DRAFT_OK: "\n\n".join(ok), keys.DRAFT_NOT_OK: "\n\n".join(not_ok)})
        note = f" (ignored unknown ids {unknown})" if unknown else ""
        yield checker_event(
            self,
            ctx,
            f"Attempt {attempts}: {len(ok)} paragraphs to draft_ok, {len(not_ok)} to "
            f"draft_not_ok{note}.",
            state=delta,
        )


def _planning_steps(
    model: str | BaseLlm | None, settings: ProjectSettings, similarity: Similarity | None
) -> list[BaseAgent]:
    """The default splitter: the planner (the model picks, or confirms code's proposal)
    and the assembler that builds both files from the original paragraphs."""
    section = settings.agents.content_splitter
    chosen = agent_model(SETTINGS_SECTION, model=model, settings=settings)
    only = section.candidates_only
    plan = _Planner(score_cutoff=section.coverage_score_cutoff,
                    flag_cutoff=section.coverage_flag_cutoff,
                    candidates_only=model_profile(chosen).small if only is None else only,
                    similarity=similarity, blend=section.blend())
    planner = SplitPlanner(
        name="split_planner",
        model=chosen,
        planner=plan,
        description="Plans which draft paragraphs match the outline (code proposes on "
                    "small models; the model confirms or adjusts).",
    )
    return [planner, SplitAssembler(name="split_assembler")]


def build_content_splitter(
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
    splitter: BaseAgent | None = None,
    name: str = "content_splitter",
) -> BaseAgent:
    """The split loop's graph: Sequential[Loop[guard, splitter, checker], verdict, files].

    `splitter` replaces the default planner+assembler pair with your own agent; it must
    write `draft_ok` and `draft_not_ok` into state (and may bump `split_attempts`).
    """
    settings = settings if settings is not None else load_settings()
    section = settings.agents.content_splitter
    # Meaning when the language extra is installed; without it the scores stay lexical.
    similarity = language_similarity() if section.meaning else None
    if isinstance(model, str):
        register_local_models()  # ADK resolves a "local:"/"gguf:" string only once registered
    steps = ([splitter] if splitter is not None
             else _planning_steps(model, settings, similarity))
    loop = loop_agent(
        name="split_loop",
        max_iterations=section.max_iterations,
        sub_agents=[
            SplitInputGuard(name="split_input_guard", max_draft_bytes=section.max_draft_bytes),
            *steps,
            ContentSplitValidationChecker(
                name="content_split_checker",
                length_tolerance=section.length_tolerance,
                granularity=section.granularity,
                coverage=section.coverage,
                coverage_score_cutoff=section.coverage_score_cutoff,
                coverage_flag_cutoff=section.coverage_flag_cutoff,
                max_attempts=section.max_iterations,
                similarity=similarity,
                blend=section.blend(),
            ),
        ],
    )
    return sequential_agent(
        name=name,
        description=(
            "Splits a draft against an outline into draft_ok and draft_not_ok, proves "
            "nothing was lost, added or duplicated, and checks draft_ok covers the outline."
        ),
        sub_agents=[loop, SplitVerdictAgent(name="split_verdict"),
                    SplitFilesAgent(name="split_files")],
    )

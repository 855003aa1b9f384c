"""The planner's answer (`SplitPlan`: the draft_ok ids), its schema, and the retry rule that a
plan is never submitted twice in one invocation.

After a coverage failure a repeated plan is changed by code (`revise_split`: the next-best
paragraphs of each uncovered item), or, with nothing scored left to offer, the model is
asked to choose among the paragraphs not yet in draft_ok; with none left the loop ends and
says why. Every plan submitted is recorded in `split_tried`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm
from pydantic import BaseModel, ValidationError

from draftguard.split._assignment import SplitProposal, revise_split
from draftguard.split._coverage import ItemCandidates
from draftguard.split._segmentation import segment
from draftguard_adk.llm import ask_json
from draftguard_adk.split import state_keys as keys
from draftguard_adk.split._checker import split_failure_verdict
from draftguard_adk.split._prompts import (
    SPLIT_CHOOSE_INSTRUCTION,
    SPLIT_COVERAGE_RETRY_BLOCK,
    SPLIT_FEEDBACK_BLOCK,
    SPLIT_PLANNER_SYSTEM,
)

__all__ = [
    "OUTLINE_CHARS",
    "SplitPlan",
    "ids_schema",
    "ids_text",
    "never_again",
    "paragraphs",
    "plan_ids",
    "preview",
    "retry_feedback",
    "stopped_verdict",
    "tried_plans",
]

# The planner sees each paragraph's opening words: enough to judge the topic, small enough
# that long drafts fit a small model's context window.
_PREVIEW_WORDS = 24
OUTLINE_CHARS = 2000

Proposer = Callable[[Any], Awaitable[tuple[list[str], SplitProposal]]]


class SplitPlan(BaseModel):
    """The planner's whole answer: ids (1-based) of the paragraphs that match the outline."""

    ok_ids: list[int]


def preview(paragraph: str) -> str:
    """A paragraph's opening words, as the planner is shown it."""
    words = paragraph.split()
    text = " ".join(words[:_PREVIEW_WORDS])
    return text + (" ..." if len(words) > _PREVIEW_WORDS else "")


def paragraphs(state: Any) -> list[str]:
    """The raw draft's paragraphs (empty when there is no draft)."""
    raw = state.get(keys.RAW_DRAFT)
    return segment(raw) if isinstance(raw, str) else []


def ids_schema(allowed: list[int]) -> dict[str, Any]:
    """The answer's JSON Schema: `ok_ids` drawn from `allowed`, at least one, each once."""
    return {
        "type": "object",
        "properties": {
            "ok_ids": {
                "type": "array",
                "items": {"type": "integer", "enum": allowed},
                # An empty draft_ok covers no outline item.
                "minItems": 1,
                "uniqueItems": True,
            }
        },
        "required": ["ok_ids"],
    }


def ids_text(ids: list[int]) -> str:
    """`[3], [5]`: ids as people read them."""
    return ", ".join(f"[{i}]" for i in ids)


def plan_ids(answer: str) -> list[int] | None:
    """A plan's ids, sorted and once each; None when the answer cannot be read."""
    try:
        return sorted(set(SplitPlan.model_validate_json(answer).ok_ids))
    except ValidationError:
        return None


def tried_plans(state: Any) -> list[list[int]]:
    """The draft_ok id lists submitted so far in this invocation."""
    tried = state.get(keys.SPLIT_TRIED)
    return [list(t) for t in tried] if isinstance(tried, list) else []


def _items_named(items: list[tuple[int, str]]) -> str:
    """"outline item 1 ('Grinding')", or "outline items 1 ('Grinding') and 3 ('Brewing')"."""
    parts = [f"{i} ('{text}')" for i, text in items]
    if len(parts) < 2:
        return f"outline item {parts[0]}" if parts else "the outline"
    return f"outline items {', '.join(parts[:-1])} and {parts[-1]}"


def _last_coverage(state: Any) -> tuple[list[int], list[int]]:
    """The last check's uncovered items and flagged ids."""
    check = state.get(keys.SPLIT_LAST_CHECK)
    coverage = check.get("coverage") if isinstance(check, dict) else None
    coverage = coverage if isinstance(coverage, dict) else {}
    return ([int(i) for i in coverage.get("uncovered_items") or []],
            [int(i) for i in coverage.get("flagged_ids") or []])


async def never_again(
    ctx: InvocationContext, llm: BaseLlm, plan: str, text: str, propose: Proposer, *,
    timeout_s: float,
) -> tuple[str | None, str]:
    """`plan` (with `text`, what the planner said), or a new plan when it was submitted
    before in this invocation (see the module docstring); (None, why) when no new plan can
    be made. `propose` gives the draft's paragraphs and code's proposal."""
    state = ctx.session.state
    ids = plan_ids(plan)
    tried = tried_plans(state)
    if ids is None or ids not in tried:
        return plan, text
    uncovered, flagged = _last_coverage(state)
    units, proposal = await propose(state)
    if not uncovered and not flagged:  # not a coverage failure: offer every item's next
        uncovered = [a.item for a in proposal.items]
    revised = revise_split(proposal, ids, uncovered=uncovered, flagged=flagged, tried=tried)
    items = {a.item: a.text for a in proposal.items}
    named = _items_named([(i, items[i]) for i in uncovered if i in items])
    if revised is not None:
        added = [i for i in revised if i not in ids]
        return SplitPlan(ok_ids=revised).model_dump_json(), (
            f"Paragraphs {ids_text(ids)} were tried already; code added {ids_text(added)} "
            f"for {named}.")
    left = [n for n in range(1, len(units) + 1) if n not in ids]
    if left:
        answer = await ask_json(
            llm, SPLIT_CHOOSE_INSTRUCTION.format(
                outline=str(state.get(keys.OUTLINE) or "")[:OUTLINE_CHARS], items=named,
                paragraphs="\n".join(f"[{n}] {preview(units[n - 1])}" for n in left),
                previous=ids),
            schema=ids_schema(left), system=SPLIT_PLANNER_SYSTEM, timeout_s=timeout_s,
            ctx=ctx, purpose="split retry", temperature=0.0)
        chosen = plan_ids(answer)
        new = sorted({*ids, *(chosen or [])})
        if chosen and new not in tried:
            return SplitPlan(ok_ids=new).model_dump_json(), (
                f"Paragraphs {ids_text(ids)} were tried already; the model added "
                f"{ids_text(chosen)} for {named}.")
    return None, (f"No new split to try: paragraphs {ids_text(ids)} were tried already, and "
                  f"no other paragraph clearly fits {named}.")


def stopped_verdict(state: Any, attempts: int, why: str) -> tuple[str, dict[str, Any]]:
    """The reason and the state delta that end the loop when no new plan could be made:
    a failure verdict with the last check's findings."""
    reason = f"Split stopped after {attempts} attempt{'' if attempts == 1 else 's'}: {why}"
    verdict = split_failure_verdict(attempts, [reason], reason)
    checked = state.get(keys.SPLIT_LAST_CHECK)
    if isinstance(checked, dict):
        verdict.update({k: checked.get(k) for k in ("integrity", "coverage", "paragraphs")})
        verdict["messages"] = [*(checked.get("messages") or []), reason]
    return reason, {keys.SPLIT_NO_NEW_PLAN: None, keys.SPLIT_ATTEMPTS: attempts,
                    keys.SPLIT_VERDICT: verdict}


def retry_feedback(state: Any, found: list[ItemCandidates]) -> str:
    """The retry block: coverage findings become the ids to add; anything else is quoted."""
    feedback = state.get(keys.SPLIT_FEEDBACK)
    if not feedback:
        return ""
    check = state.get(keys.SPLIT_LAST_CHECK)
    coverage = check.get("coverage") if isinstance(check, dict) else None
    if not isinstance(coverage, dict) or coverage.get("ok"):
        return SPLIT_FEEDBACK_BLOCK.format(feedback=feedback)
    previous = [r["id"] for r in check.get("paragraphs") or []
                if r.get("destination") == "draft_ok"]
    uncovered = set(coverage.get("uncovered_items") or [])
    wanted = [i for c in found if c.item in uncovered for i in c.ids]
    add = [i for i in dict.fromkeys([*wanted, *(coverage.get("flagged_ids") or [])])
           if i not in previous]
    if not add:  # nothing scored to offer: the findings are all there is
        return SPLIT_FEEDBACK_BLOCK.format(feedback=feedback)
    return SPLIT_COVERAGE_RETRY_BLOCK.format(previous=previous, feedback=feedback,
                                             add=ids_text(add))

"""The judge. Code first decides every success criterion it can test
(`draftguard.documents.check_criteria`). Then:

- a model that judges (`model_profile(llm).judges`) gets the whole delivery in one
  schema-constrained call (one retry on a malformed answer), and code's decisions override
  its answers for the criteria code decided;
- a small model is asked only what code could not decide, one criterion at a time, as a
  yes/no question over the passages most relevant to it (`CRITERION_ANSWER_SCHEMA`); the goal's
  topic, when code finds none of its words, is one more such question.

The calls go through `draftguard_adk.llm.ask_json`, so plugins see them as they would an
LlmAgent's."""

from __future__ import annotations

from collections.abc import Sequence

from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm
from google.genai import types

from draftguard.documents._analysis import DocumentSummary
from draftguard.documents._criteria import (
    CriterionCheck,
    Delivery,
    check_criteria,
    goal_topic_check,
)
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._judge_answer import judge_answer_schema, parse_judge_answer
from draftguard.documents._known_facts import KnownFacts
from draftguard.documents._validation_prompt import (
    CRITERION_ANSWER_SCHEMA,
    CRITERION_SYSTEM_INSTRUCTION,
    JUDGE_SYSTEM_INSTRUCTION,
    build_criterion_question,
    build_retry_message,
    build_validation_prompt,
    parse_criterion_answer,
)
from draftguard.documents._verdict import (
    ValidationVerdict,
    criteria_verdict,
    failure_verdict,
    merge_verdict,
)
from draftguard.errors import ModelOutputError, ModelUnavailableError
from draftguard.settings import DocumentValidatorSettings
from draftguard.sources._chunking import chunk_text
from draftguard.sources._chunks import SourceChunk
from draftguard.sources._index import SourceIndex
from draftguard_adk.llm import ask_json, model_profile

__all__ = ["JUDGE_AGENT_NAME", "judge_documents"]

JUDGE_AGENT_NAME = "document_validator"
_MAX_CALLS = 2  # the first answer and one retry with the validation error
_DEFAULTS = DocumentValidatorSettings()
_UNDECIDED = ("not verified: the judge model gave the same answer to the statement and to its "
              "opposite, so it cannot tell; say it so code can check it (e.g. a heading)")


async def judge_documents(
    llm: BaseLlm,
    intent: ValidationIntent,
    summaries: Sequence[DocumentSummary],
    facts: KnownFacts,
    *,
    ctx: InvocationContext | None = None,
    min_quality: float = _DEFAULTS.min_quality,
    preview_budget_bytes: int = _DEFAULTS.preview_budget_bytes,
    timeout_s: float = _DEFAULTS.call_timeout_s,
    include_example: bool = True,
    one_by_one: bool | None = None,
) -> ValidationVerdict:
    """Decide what code can, ask the model the rest (see the module docstring).

    `one_by_one` chooses the yes/no questions (True) or the whole-delivery judge (False);
    None decides by the model's profile."""
    delivery = Delivery.read(summaries)
    checks = check_criteria(intent.success_criteria, delivery)
    if one_by_one if one_by_one is not None else not model_profile(llm).judges:
        return await _ask_one_by_one(llm, intent, delivery, facts, checks, ctx=ctx,
                                     timeout_s=timeout_s)
    prompt = build_validation_prompt(
        intent, summaries, facts, preview_budget_bytes=preview_budget_bytes,
        include_example=include_example,
    )
    criteria = len(intent.success_criteria)
    contents = [types.Content(role="user", parts=[types.Part(text=prompt)])]
    schema = judge_answer_schema(criteria, [s.name for s in summaries])
    error = ""
    for attempt in range(1, _MAX_CALLS + 1):
        try:
            text = await ask_json(
                llm, contents, schema=schema, system=JUDGE_SYSTEM_INSTRUCTION,
                timeout_s=timeout_s, ctx=ctx, purpose="document validation", temperature=0.0,
            )
        except ModelUnavailableError as err:
            return failure_verdict(
                f"validation could not be completed: {err}", facts=facts,
                criteria_count=criteria, attempts=attempt,
            )
        try:
            answer = parse_judge_answer(text, criteria_count=criteria)
        except ModelOutputError as err:
            error = str(err)
            contents += [
                types.Content(role="model", parts=[types.Part(text=text or "(empty answer)")]),
                types.Content(role="user", parts=[types.Part(text=build_retry_message(error))]),
            ]
            continue
        return merge_verdict(answer, facts, min_quality=min_quality, attempts=attempt,
                             checks=checks)
    return failure_verdict(
        f"validation could not be completed: the judge's answer was malformed twice "
        f"(last: {error})",
        facts=facts, criteria_count=criteria, attempts=_MAX_CALLS,
        suggestion="NEXT STEP: run the validation again or use a stronger judge model",
    )


def _evidence(delivery: Delivery, statement: str, *, k: int = 3) -> str:
    """The passages of the delivery most relevant to `statement`, in reading order."""
    chunks: list[SourceChunk] = []
    for name, text in delivery.texts.items():
        chunks += chunk_text(text, source=name)
    if not chunks:
        return ""
    return "\n\n".join(c.text for c in SourceIndex(chunks).relevant(statement, k=k))


async def _ask(
    llm: BaseLlm, statement: str, evidence: str, *, ctx: InvocationContext | None,
    timeout_s: float,
) -> tuple[bool, int]:
    """The model's yes/no on one statement, and the calls it took (a malformed answer is
    asked once more; schema-constrained decoding makes that rare)."""
    error = ""
    for attempt in range(1, _MAX_CALLS + 1):
        text = await ask_json(
            llm, build_criterion_question(statement, evidence), schema=CRITERION_ANSWER_SCHEMA,
            system=CRITERION_SYSTEM_INSTRUCTION, timeout_s=timeout_s, ctx=ctx,
            purpose="a delivery criterion", temperature=0.0,
        )
        try:
            return parse_criterion_answer(text), attempt
        except ModelOutputError as err:
            error = str(err)
    raise ModelOutputError(error)


async def _yes_or_no(
    llm: BaseLlm, statement: str, evidence: str, *, ctx: InvocationContext | None,
    timeout_s: float,
) -> tuple[bool | None, int]:
    """Whether `statement` holds, asked twice: as it is and as its opposite. Only answers
    that disagree mean something; a model that says yes (or no) to both cannot tell, and
    gets None. The embedded 135M model says yes to everything, so this is its guardrail."""
    first, calls = await _ask(llm, statement, evidence, ctx=ctx, timeout_s=timeout_s)
    opposite = f"It is false that {statement[:1].lower()}{statement[1:]}"
    second, more = await _ask(llm, opposite, evidence, ctx=ctx, timeout_s=timeout_s)
    return (first if first != second else None), calls + more


async def _ask_one_by_one(
    llm: BaseLlm,
    intent: ValidationIntent,
    delivery: Delivery,
    facts: KnownFacts,
    checks: list[CriterionCheck],
    *,
    ctx: InvocationContext | None,
    timeout_s: float,
) -> ValidationVerdict:
    goal = goal_topic_check(intent.primary_goal, delivery)
    calls = 0
    blocked = bool(facts.problems or facts.missing_documents or facts.format_match is False
                   or facts.data_type_match is False)
    try:
        for i, check in enumerate(checks):
            if check.met is not None or blocked:
                continue  # a delivery code already failed needs no model call
            met, used = await _yes_or_no(llm, check.criterion, _evidence(delivery, check.criterion),
                                         ctx=ctx, timeout_s=timeout_s)
            calls += used
            checks[i] = check.model_copy(update={
                "met": met, "decided_by": "model",
                "evidence": _UNDECIDED if met is None else f"the model answered "
                                                            f"{'yes' if met else 'no'}"})
        if goal is not None and not goal.met and not blocked:
            statement = f"The text is about this request: {intent.primary_goal}"
            met, used = await _yes_or_no(llm, statement, _evidence(delivery, intent.primary_goal),
                                         ctx=ctx, timeout_s=timeout_s)
            calls += used
            goal = goal.model_copy(update={
                "met": met, "decided_by": "model",
                "evidence": goal.evidence if not met else "the model found it on topic"})
    except (ModelUnavailableError, ModelOutputError) as err:
        return failure_verdict(f"validation could not be completed: {err}", facts=facts,
                               criteria_count=len(checks), attempts=calls + 1)
    return criteria_verdict(facts, checks, goal=goal, attempts=calls)

"""The DocumentValidator agent with a scripted judge: good, malformed-then-good, malformed
twice, and code facts that override the model."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncGenerator
from typing import Any

from doc_samples import pdf_bytes, png_bytes
from google.adk.agents import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.apps import App
from google.adk.events import Event, EventActions
from google.adk.models.llm_request import LlmRequest
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.runners import InMemoryRunner
from google.genai import types
from scripted_llm import ScriptedLlm

from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID, loop_agent
from draftguard_adk.documents._validator import (
    FEEDBACK_KEY,
    INTENT_KEY,
    ROUTE_INVALID_INPUT,
    ROUTE_JUDGE_FAILED,
    VERDICT_KEY,
    build_document_validator,
)

INTENT = {
    "primaryGoal": "Write a short blog post about ADK guardrails, with a quiz",
    "dataType": ["text", "structured"],
    "expectedFormat": ["md", "json"],
    "successCriteria": ["the post explains guardrails", "a quiz is included"],
}
POST = "# Guardrails in ADK\n\nDeterministic checks keep LLM output honest.\n"
QUIZ = '{"questions": [{"q": "What keeps output honest?", "a": "checks"}]}'


def answer(**overrides: Any) -> dict[str, Any]:
    good: dict[str, Any] = {
        "overallSuccess": True, "qualityScore": 0.9, "dataTypeMatch": True,
        "formatMatch": True, "successCriteriaMet": [True, True],
        "gapAnalysis": "", "improvementSuggestions": [],
        "validationDetails": [{"documentName": "post.md", "issues": [], "suggestions": []}],
    }
    good.update(overrides)
    return good


async def run(agent: BaseAgent, artifacts: dict[str, types.Part], state: dict[str, Any],
              plugins: list[BasePlugin] | None = None) -> tuple[list[Event], dict[str, Any]]:
    if plugins:
        runner = InMemoryRunner(app=App(name="t", root_agent=agent, plugins=plugins))
    else:
        runner = InMemoryRunner(agent=agent, app_name="t")
    session = await runner.session_service.create_session(app_name="t", user_id="u",
                                                          state=state)
    assert runner.artifact_service is not None
    for name, part in artifacts.items():
        await runner.artifact_service.save_artifact(
            app_name="t", user_id="u", session_id=session.id, filename=name, artifact=part)
    events = [e async for e in runner.run_async(
        user_id="u", session_id=session.id,
        new_message=types.Content(role="user", parts=[types.Part(text="check it")]))]
    final = await runner.session_service.get_session(app_name="t", user_id="u",
                                                     session_id=session.id)
    await runner.close()
    assert final is not None
    return events, dict(final.state)


def text_part(text: str, mime: str) -> types.Part:
    return types.Part(inline_data=types.Blob(data=text.encode(), mime_type=mime))


def delivery() -> dict[str, types.Part]:
    return {"post.md": text_part(POST, "text/markdown"),
            "quiz.json": text_part(QUIZ, "application/json")}


async def test_good_answer_passes_escalates_and_code_fills_the_count() -> None:
    llm = ScriptedLlm([answer()])
    events, state = await run(build_document_validator(model=llm), delivery(),
                              {INTENT_KEY: INTENT})
    verdict = state[VERDICT_KEY]
    assert verdict["status"] == "passed" and verdict["overallSuccess"] is True
    assert verdict["documentCount"] == 2 and verdict["attempts"] == 1
    assert verdict["successCriteriaMet"] == [True, True]
    assert state[FEEDBACK_KEY] is None
    assert events[-1].actions.escalate is True and events[-1].actions.route == ROUTE_VALID
    prompt = llm.prompt_text(0)
    assert "USER REQUEST: 'Write a short blog post about ADK guardrails, with a quiz'" in prompt
    assert "SUCCESS CRITERIA (2 items)" in prompt and "DELIVERED DOCUMENTS (2 items)" in prompt
    assert '"name": "quiz.json"' in prompt and '"type": "structured"' in prompt
    assert "2 document(s) delivered" in prompt
    req = llm.requests[0]
    assert req.config.response_mime_type == "application/json"
    schema = req.config.response_json_schema
    assert schema["properties"]["successCriteriaMet"]["maxItems"] == 2
    detail = schema["properties"]["validationDetails"]["items"]
    assert detail["properties"]["documentName"]["enum"] == ["post.md", "quiz.json"]


async def test_malformed_then_good_retries_once_with_the_validation_error() -> None:
    llm = ScriptedLlm(["Sure! The documents look great.", answer()])
    events, state = await run(build_document_validator(model=llm), delivery(),
                              {INTENT_KEY: INTENT})
    assert state[VERDICT_KEY]["status"] == "passed"
    assert state[VERDICT_KEY]["attempts"] == 2
    assert events[-1].actions.route == ROUTE_VALID
    retry = llm.prompt_text(1)
    assert "Your answer was rejected: answer does not fit the schema" in retry
    assert "Sure! The documents look great." in retry  # the model sees what it said
    assert llm.remaining == 0


async def test_two_malformed_answers_end_in_a_clear_failure_verdict() -> None:
    llm = ScriptedLlm([{"overallSuccess": "yes"}, "```json\n{}\n```"])
    events, state = await run(build_document_validator(model=llm), delivery(),
                              {INTENT_KEY: INTENT})
    verdict = state[VERDICT_KEY]
    assert verdict["status"] == "error" and verdict["overallSuccess"] is False
    assert verdict["qualityScore"] == 0.0 and verdict["successCriteriaMet"] == [False, False]
    assert "malformed twice" in verdict["gapAnalysis"] and verdict["error"]
    assert verdict["documentCount"] == 2
    assert events[-1].actions.route == ROUTE_JUDGE_FAILED
    assert "malformed twice" in events[-1].content.parts[0].text
    assert llm.remaining == 0


async def test_wrong_criteria_count_is_sent_back_with_the_reason() -> None:
    llm = ScriptedLlm([answer(successCriteriaMet=[True]), answer()])
    _, state = await run(build_document_validator(model=llm), delivery(), {INTENT_KEY: INTENT})
    assert "needs exactly 2" in llm.prompt_text(1)
    assert state[VERDICT_KEY]["status"] == "passed"


async def test_code_facts_override_a_model_that_says_success() -> None:
    artifacts = {"post.pdf": types.Part(inline_data=types.Blob(data=pdf_bytes(),
                                                                 mime_type="application/pdf"))}
    llm = ScriptedLlm([answer(documentCount=7)])
    events, state = await run(build_document_validator(model=llm), artifacts,
                              {INTENT_KEY: {**INTENT, "expectedFormat": "md"}})
    verdict = state[VERDICT_KEY]
    assert verdict["status"] == "failed" and verdict["overallSuccess"] is False
    assert verdict["formatMatch"] is False and verdict["documentCount"] == 1
    assert verdict["dataTypeMatch"] is False  # a PDF is binary, the user asked for text
    assert any("formatMatch set to False by code" in c for c in verdict["corrections"])
    assert "post.pdf" in {d["documentName"] for d in verdict["validationDetails"]}
    assert events[-1].actions.route == ROUTE_RETRY and not events[-1].actions.escalate
    assert "format does not match" in state[FEEDBACK_KEY]


async def test_low_quality_score_fails_even_when_the_model_says_success() -> None:
    llm = ScriptedLlm([answer(qualityScore=0.2)])
    _, state = await run(build_document_validator(model=llm, min_quality=0.6), delivery(),
                         {INTENT_KEY: INTENT})
    assert state[VERDICT_KEY]["status"] == "failed"
    assert "quality 0.20 below 0.60" in state[VERDICT_KEY]["gapAnalysis"]


async def test_large_and_binary_documents_never_reach_the_prompt_whole() -> None:
    big = "".join(f"Paragraph {i} about guardrails and agents.\n" for i in range(30_000))
    png = png_bytes(32, 32)
    b64 = base64.b64encode(pdf_bytes("y" * 3000)).decode()
    artifacts = {
        "book.md": text_part(big, "text/markdown"),
        "chart.png": types.Part(inline_data=types.Blob(data=png, mime_type="image/png")),
        "report.txt": types.Part(text=b64),
    }
    llm = ScriptedLlm([answer(successCriteriaMet=[True, True])])
    _, state = await run(build_document_validator(model=llm), artifacts,
                         {INTENT_KEY: {**INTENT, "expectedFormat": None}})
    prompt = llm.prompt_text(0)
    assert len(prompt) < 12_000
    escaped = json.dumps(big)[1:-1]  # summaries are JSON in the prompt, as in the seed
    assert escaped[:900] in prompt and escaped[5000:5100] not in prompt
    assert "[truncated: first 1.0 KB of 1.3 MB]" in prompt
    assert b64[:60] not in prompt and png.decode("latin-1") not in prompt
    assert '"type": "base64"' in prompt and '"format": "pdf"' in prompt
    assert "report.txt" in prompt and "content is base64 of PDF" in prompt
    assert state[VERDICT_KEY]["status"] == "failed"  # the mislabelled report is a problem


async def test_missing_intent_is_invalid_input_and_calls_no_model() -> None:
    llm = ScriptedLlm([])
    events, state = await run(build_document_validator(model=llm), delivery(), {})
    verdict = state[VERDICT_KEY]
    assert verdict["status"] == "error"
    assert verdict["gapAnalysis"] == "invalid input: missing state key 'validation_intent'"
    assert events[-1].actions.route == ROUTE_INVALID_INPUT and events[-1].actions.escalate
    assert llm.requests == []


async def test_no_artifacts_fails_for_retry_without_a_model_call() -> None:
    llm = ScriptedLlm([])
    events, state = await run(build_document_validator(model=llm), {}, {INTENT_KEY: INTENT})
    assert state[VERDICT_KEY]["gapAnalysis"] == "no documents were delivered"
    assert state[VERDICT_KEY]["status"] == "failed"
    assert events[-1].actions.route == ROUTE_RETRY and llm.requests == []


async def test_model_exception_becomes_an_error_verdict() -> None:
    llm = ScriptedLlm([RuntimeError("quota exceeded")])
    events, state = await run(build_document_validator(model=llm), delivery(),
                              {INTENT_KEY: INTENT})
    assert state[VERDICT_KEY]["status"] == "error"
    assert "RuntimeError: quota exceeded" in state[VERDICT_KEY]["gapAnalysis"]
    assert events[-1].actions.route == ROUTE_JUDGE_FAILED


async def test_artifact_patterns_choose_the_delivery() -> None:
    llm = ScriptedLlm([answer()])
    artifacts = {**delivery(), "notes.txt": types.Part(text="scratch")}
    _, state = await run(build_document_validator(model=llm, artifact_patterns=["*.md",
                                                                                "*.json"]),
                         artifacts, {INTENT_KEY: INTENT})
    assert state[VERDICT_KEY]["documentCount"] == 2
    assert "notes.txt" not in llm.prompt_text(0)


class CountingPlugin(BasePlugin):
    def __init__(self) -> None:
        super().__init__(name="counting")
        self.seen = 0

    async def before_model_callback(self, *, callback_context: CallbackContext,
                                    llm_request: LlmRequest) -> None:
        self.seen += 1


async def test_plugins_see_the_judge_call() -> None:
    plugin = CountingPlugin()
    llm = ScriptedLlm([answer()])
    await run(build_document_validator(model=llm), delivery(), {INTENT_KEY: INTENT},
              plugins=[plugin])
    assert plugin.seen == 1


class Producer(BaseAgent):
    """Delivers a PDF first, then (after reading the feedback) the Markdown post."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        assert ctx.artifact_service is not None
        feedback = ctx.session.state.get(FEEDBACK_KEY)
        runs = int(ctx.session.state.get("producer_runs") or 0) + 1
        name, part = ("post.pdf", types.Part(inline_data=types.Blob(
            data=pdf_bytes(), mime_type="application/pdf")))
        if feedback:
            await ctx.artifact_service.delete_artifact(
                app_name=ctx.app_name, user_id=ctx.user_id, session_id=ctx.session.id,
                filename="post.pdf")
            name, part = "post.md", text_part(POST, "text/markdown")
        await ctx.artifact_service.save_artifact(
            app_name=ctx.app_name, user_id=ctx.user_id, session_id=ctx.session.id,
            filename=name, artifact=part)
        yield Event(author=self.name, invocation_id=ctx.invocation_id,
                    actions=EventActions(state_delta={"producer_runs": runs}))


async def test_validator_closes_a_loop_after_the_producer_fixes_the_format() -> None:
    # Only the post: code now checks "a quiz is included" itself, and this producer makes none.
    llm = ScriptedLlm([answer(successCriteriaMet=[True])] * 2)
    loop = loop_agent(name="deliver", max_iterations=4, sub_agents=[
        Producer(name="producer"), build_document_validator(model=llm)])
    intent = {**INTENT, "expectedFormat": "md", "successCriteria": ["the post explains guardrails"]}
    events, state = await run(loop, {}, {INTENT_KEY: intent})
    assert state["producer_runs"] == 2
    assert state[VERDICT_KEY]["status"] == "passed"
    assert [e.actions.route for e in events if e.actions.route] == [ROUTE_RETRY, ROUTE_VALID]


async def test_artifact_stored_by_reference_is_invalid_input() -> None:
    llm = ScriptedLlm([])
    ref = types.Part(file_data=types.FileData(file_uri="gs://bucket/post.md",
                                              mime_type="text/markdown"))
    events, state = await run(build_document_validator(model=llm), {"post.md": ref},
                              {INTENT_KEY: INTENT})
    assert "stored by reference (gs://bucket/post.md)" in state[VERDICT_KEY]["gapAnalysis"]
    assert events[-1].actions.route == ROUTE_INVALID_INPUT and llm.requests == []


def test_example_answer_is_shown_except_to_embedded_models() -> None:
    from draftguard_adk.llm._local_llm import LocalLlm

    auto = build_document_validator(model=ScriptedLlm([]))
    assert auto._include_example(ScriptedLlm([])) is True
    assert auto._include_example(LocalLlm(model="local:smollm2")) is False  # builds lazily
    forced = build_document_validator(model=ScriptedLlm([]), prompt_example=True)
    assert forced._include_example(LocalLlm(model="local:smollm2")) is True


async def test_unloadable_judge_model_is_an_error_verdict(monkeypatch: Any) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_DOCUMENT_VALIDATOR", "no-such-model-xyz")
    events, state = await run(build_document_validator(), delivery(), {INTENT_KEY: INTENT})
    verdict = state[VERDICT_KEY]
    assert verdict["status"] == "error" and verdict["documentCount"] == 2
    assert "cannot load judge model 'no-such-model-xyz'" in verdict["gapAnalysis"]
    assert events[-1].actions.route == ROUTE_JUDGE_FAILED


# --- small models: code decides, the model answers yes/no one criterion at a time -------------

import pytest  # noqa: E402
from delivery_cases import case_inputs, load_cases  # noqa: E402

from draftguard.documents._known_facts import known_facts  # noqa: E402
from draftguard_adk.documents._judge import judge_documents  # noqa: E402

YES = '{"answer": "yes"}'
NO = '{"answer": "no"}'


def small(turns: list[Any]) -> ScriptedLlm:
    """A scripted model with the embedded model's profile (small: it does not judge)."""
    return ScriptedLlm(turns, model="local:smollm2")


async def judge_case(case: dict[str, Any], llm: ScriptedLlm) -> Any:
    intent, summaries = case_inputs(case)
    return await judge_documents(llm, intent, summaries, known_facts(intent, summaries))


@pytest.mark.parametrize("case", load_cases("good"), ids=lambda c: c["id"])
async def test_good_deliveries_pass_with_a_small_model_that_always_says_yes(
    case: dict[str, Any]
) -> None:
    llm = small([YES] * 12)
    verdict = await judge_case(case, llm)
    # A model that says yes to a statement and to its opposite decides nothing: a good
    # delivery passes on code's checks; the one whose topic code cannot see stays unverified.
    expected = "failed" if case["id"] == "bread-json-only" else "passed"
    assert verdict.status == expected, verdict.gap_analysis


# (nothing-delivered never reaches the judge: the validator fails it first, tested above)
@pytest.mark.parametrize("case", [c for c in load_cases("bad") if c["documents"]],
                         ids=lambda c: c["id"])
async def test_bad_deliveries_fail_even_with_a_small_model_that_always_says_yes(
    case: dict[str, Any]
) -> None:
    verdict = await judge_case(case, small([YES] * 12))
    assert verdict.status == "failed"
    assert verdict.gap_analysis and "{" not in verdict.gap_analysis


async def test_code_decided_criteria_cost_no_model_call() -> None:
    case = next(c for c in load_cases("good") if c["id"] == "winter-cycling")
    llm = small([])
    verdict = await judge_case(case, llm)
    assert verdict.status == "passed" and verdict.attempts == 0 and llm.requests == []
    assert [c.decided_by for c in verdict.criteria] == ["code"] * 3


async def test_a_small_model_is_asked_one_statement_and_its_opposite() -> None:
    case = {"goal": "A post about houseplants", "criteria": ["has a friendly tone"],
            "formats": ["md"], "documents": {"draft.md": "# Houseplants\n\nWater them less.\n"}}
    llm = small([YES, NO])
    verdict = await judge_case(case, llm)
    assert verdict.status == "passed" and verdict.attempts == 2
    assert verdict.criteria[0].decided_by == "model"
    first, second = llm.prompt_text(0), llm.prompt_text(1)
    assert "STATEMENT: has a friendly tone" in first and "Water them less." in first
    assert "STATEMENT: It is false that has a friendly tone" in second
    schema = llm.requests[0].config.response_json_schema
    assert schema["properties"]["answer"]["enum"] == ["yes", "no"]

    unsure = await judge_case(case, small([NO, NO]))
    assert unsure.status == "failed" and "not verified" in unsure.gap_analysis
    said_no = await judge_case(case, small([NO, YES]))
    assert said_no.status == "failed" and "the model answered no" in said_no.gap_analysis


async def test_a_capable_judge_is_overruled_on_what_code_decided() -> None:
    case = next(c for c in load_cases("bad") if c["id"] == "too-short")
    llm = ScriptedLlm([answer(successCriteriaMet=[True, True])])
    verdict = await judge_case(case, llm)
    assert verdict.status == "failed" and len(llm.requests) == 1
    assert any("set to False by code" in c for c in verdict.corrections)


@pytest.mark.local_model
@pytest.mark.parametrize(("kind", "case_id"), [("good", "git-rebase"), ("good", "sleep-science"),
                                               ("bad", "no-conclusion-semantic"),
                                               ("bad", "off-topic")])
async def test_the_embedded_model_with_code_passes_good_and_fails_bad_deliveries(
    kind: str, case_id: str
) -> None:
    from draftguard_adk.llm import agent_model, build_llm

    case = next(c for c in load_cases(kind) if c["id"] == case_id)
    intent, summaries = case_inputs(case)
    llm = build_llm(agent_model("document_validator", model="local:smollm2"))
    verdict = await judge_documents(llm, intent, summaries, known_facts(intent, summaries))
    assert verdict.status == ("passed" if kind == "good" else "failed"), verdict.gap_analysis

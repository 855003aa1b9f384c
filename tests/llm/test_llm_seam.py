"""The model seam: `ask_json` (schema, timeout, plugin callbacks, counting), `build_llm`
and the prompt-example switch."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

import pytest
from chat_turns import new_session, state_of, turn
from google.adk.agents import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.agents.run_config import RunConfig
from google.adk.apps import App
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.runners import InMemoryRunner
from google.genai import types
from pydantic import BaseModel, Field, PrivateAttr
from scripted_llm import Hang, ScriptedLlm

from draftguard.errors import ModelTimeoutError, ModelUnavailableError
from draftguard_adk.artifacts._loop import ArtifactRepairLoop
from draftguard_adk.llm import agent_model, ask_json, build_llm
from draftguard_adk.llm._ask_json import CallCounter
from draftguard_adk.llm._local_llm import LocalLlm
from draftguard_adk.llm._resolve import show_prompt_example


class Answer(BaseModel):
    ok: bool


SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}


class ErrorCodeLlm(BaseLlm):
    """Answers every call with a provider error code instead of content."""

    model: str = "error-code"

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        yield LlmResponse(error_code="RESOURCE_EXHAUSTED", error_message="quota")


class Asker(BaseAgent):
    """Calls `ask_json` once per prompt inside a real invocation and keeps what came back."""

    _llm: BaseLlm = PrivateAttr()
    _prompts: list[str] = PrivateAttr(default_factory=list)
    _timeout: float = PrivateAttr(default=5.0)
    results: list[str | Exception] = Field(default_factory=list)
    counter: CallCounter = Field(default_factory=CallCounter)

    def __init__(self, llm: BaseLlm, prompts: list[str], timeout_s: float = 5.0) -> None:
        super().__init__(name="asker")
        self._llm, self._prompts, self._timeout = llm, prompts, timeout_s

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        for prompt in self._prompts:
            try:
                self.results.append(await ask_json(
                    self._llm, prompt, schema=Answer, system="Answer only JSON.",
                    timeout_s=self._timeout, ctx=ctx, purpose="checking", counter=self.counter,
                ))
            except ModelUnavailableError as err:
                self.results.append(err)
        yield Event(author=self.name, invocation_id=ctx.invocation_id)


class Recorder(BasePlugin):
    """Sees every model callback; optionally answers, rewrites or rescues."""

    def __init__(self, *, answer: str | None = None, rewrite: str | None = None,
                 rescue: str | None = None) -> None:
        super().__init__(name="recorder")
        self.seen: list[str] = []
        self.requests: list[LlmRequest] = []
        self._answer, self._rewrite, self._rescue = answer, rewrite, rescue

    @staticmethod
    def _response(text: str) -> LlmResponse:
        return LlmResponse(content=types.Content(role="model", parts=[types.Part(text=text)]))

    async def before_model_callback(self, *, callback_context: CallbackContext,
                                    llm_request: LlmRequest) -> LlmResponse | None:
        self.seen.append("before")
        self.requests.append(llm_request)
        return self._response(self._answer) if self._answer is not None else None

    async def after_model_callback(self, *, callback_context: CallbackContext,
                                   llm_response: LlmResponse) -> LlmResponse | None:
        self.seen.append("after")
        return self._response(self._rewrite) if self._rewrite is not None else None

    async def on_model_error_callback(self, *, callback_context: CallbackContext,
                                      llm_request: LlmRequest,
                                      error: Exception) -> LlmResponse | None:
        self.seen.append(f"error:{type(error).__name__}")
        return self._response(self._rescue) if self._rescue is not None else None


async def run(agent: BaseAgent, plugins: list[BasePlugin] | None = None,
              run_config: RunConfig | None = None) -> None:
    runner = InMemoryRunner(app=App(name="t", root_agent=agent, plugins=plugins or []))
    await turn(runner, await new_session(runner), "go", run_config=run_config)


async def test_answer_text_and_the_schema_reach_the_model() -> None:
    llm = ScriptedLlm([{"ok": True}, {"ok": False}])
    counter = CallCounter()
    text = await ask_json(llm, "Is it fine?", schema=Answer, system="Answer only JSON.",
                          timeout_s=5, counter=counter)
    assert text == '{"ok": true}'
    config = llm.requests[0].config
    assert config.response_schema is Answer and config.response_mime_type == "application/json"
    assert config.system_instruction == "Answer only JSON."
    # A dict is a JSON schema, and the contents may be a whole conversation.
    turns = [types.Content(role="user", parts=[types.Part(text="Is it fine?")]),
             types.Content(role="model", parts=[types.Part(text="maybe")]),
             types.Content(role="user", parts=[types.Part(text="Answer with JSON.")])]
    assert await ask_json(llm, turns, schema=SCHEMA, system="s", timeout_s=5,
                          temperature=0.0, counter=counter) == '{"ok": false}'
    config = llm.requests[1].config
    assert config.response_json_schema == SCHEMA and config.response_schema is None
    assert config.temperature == 0.0 and len(llm.requests[1].contents) == 3
    assert counter.calls == 2


async def test_timeout_is_a_named_error_and_nothing_hangs() -> None:
    counter = CallCounter()
    with pytest.raises(ModelTimeoutError) as caught:
        await ask_json(ScriptedLlm([Hang(30)]), "q", schema=Answer, system="s",
                       timeout_s=0.2, purpose="judge", counter=counter)
    assert str(caught.value) == "model call timed out after 0.2 s during judge"
    assert isinstance(caught.value, ModelUnavailableError) and counter.calls == 1


async def test_model_failures_are_model_unavailable_with_the_reason() -> None:
    with pytest.raises(ModelUnavailableError) as caught:
        await ask_json(ScriptedLlm([RuntimeError("quota exhausted")]), "q", schema=Answer,
                       system="s", timeout_s=5, purpose="generate")
    assert str(caught.value) == "model call failed during generate: RuntimeError: quota exhausted"
    assert not isinstance(caught.value, ModelTimeoutError)
    with pytest.raises(ModelUnavailableError) as caught:
        await ask_json(ErrorCodeLlm(), "q", schema=Answer, system="s", timeout_s=5,
                       purpose="repair")
    assert str(caught.value) == "model error during repair: RESOURCE_EXHAUSTED quota"


async def test_plugins_see_the_call_and_may_rewrite_the_answer() -> None:
    plugin = Recorder(rewrite='{"ok": false}')
    asker = Asker(ScriptedLlm([{"ok": True}]), ["Is it fine?"])
    await run(asker, [plugin])
    assert plugin.seen == ["before", "after"]
    assert plugin.requests[0].config.response_schema is Answer
    assert asker.results == ['{"ok": false}'] and asker.counter.calls == 1


async def test_a_plugin_that_answers_first_saves_the_model_call() -> None:
    llm = ScriptedLlm([])
    asker = Asker(llm, ["Is it fine?"])
    plugin = Recorder(answer='{"ok": true}')
    await run(asker, [plugin])
    assert asker.results == ['{"ok": true}'] and plugin.seen == ["before"]
    assert llm.requests == [] and asker.counter.calls == 0


async def test_plugins_see_a_model_error_and_may_answer_for_it() -> None:
    plugin = Recorder(rescue='{"ok": true}')
    asker = Asker(ScriptedLlm([RuntimeError("down")]), ["a"])
    await run(asker, [plugin])
    assert asker.results == ['{"ok": true}']
    assert plugin.seen == ["before", "error:RuntimeError"]
    silent = Recorder()
    asker = Asker(ScriptedLlm([RuntimeError("down")]), ["a"])
    await run(asker, [silent])
    assert isinstance(asker.results[0], ModelUnavailableError)
    assert str(asker.results[0]) == "model call failed during checking: RuntimeError: down"


async def test_the_reply_filters_leave_a_structured_answer_to_the_code_that_asked() -> None:
    # The raw-output guard replaces JSON in a reply to a person; before the mark it also
    # replaced the document judge's {"answer": "yes"}, so every check on the embedded model
    # failed with the judge's "malformed" answer (end-to-end set 5, B13).
    from draftguard_adk.agents import TextFilterPlugin
    from draftguard_adk.claims import ClaimGuardPlugin
    from draftguard_adk.dedupe import DuplicateFilterPlugin

    plugins: list[BasePlugin] = [ClaimGuardPlugin(), DuplicateFilterPlugin(), TextFilterPlugin()]
    for plugin in plugins:
        asker = Asker(ScriptedLlm([{"ok": True}]), ["Is it fine?"])
        await run(asker, [plugin])
        assert asker.results == ['{"ok": true}'], plugin.name


def test_a_structured_mark_is_the_invocations_own() -> None:
    from draftguard_adk.agents._provenance import (
        is_structured_answer,
        structured_answer_metadata,
    )

    mark = structured_answer_metadata("inv-1")
    assert is_structured_answer(mark, "inv-1")
    assert not is_structured_answer(mark, "inv-2")
    assert not is_structured_answer({"draftguard_structured": "forged"}, "inv-1")
    assert not is_structured_answer(None, "inv-1")


async def test_calls_count_against_the_invocation_budget() -> None:
    asker = Asker(ScriptedLlm([{"ok": True}, {"ok": True}]), ["a", "b"])
    await run(asker, run_config=RunConfig(max_llm_calls=1))
    first, second = asker.results
    assert first == '{"ok": true}'
    assert isinstance(second, ModelUnavailableError)
    assert "LlmCallsLimitExceededError" in str(second) and "`1`" in str(second)
    assert asker.counter.calls == 1  # the refused call never reached the model


class Counting(BasePlugin):
    def __init__(self) -> None:
        super().__init__(name="counting")
        self.before = 0
        self.after = 0

    async def before_model_callback(self, *, callback_context: CallbackContext,
                                    llm_request: LlmRequest) -> None:
        self.before += 1

    async def after_model_callback(self, *, callback_context: CallbackContext,
                                   llm_response: LlmResponse) -> None:
        self.after += 1


async def test_the_artifact_loop_calls_run_the_plugins_too() -> None:
    # Before the seam only the document judge ran plugin callbacks; the artifact loop's own
    # calls (generate, judge, repair) went past the app's plugins.
    quiz: dict[str, Any] = {"flashcards": [{"front": "ATP", "back": "The energy molecule"}]}
    llm = ScriptedLlm([quiz, {"issues": []}])
    loop = ArtifactRepairLoop(name="artifact_repair", model=llm, artifact_type="flashcards")
    plugin = Counting()
    runner = InMemoryRunner(app=App(name="t", root_agent=loop, plugins=[plugin]))
    sid = await new_session(
        runner, state={"artifact_source": "ATP is the energy molecule of cells. " * 4})
    await turn(runner, sid, "1 card")
    result = (await state_of(runner, sid))["artifact_result"]
    assert result["llm_calls"] == 2 == len(llm.requests)
    assert plugin.before == plugin.after == 2


def test_the_configured_model_is_built_or_says_what_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = ScriptedLlm([])
    assert build_llm(agent_model("document_validator", model=given)) is given
    assert isinstance(build_llm(agent_model("x", model="local:smollm2")), LocalLlm)
    monkeypatch.setenv("DRAFTGUARD_MODEL_ARTIFACT_REPAIR", "gguf:/elsewhere/model.gguf")
    built = build_llm(agent_model("artifact_repair", model=""))
    assert isinstance(built, LocalLlm) and built.model == "gguf:/elsewhere/model.gguf"
    monkeypatch.setenv("DRAFTGUARD_MODEL_DOCUMENT_VALIDATOR", "no-such-model-xyz")
    with pytest.raises(ModelUnavailableError, match=r"^cannot load judge model 'no-such-model"):
        build_llm(agent_model("document_validator"), label="judge model")
    # The artifact loop's spelling, until its rewrite moves to the two steps.
    assert build_llm(agent_model("document_validator", model=given)) is given


def test_prompt_example_is_shown_except_to_the_embedded_model_unless_configured() -> None:
    local = LocalLlm(model="local:smollm2")
    assert show_prompt_example(ScriptedLlm([])) is True
    assert show_prompt_example(local) is False
    assert show_prompt_example(local, True) is True
    assert show_prompt_example(ScriptedLlm([]), False) is False

"""The embedded-model adapter: prompt building (fast) and the real GGUF model (marked)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from google.adk.models.llm_request import LlmRequest
from google.genai import types
from pydantic import BaseModel

from draftguard_adk.llm import _llama_runtime as llama_runtime
from draftguard_adk.llm._chat_format import messages as _messages
from draftguard_adk.llm._chat_format import tool_schema as _tool_schema
from draftguard_adk.llm._json_schemas import to_json_schema
from draftguard_adk.llm._local_llm import LocalLlm

WEATHER = types.Tool(
    function_declarations=[
        types.FunctionDeclaration(
            name="get_weather",
            description="Weather for a city",
            parameters=types.Schema(
                type="OBJECT", properties={"city": types.Schema(type="STRING")}, required=["city"]
            ),
        )
    ]
)


def _weather_turns(result: dict[str, object]) -> list[types.Content]:
    """A user question, the model's get_weather call, and the tool's result."""
    return [
        types.Content(role="user", parts=[types.Part(text="Weather in Oslo?")]),
        types.Content(
            role="model",
            parts=[
                types.Part(
                    function_call=types.FunctionCall(name="get_weather", args={"city": "Oslo"})
                )
            ],
        ),
        types.Content(
            role="user",
            parts=[
                types.Part(
                    function_response=types.FunctionResponse(name="get_weather", response=result)
                )
            ],
        ),
    ]


def _request(text: str, **config: object) -> LlmRequest:
    return LlmRequest(
        contents=[types.Content(role="user", parts=[types.Part(text=text)])],
        config=types.GenerateContentConfig(**config),  # type: ignore[arg-type]
    )


def test_history_with_tool_turns_renders_for_a_plain_chat_template() -> None:
    req = LlmRequest(
        contents=_weather_turns({"temp": -3}),
        config=types.GenerateContentConfig(system_instruction="Be brief."),
    )
    msgs = _messages(req, "")
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user"]
    assert json.loads(msgs[2]["content"]) == {"tool": "get_weather", "args": {"city": "Oslo"}}
    assert msgs[3]["content"] == 'Result of tool get_weather: {"temp": -3}'


def test_tools_become_a_grammar_of_declared_calls_or_a_reply() -> None:
    built = _tool_schema(_request("hi", tools=[WEATHER]))
    assert built is not None
    schema, prompt = built
    reply, call = schema["anyOf"]
    assert reply["required"] == ["reply"]
    assert call["properties"]["tool"] == {"const": "get_weather"}
    assert call["properties"]["args"]["properties"]["city"]["type"] == "string"
    assert "get_weather(city): Weather for a city" in prompt


def test_after_enough_tool_rounds_the_model_may_only_answer() -> None:
    from draftguard_adk.llm._chat_format import (
        tool_rounds_since_user as _tool_rounds_since_user,
    )

    result = types.Content(
        role="user",
        parts=[
            types.Part(
                function_response=types.FunctionResponse(name="get_weather", response={"t": 1})
            )
        ],
    )
    call = types.Content(
        role="model",
        parts=[types.Part(function_call=types.FunctionCall(name="get_weather", args={}))],
    )
    question = types.Content(role="user", parts=[types.Part(text="Weather?")])
    req = LlmRequest(
        contents=[question, call, result, call, result],
        config=types.GenerateContentConfig(tools=[WEATHER]),
    )
    assert _tool_rounds_since_user(req) == 2
    req.contents.append(types.Content(role="user", parts=[types.Part(text="And Oslo?")]))
    assert _tool_rounds_since_user(req) == 0


def test_pydantic_output_schemas_are_inlined() -> None:
    class Item(BaseModel):
        name: str

    class Box(BaseModel):
        items: list[Item]

    schema = to_json_schema(Box)
    assert "$defs" not in json.dumps(schema)
    assert schema["properties"]["items"]["items"]["properties"]["name"]["type"] == "string"


def test_importing_the_adapter_and_the_apps_loads_no_model() -> None:
    code = (
        "import blogger.agent, draftguard_adk.llm._llama_runtime as m, sys;"
        "assert not m.loaded_models, 'model loaded at import';"
        "assert 'llama_cpp' not in sys.modules, 'llama_cpp imported at import'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- The real embedded model ----------------------------------------------------------------


@pytest.mark.local_model
async def test_real_model_streams_partials_then_the_aggregate() -> None:
    llm = LocalLlm(model="local:smollm2")
    req = _request("Say hello.", system_instruction="You are terse.", max_output_tokens=16)
    responses = [r async for r in llm.generate_content_async(req, stream=True)]
    partial_text = "".join(r.content.parts[0].text for r in responses if r.partial)
    final = responses[-1]
    assert final.partial is False
    assert any(r.partial for r in responses)
    # The aggregate is what was streamed, less an unfinished sentence the budget cut off.
    assert partial_text.startswith(final.content.parts[0].text)
    if final.finish_reason != types.FinishReason.MAX_TOKENS:
        assert final.content.parts[0].text == partial_text
    assert final.usage_metadata.total_token_count > 0
    assert llama_runtime.loaded_models, "model is loaded after first use"


@pytest.mark.local_model
async def test_real_model_output_schema_always_parses() -> None:
    llm = LocalLlm(model="local:smollm2")
    schema = {
        "type": "object",
        "properties": {"ok_ids": {"type": "array", "items": {"type": "integer", "enum": [1, 2]}}},
        "required": ["ok_ids"],
    }
    req = _request(
        "[1] Cats purr. [2] Dogs bark. Which are about cats?", response_json_schema=schema
    )
    final = [r async for r in llm.generate_content_async(req)][-1]
    parsed = json.loads(final.content.parts[0].text)
    assert set(parsed["ok_ids"]) <= {1, 2}


@pytest.mark.local_model
async def test_real_model_with_tools_returns_a_declared_call_or_text() -> None:
    llm = LocalLlm(model="local:smollm2")
    req = _request("Use the tool: weather in Paris?", tools=[WEATHER], max_output_tokens=64)
    final = [r async for r in llm.generate_content_async(req)][-1]
    part = final.content.parts[0]
    if part.function_call is not None:
        assert part.function_call.name == "get_weather"
        assert isinstance(part.function_call.args["city"], str)
    else:
        assert part.text


@pytest.mark.local_model
async def test_real_model_answers_in_words_after_its_tool_rounds() -> None:
    llm = LocalLlm(model="local:smollm2", max_tool_rounds=1)
    req = LlmRequest(
        contents=_weather_turns({"forecast": "snow, -3 C"}),
        config=types.GenerateContentConfig(tools=[WEATHER], max_output_tokens=48),
    )
    final = [r async for r in llm.generate_content_async(req)][-1]
    part = final.content.parts[0]
    assert part.function_call is None
    assert part.text and part.text.strip()

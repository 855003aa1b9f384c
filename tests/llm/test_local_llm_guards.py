"""Guards on the embedded model's answers: JSON is never shown where words were asked for,
a call hidden in a reply becomes the call, and a constrained answer is never cut off."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import AsyncGenerator
from typing import Any

import pytest
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.artifacts._registry import get_spec
from draftguard_adk.llm import _chat_format as chat_format
from draftguard_adk.llm import _grammars as grammars
from draftguard_adk.llm import _llama_runtime as llama_runtime
from draftguard_adk.llm import _local_llm as local_llm
from draftguard_adk.llm._budget import max_json_chars
from draftguard_adk.llm._json_schemas import to_json_schema
from draftguard_adk.llm._local_llm import LocalLlm

TOOL = types.Tool(function_declarations=[types.FunctionDeclaration(
    name="read_content", description="Read the post",
    parameters=types.Schema(type="OBJECT", properties={}),
)])


class _Tokens:
    def tokenize(self, data: bytes, add_bos: bool = False) -> list[int]:
        return list(range(max(1, len(data) // 4)))


WORDS = "<words grammar>"


def _words_pattern() -> re.Pattern[str]:
    """The words grammar read as the Python regular expression its two classes also are."""
    rules = dict(line.split(" ::= ") for line in grammars.PROSE_GBNF.splitlines())
    assert rules["root"] == "first rest"
    return re.compile(rules["first"] + rules["rest"], re.S)


class Scripted:
    """Replaces llama.cpp: each call answers the next scripted text, and records its prompt
    and grammar. Under the words grammar it refuses a script the grammar could not produce
    (an empty answer stays possible: a stop sequence can end one at once)."""

    def __init__(self, answers: list[str], finish: str = "stop") -> None:
        self.answers = answers
        self.finish = finish
        self.prompts: list[list[dict[str, str]]] = []
        self.params: list[dict[str, Any]] = []
        self.grammars: list[Any] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        loaded = llama_runtime.Loaded(llama=_Tokens(), lock=threading.Lock(), n_ctx=8192,
                                   grammars={})
        monkeypatch.setattr(LocalLlm, "_loaded", lambda self: loaded)
        monkeypatch.setattr(local_llm, "_grammar", lambda loaded, schema: "<json grammar>")
        monkeypatch.setattr(local_llm, "_prose_grammar", lambda loaded: WORDS)
        script = self

        async def complete(self: LocalLlm, loaded: Any, msgs: list[dict[str, str]],
                           params: dict[str, Any], grammar: Any, stream: bool
                           ) -> AsyncGenerator[tuple[str, str | None, dict[str, int]], None]:
            script.prompts.append(msgs)
            script.params.append(dict(params))
            script.grammars.append(grammar)
            text = script.answers.pop(0)
            if grammar == WORDS and text:
                assert _words_pattern().fullmatch(text), f"the words grammar forbids {text!r}"
            if stream:
                for i in range(0, len(text), 5):
                    yield text[i:i + 5], None, {}
                yield "", script.finish, {}
            else:
                yield text, script.finish, {}

        monkeypatch.setattr(LocalLlm, "_complete", complete)


def _request(*contents: types.Content, **config: Any) -> LlmRequest:
    return LlmRequest(contents=list(contents), config=types.GenerateContentConfig(**config))


def _user(text: str) -> types.Content:
    return types.Content(role="user", parts=[types.Part(text=text)])


async def _run(request: LlmRequest, stream: bool = False) -> list[LlmResponse]:
    return [r async for r in LocalLlm().generate_content_async(request, stream=stream)]


def _text(response: LlmResponse) -> str:
    assert response.content is not None
    return "".join(p.text or "" for p in response.content.parts or [])


PICK_TOOLS = types.Tool(function_declarations=[types.FunctionDeclaration(
    name="add_to_shortlist", description="Save a venue",
    parameters=types.Schema(type="OBJECT", properties={"venue_id": types.Schema(type="STRING")}),
)])


@pytest.mark.parametrize("stream", [False, True])
async def test_a_json_reply_where_words_were_asked_becomes_words_in_two_generations(
    monkeypatch: pytest.MonkeyPatch, stream: bool
) -> None:
    script = Scripted([json.dumps({"reply": json.dumps({"pick": "bar-sorrento"})}),
                       "I would pick Bar Sorrento: it seats 150."])
    script.install(monkeypatch)
    out = await _run(_request(_user("Which would you pick, and why?"), tools=[PICK_TOOLS]),
                     stream=stream)
    assert _text(out[-1]) == "I would pick Bar Sorrento: it seats 150."
    if stream:
        assert "".join(_text(r) for r in out if r.partial) == _text(out[-1])
    assert all("{" not in _text(r) for r in out)
    assert len(script.prompts) == 2
    # The retry is words only: no tool list, no JSON envelope, under the words grammar.
    assert script.grammars == ["<json grammar>", WORDS]
    retry_system = script.prompts[1][0]["content"]
    assert "plain words" in retry_system and "add_to_shortlist" not in retry_system


async def test_words_are_sampled_under_the_words_grammar_from_the_first_generation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script = Scripted(["The post has two sections."])
    script.install(monkeypatch)
    out = await _run(_request(_user("What is in my post?")), stream=True)
    assert _text(out[-1]) == "The post has two sections."
    assert script.grammars == [WORDS]


@pytest.mark.parametrize("stream", [False, True])
async def test_the_fallback_is_shown_only_when_the_model_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, stream: bool
) -> None:
    Scripted([json.dumps({"reply": "  "}), ""]).install(monkeypatch)
    out = await _run(_request(_user("Which would you pick?"), tools=[PICK_TOOLS]),
                     stream=stream)
    assert _text(out[-1]) == local_llm._PROSE_FALLBACK


@pytest.mark.parametrize("stream", [False, True])
async def test_a_reply_cut_at_the_token_limit_is_shown_as_its_words_in_one_generation(
    monkeypatch: pytest.MonkeyPatch, stream: bool
) -> None:
    script = Scripted(['{"reply": "I would pick Bar Sorrento: it seats 150 and \\"is', ],
                      finish="length")
    script.install(monkeypatch)
    out = await _run(_request(_user("Which would you pick, and why?"), tools=[PICK_TOOLS]),
                     stream=stream)
    assert _text(out[-1]) == 'I would pick Bar Sorrento: it seats 150 and "is'
    assert out[-1].finish_reason == types.FinishReason.MAX_TOKENS
    assert len(script.prompts) == 1


@pytest.mark.parametrize(("cut", "words"), [
    ('{"reply": "Pick Sorrento\\', "Pick Sorrento"),
    ('{ "reply" : "Pick \\"Sorrento\\"', 'Pick "Sorrento"'),
    ('{"reply": "', None),
    ('{"tool": "search_venues", "args": {"cuisine', None),
])
def test_only_the_words_of_a_cut_reply_are_kept(cut: str, words: str | None) -> None:
    assert chat_format.cut_reply(cut) == words


@settings(max_examples=200, deadline=None)
@given(text=st.from_regex(_words_pattern(), fullmatch=True))
def test_whatever_the_words_grammar_lets_through_is_shown(text: str) -> None:
    answer = LlmResponse(content=types.Content(role="model", parts=[types.Part(text=text)]))
    assert chat_format.is_words_or_call(answer)


@pytest.mark.parametrize("answer", ['{"tool": "x", "args": {}}', "[1, 2]", '```json\n{"a": 1}\n```',
                                    ' {"a": 1}', '\n[{"a": 1}]', "\t{", "\xa0{}", "\u3000[]", "",
                                    "\x00x"])
def test_the_words_grammar_cannot_begin_json_or_a_fence(answer: str) -> None:
    assert _words_pattern().fullmatch(answer) is None


@pytest.mark.parametrize("answer", ["I would pick Bar Sorrento.", "Use {name} here.",
                                    "\"Bar Sorrento\" seats 150.", "1. Bar Sorrento\n2. Cucina"])
def test_the_words_grammar_lets_words_through(answer: str) -> None:
    assert _words_pattern().fullmatch(answer) is not None


async def test_prose_that_merely_mentions_braces_is_shown_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Scripted(["Use {name} in the template."]).install(monkeypatch)
    out = await _run(_request(_user("hi")), stream=True)
    assert next(_text(r) for r in out if r.partial) == "Use {"
    assert _text(out[-1]) == "Use {name} in the template."


async def test_a_tool_call_inside_a_reply_becomes_the_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    inner = json.dumps({"tool": "read_content", "args": {}})
    Scripted([json.dumps({"reply": inner})]).install(monkeypatch)
    out = await _run(_request(_user("Show my post"), tools=[TOOL]))
    assert out[-1].content is not None
    call = out[-1].content.parts[0].function_call  # type: ignore[index]
    assert call is not None and call.name == "read_content"


async def test_an_undeclared_call_inside_a_reply_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bogus = json.dumps({"reply": json.dumps({"tool": "delete_everything", "args": {}})})
    script = Scripted([bogus, "Done."])
    script.install(monkeypatch)
    out = await _run(_request(_user("Show my post"), tools=[TOOL]))
    assert _text(out[-1]) == "Done." and script.grammars[1] == WORDS


@pytest.mark.parametrize(("kind", "count"), [("quiz", 5), ("flashcards", 5), ("mindmap", 5)])
async def test_a_constrained_answer_gets_the_tokens_its_schema_can_need(
    monkeypatch: pytest.MonkeyPatch, kind: str, count: int
) -> None:
    script = Scripted(["{}"])
    script.install(monkeypatch)
    schema = get_spec(kind).generation_schema(count)
    await _run(_request(_user("make it"), response_schema=schema))
    bound = max_json_chars(to_json_schema(schema))
    assert bound is not None and script.params[0]["max_tokens"] >= bound


async def test_an_explicit_token_limit_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    script = Scripted(["{}"])
    script.install(monkeypatch)
    await _run(_request(_user("x"), response_schema=get_spec("quiz").generation_schema(5),
                        max_output_tokens=100))
    assert script.params[0]["max_tokens"] == 100


# --- the bound itself, against real instances -------------------------------------------------

_text_chars = st.characters(blacklist_categories=["Cs"], max_codepoint=0x7F)


def _instances(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of a bounded schema, built the slow obvious way (only the forms we generate)."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "string":
        return st.text(_text_chars, min_size=schema.get("minLength", 0),
                       max_size=schema["maxLength"])
    if kind == "integer":
        return st.integers(min_value=-(10**18), max_value=10**18)
    if kind == "array":
        return st.lists(_instances(schema["items"]), min_size=schema.get("minItems", 0),
                        max_size=schema["maxItems"])
    props = schema["properties"]
    return st.fixed_dictionaries({k: _instances(v) for k, v in props.items()})


@settings(max_examples=40, deadline=None)
@given(data=st.data(), kind=st.sampled_from(["quiz", "flashcards", "mindmap"]),
       count=st.integers(min_value=1, max_value=8))
def test_no_instance_of_a_schema_is_longer_than_its_bound(data: st.DataObject, kind: str,
                                                          count: int) -> None:
    schema = to_json_schema(get_spec(kind).generation_schema(count))
    value = data.draw(_instances(schema))
    bound = max_json_chars(schema)
    assert bound is not None
    assert len(json.dumps(value, indent=None, separators=(", ", ": "))) <= bound


def test_unbounded_schemas_have_no_bound() -> None:
    assert max_json_chars({"type": "string"}) is None
    assert max_json_chars({"type": "array", "items": {"type": "integer"}}) is None
    assert max_json_chars({"type": "object", "additionalProperties": True}) is None
    assert max_json_chars({"anyOf": [{"type": "integer"}, {"type": "string"}]}) is None
    assert max_json_chars({"enum": ["a", "bb"]}) == 4


SOURCE = (
    "Photosynthesis turns light into chemical energy. Chlorophyll in the chloroplasts absorbs "
    "red and blue light. Water is split and oxygen is released. The Calvin cycle fixes carbon "
    "dioxide into sugar using ATP and NADPH. Plants store the sugar as starch."
)


@pytest.mark.local_model
@pytest.mark.parametrize("kind", ["quiz", "flashcards", "mindmap"])
async def test_real_model_structured_output_at_five_items_always_parses(kind: str) -> None:
    from draftguard_adk.llm._local_llm import register_local_models

    register_local_models()
    spec = get_spec(kind)
    request = _request(
        _user(f"Make a {kind} with 5 items from this text:\n{SOURCE}"),
        response_schema=spec.generation_schema(5), temperature=0.0,
    )
    out = await _run(request)
    final = out[-1]
    assert final.finish_reason != types.FinishReason.MAX_TOKENS
    value = json.loads(_text(final))
    spec.generation_schema(5).model_validate(value)


def test_the_json_grammar_has_no_unicode_escape_so_the_answer_bound_holds() -> None:
    pytest.importorskip("llama_cpp")
    from draftguard_adk.llm._grammars import gbnf as _gbnf

    grammar = _gbnf({"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}},
                     "required": ["a"]})
    char_rule = next(line for line in grammar.splitlines() if line.startswith("char ::="))
    assert '"u"' not in char_rule and "\\x00-\\x1F" in char_rule
    assert '"\\\\" ["\\\\/bfnrt]' in char_rule


# --- tool rounds per agent --------------------------------------------------------------------

EDIT_TOOLS = types.Tool(function_declarations=[
    types.FunctionDeclaration(name="read_content", description="Read the post",
                              parameters=types.Schema(type="OBJECT", properties={})),
    types.FunctionDeclaration(name="edit_ops", description="Edit the post",
                              parameters=types.Schema(type="OBJECT", properties={})),
])


def _after_tool_rounds(rounds: int) -> list[types.Content]:
    contents = [_user("Replace cats with dogs in my post.")]
    for i in range(rounds):
        name = ("read_content", "edit_ops")[i % 2]
        contents += [
            types.Content(role="model", parts=[types.Part(
                function_call=types.FunctionCall(name=name, args={}))]),
            types.Content(role="user", parts=[types.Part(function_response=types.FunctionResponse(
                name=name, response={"status": "ok"}))]),
        ]
    return contents


async def test_two_tool_rounds_let_read_then_edit_fit_in_one_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Scripted([json.dumps({"tool": "edit_ops", "args": {}})]).install(monkeypatch)
    llm = LocalLlm(model="local:smollm2", max_tool_rounds=2)
    out = [r async for r in llm.generate_content_async(
        _request(*_after_tool_rounds(1), tools=[EDIT_TOOLS]))]
    call = out[-1].content.parts[0].function_call  # type: ignore[union-attr,index]
    assert call is not None and call.name == "edit_ops"


async def test_after_the_last_round_the_answer_is_words_with_no_call_to_imitate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seen with SmolLM2: shown its own call as JSON right above, it wrote that call again.
    script = Scripted(["I replaced cats with dogs."])
    script.install(monkeypatch)
    llm = LocalLlm(model="local:smollm2", max_tool_rounds=2)
    out = [r async for r in llm.generate_content_async(
        _request(*_after_tool_rounds(2), tools=[EDIT_TOOLS]), stream=True)]
    assert _text(out[-1]) == "I replaced cats with dogs."
    assert script.grammars == [WORDS]
    prompt = script.prompts[0]
    assert "plain words" in prompt[0]["content"]
    assert all('"tool"' not in m["content"] for m in prompt)
    assert "Result of tool edit_ops" in prompt[-1]["content"]


def test_the_blogger_section_sets_its_local_model_s_tool_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from draftguard.settings import ProjectSettings
    from draftguard_adk.llm import agent_model

    for name in ("DRAFTGUARD_MODEL", "DRAFTGUARD_MODEL_BLOGGER",
                 "DRAFTGUARD_MODEL_CONTENT_SPLITTER"):
        monkeypatch.delenv(name, raising=False)

    def settings(**blogger: Any) -> ProjectSettings:
        return ProjectSettings.model_validate(
            {"defaults": {"model": "local:smollm2"}, "agents": {"blogger": blogger}})

    default = agent_model("blogger", settings=settings())
    assert isinstance(default, LocalLlm) and default.max_tool_rounds == 2
    three = agent_model("blogger", settings=settings(max_tool_rounds=3))
    assert isinstance(three, LocalLlm) and three.max_tool_rounds == 3
    # Sections without the setting, and models that are not the embedded ones, stay strings.
    assert agent_model("content_splitter", settings=settings()) == "local:smollm2"
    assert agent_model("blogger", settings=settings(model="gemini-2.5-flash")) == (
        "gemini-2.5-flash")


# --- the words grammar on the real embedded model ----------------------------------------------


@pytest.mark.local_model
async def test_real_llama_cpp_takes_the_words_grammar_even_when_asked_for_json() -> None:
    # Unconstrained, SmolLM2 answers this with a fenced JSON object.
    request = _request(
        _user('Reply with exactly this JSON and nothing else: {"tool": "search", "args": {}}'),
        system_instruction="You answer with JSON only.", max_output_tokens=24, temperature=0.0)
    out = await _run(request)
    text = _text(out[-1])
    assert text != local_llm._PROSE_FALLBACK
    assert _words_pattern().fullmatch(text) and not chat_format.is_json(text)


@pytest.mark.local_model
async def test_real_model_planner_follow_up_after_a_search_ends_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from google.adk.runners import InMemoryRunner

    from event_planning.agent import build_app

    generations = 0
    complete = LocalLlm._complete

    def counted(self: LocalLlm, *args: Any) -> Any:
        nonlocal generations
        generations += 1
        return complete(self, *args)

    monkeypatch.setattr(LocalLlm, "_complete", counted)
    runner = InMemoryRunner(app=build_app(LocalLlm(model="local:smollm2")))
    session = await runner.session_service.create_session(app_name="event_planning",
                                                          user_id="u")

    async def say(text: str) -> list[Any]:
        return [e async for e in runner.run_async(
            user_id="u", session_id=session.id,
            new_message=types.Content(role="user", parts=[types.Part(text=text)]))]

    await say("Plan a dinner for 8 people, Italian food, $$$, in South Philly next Friday")
    assert generations == 0  # the search runs by code
    events = await say("Which of these would you pick for us, and why?")
    texts = [p.text for e in events if e.content and e.author != "user"
             for p in e.content.parts or [] if p.text]
    assert texts and texts[-1].strip() and texts[-1] != local_llm._PROSE_FALLBACK
    assert not any(chat_format.is_json(t) for t in texts)
    # One tool round may precede the answer; the answer itself is one generation.
    assert generations <= 2

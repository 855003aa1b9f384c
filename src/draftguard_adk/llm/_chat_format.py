"""The chat format a plain llama.cpp template understands: ADK's request as chat messages,
tools as a `{"tool": <name>, "args": {...}}` / `{"reply": "..."}` envelope, and the model's
text back as ADK responses."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from draftguard_adk.llm._json_schemas import to_json_schema

__all__ = [
    "cut_reply",
    "final_response",
    "is_json",
    "is_words_or_call",
    "may_be_json",
    "messages",
    "tool_names",
    "tool_rounds_since_user",
    "tool_schema",
    "unwrap_reply_call",
]

log = logging.getLogger("draftguard.local_llm")


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, types.Content):
        return "\n".join(p.text for p in value.parts or [] if p.text)
    if isinstance(value, types.Part):
        return value.text or ""
    if isinstance(value, list):
        return "\n".join(_text_of(v) for v in value)
    return str(value)


def _render_part(part: types.Part, calls: bool) -> tuple[str, str] | None:
    """A part as (role, text) for a plain chat template that knows no tool roles."""
    if part.thought:
        return None
    if part.text:
        return "", part.text
    if part.function_call and calls:
        call = {"tool": part.function_call.name, "args": part.function_call.args or {}}
        return "assistant", json.dumps(call, ensure_ascii=False)
    if part.function_response:
        payload = json.dumps(part.function_response.response, ensure_ascii=False, default=str)
        return "user", f"Result of tool {part.function_response.name}: {payload}"
    if part.inline_data:
        return "", f"[attachment: {part.inline_data.mime_type}]"
    return None


def messages(
    request: LlmRequest, extra_system: str, *, calls: bool = True
) -> list[dict[str, str]]:
    """The chat messages; without `calls` the model's past tool calls are left out (their
    results stay), since a small model asked for words imitates its last turn, and a call
    rendered as JSON is a turn it copies."""
    msgs: list[dict[str, str]] = []
    system = "\n\n".join(
        s for s in (_text_of(request.config.system_instruction), extra_system) if s
    )
    if system:
        msgs.append({"role": "system", "content": system})
    for content in request.contents:
        default_role = "assistant" if content.role == "model" else "user"
        for part in content.parts or []:
            rendered = _render_part(part, calls)
            if rendered is None:
                continue
            role = rendered[0] or default_role
            if msgs and msgs[-1]["role"] == role and role != "system":
                msgs[-1]["content"] += "\n\n" + rendered[1]
            else:
                msgs.append({"role": role, "content": rendered[1]})
    if not msgs or msgs[-1]["role"] != "user":
        msgs.append({"role": "user", "content": "Continue."})
    return msgs


def tool_rounds_since_user(request: LlmRequest) -> int:
    """How many tool results the model has received since the user last wrote."""
    rounds = 0
    for content in reversed(request.contents):
        parts = content.parts or []
        if content.role == "user" and any(p.text for p in parts):
            break
        if any(p.function_response for p in parts):
            rounds += 1
    return rounds


def _declarations(request: LlmRequest) -> list[types.FunctionDeclaration]:
    return [
        fd
        for tool in request.config.tools or []
        if isinstance(tool, types.Tool)
        for fd in tool.function_declarations or []
    ]


def tool_names(request: LlmRequest) -> set[str]:
    return {fd.name for fd in _declarations(request) if fd.name}


def _parameters(fd: types.FunctionDeclaration) -> dict[str, Any]:
    if fd.parameters_json_schema is not None:
        params = to_json_schema(fd.parameters_json_schema)
    elif fd.parameters is not None:
        params = to_json_schema(fd.parameters)
    else:
        params = {"type": "object", "properties": {}}
    params.setdefault("type", "object")
    return params


def tool_schema(request: LlmRequest) -> tuple[dict[str, Any], str] | None:
    """The grammar schema for 'call one declared tool or reply', and its prompt text."""
    declarations = _declarations(request)
    if not declarations:
        return None
    reply_schema: dict[str, Any] = {"type": "string"}
    if request.config.response_schema is not None:
        reply_schema = to_json_schema(request.config.response_schema)
    choices: list[dict[str, Any]] = [
        {"type": "object", "properties": {"reply": reply_schema}, "required": ["reply"]}
    ]
    lines = [
        "You can call one tool. Answer with JSON only: either "
        '{"tool": "<name>", "args": {...}} to call a tool, or {"reply": "..."} to answer '
        "the user directly. Tools:"
    ]
    for fd in declarations:
        params = _parameters(fd)
        choices.append(
            {
                "type": "object",
                "properties": {"tool": {"const": fd.name}, "args": params},
                "required": ["tool", "args"],
            }
        )
        args = ", ".join(params.get("properties", {})) or "no arguments"
        lines.append(f"- {fd.name}({args}): {fd.description or ''}".rstrip())
    return {"anyOf": choices}, "\n".join(lines)


def may_be_json(text: str) -> bool:
    """Whether a reply's beginning leaves open that it is JSON (so it cannot be shown yet)."""
    head = text.lstrip()
    return not head or head[0] in "{["


def is_json(text: str) -> bool:
    """A reply that is a JSON object or array, possibly fenced: not an answer in words."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").removeprefix("json").strip()
    if not body or body[0] not in "{[":
        return False
    try:
        json.loads(body)
    except json.JSONDecodeError:
        # Cut-off or sloppy JSON is JSON all the same.
        return body.startswith(("{\"", "[{", "[\"", "{'")) or '"tool"' in body
    return True


def _reply_text(response: LlmResponse) -> str:
    parts = response.content.parts if response.content else None
    return "".join(p.text or "" for p in parts or [] if not p.function_call)


def is_words_or_call(response: LlmResponse) -> bool:
    """Whether an answer where words were asked for may stand: a call, or words that are
    neither empty nor JSON."""
    parts = response.content.parts if response.content else None
    if any(p.function_call for p in parts or []):
        return True
    text = _reply_text(response)
    return bool(text.strip()) and not is_json(text)


#: A sentence's end: its mark, closing quotes or brackets, then a space or the end.
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*(?=\s|$)")
_REPLY_START = re.compile(r'\A\s*\{\s*"reply"\s*:\s*"')


def cut_reply(text: str) -> str | None:
    """The words of a `{"reply": "...` cut off at the token limit, or None: a long answer
    is shown cut rather than thrown away for another generation as long."""
    start = _REPLY_START.match(text)
    if start is None:
        return None
    body = text[start.end():]
    # The cut may fall inside an escape; the grammar writes none longer than two characters.
    for end in (len(body), len(body) - 1):
        try:
            words = json.loads(f'"{body[:end]}"')
        except json.JSONDecodeError:
            continue
        return str(words).strip() or None
    return None


def unwrap_reply_call(response: LlmResponse, allowed: set[str]) -> LlmResponse:
    """A `{"reply": ...}` whose text is itself a call of a declared tool becomes that call."""
    parts = response.content.parts if response.content else None
    if not parts or not parts[0].text:
        return response
    try:
        inner = json.loads(parts[0].text.strip())
    except json.JSONDecodeError:
        return response
    if (isinstance(inner, dict) and inner.get("tool") in allowed
            and isinstance(inner.get("args", {}), dict)):
        call = types.FunctionCall(name=str(inner["tool"]), args=inner.get("args") or {})
        return response.model_copy(
            update={"content": types.Content(role="model", parts=[types.Part(function_call=call)])}
        )
    return response


def _envelope_parts(text: str, finish: str | None) -> list[types.Part]:
    """The parts a tool-mode answer stands for: a function call, or the reply's text."""
    try:
        choice = json.loads(text)
    except json.JSONDecodeError:
        log.warning("local model's tool choice is not JSON (finish=%s)", finish)
        choice = {"reply": cut_reply(text) or text}
    if isinstance(choice, dict) and "tool" in choice:
        call = types.FunctionCall(name=str(choice["tool"]), args=choice.get("args") or {})
        return [types.Part(function_call=call)]
    if isinstance(choice, dict) and "reply" in choice:
        reply = choice["reply"]
        return [types.Part(text=reply if isinstance(reply, str) else json.dumps(reply))]
    return [types.Part(text=text)]


def finished_sentences(text: str) -> str:
    """`text` up to its last finished sentence; all of it when none is finished."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return text[:ends[-1]].rstrip() if ends else text


def final_response(
    text: str, *, tool_mode: bool, finish: str | None, usage: dict[str, int], model: str
) -> LlmResponse:
    """The complete answer as ADK's response, the tool envelope read when `tool_mode`; an
    answer in words cut off by its token budget loses its unfinished last sentence."""
    if not tool_mode and finish == "length":
        text = finished_sentences(text)
    parts = _envelope_parts(text, finish) if tool_mode else [types.Part(text=text)]
    return LlmResponse(
        content=types.Content(role="model", parts=parts),
        partial=False,
        turn_complete=True,
        finish_reason=(
            types.FinishReason.MAX_TOKENS if finish == "length" else types.FinishReason.STOP
        ),
        usage_metadata=types.GenerateContentResponseUsageMetadata(
            prompt_token_count=usage.get("prompt_tokens"),
            candidates_token_count=usage.get("completion_tokens"),
            total_token_count=usage.get("total_tokens"),
        ),
        model_version=model,
    )

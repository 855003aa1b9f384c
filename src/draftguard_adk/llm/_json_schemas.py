"""Turning ADK/GenAI schema forms into self-contained JSON Schema for constrained decoding."""

from __future__ import annotations

import copy
import typing
from typing import Any

from google.genai import types
from pydantic import BaseModel, TypeAdapter

__all__ = ["inline_refs", "to_json_schema"]


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace local `$ref`s with their definitions so grammar builders need no resolver."""
    defs: dict[str, Any] = {**schema.get("$defs", {}), **schema.get("definitions", {})}

    def walk(node: Any, seen: frozenset[str]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.rsplit("/", 1)[-1] in defs:
                name = ref.rsplit("/", 1)[-1]
                if name in seen:
                    # Recursive types cannot be inlined; an open object keeps decoding possible.
                    return {"type": "object"}
                merged = {**defs[name], **{k: v for k, v in node.items() if k != "$ref"}}
                return walk(merged, seen | {name})
            return {k: walk(v, seen) for k, v in node.items() if k not in ("$defs", "definitions")}
        if isinstance(node, list):
            return [walk(v, seen) for v in node]
        return node

    result: dict[str, Any] = walk(copy.deepcopy(schema), frozenset())
    return result


def _lowercase_types(node: Any) -> Any:
    # GenAI's Schema uses upper-case type names ("OBJECT"); JSON Schema wants lower case.
    if isinstance(node, dict):
        out = {k: _lowercase_types(v) for k, v in node.items()}
        if isinstance(out.get("type"), str):
            out["type"] = out["type"].lower()
        return out
    if isinstance(node, list):
        return [_lowercase_types(v) for v in node]
    return node


def to_json_schema(schema: Any) -> dict[str, Any]:
    """Any `response_schema`/function-parameter form ADK passes, as inlined JSON Schema."""
    if schema is None:
        return {}
    if isinstance(schema, types.Schema):
        raw: dict[str, Any] = schema.json_schema.model_dump(exclude_none=True, mode="json")
    elif isinstance(schema, dict):
        raw = _lowercase_types(schema)
    elif isinstance(schema, type) and issubclass(schema, BaseModel):
        raw = schema.model_json_schema()
    elif typing.get_origin(schema) is not None or isinstance(schema, type):
        raw = TypeAdapter(schema).json_schema()
    else:
        raise TypeError(f"unsupported schema form: {schema!r}")
    return inline_refs(raw)

"""How many tokens a schema-constrained answer can need, so it is never cut off.

A grammar-constrained answer that hits the token limit is cut mid-string and does not parse
("Unterminated string"). The schemas we generate with are bounded (`maxLength`,
`maxItems`, and the plan's item count), so the longest answer they allow can be measured:
a token writes at least one character, and a string character at most two (the grammar
allows escapes such as \\n but no \\uXXXX), so the longest answer in characters bounds its
tokens. Not for text written byte by byte: a rare non-ASCII character a vocabulary has no
token for costs up to four tokens, which the bound does not reserve (it would double every
budget for a case the embedded model's English prompts do not produce).
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["max_json_chars"]

# Whitespace and punctuation around each member or item: '", "' plus one space the
# grammar may add.
_SEPARATOR = 3
# The most characters one string character is written with: itself, or a two-character
# escape.
_CHAR_WIDTH = 2
_NUMBER_CHARS = 24
_MAX_DEPTH = 32


def max_json_chars(schema: dict[str, Any], *, _depth: int = 0) -> int | None:
    """The longest compact JSON text `schema` admits, in characters; None when unbounded
    (a string without `maxLength`, an array without `maxItems`, `$ref`, or free objects)."""
    if _depth > _MAX_DEPTH or "$ref" in schema:
        return None
    if "const" in schema:
        return _chars(schema["const"])
    if "enum" in schema:
        return max(_chars(v) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            sizes = [max_json_chars(s, _depth=_depth + 1) for s in schema[key]]
            return None if any(s is None for s in sizes) else max(s for s in sizes if s)
    kind = schema.get("type")
    if isinstance(kind, list):
        sizes = [max_json_chars({**schema, "type": k}, _depth=_depth + 1) for k in kind]
        return None if any(s is None for s in sizes) else max(s for s in sizes if s)
    if kind == "string":
        if "maxLength" not in schema:
            return None
        return 2 + int(schema["maxLength"]) * _CHAR_WIDTH
    if kind in ("integer", "number"):
        return _NUMBER_CHARS
    if kind == "boolean":
        return 5
    if kind == "null":
        return 4
    if kind == "array":
        items = schema.get("items")
        if "maxItems" not in schema or not isinstance(items, dict):
            return 0 if schema.get("maxItems") == 0 else None
        item = max_json_chars(items, _depth=_depth + 1)
        if item is None:
            return None
        count = int(schema["maxItems"])
        return 2 + count * (item + _SEPARATOR)
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if schema.get("additionalProperties") not in (None, False) and not props:
            return None
        total = 2
        for name, sub in props.items():
            size = max_json_chars(sub, _depth=_depth + 1)
            if size is None:
                return None
            total += _chars(name) + 2 + size + _SEPARATOR
        return total
    return None


def _chars(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False))

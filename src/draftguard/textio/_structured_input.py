"""JSON and YAML from people: parsed, or refused with one line, never a crash.

Python's parsers fail on hostile input in ways a message cannot explain: deep nesting
raises RecursionError (LibYAML's composer even overflows the C stack and kills the
process), a 5,000-digit number raises ValueError, and a lone surrogate ("\\ud800") parses
into a string that cannot be printed or stored as UTF-8.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from draftguard.errors import SchemaError

__all__ = ["MAX_NESTING", "load_json", "yaml_nesting_problem"]

#: Deeper structures are refused: no contract of ours nests half this deep.
MAX_NESTING = 200
_SURROGATE = re.compile("[\ud800-\udfff]")
_YAML_EVENTS = getattr(yaml, "CParser", None)


def load_json(text: str | bytes, *, strict: bool = True, max_nesting: int = MAX_NESTING) -> Any:
    """`json.loads`, raising `SchemaError` for what json cannot say in one line.

    Syntax errors stay `json.JSONDecodeError` (callers point at the line and column); too
    deep, a number too long to convert and a lone surrogate in a string or key are
    `SchemaError("not usable JSON (...)")`.
    """
    try:
        data = json.loads(text, strict=strict)
    except RecursionError:
        raise SchemaError(f"not usable JSON (nested deeper than {max_nesting} levels)") from None
    except json.JSONDecodeError:
        raise
    except ValueError:
        raise SchemaError("not usable JSON (a number over 4,300 digits long)") from None
    _check_tree(data, max_nesting)
    return data


def _check_tree(data: Any, max_nesting: int) -> None:
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if m := _SURROGATE.search(value):
                raise SchemaError(
                    f"not usable JSON (a string holds the lone surrogate \\u{ord(m[0]):04x}, "
                    "which is not Unicode text)"
                )
        elif isinstance(value, dict | list):
            if depth >= max_nesting:
                raise SchemaError(f"not usable JSON (nested deeper than {max_nesting} levels)")
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((x, depth + 1) for x in items)


def yaml_nesting_problem(text: str | bytes, *, max_nesting: int = MAX_NESTING) -> str | None:
    """Why `text` must not be given to a YAML loader (nested too deep), or None.

    Counted on the parser's event stream, which LibYAML produces without recursion; syntax
    errors are left to the loader, which reports them better.
    """
    depth = 0
    try:
        if _YAML_EVENTS is not None:
            events = yaml.parse(text, Loader=_YAML_EVENTS)
        else:
            events = yaml.parse(text, Loader=yaml.SafeLoader)
        for event in events:
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > max_nesting:
                    return f"nested deeper than {max_nesting} levels"
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except (yaml.YAMLError, RecursionError):
        return None
    return None

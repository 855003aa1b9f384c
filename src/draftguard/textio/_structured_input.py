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

__all__ = ["MAX_ALIAS_NODES", "MAX_NESTING", "load_json", "yaml_problem"]

#: Deeper structures are refused: no contract of ours nests half this deep.
MAX_NESTING = 200
#: Nodes that YAML aliases may add when expanded. Frontmatter and agents.yaml use a handful
#: (a shared `defaults: &d` block); an alias bomb needs millions.
MAX_ALIAS_NODES = 10_000
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


class _Node:
    """A collection being read: its expanded size and height so far, and its anchor."""

    __slots__ = ("anchor", "height", "size")

    def __init__(self, anchor: str | None) -> None:
        self.anchor, self.size, self.height = anchor, 0, 0


def yaml_problem(
    text: str | bytes, *, max_nesting: int = MAX_NESTING,
    max_alias_nodes: int = MAX_ALIAS_NODES,
) -> str | None:
    """Why `text` must not be given to a YAML loader, or None.

    Two shapes build far more than the text says: deep nesting (LibYAML's composer recurses
    in C and kills the process; Python's raises RecursionError) and aliases of aliases (the
    "billion laughs": 430 bytes of frontmatter became a 302 MB object). Both are measured on
    the parser's event stream, which is built without recursion and without expanding an
    alias: every alias adds the node count of what it names, and `max_alias_nodes` bounds the
    total. Nesting counts an alias's own depth where it is used. Syntax errors are left to the
    loader, which reports them better.
    """
    stack = [_Node(None)]
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) once expanded
    from_aliases = 0
    try:
        events = yaml.parse(text, Loader=_YAML_EVENTS or yaml.SafeLoader)
        for event in events:
            if isinstance(event, yaml.CollectionStartEvent):
                stack.append(_Node(event.anchor))
                if len(stack) - 1 > max_nesting:
                    return f"nested deeper than {max_nesting} levels"
                continue
            if isinstance(event, yaml.CollectionEndEvent):
                node = stack.pop()
                size, height, anchor = node.size + 1, node.height + 1, node.anchor
            elif isinstance(event, yaml.ScalarEvent):
                size, height, anchor = 1, 0, event.anchor
            elif isinstance(event, yaml.AliasEvent):
                size, height = anchors.get(event.anchor or "", (1, 0))
                anchor = None
                from_aliases += size
                if from_aliases > max_alias_nodes:
                    return (f"an alias bomb (its aliases expand to over {max_alias_nodes:,} "
                            "nodes)")
                if len(stack) - 1 + height > max_nesting:
                    return f"nested deeper than {max_nesting} levels (through an alias)"
            else:
                continue
            if anchor is not None:
                anchors[anchor] = (size, height)
            parent = stack[-1]
            parent.size += size
            parent.height = max(parent.height, height)
    except (yaml.YAMLError, RecursionError):
        return None
    return None

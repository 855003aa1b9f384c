"""Reading and editing YAML frontmatter, the only way metadata changes.

Edits touch only the lines of the keys they change, so comments, key order and the
formatting of every other key survive. The result is re-parsed to prove it says what was
asked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from draftguard.errors import FrontmatterError
from draftguard.markdown import MarkdownMap
from draftguard.textio._structured_input import yaml_problem

__all__ = ["edit_frontmatter", "read_frontmatter"]

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def read_frontmatter(text: str) -> dict[str, Any]:
    """The frontmatter as a mapping ({} without one); raises `FrontmatterError` if malformed."""
    doc = MarkdownMap(text)
    if doc.frontmatter is None:
        return {}
    if doc.line_text(0).strip() != "---":
        raise FrontmatterError("only YAML frontmatter (---) is supported")
    inner = text[doc.line_starts[1] : doc.line_starts[doc.frontmatter.last_line]]
    if (shape := yaml_problem(inner)) is not None:
        raise FrontmatterError(f"frontmatter is {shape}")
    try:
        data = yaml.safe_load(inner) or {}
    except yaml.YAMLError as err:
        raise FrontmatterError(f"frontmatter is not valid YAML ({err})") from None
    except ValueError:
        raise FrontmatterError("frontmatter holds a number over 4,300 digits long") from None
    if not isinstance(data, dict):
        raise FrontmatterError("frontmatter is not a mapping")
    return data


def _key_span(lines: list[str], key: str) -> tuple[int, int] | None:
    """Lines [i, j) holding top-level `key` and its indented continuation."""
    for i, line in enumerate(lines):
        if re.match(rf"^{re.escape(key)}\s*:", line):
            j = i + 1
            while j < len(lines) and (lines[j][:1] in (" ", "\t", "-") or not lines[j].strip()):
                if not lines[j].strip() and (j + 1 >= len(lines) or lines[j + 1][:1] not in " \t"):
                    break
                j += 1
            return i, j
    return None


def edit_frontmatter(
    text: str, *, set_keys: Mapping[str, Any] | None = None, remove: Sequence[str] = ()
) -> str:
    """The text with top-level frontmatter keys set or removed; the body is untouched."""
    set_keys = dict(set_keys or {})
    for key in [*set_keys, *remove]:
        if not _KEY.fullmatch(key):
            raise FrontmatterError(f"'{key}' is not a valid top-level frontmatter key")
    current = read_frontmatter(text)
    doc = MarkdownMap(text)
    nl = doc.newline
    if doc.frontmatter is None:
        head, lines, tail = "---" + nl, [], "---" + nl
        body = text
    else:
        fm = doc.frontmatter
        head = text[: doc.line_starts[1]]
        inner = text[doc.line_starts[1] : doc.line_starts[fm.last_line]]
        lines = inner.replace("\r\n", "\n").split("\n")[:-1] if inner else []
        end = doc.line_starts[fm.last_line + 1] if fm.last_line + 1 < doc.line_count else len(text)
        tail = text[doc.line_starts[fm.last_line] : end]
        body = text[end:]
    for key in remove:
        span = _key_span(lines, key)
        if span is not None:
            del lines[span[0] : span[1]]
    for key, value in set_keys.items():
        dumped = yaml.safe_dump(
            {key: value}, allow_unicode=True, sort_keys=False, default_flow_style=False
        ).rstrip("\n").split("\n")
        span = _key_span(lines, key)
        if span is None:
            lines.extend(dumped)
        else:
            lines[span[0] : span[1]] = dumped
    expected = {k: v for k, v in current.items() if k not in remove}
    expected.update(set_keys)
    new_inner = "".join(line + nl for line in lines)
    if not tail.endswith(("\n", "\r\n")) and body:
        tail += nl
    new_text = head + new_inner + tail + body
    if read_frontmatter(new_text) != expected:  # pragma: no cover - defensive
        raise FrontmatterError("could not edit the frontmatter without disturbing other keys")
    return new_text

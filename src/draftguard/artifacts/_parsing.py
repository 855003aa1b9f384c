"""Reading an artifact out of model text or a file: lenient about wrapping, strict about JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from draftguard.artifacts._registry import get_spec
from draftguard.artifacts._spec import StructuralReport, Violation
from draftguard.errors import SchemaError
from draftguard.textio._structured_input import load_json

__all__ = ["check_text", "parse_json_text"]

_FENCE = re.compile(r"^```[a-zA-Z0-9_-]*\s*\n(.*?)\n?```\s*$", re.DOTALL)


def parse_json_text(text: str) -> Any:
    """Parse JSON, tolerating a Markdown code fence or prose around one JSON object.

    Raises `SchemaError` naming the first syntax problem.
    """
    stripped = text.strip()
    if fenced := _FENCE.match(stripped):
        stripped = fenced.group(1).strip()
    try:
        return _loads(stripped)
    except json.JSONDecodeError as err:
        first, last = stripped.find("{"), stripped.rfind("}")
        if 0 < first < last or (first == 0 and last < len(stripped) - 1 and last > 0):
            try:
                return _loads(stripped[first:last + 1])
            except json.JSONDecodeError:
                pass
        # json's own message for control characters ends in "at"; do not say "at at".
        what = err.msg.removesuffix(" at")
        raise SchemaError(f"not valid JSON ({what} at line {err.lineno} column {err.colno})"
                          ) from None


def _loads(text: str) -> Any:
    try:
        return load_json(text)
    except json.JSONDecodeError as err:
        if not err.msg.startswith("Invalid control character"):
            raise
        # A raw newline or tab inside a string: llama.cpp's JSON grammar allows them (measured:
        # the embedded model's quiz failed twice on one). The meaning is unambiguous, and the
        # artifact is re-serialised canonically, so accept it rather than spend a repair.
        return load_json(text, strict=False)


def check_text(
    artifact_type: str, text: str, *, draft: bool = False
) -> tuple[StructuralReport, Any]:
    """Parse and validate model output; unparseable JSON is itself a structural violation.

    With `draft`, the text may be in the type's generation shape (`spec.read_draft`), as
    the repair loop's model writes it; files are checked against the contract as they are.
    """
    spec = get_spec(artifact_type)
    try:
        data = parse_json_text(text)
    except SchemaError as err:
        report = StructuralReport(
            artifact_type=spec.name, valid=False, item_count=0,
            violations=[Violation(message=f"Artifact is {err}", code="invalid_json")],
        )
        return report, None
    if draft:
        data = spec.read_draft(data)
    return spec.validate(data), data

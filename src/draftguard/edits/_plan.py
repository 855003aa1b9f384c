"""The edit plan: the one public JSON contract for anchored edits.

A plan names a base version, an optional scope, constraints and a list of ops. Each op finds
its place by a text `anchor` (a fragment of the document, possibly part of a line); `line`
and `section` are optional hints that can narrow the search, never widen it.
The JSON Schema exported from `EditPlan` is checked in at `docs/schemas/edit_plan.schema.json`.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from draftguard.errors import SchemaError

__all__ = [
    "MULTI_PARAGRAPH",
    "NATURAL_SCOPES",
    "DeleteOp",
    "EditConstraints",
    "EditOp",
    "EditPlan",
    "InsertOp",
    "ReplaceOp",
    "edit_plan_json_schema",
    "parse_edit_plan",
]

#: The scope that lifts the one-paragraph rule and the default line budget ("expand").
MULTI_PARAGRAPH = "multi-paragraph"
#: Natural-language scopes; anything else is read as a heading path ("Intro > Background").
NATURAL_SCOPES = ("conclusion", "intro", "first paragraph", "last paragraph", MULTI_PARAGRAPH)

_STRICT = ConfigDict(extra="forbid", str_strip_whitespace=False)
# Control characters other than tab and line breaks: written into a post, they make every
# later command refuse it as binary, and on a terminal they can rewrite what is shown.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _printable(text: str) -> str:
    if m := _CONTROL.search(text):
        raise ValueError(f"holds the control character U+{ord(m[0]):04X}; only text is allowed")
    return text


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("is whitespace only; copy words from the document")
    return text


def _json_integer(value: Any) -> Any:
    # The schema says "integer": JSON true and "3" are not integers, though pydantic's lax
    # mode would read them as 1 and 3. 3.0 is one (JSON has one number type, and function-
    # call arguments arrive as floats); 3.5 is refused by the int validator after this.
    if isinstance(value, bool) or not isinstance(value, int | float | None):
        raise ValueError("must be a JSON integer (not a string or a boolean)")
    return value


_Text = Annotated[str, AfterValidator(_printable)]
_Anchor = Annotated[
    str,
    Field(
        min_length=1,
        description="Text copied from the document that locates the edit; may be part of a line.",
        json_schema_extra={"pattern": "\\S"},
    ),
    AfterValidator(_not_blank),
    AfterValidator(_printable),
]
_Line = Annotated[
    int | None,
    Field(
        default=None,
        ge=1,
        description="1-based line of the anchor in the base version; a hint, secondary to "
        "the anchor.",
    ),
    BeforeValidator(_json_integer),
]
_Section = Annotated[
    str | None,
    Field(
        default=None,
        min_length=1,
        description="Heading path or natural-language scope for this op; must lie inside `scope`.",
    ),
]


class ReplaceOp(BaseModel):
    """Replace the anchored text with `text`."""

    model_config = _STRICT
    type: Literal["replace"] = "replace"
    anchor: _Anchor
    text: _Text = Field(description="The text that takes the anchor's place.")
    line: _Line = None
    section: _Section = None


class InsertOp(BaseModel):
    """Insert `text` before or after the anchored text.

    An anchor that is a whole block (a heading or paragraph) gets the text as a new block;
    a whole line gets new lines; a fragment gets the text inline.
    """

    model_config = _STRICT
    type: Literal["insert"] = "insert"
    anchor: _Anchor
    position: Literal["before", "after"] = "after"
    text: _Text = Field(min_length=1, description="The text to insert.")
    line: _Line = None
    section: _Section = None


class DeleteOp(BaseModel):
    """Delete the anchored text (a fragment, whole lines or a whole block)."""

    model_config = _STRICT
    type: Literal["delete"] = "delete"
    anchor: _Anchor
    line: _Line = None
    section: _Section = None


EditOp = Annotated[ReplaceOp | InsertOp | DeleteOp, Field(discriminator="type")]


class EditConstraints(BaseModel):
    """Limits the plan asks for; they can tighten the defaults, only `multi-paragraph` widens."""

    model_config = _STRICT
    max_changed_lines: Annotated[int | None, BeforeValidator(_json_integer)] = Field(
        default=None,
        ge=1,
        description="Cap on changed lines. Without multi-paragraph scope it can only lower "
        "the default budget of min(12, 8% of lines).",
    )
    allow_heading_changes: bool = Field(
        default=False, strict=True,  # true or false: "yes" and 1 are not JSON booleans
        description="Allow ops that add, remove or change a heading.",
    )


class EditPlan(BaseModel):
    """A whole plan: validated as one, applied as one."""

    model_config = ConfigDict(
        extra="forbid",
        title="EditPlan",
        json_schema_extra={
            "$id": "https://draftguard.dev/schemas/edit_plan.schema.json",
            "examples": [
                {
                    "base_version": 3,
                    "scope": "Conclusion",
                    "constraints": {"max_changed_lines": 12, "allow_heading_changes": False},
                    "ops": [
                        {"type": "replace", "anchor": "Geno's won", "text": "Pat's won"},
                        {
                            "type": "insert",
                            "anchor": "## Conclusion",
                            "position": "after",
                            "text": "New paragraph.",
                        },
                        {"type": "delete", "anchor": "Unrelated: my cat", "line": 14},
                    ],
                }
            ],
        },
    )
    base_version: Annotated[int | None, BeforeValidator(_json_integer)] = Field(
        default=None, ge=0, description="The content version the plan was made for."
    )
    scope: str | None = Field(
        default=None,
        min_length=1,
        description="Heading path ('Intro > Background') or one of: "
        + ", ".join(NATURAL_SCOPES)
        + ". Omitted: the whole body, one paragraph per op.",
    )
    constraints: EditConstraints = Field(default_factory=EditConstraints)
    ops: list[EditOp] = Field(min_length=1, max_length=500)


def edit_plan_json_schema() -> dict[str, Any]:
    """The JSON Schema of `EditPlan` (draft 2020-12), as checked in under docs/schemas."""
    schema = EditPlan.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def parse_edit_plan(data: str | bytes | dict[str, Any], *, what: str = "edit plan") -> EditPlan:
    """Validate a plan from JSON text or a dict; raises `SchemaError` with one readable line."""
    try:
        if isinstance(data, dict):
            return EditPlan.model_validate(data)
        return EditPlan.model_validate_json(data)
    except ValidationError as err:
        raise SchemaError(f"{what}: {describe_validation_error(err)}") from None


def describe_validation_error(err: ValidationError) -> str:
    """The first problem of a pydantic error as `where: what` (plus how many more)."""
    problems = err.errors()
    first = problems[0]
    where = ".".join(str(x) for x in first["loc"]) or "(top level)"
    msg = first["msg"]
    if first["type"] == "json_invalid":
        msg = f"not valid JSON ({first.get('ctx', {}).get('error', msg)})"
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{where}: {msg}{more}"


def dump_schema() -> str:
    """The schema file's exact text."""
    return json.dumps(edit_plan_json_schema(), indent=2, ensure_ascii=False) + "\n"

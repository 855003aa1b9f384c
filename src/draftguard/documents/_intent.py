"""What the user asked the judge to check: the goal, the criteria, the expected documents."""

from __future__ import annotations

from pydantic import Field, field_validator

from draftguard.documents._camel_model import CamelModel

__all__ = ["ValidationIntent"]


def _as_list(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list | tuple):
        return [str(v) for v in value if str(v).strip()]
    raise ValueError("expected a string or a list of strings")


class ValidationIntent(CamelModel):
    """What the user asked for: the judge's goal and criteria. Read from state as camelCase
    or snake_case keys."""

    primary_goal: str = Field(min_length=1)
    data_type: list[str] = Field(default_factory=list)
    """Content types (text, structured, binary, base64) or families (image, document...);
    any other words are left to the model."""
    expected_format: list[str] = Field(default_factory=list)
    """Formats or families; a document passes when it satisfies any one of them."""
    success_criteria: list[str] = Field(default_factory=list)
    expected_documents: list[str] = Field(default_factory=list)
    """Name patterns (fnmatch) that must each match a delivered document."""

    @field_validator("data_type", "expected_format", "success_criteria", "expected_documents",
                     mode="before")
    @classmethod
    def _listify(cls, value: object) -> list[str]:
        return _as_list(value)

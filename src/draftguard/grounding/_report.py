"""Which tool arguments the user's own words support: the report and the check."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["GroundingReport", "Matcher", "ground_arguments"]

#: (argument value, all the user's text) -> does the text support that value?
Matcher = Callable[[Any, str], bool]


class GroundingReport(BaseModel):
    """`kept`: arguments to apply; `ignored`: argument -> why the user's words do not support
    it; `ignored_values`: what the caller had sent for each ignored argument."""

    model_config = ConfigDict(frozen=True)

    kept: dict[str, Any]
    ignored: dict[str, str]
    ignored_values: dict[str, Any] = Field(default_factory=dict)

    def ignored_items(self) -> dict[str, str]:
        """argument -> "price_level='$' (you never mentioned a price)"."""
        return {name: f"{name}={self.ignored_values.get(name)!r} ({reason})"
                for name, reason in self.ignored.items()}

    @property
    def ignored_line(self) -> str | None:
        """One short line for people, or None when nothing was ignored."""
        items = self.ignored_items()
        return "Ignored: " + "; ".join(items.values()) if items else None


def ground_arguments(
    args: Mapping[str, Any],
    user_text: str,
    matchers: Mapping[str, Matcher],
    *,
    reasons: Mapping[str, str] | None = None,
) -> GroundingReport:
    """Split `args` into what `user_text` supports and what it does not (with reasons).

    An argument without a matcher, or None, is kept. So is a value its matcher cannot read
    (it raises ValueError or TypeError): the tool's own error, which lists the allowed values,
    says more than "ignored" would.
    """
    kept: dict[str, Any] = {}
    ignored: dict[str, str] = {}
    values: dict[str, Any] = {}
    for name, value in args.items():
        matcher = matchers.get(name)
        if matcher is None or value is None:
            kept[name] = value
            continue
        try:
            supported = matcher(value, user_text)
        except (ValueError, TypeError):
            kept[name] = value
            continue
        if supported:
            kept[name] = value
            continue
        ignored[name] = (reasons or {}).get(name) or (
            f"you never mentioned {name.replace('_', ' ')} {value!r}")
        values[name] = value
    return GroundingReport(kept=kept, ignored=ignored, ignored_values=values)

"""Field checks the artifact rules share: presence, type and non-emptiness."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from draftguard.artifacts._spec import Violation

__all__ = ["item_list", "text_field"]


def text_field(
    obj: Mapping[str, Any], name: str, where: str, item: int | None, out: list[Violation]
) -> str | None:
    """`obj[name]` when it is a non-blank string; otherwise record why and return None."""
    value = obj.get(name)
    if isinstance(value, str):
        if value.strip():
            return value
        out.append(Violation(message=f"{where}: {name} must not be empty", code="empty_field",
                             item=item))
        return None
    if value is None and name not in obj:
        out.append(Violation(message=f"{where}: missing field '{name}'", code="missing_field",
                             item=item))
    else:
        out.append(Violation(message=f"{where}: {name} must be a string", code="wrong_type",
                             item=item))
    return None


def item_list(
    data: Any, key: str, what: str, out: list[Violation]
) -> list[Any] | None:
    """The top-level list `data[key]`, or None after recording why it is unusable."""
    if not isinstance(data, Mapping):
        out.append(Violation(message=f"{what} must be a JSON object with a '{key}' list",
                             code="not_object"))
        return None
    items = data.get(key)
    if items is None:
        out.append(Violation(message=f"Missing field '{key}'", code="missing_field"))
        return None
    if not isinstance(items, list):
        out.append(Violation(message=f"'{key}' must be a list", code="wrong_type"))
        return None
    if not items:
        out.append(Violation(message=f"{what} must have at least 1 item ('{key}' is empty)",
                             code="no_items"))
        return None
    return items

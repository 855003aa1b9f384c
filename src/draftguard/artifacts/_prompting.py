"""The text of every model call in the repair loop, and the final failure message."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from draftguard.artifacts._plan import ArtifactPlan
from draftguard.artifacts._registry import get_spec

__all__ = [
    "AttemptRecord",
    "build_generate_prompt",
    "build_judge_prompt",
    "build_repair_prompt",
    "failure_message",
    "source_chunks",
]

_NONE = "  (none)"


class AttemptRecord(BaseModel):
    """One artifact the model wrote and what was wrong with it."""

    attempt: int = Field(description="0 for the first generation, then the repair number")
    artifact_text: str
    violations: list[str] = Field(default_factory=list)
    issues: list[str] = Field(default_factory=list)


def source_chunks(source: str, *, max_chars: int) -> str:
    """The source as the model sees it: trimmed to `max_chars`, cut at a paragraph or word."""
    text = source.strip()
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    at = cut.rfind("\n\n")
    if at < max_chars // 2:
        at = cut.rfind(" ")
    return cut[: at if at > 0 else max_chars].rstrip() + "\n[... source truncated ...]"


def _count(n: int, plural: str) -> str:
    return f"{n} {plural[:-1] if n == 1 and plural.endswith('s') else plural}"


def _bullets(lines: Sequence[str]) -> str:
    return "\n".join(f"  - {line}" for line in lines) if lines else _NONE


def _numbered(lines: Sequence[str]) -> str:
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


def _pretty(text: str) -> str:
    # The model's own JSON, laid out for reading; anything that is not JSON goes in verbatim.
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except ValueError:
        return text.strip() or "(empty)"


def _plan_json(plan: ArtifactPlan) -> str:
    return json.dumps({"concepts": plan.concepts, "items": plan.item_count}, indent=2,
                      ensure_ascii=False)


def build_generate_prompt(
    plan: ArtifactPlan, source: str, request: str, *, max_source_chars: int,
    include_example: bool = True,
) -> str:
    """The first generation's prompt. `include_example=False` leaves out the format example:
    under schema-constrained decoding the shape is enforced anyway, and small models copy
    the example instead of using the source (measured, see grounding.py)."""
    spec = get_spec(plan.artifact_type)
    example = (
        f"Example of the format:\n{json.dumps(dict(spec.example), ensure_ascii=False)}\n\n"
        if include_example and spec.example else ""
    )
    return (
        f"Write exactly {_count(plan.item_count, spec.draft_unit or spec.item_plural)} "
        f"from the source content below, in {spec.title} JSON format.\n\n"
        f"Request: {request.strip() or f'{spec.title} on the source'}\n\n"
        f"Key facts:\n{_numbered(plan.concepts)}\n\n"
        f"Source Content:\n{source_chunks(source, max_chars=max_source_chars)}\n\n"
        f"Rules:\n{_numbered(spec.generation_rules)}\n"
        f"{len(spec.generation_rules) + 1}. Use only facts stated in the source\n\n"
        f"{example}"
        f"Return only the {spec.title} as JSON."
    )


def build_judge_prompt(
    artifact_type: str, artifact: Mapping[str, Any], source: str, *, max_source_chars: int
) -> str:
    spec = get_spec(artifact_type)
    kinds = "\n".join(f'- "{k}"' for k in spec.judge_kinds)
    items = "\n".join(spec.render_items(artifact))
    return (
        f"Check this {spec.title} against the source content. For every {spec.item_label.lower()}"
        f" that is not supported by the source, report its number and the kind of problem.\n\n"
        f"Source Content:\n{source_chunks(source, max_chars=max_source_chars)}\n\n"
        f"{spec.title.capitalize()} to check:\n{items}\n\n"
        f"Kinds of problem:\n{kinds}\n\n"
        f'Return JSON {{"issues": [...]}}. Return {{"issues": []}} when everything is '
        f"supported by the source."
    )


def build_repair_prompt(
    plan: ArtifactPlan,
    source: str,
    current: AttemptRecord,
    history: Sequence[AttemptRecord],
    *,
    max_source_chars: int,
) -> str:
    """The repair prompt: plan, source, the failed artifact, its violations, earlier attempts."""
    spec = get_spec(plan.artifact_type)
    parts = [
        f"Repair this {spec.title} artifact to fix the following violations.",
        f"Original Plan:\n{_plan_json(plan)}",
        f"Source Content:\n{source_chunks(source, max_chars=max_source_chars)}",
        f"Current Artifact (INVALID):\n{_pretty(current.artifact_text)}",
        "Violations Found:\n"
        f"Structural Violations:\n{_bullets(current.violations)}\n\n"
        f"Semantic Issues:\n{_bullets(current.issues)}",
    ]
    if history:
        earlier = []
        for record in history:
            name = "first generation" if record.attempt == 0 else f"repair {record.attempt}"
            earlier.append(
                f"Attempt {record.attempt + 1} ({name}):\n{_pretty(record.artifact_text)}\n"
                f"Structural Violations:\n{_bullets(record.violations)}\n"
                f"Semantic Issues:\n{_bullets(record.issues)}"
            )
        parts.append(
            "Earlier Failed Attempts (do not repeat these mistakes):\n" + "\n\n".join(earlier)
        )
    parts.append(f"Rules:\n{_numbered(spec.repair_rules)}")
    parts.append("CRITICAL: Return the COMPLETE corrected artifact in valid JSON format.")
    return "\n\n".join(parts)


def failure_message(attempts: int, violations: Sequence[str], issues: Sequence[str]) -> str:
    """ "Validation failed after 2 repair attempts. Violations: [...] Issues: [...]"."""
    noun = "attempt" if attempts == 1 else "attempts"
    return (
        f"Validation failed after {attempts} repair {noun}. "
        f"Violations: {json.dumps(list(violations), ensure_ascii=False)} "
        f"Issues: {json.dumps(list(issues), ensure_ascii=False)}"
    )

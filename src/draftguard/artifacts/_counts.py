"""Counts: how many items a request asked for, how many were delivered, and why fewer.

A request for N items gets N; when the text cannot yield N good ones, the run says how many
it found and why (`ArtifactOutcome.shortfall`), and the reply and the job result carry it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from draftguard.artifacts._candidates import Candidate
from draftguard.artifacts._picking import settle_picks
from draftguard.artifacts._plan import ArtifactPlan
from draftguard.artifacts._spec import ArtifactSpec

__all__ = [
    "count_words", "delivered_items", "item_owners", "planned_count", "shortfall_line",
]


def count_words(n: int, noun: str) -> str:
    """`n` with `noun` in the right number; `noun` may come singular or plural."""
    if noun.endswith("ches"):
        singular, plural = noun[:-2], noun
    else:
        singular = noun[:-1] if noun.endswith("s") else noun
        plural = singular + "s"
    return f"{n} {singular if n == 1 else plural}"


def delivered_items(artifact_type: str, artifact: Any) -> int:
    """Items delivered: questions, cards, or the mindmap's branches (the root's children)."""
    if not isinstance(artifact, Mapping):
        return 0
    if artifact_type == "mindmap":
        nodes = artifact.get("nodes") or []
        kids = {k for n in nodes for k in n.get("children", [])}
        root = next((n for n in nodes if n.get("id") not in kids), None)
        return len(root.get("children", [])) if root else 0
    items = next((v for v in artifact.values() if isinstance(v, list)), [])
    return len(items)


def shortfall_line(spec: ArtifactSpec, found: int, asked: int, why: str) -> str:
    """Why `found` items and not the `asked` ones, in words for the author."""
    items = count_words(found, spec.draft_unit or spec.item_plural)
    if why == "facts":
        return f"the text holds only {count_words(found, 'fact')} to build them on"
    if why == "candidates":
        verb = "passes" if found == 1 else "pass"
        return (f"the text yields only {items} that {verb} the quality checks, each on a "
                "different fact")
    return f"only {items} passed the checks"


def item_owners(artifact_type: str, data: Any, picked: int) -> dict[int, int]:
    """Item number (as the checks count them) -> picked candidate number. A mindmap's checks
    count nodes (the root first, in pre-order); each node belongs to the branch above it."""
    if artifact_type != "mindmap":
        return {n: n for n in range(1, picked + 1)}
    root = data.get("root") if isinstance(data, Mapping) else None
    owners: dict[int, int] = {}
    number = 1
    for b, branch in enumerate((root or {}).get("children") or [], 1):
        stack = [branch]
        while stack:
            node = stack.pop()
            number += 1
            owners[number] = b
            kids = node.get("children") if isinstance(node, Mapping) else None
            stack.extend(reversed(kids or []))
    return owners




def planned_count(
    spec: ArtifactSpec, candidates: Sequence[Candidate], plan: ArtifactPlan, asked: int | None
) -> tuple[int, str, dict[str, Any]]:
    """(items to make, the plan's log line, its fields). With candidates (a small model
    picks), the count is what a pick can hold: candidates on different facts, as many as
    were asked for (or the type's default); else the plan's count (capped by the facts)."""
    if not candidates:
        return plan.item_count, f"Plan created: {count_words(plan.item_count, spec.plan_noun)}", {
            "concepts": plan.item_count, "requested": asked}
    want = asked or spec.default_count
    count = max(1, min(want, len(settle_picks(None, candidates, want)[0])))
    line = (f"Plan created: {count_words(len(candidates), 'candidate')} for "
            f"{count_words(count, spec.draft_unit or spec.item_plural)}")
    return count, line, {"candidates": len(candidates), "items": count, "requested": asked}

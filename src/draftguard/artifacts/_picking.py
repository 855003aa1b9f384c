"""The small model's one job: pick candidate ids from an enum; code reads and settles picks."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from draftguard.artifacts._candidates import Candidate
from draftguard.artifacts._spec import ArtifactSpec

__all__ = ["PICK_SYSTEM", "build_pick_prompt", "pick_schema", "settle_picks"]

PICK_SYSTEM = "You choose study material for a learner. Answer only JSON."

#: Candidates listed in one pick prompt: enough to choose from, few enough for a small context.
MAX_LISTED = 12
_SUMMARY_CHARS = 100


def listed(candidates: Sequence[Candidate], count: int) -> list[Candidate]:
    """The candidates shown to the model: code's best `MAX_LISTED`, in reading order."""
    limit = max(MAX_LISTED, count + 2)
    ranked = sorted(candidates, key=lambda c: c.rank)
    keep: list[Candidate] = []
    keys: set[str] = set()
    # Candidates on different terms and sentences first: the list is short, and two clozes
    # of one sentence are one choice.
    spread: set[str] = set()
    for c in ranked:
        if len(keep) < limit and not c.keys & keys and not (c.spread and c.spread in spread):
            keep.append(c)
            keys |= c.keys
            spread.add(c.spread)
    for c in ranked:
        if len(keep) < limit and c not in keep and not c.keys & keys:
            keep.append(c)
            keys |= c.keys
    for c in ranked:
        if len(keep) < limit and c not in keep:
            keep.append(c)
    ids = {c.id for c in keep}
    return [c for c in candidates if c.id in ids]


def pick_schema(candidates: Sequence[Candidate], count: int) -> dict[str, Any]:
    """`{"picks": [id, ...]}` with exactly `count` ids, each one of the candidates' ids."""
    return {
        "type": "object",
        "properties": {"picks": {
            "type": "array", "items": {"type": "string", "enum": [c.id for c in candidates]},
            "minItems": count, "maxItems": count,
        }},
        "required": ["picks"],
    }


def build_pick_prompt(
    spec: ArtifactSpec, candidates: Sequence[Candidate], count: int, request: str
) -> str:
    lines = [
        f"Choose the {count} best {_unit(spec, count)}"
        f" for a {spec.title} about this request: "
        f"{json.dumps(request or spec.title, ensure_ascii=False)}",
        "Prefer ones that cover different ideas. Candidates:",
    ]
    for c in candidates:
        summary = " ".join(c.summary.split())
        if len(summary) > _SUMMARY_CHARS:
            summary = summary[: _SUMMARY_CHARS - 1].rstrip() + "…"
        lines.append(f"{c.id}: {summary}")
    lines.append(f'Answer {{"picks": [...]}} with {count} different ids.')
    return "\n".join(lines)


def _unit(spec: ArtifactSpec, count: int) -> str:
    plural = spec.draft_unit or spec.item_plural
    return plural if count != 1 else plural.removesuffix("es" if plural.endswith("ches") else "s")


def settle_picks(
    answer: Any, candidates: Sequence[Candidate], count: int
) -> tuple[list[Candidate], int]:
    """The picked candidates, and how many of them the model chose.

    Unknown ids, repeats and picks that cover a term already picked are dropped; the rest is
    filled from code's own ranking, so a model that repeats itself (small ones do) still
    yields `count` different items. Code decides; the model's picks come first.
    """
    by_id = {c.id: c for c in candidates}
    raw = answer.get("picks") if isinstance(answer, dict) else None
    chosen: list[Candidate] = []
    keys: set[str] = set()

    def take(c: Candidate) -> bool:
        if c in chosen or c.keys & keys:
            return False
        chosen.append(c)
        keys.update(c.keys)
        return True

    for pid in raw if isinstance(raw, list) else []:
        if isinstance(pid, str) and pid in by_id and len(chosen) < count:
            take(by_id[pid])
    by_model = len(chosen)
    ranked = sorted(candidates, key=lambda c: c.rank)
    spread = {c.spread for c in chosen if c.spread}
    for c in ranked:  # first one item per sentence, then the rest
        if len(chosen) < count and not (c.spread and c.spread in spread) and take(c):
            spread.add(c.spread)
    for c in ranked:
        if len(chosen) >= count:
            break
        take(c)
    return chosen, by_model

"""The plan: which source facts the artifact covers, chosen without a model.

The repair prompt quotes this plan ("concepts"). Planning without a model keeps the repair
loop inside its budget of 6 model calls, and hands a small model concrete facts to turn into
items instead of asking it to find them.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from draftguard.artifacts._registry import get_spec
from draftguard.split._segmentation import Granularity, segment

__all__ = ["MAX_ITEMS", "ArtifactPlan", "make_plan", "requested_count"]

MAX_ITEMS = 30
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20,
}
_COUNT = re.compile(r"\b(\d{1,3}|" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
_MIN_WORDS = 4
_MAX_CONCEPT_CHARS = 240


class ArtifactPlan(BaseModel):
    artifact_type: str
    item_count: int = Field(ge=1, description="items to write: requested, capped by the facts")
    concepts: list[str] = Field(description="source sentences, one per item, in source order")
    requested: int | None = Field(default=None, description="the count the request asked for")


def requested_count(request: str) -> int | None:
    """The first count in the request ("5 questions", "ten cards"), if any, within 1..MAX_ITEMS."""
    for match in _COUNT.finditer(request):
        token = match.group(1).lower()
        n = _NUMBER_WORDS[token] if token in _NUMBER_WORDS else int(token)
        if 1 <= n <= MAX_ITEMS:
            return n
    return None


def _facts(source: str) -> list[str]:
    seen: set[str] = set()
    facts: list[str] = []
    for sentence in segment(source, Granularity.SENTENCE):
        text = " ".join(sentence.split()).lstrip("#>*-• ").strip()
        key = text.casefold()
        if not text or key in seen:
            continue
        seen.add(key)
        if len(text) > _MAX_CONCEPT_CHARS:
            text = text[:_MAX_CONCEPT_CHARS].rsplit(" ", 1)[0] + " …"
        facts.append(text)
    substantial = [f for f in facts if len(f.split()) >= _MIN_WORDS]
    return substantial or facts


def make_plan(artifact_type: str, source: str, request: str) -> ArtifactPlan:
    """Pick up to the requested number of facts, spread evenly over the source.

    The count never exceeds the facts the source holds: asking a model for more items than
    the source supports is how hallucinated questions are made.
    """
    spec = get_spec(artifact_type)
    asked = requested_count(request)
    facts = _facts(source)
    want = asked or spec.default_count
    count = max(1, min(want, len(facts)))
    if len(facts) <= count:
        chosen = facts
    else:
        step = len(facts) / count
        chosen = [facts[int(i * step)] for i in range(count)]
    return ArtifactPlan(
        artifact_type=spec.name, item_count=count, concepts=chosen, requested=asked
    )

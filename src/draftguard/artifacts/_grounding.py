"""Deterministic semantic checks: items copied from the prompt's format example, and quiz
answers the source does not contain.

The generate prompt shows one example item so the model sees the shape. Small models copy
it (measured: SmolLM2 answered an ATP source with the example's "Mitochondria" card, and
its own judge passed it). Text taken verbatim from the example that the source does not
contain cannot be grounded in the source, so it is reported as a hallucination without
asking a model: the repair step sees it like any judge issue, and no call is spent.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rapidfuzz import fuzz

from draftguard.artifacts._registry import get_spec
from draftguard.artifacts._semantic import ISSUE_TEXT, SemanticIssueKind
from draftguard.artifacts._spec import ArtifactSpec, normalize_key

__all__ = ["ANSWER_SCORE_CUTOFF", "copied_example_issues", "ungrounded_answer_issues"]

#: How closely (rapidfuzz partial_ratio, 0-100) a quiz answer must appear in its source.
ANSWER_SCORE_CUTOFF = 85.0


def _texts(item: Any, fields: tuple[str, ...]) -> Iterator[str]:
    if not isinstance(item, Mapping):
        return
    for name in fields:
        value = item.get(name)
        if isinstance(value, str) and value.strip():
            yield value


def _items(spec: ArtifactSpec, artifact: Any) -> list[Any]:
    if not isinstance(artifact, Mapping):
        return []
    items = artifact.get(spec.items_key)
    return items if isinstance(items, list) else []


def copied_example_issues(artifact_type: str, artifact: Any, source: str) -> list[str]:
    """One issue per item that repeats the format example's text (absent from `source`) in
    two of its content fields, or in its only one.

    `artifact` is the canonical form (a nested mindmap is converted first). Comparison is
    after normalisation (case, spacing), like every duplicate check.
    """
    spec = get_spec(artifact_type)
    if not spec.example or not spec.items_key or not spec.content_fields:
        return []
    if isinstance(artifact, Mapping) and spec.items_key not in artifact:
        artifact = spec.validate(artifact).artifact
    example = spec.validate(spec.read_draft(dict(spec.example))).artifact
    in_source = normalize_key(source)
    foreign = {
        key for item in _items(spec, example) for text in _texts(item, spec.content_fields)
        if (key := normalize_key(text)) and key not in in_source
    }
    if not foreign:
        return []
    issues: list[str] = []
    for number, item in enumerate(_items(spec, artifact), 1):
        texts = list(_texts(item, spec.content_fields))
        copied = [t for t in texts if normalize_key(t) in foreign]
        # One short phrase in common can be chance ("100 °C"); two fields, or the whole of a
        # one-field item (a mindmap label), is the example itself.
        if copied and len(copied) >= min(2, len(texts)):
            issues.append(
                f"{spec.item_name(artifact, number)}: "
                f"{ISSUE_TEXT[SemanticIssueKind.HALLUCINATED]} (copied from the format "
                f"example, not the source: '{copied[0].strip()}')"
            )
    return issues


def ungrounded_answer_issues(
    artifact_type: str, artifact: Any, source: str, *, score_cutoff: float = ANSWER_SCORE_CUTOFF
) -> list[str]:
    """One issue per quiz question whose correct answer does not appear in `source`.

    A question made from a post is answerable from it only if its answer is in it; the best
    alignment of the answer inside the source (rapidfuzz `partial_ratio`, after
    normalisation) must score at least `score_cutoff`. Other artifact types have no field
    that must be quoted, so they get no issues here.
    """
    if artifact_type != "quiz" or not isinstance(artifact, Mapping):
        return []
    spec = get_spec(artifact_type)
    haystack = normalize_key(source)
    issues: list[str] = []
    for number, item in enumerate(_items(spec, artifact), 1):
        answer = item.get("correct_answer") if isinstance(item, Mapping) else None
        if not isinstance(answer, str) or not (needle := normalize_key(answer)):
            continue  # the structural rules report a missing answer
        if fuzz.partial_ratio(needle, haystack, score_cutoff=score_cutoff) == 0:
            issues.append(
                f"{spec.item_name(artifact, number)}: "
                f"{ISSUE_TEXT[SemanticIssueKind.NOT_ANSWERABLE]} (the answer "
                f"'{answer.strip()}' is not in the source)"
            )
    return issues

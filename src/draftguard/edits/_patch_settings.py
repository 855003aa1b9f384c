"""The patcher's tunables, with the one copy of their defaults."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PatchSettings"]


@dataclass(frozen=True)
class PatchSettings:
    """How closely an anchor must match and how much one plan may change.

    agents.yaml's `content_editor` section exposes the first, fourth and fifth; the class
    attributes are the defaults every signature in `draftguard.edits` refers to.
    """

    score_cutoff: float = 85.0
    """Fuzzy anchor matches score at least this (0-100); below it: "did you mean"."""
    min_fuzzy_length: int = 8
    """Anchors shorter than this are never matched fuzzily."""
    ambiguity_margin: float = 3.0
    """A second fuzzy match within this many points of the best one makes the anchor ambiguous."""
    max_changed_lines: int = 12
    """Line budget cap per plan ..."""
    max_changed_fraction: float = 0.08
    """... or this share of the document's lines, whichever is smaller."""
    diff_context: int = 3
    """Unchanged lines shown around each hunk of the diff."""

"""Edits placed in a post: a phrase found word for word, a described sentence or paragraph
found by meaning, each turned into an edit plan with anchors copied from the post (grown
until unique), or into one question that quotes the candidates.

`make(anchor)` builds the ops for one place; the questions never name ops or anchors, only
the post's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from draftguard.edits._plan import DeleteOp, InsertOp, ReplaceOp
from draftguard.understanding._asking import ask, snippet
from draftguard.understanding._locate import (
    DEFAULT_MARGIN,
    DEFAULT_MIN_COVERAGE,
    PostView,
    Span,
)
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["Make", "edit_request", "op_slots", "place_phrase", "place_unit", "place_units"]

Make = Callable[[str], list[dict[str, Any]]]
#: Candidates a question lists at most.
MAX_CANDIDATES = 5


def op_slots(op: ReplaceOp | InsertOp | DeleteOp) -> dict[str, Any]:
    return op.model_dump(mode="json", exclude_none=True)


def edit_request(ops: list[dict[str, Any]], *, scope: str | None = None,
                 headings: bool = False, confidence: float = 1.0) -> Interpretation:
    slots: dict[str, Any] = {"ops": ops}
    if scope:
        slots["scope"] = scope
    if headings:
        slots["allow_heading_changes"] = True
    return Interpretation(intent=Intent.EDIT, slots=slots, confidence=confidence)


def _marked(view: PostView, span: Span, *, limit: int = 80) -> str:
    """The sentence around `span` with the occurrence in [brackets], cut around it."""
    for s in view.sentences:
        if s.start <= span.start and span.end <= s.end:
            a, b = span.start - s.start, span.end - s.start
            flat = " ".join(f"{s.text[:a]}[{s.text[a:b]}]{s.text[b:]}".split())
            if len(flat) <= limit:
                return flat
            at = flat.index("[")
            lo = max(0, at - limit // 2)
            return ("…" if lo else "") + flat[lo:lo + limit].strip() + "…"
    return f"[{span.text}]"


def place_phrase(view: PostView, phrase: str, make: Make, *, region: Span | None = None,
                 scope: str | None = None, everywhere: bool = False) -> Interpretation:
    """The edit at the one place `phrase` stands (in `region`); every place when
    `everywhere`; else a question listing where it stands, or saying it is not there."""
    hits = view.occurrences(phrase, region)
    if len(hits) == 1:
        anchor = hits[0] if scope is not None else view.unique_anchor(hits[0])
        return edit_request(make(anchor.text), scope=scope)
    if not hits:
        return ask(f"I could not find “{phrase}” in the post. Which words do you mean? "
                   "Quote them exactly.")
    if everywhere:
        ops = [op for h in hits for op in make(view.unique_anchor(h).text)]
        in_heading = any(s.start <= h.start < s.end for _, s in view.headings for h in hits)
        # Every place the author asked for: the one-paragraph rule and the small line
        # budget of a single edit do not apply.
        return edit_request(ops, scope="multi-paragraph", headings=in_heading)
    shown = hits[:MAX_CANDIDATES]
    cands = tuple(edit_request(make(view.unique_anchor(h).text)) for h in shown)
    listed = "; ".join(f"{i}. “{_marked(view, h)}”" for i, h in enumerate(shown, 1))
    return ask(f"“{phrase}” is in the post {len(hits)} times. Which one: {listed}? "
               "(Or say “everywhere”, or name the paragraph.)", cands)


def place_units(view: PostView, units: list[Span], make: Make, kind: str) -> Interpretation:
    """The edit of the one unit given, or a question listing the units."""
    if len(units) == 1:
        return edit_request(make(view.unique_anchor(units[0]).text))
    if not units:
        return ask(f"I could not find that {kind} in the post. Quote its words and I will "
                   "do it.")
    cands = tuple(edit_request(make(view.unique_anchor(u).text)) for u in units)
    listed = "; ".join(f"{i}. “{snippet(u.text)}”" for i, u in enumerate(units, 1))
    return ask(f"Which {kind} do you mean: {listed}?", cands)


def place_unit(view: PostView, description: str, kind: str, make: Make, *,
               region: Span | None = None, min_coverage: float = DEFAULT_MIN_COVERAGE,
               margin: float = DEFAULT_MARGIN) -> Interpretation:
    """The edit of the sentence (or paragraph) `description` is about: found by meaning
    and words; several close candidates are one question quoting them."""
    if not description.strip():  # "that sentence" with nothing named before it
        return ask(f"Which {kind} do you mean? Quote its words and I will do it.")
    found = view.describe(description, kind, region, min_coverage=min_coverage, margin=margin)
    if found.span is not None:
        return edit_request(make(view.unique_anchor(found.span).text), confidence=0.9)
    if not found.candidates:
        return ask(f"I could not find a {kind} about “{description}” in the post. Quote "
                   "its words and I will do it.")
    if len(found.candidates) == 1:  # near, but not clearly it: asked, never guessed
        only = found.candidates[0]
        return ask(f"Do you mean the {kind} “{snippet(only.text)}”? Say “the first” if so, "
                   "or quote its words.", (edit_request(make(view.unique_anchor(only).text)),))
    return place_units(view, list(found.candidates), make, kind)

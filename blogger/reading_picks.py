"""An answer to the reader's own question, read against the readings it offered (memory).

The question quoted its candidates ("Which sentence do you mean: 1. “...”; 2. “...”?"); the
author answers by what one of them says ("the one w the suitcase"), where it stands ("only
the one outside the library, in the last section"), or with all of them ("both of them").
Each candidate is known by the post's sentence around its words; the answer picks the one it
places or is clearly most like, else nothing is picked and the reader reads the message
afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from blogger.reading_places import Place, find_place
from draftguard.language import similarities
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._locate import PostView, Span

__all__ = ["picked"]

#: The longest answer read as a choice among the offered readings (more is a new message).
MAX_ANSWER_WORDS = 12
#: The cosine the answer must reach with the candidate it picks.
DEFAULT_PICK_SIMILARITY = 0.3
#: How far ahead of the next candidate the picked one must be.
DEFAULT_PICK_MARGIN = 0.08
#: Words that only point at a candidate ("the one with ..."), not what it says.
_POINTING = frozenset({"one", "w", "w/", "with", "only", "just", "that", "bit", "where",
                       "which", "about", "mean", "meant", "i"})


def picked(turn: Turn, *, min_similarity: float = DEFAULT_PICK_SIMILARITY,
           margin: float = DEFAULT_PICK_MARGIN) -> Interpretation | None:
    """The offered reading the answer in `turn` picks, all of them merged ("both of them"),
    else None (no question pending, or the message is a request of its own)."""
    offered = _offered(turn.memory.candidates)
    words = [t for t in turn.doc if not t.is_punct and not turn.is_(t, "discourse.")]
    if len(offered) < 2 or not words or len(words) > MAX_ANSWER_WORDS or any(
            turn.quote(t) or turn.is_(t, "action.") for t in turn.doc):
        return None
    if all(turn.is_(t, "answer.all") or turn.is_(t, "relation.everywhere") or t.lower_ in (
            "of", "them", "the") for t in words):
        return _merged(offered)  # "both of them", "all three"
    view = turn.view
    if view is None or any(c.intent is not Intent.EDIT for c in offered):
        return None
    spans = {i: span for i, c in enumerate(offered) if (span := _context(view, c)) is not None}
    place, said = _place_said(turn, words)
    region = place.region if place is not None else None
    inside = [i for i, span in spans.items() if region is not None and
              region.start <= span.start and span.end <= region.end]
    # the place narrows the candidates when it holds some ("in the last section" may name
    # a heading's part or the last paragraph); the words said decide among the rest
    kept = inside or list(spans)
    described = [t for t in said if t.lower_ not in _POINTING and not t.is_stop]
    if not described:
        return offered[inside[0]] if len(inside) == 1 else None
    named = [i for i in kept if all(view.occurrences(t.text, spans[i]) for t in described)]
    if len(named) == 1:
        return offered[named[0]]  # "the one w the suitcase": its words stand in one only
    scores: list[float] = list(similarities(turn.words(described),
                                            [spans[i].text for i in kept])) if kept else []
    ranked = sorted(zip(scores, kept, strict=True), reverse=True)
    if not ranked or ranked[0][0] < min_similarity or (
            len(ranked) > 1 and ranked[0][0] - ranked[1][0] < margin):
        return None
    return offered[ranked[0][1]]


def _offered(candidates: tuple[dict[str, Any], ...]) -> list[Interpretation]:
    try:
        return [Interpretation.model_validate(c) for c in candidates]
    except ValueError:
        return []  # a memory that no longer reads: start afresh


def _place_said(turn: Turn, words: list[Token]) -> tuple[Place | None, list[Token]]:
    """The part of the post the answer names ("in the last section"), and its other words."""
    at = next((n for n, t in enumerate(words) if turn.is_(t, "relation.scope")), None)
    if at is None:
        return None, words
    clause = Clause(list(turn.doc), turn.lexicon.terms(turn.doc, typos=False))
    place = find_place(turn, clause, words[at + 1:])
    return (place, words[:at]) if place is not None else (None, words)


def _context(view: PostView, candidate: Interpretation) -> Span | None:
    """The post's sentence holding the candidate's first anchor (the anchor, when longer)."""
    ops = candidate.slots.get("ops")
    if not isinstance(ops, list) or not ops or not isinstance(ops[0], dict):
        return None
    found = view.occurrences(str(ops[0].get("anchor", "")))
    if len(found) != 1:
        return None
    sentence = next((s for s in view.sentences if s.start <= found[0].start < s.end), None)
    if sentence is None:
        return found[0]
    return view.span(min(found[0].start, sentence.start), max(found[0].end, sentence.end))


def _merged(offered: list[Interpretation]) -> Interpretation | None:
    """Every offered edit at once ("both of them"), else None (not all edits)."""
    if any(c.intent is not Intent.EDIT or not isinstance(c.slots.get("ops"), list)
           for c in offered):
        return None
    ops = [op for c in offered for op in c.slots["ops"]]
    slots: dict[str, Any] = {"ops": ops}
    # every place the author asked for, as "everywhere" is: the one-paragraph rule and the
    # small line budget of a single edit do not apply
    slots["scope"] = "multi-paragraph"
    if any(c.slots.get("allow_heading_changes") for c in offered):
        slots["allow_heading_changes"] = True
    return Interpretation(intent=Intent.EDIT, slots=slots)

"""Where a planner message that names several venues is cut into its requests: at the
coordinated verb phrases the parse finds ("put X on the shortlist and tell me about Y")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from draftguard.understanding._planner_slots import SlotReading

__all__ = ["once", "unset", "verb_phrases"]


def verb_phrases(part: str, venues_in: Callable[[str], int]) -> list[str]:
    """`part` cut before each "and" that joins two verb phrases (the parse's `cc` of a verb
    with a verb `conj` after it), when `part` names two venues or more (`venues_in` counts
    them) and each piece names exactly one, or it names one and the last piece names it
    ("find french for 2 and tell me about La Mercier"), or the first piece names it and no
    other piece any ("remove the first one and show me the list"); or at ", and" when only what
    follows names a venue ("sushi in old city for 2, and add Kaze to my shortlist"); else
    `[part]`."""
    if venues_in(part) < 1:
        return [part]
    from draftguard.language import parse

    doc = parse(part, entities=False)
    # An aside ("while you're at it", "if it's free") points at nothing: its "it" is no
    # venue, so the counts are taken on the part without it.
    bare = part
    for clause in (t for t in doc if t.dep_ == "advcl" and any(
            c.dep_ == "mark" for c in t.children)):
        start, end = clause.left_edge.idx, clause.right_edge.idx + len(clause.right_edge.text)
        bare = bare[:start] + " " * (end - start) + bare[end:]
    named = venues_in(bare)
    if named == 1 and ", and " in part:
        first, _, second = part.rpartition(", and ")
        if first.strip(" ,") and venues_in(first) == 0:
            return [first, second]
    # A "verb" after "and" that is a venue's name is none ("keep X and Tsubame in my list").
    cuts = [(t.idx, t.idx + len(t.text)) for t in doc
            if t.dep_ == "cc" and t.head.pos_ == "VERB" and any(
                c.dep_ == "conj" and c.pos_ == "VERB" and c.i > t.i and not venues_in(c.text)
                for c in t.head.children)]
    pieces: list[str] = []
    counted: list[str] = []
    start = 0
    for before, after in cuts:
        pieces.append(part[start:before])
        counted.append(bare[start:before])
        start = after
    pieces.append(part[start:])
    counted.append(bare[start:])
    kept = [i for i, p in enumerate(pieces) if p.strip(" ,")]
    pieces = [pieces[i].strip(" ,") for i in kept]
    counts = [venues_in(counted[i]) for i in kept]
    # One venue named, by the last piece only: a search, then that venue; or by the first
    # only: that venue, then requests of no venue ("add X to my list and show me the list").
    alone = [0] * (len(pieces) - 1) + [1]
    leading = [1] + [0] * (len(pieces) - 1)
    if len(pieces) < 2 or counts not in ([[1] * len(pieces)] if named > 1 else [alone, leading]):
        return [part]
    return pieces


def once(requests: Sequence[Interpretation]) -> list[Interpretation]:
    """`requests` with a request for the plan or for help made again in the same message
    left out ("we'll stick with what's saved. what's on me list": the list shown once), and
    so a shortlist change made again ("go with X. add it to the list": X added once), and a
    pick of a venue the message puts on the list or takes off ("X then. add to list.": the
    change says what was meant)."""
    changed = {r.slots.get("venue") for r in requests
               if r.intent is Intent.SHORTLIST and r.question is None}
    requests = [r for r in requests if not (r.intent is Intent.PICK and r.question is None
                                            and r.slots.get("venue") in changed)]
    seen: set[Intent] = set()
    changes: list[dict[str, object]] = []
    kept: list[Interpretation] = []
    for request in requests:
        if request.intent in (Intent.PLAN, Intent.HELP) and request.question is None:
            if request.intent in seen:
                continue
            seen.add(request.intent)
        if request.intent is Intent.SHORTLIST and request.question is None:
            if dict(request.slots) in changes:
                continue
            changes.append(dict(request.slots))
        kept.append(request)
    return kept


#: Preferences a message may deny without naming another ("nothing too flash").
_DENIABLE = ("price_level",)


def unset(requests: Sequence[Interpretation], readings: Sequence[SlotReading]
          ) -> tuple[str, ...]:
    """The preferences a part of the message denied ("nothing too flash", "nae need for
    anything posh": no price level) that the message's search leaves out, for the reply to
    say so; none when no search runs."""
    searched = [r for r in requests if r.intent is Intent.SEARCH and r.question is None]
    return tuple(name for name in _DENIABLE if searched and name not in searched[0].slots
                 and any(name in r.cleared for r in readings))

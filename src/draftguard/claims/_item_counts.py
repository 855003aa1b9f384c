"""How many things a claimed act found or made, held to its run's count.

"Just the one steakhouse came up" after a search that found two: the number counts the
subject or object of a verb the sentence claims as the app's act ("came up", "found",
"turned up"), and a run that did that act declares the result fields that count what it
acted on (`ToolClaims.count_fields`: the search's `count`). The number must then be one of
those counts, not any number of the record (a venue's price level of 1, a list of one).
"""

from __future__ import annotations

from draftguard.claims._facts import Quantity
from draftguard.claims._reading import Reading
from draftguard.claims._record import ToolRun
from draftguard.claims._verb_forms import verb_bases
from draftguard.claims._view import RecordView

__all__ = ["miscounted"]


def _counts(view: RecordView, runs: list[ToolRun], noun: str | None) -> set[float]:
    """The counts the runs' results give in their declared count fields that count `noun`:
    a bare `count` counts what the run acted on, a `document_count` only documents."""
    out: set[float] = set()
    for run in runs:
        declared = view.record.declared(run.tool, view.guard.concept_of)
        for name in declared.count_fields:
            counts = set(name.lower().split("_")) - {"count"}
            if counts and not {noun, (noun or "") + "s"} & counts:
                continue
            value = run.result.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                out.add(float(value))
    return out


def miscounted(view: RecordView, reading: Reading) -> Quantity | None:
    """The first number of the sentence that counts what a claimed act of the app acted on
    and is none of the counts its runs give (None when there is none)."""
    for quantity in reading.quantities:
        if quantity.act is None or quantity.label:
            continue
        for claim in reading.claims:
            if not claim.asserted or claim.negated or claim.by_person or claim.kind != "action":
                continue
            word = claim.word.lower()
            if quantity.act != word and quantity.act not in verb_bases(word):
                continue
            counts = _counts(view, view.backing(claim), quantity.noun)
            if counts and not view.about(quantity, counts):
                return quantity
    return None

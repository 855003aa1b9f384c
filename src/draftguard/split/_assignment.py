"""Code's proposal for a split: which paragraph goes to draft_ok, for which outline item.

The coverage check's scores say which paragraphs *relate* to an item; they do not say which
item a paragraph is *about*. A paragraph that merely ends on an item's rarest word ("...
enough to raise a loaf") scores high for it, while the paragraph that is about it ("Bake in
a preheated Dutch oven...") may share only a common word. Writers open a paragraph with its
topic, so the proposal reads the *lead*: a paragraph whose first topic word is one of an
item's words is about that item, whatever else it mentions. Otherwise a paragraph joins
the item it scores best for, from `score_cutoff` up; an item left without a paragraph takes
its best-scoring one. Headings are never proposed by their lead (a title names the post).

Given a `Similarity` (`language_similarity()`: the language layer's MiniLM), each score is
the lexical share blended with meaning (`Blend`), so a paragraph that shares no word with
its heading ("A burr grinder..." for "Grinding") is still placed; without one the scores
are the lexical ones.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pydantic import BaseModel

from draftguard.split._coverage import (
    DEFAULT_SCORE_CUTOFF,
    _score,
    _topic_items,
    stems,
)
from draftguard.split._meaning import DEFAULT_BLEND, Blend, Similarity, blend_scores
from draftguard.split._order import order_scores, ordered_anchors

__all__ = ["LEAD_BONUS", "ItemAssignment", "SplitProposal", "propose_split", "revise_split"]

#: Added to an item's score (0-100) for a paragraph whose first topic word is the item's.
LEAD_BONUS = 100.0


class ItemAssignment(BaseModel):
    """One outline item: the paragraphs proposed for it and the others that could serve it
    (1-based ids, best first)."""

    item: int
    text: str
    ids: list[int]
    alternatives: list[int]


class SplitProposal(BaseModel):
    """Code's split: the draft_ok ids, and per item which paragraph was proposed and why."""

    ok_ids: list[int]
    items: list[ItemAssignment]
    scores: dict[int, dict[int, float]]
    """scores[item][id]: the proposal's score (coverage score, blended with meaning when a
    similarity was given, plus `LEAD_BONUS` for a lead match), only where it is above 0."""
    by_meaning: bool = False
    """Whether meaning was blended in (False: the lexical scores alone)."""

    def item_score(self, item: int, ids: Sequence[int]) -> float:
        """How well the paragraphs `ids` serve `item`: the best of their scores."""
        row = self.scores.get(item, {})
        return max((row.get(i, 0.0) for i in ids), default=0.0)

    def ranked(self, item: int) -> list[int]:
        """The ids that score for `item` (above 0), best first."""
        row = self.scores.get(item, {})
        return sorted(row, key=lambda n: (-row[n], n))


def _is_heading(unit: str) -> bool:
    return unit.lstrip().startswith("#")


def _table(rows: Sequence[Sequence[float]], items: Sequence[tuple[int, str, list[str]]],
           leads: Sequence[str | None]) -> dict[int, dict[int, float]]:
    """table[item][id]: a row of scores plus `LEAD_BONUS` for a lead match, where above 0."""
    table: dict[int, dict[int, float]] = {}
    for k, (i, _, item_stems) in enumerate(items):
        row = {}
        for u, lead in enumerate(leads):
            value = rows[k][u] + (LEAD_BONUS if lead in item_stems else 0.0)
            if value > 0:
                row[u + 1] = value
        table[i] = row
    return table


def propose_split(
    outline: str,
    units: Sequence[str],
    *,
    score_cutoff: float = DEFAULT_SCORE_CUTOFF,
    alternatives: int = 2,
    similarity: Similarity | None = None,
    blend: Blend = DEFAULT_BLEND,
) -> SplitProposal:
    """Code's proposal for splitting `units` (the draft's paragraphs, in order) by `outline`
    (see the module docstring); `alternatives` other ids per item are kept for a model
    that may adjust the proposal (or for a retry). `similarity` blends meaning into the
    scores as `blend` says; None keeps them lexical."""
    items = _topic_items(outline)
    texts = [text for _, text, _ in items]
    lexical, _ = _score(items, units)
    scores = blend_scores(texts, units, lexical, similarity, blend=blend)
    leads = [None if _is_heading(u) else next(iter(stems(u)), None) for u in units]
    proposal: dict[int, float] = {}
    assigned: dict[int, list[int]] = {i: [] for i, _, _ in items}
    table = _table(scores, items, leads)
    for u in range(len(units)):
        if u == 0 and _is_heading(units[0]) and len(units) > 1:
            continue  # the post's title names the whole post, not one item of it
        ranked = sorted(((table[i].get(u + 1, 0.0), -i, i) for i, _, _ in items), reverse=True)
        if not ranked:
            break
        value, _, best = ranked[0]
        plain = scores[[i for i, _, _ in items].index(best)][u]
        if value >= LEAD_BONUS or (plain >= score_cutoff and plain > 0):
            assigned[best].append(u + 1)
            proposal[u + 1] = value
    # An item nobody was assigned to takes its paragraph by the outline's order when there
    # is one (its best between its neighbours'), else its best one not already about another
    # item if it can (a paragraph is about one topic).
    ordered = _table(order_scores(texts, units, lexical, similarity, blend=blend), items, leads)
    anchors = ordered_anchors([[ordered[i].get(u + 1, 0.0) for u in range(len(units))]
                               for i, _, _ in items], [lead is not None for lead in leads])
    for (i, _, _), anchor in zip(items, anchors, strict=True):
        if anchor is not None and anchor + 1 not in proposal \
                and ordered[i].get(anchor + 1, 0.0) >= blend.order_floor:
            assigned[i].append(anchor + 1)  # its place in the order, as the checker counts it
            proposal[anchor + 1] = table[i].get(anchor + 1, 0.0)
        if assigned[i] or not table[i]:
            continue
        if anchor is not None and ordered[i].get(anchor + 1, 0.0) > 0:
            best_id = anchor + 1
        else:
            free = [n for n in table[i] if n not in proposal] or list(table[i])
            best_id = max(free, key=lambda n: (table[i][n], -n))
        assigned[i].append(best_id)
        proposal.setdefault(best_id, table[i].get(best_id, 0.0))
    out = []
    for i, text, _ in items:
        others = sorted((n for n in table[i] if n not in assigned[i]),
                        key=lambda n: (-table[i][n], n))[:alternatives]
        out.append(ItemAssignment(item=i, text=text, ids=sorted(assigned[i]),
                                  alternatives=others))
    return SplitProposal(ok_ids=sorted(proposal), items=out, scores=table,
                         by_meaning=similarity is not None)


def revise_split(
    proposal: SplitProposal,
    previous: Sequence[int],
    *,
    uncovered: Collection[int],
    flagged: Collection[int] = (),
    tried: Collection[Sequence[int]] = (),
) -> list[int] | None:
    """A new draft_ok after a coverage failure, never one in `tried`: `previous` plus the
    `flagged` ids, plus for each `uncovered` item its next-best paragraphs (one the first
    round, one more each next round, by the proposal's scores; with none left, the flagged
    ids alone). None when every such list was tried already or there
    is nothing scored left to offer (then a model, or the author, must choose)."""
    seen = {tuple(sorted(set(t))) for t in tried}
    base = {*previous, *flagged}
    offers = [[n for n in proposal.ranked(i) if n not in base] for i in sorted(set(uncovered))]
    deepest = max((len(o) for o in offers), default=0)
    for depth in [*range(1, deepest + 1), 0]:  # the flagged ids alone only as a last resort
        ids = sorted(base.union(*(o[:depth] for o in offers)))
        if ids and tuple(ids) not in seen:
            return ids
    return None

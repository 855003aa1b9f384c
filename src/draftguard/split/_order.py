"""Outline order: an outline lists its items in the order the post tells them.

People outline a post the way it runs: "how I got into it; the day itself; what I took from
it". An item said as what happens, or in words unlike any paragraph's, is close to its
paragraph only weakly by meaning (a cosine of 0.1 to 0.3), often no closer than to the
paragraphs beside it; its place in the outline says where to look. `ordered_anchors` gives
each item one paragraph so that the items' paragraphs come in the outline's order and their
scores add up to the most (a dynamic programme over items and paragraphs). Each such anchor
is then its item's best paragraph between its neighbours' anchors.

The scores it orders are the blended ones without the contrast between items (the order
itself keeps one item's paragraph from serving another), so a paragraph close to two items,
such as the seven o'clock rush for "before the kids wake up" and "the rush out the door",
still counts for the one whose place it is in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from draftguard.split._meaning import Blend, Similarity, blend_scores

__all__ = ["covered_in_order", "order_scores", "ordered_anchors"]

#: What an item left without a paragraph costs the order (scores are 0-100): one strong match
#: out of place ("what I reckon now" for "he reckoned I'd be right" in the first paragraph)
#: must not push two items out of the order, yet an item nothing fits leaves room for the rest.
DEFAULT_SKIP_COST = 50.0


def order_scores(
    items: Sequence[str],
    units: Sequence[str],
    lexical: Sequence[Sequence[float]],
    similarity: Similarity | None,
    *,
    blend: Blend,
) -> list[list[float]]:
    """`blend_scores` without the contrast between items: what the order weighs."""
    return blend_scores(items, units, lexical, similarity,
                        blend=dataclasses.replace(blend, contrast=0.0))


def ordered_anchors(scores: Sequence[Sequence[float]], eligible: Sequence[bool], *,
                    skip_cost: float = DEFAULT_SKIP_COST) -> list[int | None]:
    """For items `k` in order, at most one eligible unit each, `p_0 < p_1 < ...`, with the
    largest sum of `scores[k][p_k]` less `skip_cost` for each item left without one (None):
    where the order leaves it none (more items than units), or where another item's
    match out of place outscores it by more than that. On a tie the earlier unit wins."""
    places = [u for u, ok in enumerate(eligible) if ok]
    n, m = len(scores), len(places)
    # best[k][j]: the best sum for items 0..k-1 over places[0..j-1]; a step is "the item
    # takes the place", "skip the place" or "the item takes no place".
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    step = [[""] * (m + 1) for _ in range(n + 1)]
    for k in range(1, n + 1):
        best[k][0], step[k][0] = best[k - 1][0] - skip_cost, "none"
        for j in range(1, m + 1):
            options = [(best[k - 1][j - 1] + float(scores[k - 1][places[j - 1]]), 2, "take"),
                       (best[k][j - 1], 1, "skip"), (best[k - 1][j] - skip_cost, 0, "none")]
            best[k][j], _, step[k][j] = max(options)
    chosen: list[int | None] = [None] * n
    k, j = n, m
    while k > 0:
        if step[k][j] == "take":
            chosen[k - 1] = places[j - 1]
            k, j = k - 1, j - 1
        elif step[k][j] == "skip":
            j -= 1
        else:
            k -= 1
    return chosen


def covered_in_order(
    items: Sequence[str],
    units: Sequence[str],
    lexical: Sequence[Sequence[float]],
    similarity: Similarity,
    *,
    kept: Sequence[bool],
    blend: Blend,
) -> list[int | None]:
    """Per item, the kept unit (index into `units`) that covers it by the outline's order,
    else None: the item's anchor among the kept units (`kept`, in the post's order; headings
    name the whole post and take no item) when it scores `blend.order_floor` or more and more
    than every unit left out. A backwards split fails here too: the item's paragraph is
    then among those left out and outscores the kept one."""
    scores = order_scores(items, units, lexical, similarity, blend=blend)
    heading = [u.lstrip().startswith("#") for u in units]
    # Below the floor a score is no evidence: with more items than kept paragraphs, an item
    # nothing fits must not take the place of one that fits weakly but clearly.
    floored = [[x if x >= blend.order_floor else 0.0 for x in row] for row in scores]
    anchors = ordered_anchors(floored, [k and not h for k, h in zip(kept, heading, strict=True)])
    found: list[int | None] = []
    for row, anchor in zip(scores, anchors, strict=True):
        left_out = max((row[u] for u in range(len(units)) if not kept[u] and not heading[u]),
                       default=0.0)
        found.append(anchor if anchor is not None and row[anchor] >= blend.order_floor
                     and row[anchor] > left_out else None)
    return found

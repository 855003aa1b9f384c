"""The split verdict's two halves, integrity and coverage, and which paragraph went where.

A split is judged twice: `check_split` proves nothing was lost, added or duplicated, and
`check_coverage` says whether `draft_ok` holds the outline. They answer different
questions, so the verdict keeps them apart; a backwards split is intact and uncovered.
Paragraphs are named here by their id in the raw draft (1-based), the id the planner picks.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel

from draftguard.split._check import SplitReport
from draftguard.split._coverage import CoverageReport, preview
from draftguard.split._segmentation import segment

__all__ = [
    "CoverageMode",
    "CoverageVerdict",
    "IntegrityVerdict",
    "ParagraphRoute",
    "coverage_verdict",
    "integrity_verdict",
    "route_paragraphs",
]

Destination = Literal["draft_ok", "draft_not_ok"]


class CoverageMode(StrEnum):
    """What an uncovered outline does to a split attempt."""

    BLOCKING = "blocking"
    """Rejects every attempt; the loop may end in a failure verdict."""
    ADVISORY = "advisory"
    """Reported, never rejects."""
    ADVISORY_ON_LAST = "advisory_on_last"
    """Rejects (and so retries) all attempts but the last, whose split is kept and reported."""

    def blocks(self, *, last_attempt: bool) -> bool:
        """Whether a coverage failure rejects this attempt."""
        if self is CoverageMode.ADVISORY_ON_LAST:
            return not last_attempt
        return self is CoverageMode.BLOCKING


class ParagraphRoute(BaseModel):
    """One raw paragraph: where it went and the outline item it matched, if any."""

    id: int
    preview: str
    destination: Destination | None  # None: lost by the splitter
    position: int | None  # 1-based, within its file
    item: int | None = None  # the best-matching outline item
    item_text: str | None = None
    score: float = 0.0
    related: list[int] = []  # every item it relates to, best first


class IntegrityVerdict(BaseModel):
    """Nothing lost, added or duplicated (the multiset check)."""

    ok: bool
    messages: list[str]
    ok_units: int
    not_ok_units: int


class CoverageVerdict(BaseModel):
    """Whether `draft_ok` holds the outline. `blocking` says whether a failure rejected the
    attempt; `messages` name paragraphs by raw id, including (even when `ok`) any
    draft_not_ok paragraph that matches an item at least as well as a kept one."""

    ok: bool
    blocking: bool
    messages: list[str]
    uncovered_items: list[int]
    flagged_ids: list[int]


def integrity_verdict(report: SplitReport) -> IntegrityVerdict:
    return IntegrityVerdict(ok=report.valid, messages=list(report.messages),
                            ok_units=report.ok_units, not_ok_units=report.not_ok_units)


def route_paragraphs(
    raw_draft: str, report: SplitReport, coverage: CoverageReport | None = None
) -> list[ParagraphRoute]:
    """Per raw paragraph, in draft order: its id, first words, destination and, when
    `coverage` is given, the outline item it matched."""
    units = segment(raw_draft, report.granularity)
    matches = {(m.destination, m.position): m for m in coverage.paragraphs} if coverage else {}
    texts = {i.item: i.text for i in coverage.items} if coverage else {}
    routes = []
    for place in report.placements:
        position = None if place.position is None else place.position + 1
        route = ParagraphRoute(id=place.raw_index + 1, preview=preview(units[place.raw_index]),
                               destination=place.destination, position=position)
        if place.destination is not None and position is not None:
            match = matches.get((place.destination, position))
            if match is not None and match.item is not None:
                route.item, route.item_text = match.item, texts.get(match.item)
                route.score, route.related = match.score, list(match.related)
        routes.append(route)
    return routes


def coverage_verdict(
    coverage: CoverageReport, routes: list[ParagraphRoute], *, blocking: bool
) -> CoverageVerdict:
    """The coverage half of the verdict, its findings worded with the raw ids in `routes`
    (the words the planner sees again as feedback)."""
    by_place = {(r.destination, r.position): r for r in routes}
    messages: list[str] = []
    uncovered: list[int] = []
    flagged: list[int] = []
    for item in coverage.items:
        named: set[int] = set()
        if not item.covered:
            uncovered.append(item.item)
            hint = item.best_not_ok
            if hint is not None and hint.score >= coverage.score_cutoff:
                route = by_place[("draft_not_ok", hint.position)]
                messages.append(f"Paragraph [{route.id}] ('{route.preview}') fits outline "
                                f"item {item.item} ('{item.text}') but was left out")
                named.add(route.id)
            else:
                messages.append(f"No paragraph clearly fits outline item {item.item} "
                                f"('{item.text}')")
        for position in item.flagged_not_ok:
            route = by_place[("draft_not_ok", position)]
            flagged.append(route.id)
            if route.id not in named:
                messages.append(f"Paragraph [{route.id}] ('{route.preview}') matches outline "
                                f"item {item.item} ('{item.text}') but is in draft_not_ok")
        if item.weakest_kept is not None:
            kept = by_place[("draft_ok", item.weakest_kept)]
            for position in item.rivals_not_ok:
                route = by_place[("draft_not_ok", position)]
                if route.id not in named:
                    messages.append(
                        f"Paragraph [{route.id}] ('{route.preview}') in draft_not_ok matches "
                        f"outline item {item.item} ('{item.text}') as well as kept paragraph "
                        f"[{kept.id}]")
    return CoverageVerdict(ok=coverage.covered, blocking=blocking and not coverage.covered,
                           messages=messages, uncovered_items=uncovered,
                           flagged_ids=sorted(set(flagged)))

"""Proof that a split of a draft into `draft_ok` and `draft_not_ok` lost, added and
duplicated nothing.

Units are compared as a multiset: a paragraph written twice in the raw draft must appear
twice in total across both outputs.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict, deque
from collections.abc import Hashable
from typing import Literal, NamedTuple

from pydantic import BaseModel, PrivateAttr

from draftguard.errors import EmptyInputError, InputError
from draftguard.split._segmentation import Granularity, paragraph_keys, segment_normalized

__all__ = [
    "DEFAULT_GRANULARITY",
    "DEFAULT_LENGTH_TOLERANCE",
    "SAMPLE_CHARS",
    "Placement",
    "SplitReport",
    "check_split",
]

#: Allowed relative change of the total length (agents.yaml `content_splitter`).
DEFAULT_LENGTH_TOLERANCE = 0.10
DEFAULT_GRANULARITY = Granularity.PARAGRAPH
SAMPLE_CHARS = 50
_MAX_SAMPLES = 3

Destination = Literal["draft_ok", "draft_not_ok"]


class Placement(NamedTuple):
    """Where raw unit `raw_index` went: which output and its position there, or None."""

    raw_index: int
    destination: Destination | None
    position: int | None


class SplitReport(BaseModel):
    """The checker's verdict, with the evidence behind it."""

    valid: bool
    granularity: Granularity
    messages: list[str]
    raw_units: int
    ok_units: int
    not_ok_units: int
    raw_chars: int
    split_chars: int
    length_tolerance: float
    length_ok: bool
    lost: list[str]
    added: list[str]
    duplicated_across: list[str]
    duplicated_within: list[str]
    missing_outputs: list[str]
    _units: tuple[list[Hashable], list[Hashable], list[Hashable]] = PrivateAttr(
        default=([], [], [])
    )
    _placements: list[Placement] | None = PrivateAttr(default=None)

    @property
    def placements(self) -> list[Placement]:
        """Per raw unit, where it went (computed on first use: most callers need only the
        verdict, and this is the one step that walks every unit in Python)."""
        if self._placements is None:
            self._placements = _place(*self._units)
        return self._placements

    @property
    def message(self) -> str:
        """All failure messages joined with '; ' (empty when valid)."""
        return "; ".join(self.messages)

    @property
    def length_change(self) -> float:
        """Relative change of the split's length against the raw draft's."""
        return (self.split_chars - self.raw_chars) / self.raw_chars if self.raw_chars else 0.0


def _sample(unit: str) -> str:
    return unit if len(unit) <= SAMPLE_CHARS else unit[:SAMPLE_CHARS] + "..."


def _examples(units: list[str]) -> str:
    seen = list(dict.fromkeys(units))[:_MAX_SAMPLES]
    return ", ".join(f"'{_sample(u)}'" for u in seen)


def _messages(report: SplitReport, unit: str) -> list[str]:
    out = [f"Missing output: {name} is absent" for name in report.missing_outputs]
    if report.lost:
        out.append(
            f"Lost content: {len(report.lost)} {unit} missing from split "
            f"(e.g., {_examples(report.lost)})"
        )
    if report.added:
        out.append(
            f"Added content: {len(report.added)} {unit} not in original "
            f"(e.g., {_examples(report.added)})"
        )
    if report.duplicated_across:
        out.append(
            f"Duplicate content: {len(report.duplicated_across)} {unit} in both files "
            f"(e.g., {_examples(report.duplicated_across)})"
        )
    if report.duplicated_within:
        out.append(
            f"Duplicate content: {len(report.duplicated_within)} {unit} repeated within one "
            f"file (e.g., {_examples(report.duplicated_within)})"
        )
    if not report.length_ok:
        out.append(
            f"Length mismatch: split has {report.split_chars} characters, raw draft has "
            f"{report.raw_chars} ({report.length_change:+.1%}, "
            f"tolerance ±{report.length_tolerance:.0%})"
        )
    return out


def _place(raw: list[Hashable], ok: list[Hashable], not_ok: list[Hashable]) -> list[Placement]:
    queues: dict[Hashable, deque[tuple[Destination, int]]] = defaultdict(deque)
    for pos, unit in enumerate(ok):
        queues[unit].append(("draft_ok", pos))
    for pos, unit in enumerate(not_ok):
        queues[unit].append(("draft_not_ok", pos))
    placements: list[Placement] = []
    for index, unit in enumerate(raw):
        q = queues.get(unit)
        if q:
            dest, pos = q.popleft()
            placements.append(Placement(index, dest, pos))
        else:
            placements.append(Placement(index, None, None))
    return placements


def _keys(text: str | None, granularity: Granularity) -> tuple[list[Hashable], int]:
    """Comparison keys of `text` and their total length in characters.

    Paragraph keys are StringZilla views (SIMD splitting, no copies): they hash and compare
    by content, so they count like strings; other granularities use plain strings."""
    if text is None:
        return [], 0
    if granularity is Granularity.PARAGRAPH:
        found = paragraph_keys(text)
        return list(found.keys), found.chars
    keys = segment_normalized(text, granularity)
    return list(keys), sum(map(len, keys))


def _differences(
    raw: list[Hashable], ok: list[Hashable], not_ok: list[Hashable]
) -> tuple[list[str], list[str], list[str], list[str]]:
    """The units lost, added, duplicated across both outputs and repeated within one."""
    raw_count = Counter(raw)
    combined = Counter(ok)
    combined.update(not_ok)
    lost: list[str] = []
    added: list[str] = []
    across: list[str] = []
    within: list[str] = []
    # Equal multisets prove integrity outright; only a failure needs the breakdown.
    # dict equality runs in C; Counter.__eq__ is a Python loop. Neither holds zero counts.
    if not dict.__eq__(combined, raw_count):
        ok_count = Counter(ok)
        not_ok_count = Counter(not_ok)
        lost = list(map(str, (raw_count - combined).elements()))
        for unit, excess in (combined - raw_count).items():
            if unit not in raw_count:
                added.extend([str(unit)] * excess)
            elif unit in ok_count and unit in not_ok_count:
                across.extend([str(unit)] * excess)
            else:
                within.extend([str(unit)] * excess)
    return lost, added, across, within


def check_split(
    raw_draft: str,
    draft_ok: str | None,
    draft_not_ok: str | None,
    *,
    length_tolerance: float = DEFAULT_LENGTH_TOLERANCE,
    granularity: Granularity | str = DEFAULT_GRANULARITY,
) -> SplitReport:
    """Check that `draft_ok` + `draft_not_ok` redistribute `raw_draft` exactly.

    `None` for an output means it does not exist (an empty string is a valid, empty file).
    Raises `EmptyInputError` when the raw draft has no content at all.
    """
    if not 0 <= length_tolerance < math.inf:  # nan compares false: refused too
        raise InputError(f"length tolerance must be a finite number >= 0, got {length_tolerance}")
    gran = Granularity(granularity)
    raw, raw_chars = _keys(raw_draft, gran)
    if not raw:
        raise EmptyInputError("raw draft is empty or whitespace-only")
    missing = [
        name
        for name, text in (("draft_ok", draft_ok), ("draft_not_ok", draft_not_ok))
        if text is None
    ]
    ok, ok_chars = _keys(draft_ok, gran)
    not_ok, not_ok_chars = _keys(draft_not_ok, gran)
    lost, added, across, within = _differences(raw, ok, not_ok)
    split_chars = ok_chars + not_ok_chars
    length_ok = abs(split_chars - raw_chars) <= length_tolerance * raw_chars

    report = SplitReport.model_construct(
        valid=False,
        granularity=gran,
        messages=[],
        raw_units=len(raw),
        ok_units=len(ok),
        not_ok_units=len(not_ok),
        raw_chars=raw_chars,
        split_chars=split_chars,
        length_tolerance=length_tolerance,
        length_ok=length_ok,
        lost=lost,
        added=added,
        duplicated_across=across,
        duplicated_within=within,
        missing_outputs=missing,
    )
    report._units = (raw, ok, not_ok)
    report.messages = _messages(report, gran.plural)
    report.valid = not report.messages
    return report

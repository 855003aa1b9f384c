"""The rules a plan must keep: one paragraph per op, no paragraph split, headings and
frontmatter left alone, non-overlapping ops, and the line budget."""

from __future__ import annotations

import itertools
import re

from draftguard.edits._diff import Edit, Window
from draftguard.edits._plan import DeleteOp, EditOp, EditPlan
from draftguard.edits._rejection import Rejection
from draftguard.edits._result import DiffStats, RejectReason
from draftguard.markdown import BlockKind, MarkdownMap, heading_lines
from draftguard.settings._system_settings import PatchSettings

__all__ = [
    "breaks_moved",
    "check_budget",
    "check_headings",
    "check_no_split",
    "check_one_paragraph",
    "check_order",
    "line_budget",
    "plan_budget",
]

_BLANK_LINE = re.compile(r"\n[ \t]*\r?\n")


def line_budget(
    total_lines: int,
    *,
    max_changed_lines: int = PatchSettings.max_changed_lines,
    fraction: float = PatchSettings.max_changed_fraction,
) -> int:
    """The change budget: min(`max_changed_lines`, `fraction` of the lines), at least 1."""
    return max(1, min(max_changed_lines, int(total_lines * fraction)))


def _multi_paragraph_question() -> str:
    return "This edit spans more than one paragraph. Should I widen it to a multi-paragraph edit?"


def check_one_paragraph(doc: MarkdownMap, i: int, op: EditOp, s: int, e: int) -> None:
    """Refuse an op whose span or new text covers more than one paragraph."""
    a, b = doc.block_at(s), doc.block_at(e)
    spans = a is None or a is not b
    new_text = "" if isinstance(op, DeleteOp) else op.text
    if spans or _BLANK_LINE.search(new_text.strip("\r\n")):
        raise Rejection(
            RejectReason.CONSTRAINT,
            f"op {i} would change more than one paragraph; that needs "
            "scope 'multi-paragraph'",
            _multi_paragraph_question(),
        )


def check_no_split(doc: MarkdownMap, i: int, edit: Edit) -> None:
    """Refuse an edit that puts a blank line inside a paragraph (a paragraph split)."""
    if _splits_paragraph(doc, edit):
        raise Rejection(
            RejectReason.CONSTRAINT,
            f"op {i} would split a paragraph in two; that needs scope 'multi-paragraph'",
            "This edit splits a paragraph into two. Should I make it a multi-paragraph "
            "edit?",
        )


def check_order(doc: MarkdownMap, edits: list[Edit]) -> None:
    """Refuse overlapping ops, two inserts at one place, and any edit of the frontmatter.

    `edits` must be sorted by position.
    """
    for a, b in itertools.pairwise(edits):
        both_inserts = a.start == a.end == b.start == b.end
        if b.start < a.end or both_inserts:
            raise Rejection(
                RejectReason.INVALID_PLAN,
                f"ops {a.op} and {b.op} touch the same text; merge them into one op",
            )
    if edits[0].start < doc.body_start:
        raise Rejection(
            RejectReason.CONSTRAINT,
            f"op {edits[0].op} would change the frontmatter; use edit_metadata",
        )


def check_headings(doc: MarkdownMap, windows: list[Window]) -> None:
    """Refuse a window that adds, removes or changes a heading (HTML `<hN>` ones too)."""
    for w in windows:
        lo = max(0, w.first_line - 1)
        hi = min(doc.line_count - 1, w.last_line + 1)
        before = [doc.line_text(k) for k in range(lo, w.first_line)]
        after = [doc.line_text(k) for k in range(w.last_line + 1, hi + 1)]
        fence = doc.fence_at_line.get(lo)
        old = heading_lines([*before, *w.old_lines, *after], in_fence=fence)
        new = heading_lines(
            [*before, *(x.rstrip("\n") for x in w.new_lines), *after], in_fence=fence
        )
        if old != new:
            raise Rejection(
                RejectReason.CONSTRAINT,
                f"op {w.edits[0].op} would add, remove or change a heading (line "
                f"{w.first_line + 1}); headings change only with allow_heading_changes",
                f"This edit would change a heading near line {w.first_line + 1}. "
                "Do you want the heading changed?",
            )


def plan_budget(
    doc: MarkdownMap, plan: EditPlan, settings: PatchSettings, *, multi_paragraph: bool
) -> int:
    """How many lines `plan` may change in `doc`."""
    budget = line_budget(
        doc.line_count,
        max_changed_lines=settings.max_changed_lines,
        fraction=settings.max_changed_fraction,
    )
    asked = plan.constraints.max_changed_lines
    if multi_paragraph:
        # The explicit "expand" may rewrite the whole body once; growing the post
        # beyond that needs a number the plan states (docs/edit-ops.md, line budget).
        return asked if asked is not None else max(budget, doc.line_count)
    return budget if asked is None else min(budget, asked)


def check_budget(stats: DiffStats, plan: EditPlan, *, multi_paragraph: bool) -> None:
    """Refuse a plan that changes more lines than `stats.line_budget`."""
    changed, budget = stats.changed_lines, stats.line_budget
    if changed <= budget:
        return
    if multi_paragraph and plan.constraints.max_changed_lines is None:
        question = (
            f"This edit would change {changed} lines, more than the document's "
            f"{budget}. Should I allow {changed} changed lines (max_changed_lines)?"
        )
    elif multi_paragraph:
        question = (
            f"This edit would change {changed} lines, more than the {budget} you "
            f"allowed. Should I allow {changed}?"
        )
    else:
        question = (
            f"This edit would change {changed} lines, more than the {budget} allowed "
            "for a small edit. Should I treat it as a bigger, multi-paragraph rewrite?"
        )
    raise Rejection(
        RejectReason.CONSTRAINT,
        f"the plan changes {changed} lines, over the budget of {budget}",
        question,
    )


def breaks_moved(doc: MarkdownMap, w: Window) -> int:
    """Paragraph breaks a window adds or removes (a split or a join is a changed line)."""
    if any(k in doc.fence_at_line for k in range(w.first_line, w.last_line + 1)):
        return 0
    before = [doc.line_text(k) for k in range(max(0, w.first_line - 1), w.first_line)]
    after = [doc.line_text(k) for k in range(w.last_line + 1, min(doc.line_count,
                                                                   w.last_line + 2))]
    old = _paragraph_breaks([*before, *w.old_lines, *after])
    new = _paragraph_breaks([*before, *w.new_lines, *after])
    return abs(new - old)


def _paragraph_breaks(lines: list[str]) -> int:
    """Blank-line runs with text on both sides: the breaks between paragraphs."""
    breaks, seen_text, pending = 0, False, False
    for line in lines:
        if line.strip():
            breaks += seen_text and pending
            seen_text, pending = True, False
        else:
            pending = True
    return breaks


def _splits_paragraph(doc: MarkdownMap, edit: Edit) -> bool:
    block = doc.block_at(edit.start)
    if block is None or block.kind is BlockKind.CODE or edit.end > block.end:
        return False
    text = doc.text
    new = text[block.start : edit.start] + edit.replacement + text[edit.end : block.end]
    return _paragraph_breaks(new.splitlines()) > 0

"""The deterministic patcher: validate a whole edit plan, then apply all of it or nothing.

Every op is located in the *original* text (the version the plan was made for, `_locate`),
fitted to it (`_fit`), checked against the scope, the one-paragraph rule, heading and
frontmatter protection and the line budget (`_constraints`), and only then are all edits
applied together. A rejected plan returns the input unchanged with a reason code and, where a
person can settle it, one clarifying question.
"""

from __future__ import annotations

from draftguard.edits._constraints import (
    breaks_moved,
    check_budget,
    check_headings,
    check_order,
    line_budget,
    plan_budget,
)
from draftguard.edits._diff import Edit, Window, apply_edits, build_windows, unified_diff
from draftguard.edits._locate import Located, Locator
from draftguard.edits._plan import EditPlan, ReplaceOp
from draftguard.edits._prepared import PreparedDoc, prepare
from draftguard.edits._rejection import Rejection, rejected
from draftguard.edits._result import (
    Candidate,
    DiffStats,
    EditResult,
    EditStatus,
    OpReport,
    RejectReason,
)
from draftguard.edits._scope import ScopeError, resolve_scope
from draftguard.markdown import count_lines
from draftguard.settings._system_settings import PatchSettings

__all__ = ["apply_plan", "line_budget"]


def _scope_rejection(
    prep: PreparedDoc, err: ScopeError, what: str, reports: list[OpReport] | None = None
) -> EditResult:
    cands = [
        Candidate(line=line + 1, text=title, context=prep.doc.line_text(line), score=100.0)
        for line, title in err.candidates
    ]
    listed = "; ".join(f"\u201c{c.text}\u201d (line {c.line})" for c in cands)
    if err.ambiguous:
        q = f"'{err.scope}' matches several sections: {listed}. Which one do you mean?"
        reason = RejectReason.AMBIGUOUS
    else:
        q = f"I could not find a section '{err.scope}'." + (
            f" Did you mean {listed}?" if cands else " Which section do you mean?"
        )
        reason = RejectReason.NOT_FOUND
    return rejected(reason, f"{what}: {err}", q, cands, reports or [])


def _invalid_op(prep: PreparedDoc, plan: EditPlan) -> EditResult | None:
    """A plan that cannot be meant for this text, refused before any search."""
    lines = prep.doc.line_count
    for i, op in enumerate(plan.ops):
        if op.line is not None and op.line > max(lines, 1):
            return rejected(
                RejectReason.INVALID_PLAN,
                f"op {i}: line {op.line} is past the end of the {lines}-line "
                "document; was the plan made for another version?",
            )
        if isinstance(op, ReplaceOp) and op.text == op.anchor:
            return rejected(
                RejectReason.INVALID_PLAN, f"op {i}: replace with identical text changes nothing"
            )
    return None


def _locate_all(
    prep: PreparedDoc, plan: EditPlan, locator: Locator
) -> tuple[list[Located], list[OpReport]] | EditResult:
    located: list[Located] = []
    reports: list[OpReport] = []
    for i, op in enumerate(plan.ops):
        try:
            loc = locator.locate(i, op)
        except ScopeError as err:
            return _scope_rejection(prep, err, f"op {i} section", reports)
        except Rejection as rej:
            reports.append(
                OpReport(
                    index=i, type=op.type, status=EditStatus.REJECTED, reason=rej.reason,
                    message=rej.message, candidates=rej.candidates,
                )
            )
            return rejected(rej.reason, rej.message, rej.question, rej.candidates, reports)
        located.append(loc)
        reports.append(loc.report)
    return located, reports


def _settle_deletes(
    plan: EditPlan, locator: Locator, located: list[Located], reports: list[OpReport]
) -> EditResult | None:
    """A delete whose anchor is gone counts as applied only beside other evidence."""
    evidence = any(
        loc.report.status is EditStatus.ALREADY_APPLIED and not loc.deferred_delete
        for loc in located
    )
    for loc in located:
        if loc.deferred_delete and not evidence:
            op = plan.ops[loc.report.index]
            loc.report.status = EditStatus.REJECTED
            loc.report.reason = RejectReason.NOT_FOUND
            rej = locator.explain_missing(op, locator.region, *locator.bounds(op), [])
            loc.report.message = rej.message
            cands = rej.candidates or loc.report.candidates
            loc.report.candidates = cands
            return rejected(rej.reason, rej.message, rej.question, cands, reports)
    return None


def _run(prep: PreparedDoc, plan: EditPlan, settings: PatchSettings, *, dry_run: bool,
         filename: str) -> EditResult:
    try:
        region = resolve_scope(prep.doc, plan.scope)
    except ScopeError as err:
        return _scope_rejection(prep, err, "scope")
    if (invalid := _invalid_op(prep, plan)) is not None:
        return invalid
    locator = Locator(prep, settings, region)
    got = _locate_all(prep, plan, locator)
    if isinstance(got, EditResult):
        return got
    located, reports = got
    if (refused := _settle_deletes(plan, locator, located, reports)) is not None:
        return refused
    edits = [loc.edit for loc in located if loc.edit is not None]
    if not edits:
        lines = prep.doc.line_count
        return EditResult(
            status=EditStatus.ALREADY_APPLIED,
            message="already applied: every replacement is present and no anchor is left",
            ops=reports, dry_run=dry_run, text=prep.text,
            stats=DiffStats(lines_before=lines, lines_after=lines),
        )
    try:
        return _finish(prep, plan, settings, region.multi_paragraph, edits, reports,
                       dry_run=dry_run, filename=filename)
    except Rejection as rej:
        return rejected(rej.reason, rej.message, rej.question, reports=reports)


def _stats(prep: PreparedDoc, windows: list[Window], edits: list[Edit], budget: int) -> DiffStats:
    return DiffStats(
        lines_added=sum(w.added for w in windows),
        lines_removed=sum(w.removed for w in windows),
        changed_lines=sum(max(w.changed, breaks_moved(prep.doc, w)) for w in windows),
        chars_added=sum(len(x.replacement) for x in edits),
        chars_removed=sum(x.end - x.start for x in edits),
        lines_before=prep.doc.line_count,
        line_budget=budget,
    )


def _finish(
    prep: PreparedDoc,
    plan: EditPlan,
    settings: PatchSettings,
    multi: bool,
    edits: list[Edit],
    reports: list[OpReport],
    *,
    dry_run: bool,
    filename: str,
) -> EditResult:
    doc = prep.doc
    edits.sort(key=lambda x: (x.start, x.end))
    check_order(doc, edits)
    windows = build_windows(doc, edits)
    if not plan.constraints.allow_heading_changes:
        check_headings(doc, windows)
    budget = plan_budget(doc, plan, settings, multi_paragraph=multi)
    stats = _stats(prep, windows, edits, budget)
    try:
        check_budget(stats, plan, multi_paragraph=multi)
    except Rejection as rej:
        return rejected(rej.reason, rej.message, rej.question, reports=reports, stats=stats)
    new_text = apply_edits(prep.text, edits)
    stats.lines_after = count_lines(new_text)
    diff = unified_diff(
        doc, windows, context=settings.diff_context,
        fromfile=f"a/{filename}", tofile=f"b/{filename}",
    )
    n, changed = len(edits), stats.changed_lines
    verb = "would apply" if dry_run else "applied"
    return EditResult(
        status=EditStatus.APPLIED,
        message=f"{verb} {n} op{'s' if n != 1 else ''}: {changed} changed line"
        f"{'s' if changed != 1 else ''} (budget {budget})",
        ops=reports, stats=stats, diff=diff, dry_run=dry_run, text=new_text,
    )


def apply_plan(
    text: str,
    plan: EditPlan,
    *,
    settings: PatchSettings | None = None,
    current_version: int | None = None,
    dry_run: bool = False,
    filename: str = "content.md",
) -> EditResult:
    """Validate `plan` against `text` and apply it whole, or reject it and change nothing.

    `settings` holds the match thresholds and the line budget (defaults: `PatchSettings()`).
    The result's `text` is the new document (the input itself when nothing changed);
    `dry_run` only labels the result, since this function never writes anything.
    """
    if (
        plan.base_version is not None
        and current_version is not None
        and plan.base_version != current_version
    ):
        res = rejected(
            RejectReason.STALE_VERSION,
            f"the plan was made for version {plan.base_version}, but the latest version is "
            f"{current_version}; read the content again and re-plan",
        )
        res.text = text
        res.stats.lines_before = res.stats.lines_after = count_lines(text)
        return res
    result = _run(prepare(text), plan, settings or PatchSettings(), dry_run=dry_run,
                  filename=filename)
    if result.status is not EditStatus.APPLIED:
        result.text = text
    result.dry_run = dry_run
    result.stats.lines_before = result.stats.lines_before or count_lines(text)
    if result.status is not EditStatus.APPLIED:
        result.stats.lines_after = result.stats.lines_before
    return result

"""The deterministic patcher: validate a whole edit plan, then apply all of it or nothing.

Every op is located in the *original* text (the version the plan was made for), checked
against the scope, the one-paragraph rule, heading and frontmatter protection and the line
budget, and only then are all edits applied together. A rejected plan returns the input
unchanged with a reason code and, where a person can settle it, one clarifying question.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from draftguard.edits._anchors import AnchorMatch, MatchTier, SearchText, find_anchor, fold
from draftguard.edits._diff import Edit, Window, apply_edits, build_windows, unified_diff
from draftguard.edits._plan import DeleteOp, EditOp, EditPlan, InsertOp, ReplaceOp
from draftguard.edits._result import (
    Candidate,
    DiffStats,
    EditResult,
    EditStatus,
    OpReport,
    RejectReason,
)
from draftguard.edits._scope import Region, ScopeError, resolve_scope
from draftguard.markdown import BlockKind, MarkdownMap, count_lines, heading_lines
from draftguard.settings._system_settings import PatchSettings

__all__ = ["apply_plan", "line_budget"]

_BLANK_LINE = re.compile(r"\n[ \t]*\r?\n")
_SPACE_RUN = re.compile(r"\s+")
# Punctuation that ends a sentence; a replacement ending in one takes the place of the run
# that follows its anchor, instead of doubling it ("text..").
_SENTENCE_END = ".!?\u2026"
_NO_SPACE_BEFORE = set(".,;:!?)]}'\"\u2019\u201d")
_NO_SPACE_AFTER = set("([{'\"\u2018\u201c")


def line_budget(
    total_lines: int,
    *,
    max_changed_lines: int = PatchSettings.max_changed_lines,
    fraction: float = PatchSettings.max_changed_fraction,
) -> int:
    """The change budget: min(`max_changed_lines`, `fraction` of the lines), at least 1."""
    return max(1, min(max_changed_lines, int(total_lines * fraction)))


@dataclass
class _Rejection(Exception):
    reason: RejectReason
    message: str
    question: str | None = None
    candidates: list[Candidate] = field(default_factory=list)


@dataclass(frozen=True)
class _Break:
    """How one line break of the matched text looks: its newline, indent shift and head."""

    newline: str
    shift: tuple[str, str]  # (indentation prefix to drop, prefix to add)
    anchor_head: str | None = None  # the anchor's whitespace before its newline
    post_head: str | None = None  # the post's whitespace before its newline, raw bytes


@dataclass
class _Located:
    edit: Edit | None
    report: OpReport
    deferred_delete: bool = False


def _clip(s: str, n: int = 100) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


class _Patcher:
    def __init__(self, text: str, plan: EditPlan, settings: PatchSettings) -> None:
        self.text = text
        self.plan = plan
        self.s = settings
        self.doc = MarkdownMap(text)
        self.search = SearchText(text, [(b.start, b.end) for b in self.doc.blocks])
        self.region: Region = resolve_scope(self.doc, None)

    # -- reporting helpers -------------------------------------------------------------------
    def candidate(self, m: AnchorMatch) -> Candidate:
        line = self.doc.line_of(m.start)
        line_text = self.doc.line_text(line)
        col = m.start - self.doc.line_starts[line]
        lo = max(0, col - 60)
        context = ("…" if lo else "") + line_text[lo : col + (m.end - m.start) + 60]
        return Candidate(
            line=line + 1, text=_clip(self.text[m.start : m.end]), context=_clip(context, 160),
            score=m.score,
        )

    def find(self, anchor: str, lo: int, hi: int, *, fuzzy: bool = True) -> list[AnchorMatch]:
        res = find_anchor(
            self.search, anchor, start=lo, end=hi,
            score_cutoff=self.s.score_cutoff,
            min_fuzzy_length=self.s.min_fuzzy_length if fuzzy else 1 << 30,
            ambiguity_margin=self.s.ambiguity_margin,
        )
        self._near = list(res.near)
        return list(res.matches)

    # -- locating one op ---------------------------------------------------------------------
    def op_region(self, op: EditOp) -> Region:
        if op.section is None:
            return self.region
        r = resolve_scope(self.doc, op.section)
        if not self.region.contains(r.start, r.end):
            raise _Rejection(
                RejectReason.CONSTRAINT,
                f"section '{op.section}' lies outside the plan scope '{self.region.label}'; "
                "an op's section can narrow the scope, never widen it",
            )
        return Region(r.start, r.end, r.label, self.region.multi_paragraph)

    def locate(self, i: int, op: EditOp) -> _Located:
        report = OpReport(index=i, type=op.type, status=EditStatus.APPLIED)
        region = self.op_region(op)
        lo, hi = max(region.start, self.doc.body_start), region.end
        matches = self.find(op.anchor, lo, hi)
        near = self._near
        if isinstance(op, ReplaceOp) and op.text.strip() and op.text != op.anchor:
            # Only a copy of the replacement is evidence that it was applied: an exact one,
            # or one fitted to the post's indentation and newlines (whitespace may differ,
            # never case or quotes: such a variant is someone else's text).
            done = self.exact(op.text, lo, hi)
            if not done and not matches:
                want = op.text.split()
                done = [
                    d for d in find_anchor(self.search, op.text, start=lo, end=hi,
                                           fuzzy=False).matches
                    if self.text[d.start : d.end].split() == want
                ]
            # An anchor found inside the replacement text is the replacement, not the anchor.
            matches = [
                m for m in matches if not any(d.start <= m.start and m.end <= d.end for d in done)
            ]
            if not matches and done:
                report.status = EditStatus.ALREADY_APPLIED
                report.line = self.doc.line_of(done[0].start) + 1
                report.message = "replacement already present and anchor gone"
                return _Located(None, report)
        if not matches:
            if isinstance(op, DeleteOp):
                report.status = EditStatus.ALREADY_APPLIED
                report.message = "anchor gone"
                report.candidates = [self.candidate(m) for m in near]
                return _Located(None, report, deferred_delete=True)
            self.explain_missing(op, region, lo, hi, near)
        if len(matches) > 1 and op.line is not None:
            hinted = [m for m in matches if self.on_line(m, op.line)]
            if len(hinted) == 1:
                matches = hinted
        if len(matches) > 1 and isinstance(op, InsertOp):
            earlier = self.insert_done_among(i, op, matches, region)
            if earlier is not None:
                report.status = EditStatus.ALREADY_APPLIED
                report.line = self.doc.line_of(earlier.start) + 1
                report.message = "inserted text already present next to the anchor"
                return _Located(None, report)
        if len(matches) > 1:
            cands = [self.candidate(m) for m in matches[:10]]
            where = f" in {region.label}" if region.label != "whole document" else ""
            listed = "; ".join(f"line {c.line}: \u201c{c.context}\u201d" for c in cands[:5])
            raise _Rejection(
                RejectReason.AMBIGUOUS,
                f"op {i}: anchor '{_clip(op.anchor, 60)}' matches {len(matches)} places{where}",
                f"'{_clip(op.anchor, 60)}' appears {len(matches)} times{where} ({listed}). "
                "Which one do you mean?",
                cands,
            )
        m = matches[0]
        report.tier, report.score = m.tier, m.score
        report.line = self.doc.line_of(m.start) + 1
        if op.line is not None and not self.on_line(m, op.line):
            report.message = f"line hint {op.line} ignored: the anchor is on line {report.line}"
        edit = self.make_edit(i, op, m, region)
        if isinstance(op, InsertOp) and self.insert_present(op, edit):
            report.status = EditStatus.ALREADY_APPLIED
            report.message = "inserted text already present next to the anchor"
            return _Located(None, report)
        return _Located(edit, report)

    def insert_done_among(
        self, i: int, op: InsertOp, matches: list[AnchorMatch], region: Region
    ) -> AnchorMatch | None:
        """The match an earlier run of this insert went next to, when that run explains the rest.

        An inserted text can repeat its own anchor ("pat" after " pat"), so a re-sent plan
        sees several anchors. It is already applied only if exactly one of them has the text
        next to it and every other one lies inside that inserted text.
        """
        present: list[tuple[AnchorMatch, Edit]] = []
        for m in matches:
            try:
                edit = self.make_edit(i, op, m, region)
            except _Rejection:
                continue
            if self.insert_present(op, edit):
                present.append((m, edit))
        if len(present) != 1:
            return None
        done, edit = present[0]
        n = len(edit.replacement)
        after = op.position == "after"
        lo, hi = (edit.start, edit.start + n) if after else (edit.start - n, edit.start)
        if all(m is done or (lo <= m.start and m.end <= hi) for m in matches):
            return done
        return None

    def exact(self, needle: str, lo: int, hi: int) -> list[AnchorMatch]:
        return self.search.exact(needle, lo, hi)

    def on_line(self, m: AnchorMatch, line: int) -> bool:
        """Whether 1-based `line` is one of the lines the match covers."""
        return self.doc.line_of(m.start) <= line - 1 <= self.doc.line_of(max(m.start, m.end - 1))

    def explain_missing(
        self, op: EditOp, region: Region, lo: int, hi: int, near: list[AnchorMatch]
    ) -> None:
        body = resolve_scope(self.doc, None)
        if (lo, hi) != (body.start, body.end):
            wider = self.find(op.anchor, body.start, body.end)
            if wider:
                c = self.candidate(wider[0])
                raise _Rejection(
                    RejectReason.CONSTRAINT,
                    f"anchor '{_clip(op.anchor, 60)}' is outside the scope '{region.label}' "
                    f"(found on line {c.line})",
                    f"'{_clip(op.anchor, 60)}' is on line {c.line}, outside {region.label}. "
                    "Should I edit it there?",
                    [self.candidate(w) for w in wider[:5]],
                )
        fm = self.doc.frontmatter
        if fm is not None and self.find(op.anchor, fm.start, fm.end, fuzzy=False):
            raise _Rejection(
                RejectReason.CONSTRAINT,
                f"anchor '{_clip(op.anchor, 60)}' is in the frontmatter, which only "
                "edit_metadata may change",
            )
        cands = [self.candidate(m) for m in near]
        where = f" in {region.label}" if region.label != "whole document" else ""
        if cands:
            listed = "; ".join(f"line {c.line}: \u201c{c.text}\u201d" for c in cands)
            question = f"I could not find '{_clip(op.anchor, 60)}'{where}. Did you mean {listed}?"
        else:
            question = (
                f"I could not find '{_clip(op.anchor, 60)}'{where}. "
                "Can you quote the exact words you want changed?"
            )
        raise _Rejection(
            RejectReason.NOT_FOUND, f"anchor '{_clip(op.anchor, 60)}' not found{where}",
            question, cands,
        )

    # -- turning a match into an edit ----------------------------------------------------------
    def make_edit(self, i: int, op: EditOp, m: AnchorMatch, region: Region) -> Edit:
        doc, text = self.doc, self.text
        nl = self.newline_near(m.end)
        s, e = m.start, m.end
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if m.tier is MatchTier.FUZZY and isinstance(op, (InsertOp, DeleteOp)):
            s, e = self.snap_to_lines(s, e)
        first = doc.line_of(s)
        last = doc.line_of(max(s, e - 1))
        block = doc.block_at(s)
        whole_block = block is not None and s == block.start and e == block.end
        whole_lines = s == doc.line_starts[first] and e == doc.line_end(last)
        if not region.multi_paragraph:
            self.check_one_paragraph(i, op, s, e)

        def conv(t: str) -> str:
            t = t.replace("\r\n", "\n")
            return t.replace("\n", nl) if nl != "\n" else t

        if isinstance(op, ReplaceOp):
            edit = self.replace_edit(i, op, m)
            if not region.multi_paragraph:
                self.check_no_split(i, edit)
            return edit
        if isinstance(op, InsertOp):
            body = conv(op.text.strip("\r\n"))
            if whole_block and block is not None:
                if op.position == "after":
                    return Edit(block.end, block.end, nl + nl + body, i)
                return Edit(block.start, block.start, body + nl + nl, i)
            if whole_lines:
                if op.position == "after":
                    at = doc.line_end(last)
                    edit = Edit(at, at, nl + body, i)
                else:
                    at = doc.line_starts[first]
                    edit = Edit(at, at, body + nl, i)
                if not region.multi_paragraph:
                    self.check_no_split(i, edit)
                return edit
            t = conv(op.text)
            if op.position == "after":
                prev = text[e - 1] if e > 0 else " "
                if not t[0].isspace() and t[0] not in _NO_SPACE_BEFORE and not prev.isspace():
                    t = " " + t
                # Text ending in a line break starts a new line: the space that separated
                # the words would now indent it.
                gap = e
                if t.endswith("\n"):
                    while gap < len(text) and text[gap] in " \t":
                        gap += 1
                edit = Edit(e, gap, t, i)
            else:
                nxt = text[s] if s < len(text) else " "
                if not t[-1].isspace() and t[-1] not in _NO_SPACE_AFTER and nxt.isalnum():
                    t = t + " "
                edit = Edit(s, s, t, i)
            if not region.multi_paragraph:
                self.check_no_split(i, edit)
            return edit
        # delete
        if whole_block and block is not None:
            blocks = doc.body_blocks()
            k = blocks.index(block)
            if k + 1 < len(blocks):
                return Edit(block.start, blocks[k + 1].start, "", i)
            if k > 0:
                return Edit(blocks[k - 1].end, block.end, "", i)
            return Edit(block.start, block.end, "", i)
        if whole_lines:
            if last + 1 < doc.line_count:
                return Edit(doc.line_starts[first], doc.line_starts[last + 1], "", i)
            if first > 0:
                return Edit(doc.line_end(first - 1), doc.line_end(last), "", i)
            return Edit(doc.line_starts[first], doc.line_end(last), "", i)
        before = text[s - 1] if s > 0 else "\n"
        after = text[e] if e < len(text) else "\n"
        if before == " " and after == " ":
            e += 1
        elif before == " " and (after in _NO_SPACE_BEFORE or after in "\r\n"):
            s -= 1
        elif before == "\n" and after == " ":
            e += 1
        return Edit(s, e, "", i)

    def newline_near(self, offset: int) -> str:
        """The line terminator of the line holding `offset` (or the nearest line before it).

        In a file with mixed line endings the local style is the right one for new lines;
        the document's dominant style would rewrite the neighbour's ending.
        """
        doc, text = self.doc, self.text
        line = doc.line_of(offset)
        while line >= 0:
            end = doc.line_end(line)
            if text.startswith("\r\n", end):
                return "\r\n"
            if text.startswith("\n", end):
                return "\n"
            line -= 1
        return doc.newline

    def replace_edit(self, i: int, op: ReplaceOp, m: AnchorMatch) -> Edit:
        """The replacement, fitted to the matched text's punctuation, newlines and indentation."""
        text = self.text
        start, end = m.start, m.end
        anchor = op.anchor.replace("\r\n", "\n")
        repl = op.text.replace("\r\n", "\n")
        found = text[start:end]  # raw: its line breaks' bytes are what the replacement keeps
        if m.tier is not MatchTier.EXACT:
            # A normalised or fuzzy match starts at the anchor's first word and ends at its
            # last: whitespace the anchor and the replacement share at either end stands
            # for the document's own, which stays.
            if repl.strip():
                repl = _shed_lead(_lead(anchor), _lead(repl)) + repl.strip() + _trail(repl)[
                    len(_common_prefix(_trail(anchor), _trail(repl))) :
                ]
            anchor = anchor.strip()
            if m.tier is MatchTier.FUZZY:
                end = self.snap_replace_end(start, end, anchor, repl)
                found = text[start:end]
        end = self.absorb_doubled_end(end, anchor, repl)
        return Edit(start, end, self.fit_breaks(i, anchor, found, repl, end, m.tier), i)

    def snap_replace_end(self, start: int, end: int, anchor: str, repl: str) -> int:
        """A fuzzy span's end moved to the sentence end the anchor and replacement imply.

        The alignment stops before punctuation it could not match ("amazing!" against
        "amazing."), which would leave the old mark beside the replacement's; it may also
        take a mark neither the anchor nor the replacement has, which would drop it.
        """
        text = self.text
        stop = end
        while stop < len(text) and text[stop] in _SENTENCE_END:
            stop += 1
        at_break = stop == len(text) or text[stop].isspace()
        wants_mark = _ends_sentence(anchor) or _ends_sentence(repl)
        if stop > end and at_break and wants_mark:
            return stop
        if not wants_mark and (end == len(text) or text[end].isspace()):
            keep = end
            while keep > start + 1 and text[keep - 1] in _SENTENCE_END:
                keep -= 1
            return keep
        return end

    def absorb_doubled_end(self, end: int, anchor: str, repl: str) -> int:
        """Take the sentence-final run after the anchor when the replacement brings its own."""
        text = self.text
        if not _ends_sentence(repl) or _ends_sentence(anchor):
            return end
        stop = end
        while stop < len(text) and text[stop] in _SENTENCE_END:
            stop += 1
        if stop > end and (stop == len(text) or text[stop].isspace()):
            return stop
        return end

    def fit_breaks(
        self, i: int, anchor: str, found: str, repl: str, end: int, tier: MatchTier
    ) -> str:
        """`repl` with each line break rendered as the matched text has it.

        The k-th line break of the replacement stands where the anchor's k-th one was: it
        keeps that break's newline bytes, and its indentation moves by what the match
        added to (or took from) the anchor's. When the replacement has another number of
        breaks, one uniform newline and shift must hold for every break, else we ask.
        """
        a_runs = _SPACE_RUN.findall(anchor)
        d_runs = _SPACE_RUN.findall(found)
        r_breaks = [mm for mm in _SPACE_RUN.finditer(repl) if "\n" in mm.group()]
        if not r_breaks:
            return repl
        local = self.newline_near(end)
        pairs: list[_Break | None] = []
        if len(a_runs) == len(d_runs):
            for a_run, d_run in zip(a_runs, d_runs, strict=True):
                if "\n" not in a_run and "\n" not in d_run:
                    continue
                if "\n" not in d_run:
                    pairs.append(None)  # the anchor's break is a space in the post
                    continue
                d_head, d_indent = d_run.rsplit("\n", 1)
                nl = "\r\n" if d_head.endswith("\r") else "\n"
                a_head = a_run.rsplit("\n", 1)[0] if "\n" in a_run else None
                shift = (
                    ("", "")
                    if tier is MatchTier.EXACT
                    else _shift(_after_break(a_run), d_indent)
                )
                if shift is None:
                    raise self.indent_question(i)
                pairs.append(_Break(nl, shift, a_head, d_head.removesuffix("\r")))
        elif any("\n" in r for r in d_runs) and tier is not MatchTier.EXACT:
            raise self.indent_question(i)
        if len(pairs) != len(r_breaks):
            known = [p for p in pairs if p is not None]
            newlines = {p.newline for p in known}
            shifts = {p.shift for p in known}
            if len(shifts) > 1:
                raise self.indent_question(i)
            uniform = _Break(
                newlines.pop() if len(newlines) == 1 else local,
                shifts.pop() if shifts else ("", ""),
            )
            pairs = [uniform] * len(r_breaks)
        out: list[str] = []
        pos = 0
        for mm, brk in zip(r_breaks, pairs, strict=True):
            head, indent = mm.group().rsplit("\n", 1)
            b = brk or _Break(local, ("", ""))
            drop, add = b.shift
            if not indent.startswith(drop):
                raise self.indent_question(i)
            # Trailing spaces and blank lines the replacement repeats from the anchor are
            # the post's own: keep its bytes.
            head = b.post_head if b.post_head is not None and head == b.anchor_head else (
                head.replace("\n", b.newline)
            )
            out += [repl[pos : mm.start()], head, b.newline, add, indent[len(drop) :]]
            pos = mm.end()
        out.append(repl[pos:])
        return "".join(out)

    def indent_question(self, i: int) -> _Rejection:
        return _Rejection(
            RejectReason.CONSTRAINT,
            f"op {i}: the anchor's lines are indented differently from the text it matched, "
            "so the replacement's indentation is unclear",
            "The lines you quoted are indented differently in the post. Should the new "
            "lines keep the post's indentation? Please quote the lines exactly as they are.",
        )

    def check_no_split(self, i: int, edit: Edit) -> None:
        """Refuse an edit that puts a blank line inside a paragraph (a paragraph split)."""
        if _splits_paragraph(self.doc, edit):
            raise _Rejection(
                RejectReason.CONSTRAINT,
                f"op {i} would split a paragraph in two; that needs scope 'multi-paragraph'",
                "This edit splits a paragraph into two. Should I make it a multi-paragraph "
                "edit?",
            )

    def snap_to_lines(self, s: int, e: int) -> tuple[int, int]:
        """Widen a fuzzy span to its whole lines when only punctuation lies outside it.

        A fuzzy alignment drops characters it could not match ("again." against "again!"),
        so an insert would land inside the line ("again P.S.!") and a re-sent plan would
        not see its own text next to the anchor.
        """
        doc, text = self.doc, self.text
        ls = doc.line_starts[doc.line_of(s)]
        le = doc.line_end(doc.line_of(max(s, e - 1)))
        outside = text[ls:s] + text[e:le]
        if outside and not any(ch.isalnum() for ch in outside):
            return ls, le
        return s, e

    def check_one_paragraph(self, i: int, op: EditOp, s: int, e: int) -> None:
        a, b = self.doc.block_at(s), self.doc.block_at(e)
        spans = a is None or a is not b
        new_text = "" if isinstance(op, DeleteOp) else op.text
        if spans or _BLANK_LINE.search(new_text.strip("\r\n")):
            raise _Rejection(
                RejectReason.CONSTRAINT,
                f"op {i} would change more than one paragraph; that needs "
                "scope 'multi-paragraph'",
                "This edit spans more than one paragraph. Should I widen it to a "
                "multi-paragraph edit?",
            )

    def insert_present(self, op: InsertOp, edit: Edit) -> bool:
        want = " ".join(fold(op.text).split())
        if not want:
            return False
        window = len(op.text) * 2 + 8
        if op.position == "after":
            seg = self.text[edit.start : edit.start + window]
            return " ".join(fold(seg).split()).startswith(want)
        seg = self.text[max(0, edit.start - window) : edit.start]
        return " ".join(fold(seg).split()).endswith(want)

    # -- the whole plan ---------------------------------------------------------------------------
    def run(self, *, dry_run: bool, filename: str) -> EditResult:
        plan, doc = self.plan, self.doc
        try:
            self.region = resolve_scope(doc, plan.scope)
        except ScopeError as err:
            return self.scope_rejection(err, "scope")
        for i, op in enumerate(plan.ops):
            if op.line is not None and op.line > max(doc.line_count, 1):
                return _rejected(
                    RejectReason.INVALID_PLAN,
                    f"op {i}: line {op.line} is past the end of the {doc.line_count}-line "
                    "document; was the plan made for another version?",
                )
            if isinstance(op, ReplaceOp) and op.text == op.anchor:
                return _rejected(
                    RejectReason.INVALID_PLAN,
                    f"op {i}: replace with identical text changes nothing",
                )
        located: list[_Located] = []
        reports: list[OpReport] = []
        for i, op in enumerate(plan.ops):
            try:
                loc = self.locate(i, op)
            except ScopeError as err:
                return self.scope_rejection(err, f"op {i} section", reports)
            except _Rejection as rej:
                reports.append(
                    OpReport(
                        index=i, type=op.type, status=EditStatus.REJECTED, reason=rej.reason,
                        message=rej.message, candidates=rej.candidates,
                    )
                )
                return _rejected(rej.reason, rej.message, rej.question, rej.candidates, reports)
            located.append(loc)
            reports.append(loc.report)
        evidence = any(
            loc.report.status is EditStatus.ALREADY_APPLIED and not loc.deferred_delete
            for loc in located
        )
        for loc in located:
            if loc.deferred_delete and not evidence:
                op = plan.ops[loc.report.index]
                loc.report.status = EditStatus.REJECTED
                loc.report.reason = RejectReason.NOT_FOUND
                try:
                    self.explain_missing(op, self.region, *self.bounds(op), [])
                except _Rejection as rej:
                    loc.report.message = rej.message
                    cands = rej.candidates or loc.report.candidates
                    loc.report.candidates = cands
                    return _rejected(rej.reason, rej.message, rej.question, cands, reports)
        edits = [loc.edit for loc in located if loc.edit is not None]
        if not edits:
            return EditResult(
                status=EditStatus.ALREADY_APPLIED,
                message="already applied: every replacement is present and no anchor is left",
                ops=reports, dry_run=dry_run, text=self.text,
                stats=DiffStats(lines_before=doc.line_count, lines_after=doc.line_count),
            )
        return self.finish(edits, reports, dry_run=dry_run, filename=filename)

    def breaks_moved(self, w: Window) -> int:
        """Paragraph breaks a window adds or removes (a split or a join is a changed line)."""
        doc = self.doc
        if any(k in doc.fence_at_line for k in range(w.first_line, w.last_line + 1)):
            return 0
        before = [doc.line_text(k) for k in range(max(0, w.first_line - 1), w.first_line)]
        after = [doc.line_text(k) for k in range(w.last_line + 1, min(doc.line_count,
                                                                       w.last_line + 2))]
        old = _paragraph_breaks([*before, *w.old_lines, *after])
        new = _paragraph_breaks([*before, *w.new_lines, *after])
        return abs(new - old)

    def bounds(self, op: EditOp) -> tuple[int, int]:
        r = self.op_region(op)
        return max(r.start, self.doc.body_start), r.end

    def scope_rejection(
        self, err: ScopeError, what: str, reports: list[OpReport] | None = None
    ) -> EditResult:
        cands = [
            Candidate(line=line + 1, text=title, context=self.doc.line_text(line), score=100.0)
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
        return _rejected(reason, f"{what}: {err}", q, cands, reports or [])

    def finish(
        self, edits: list[Edit], reports: list[OpReport], *, dry_run: bool, filename: str
    ) -> EditResult:
        doc, plan = self.doc, self.plan
        edits.sort(key=lambda x: (x.start, x.end))
        for a, b in itertools.pairwise(edits):
            both_inserts = a.start == a.end == b.start == b.end
            if b.start < a.end or both_inserts:
                return _rejected(
                    RejectReason.INVALID_PLAN,
                    f"ops {a.op} and {b.op} touch the same text; merge them into one op",
                    reports=reports,
                )
        if edits[0].start < doc.body_start:
            return _rejected(
                RejectReason.CONSTRAINT,
                f"op {edits[0].op} would change the frontmatter; use edit_metadata",
                reports=reports,
            )
        windows = build_windows(doc, edits)
        if not plan.constraints.allow_heading_changes:
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
                    op = w.edits[0].op
                    return _rejected(
                        RejectReason.CONSTRAINT,
                        f"op {op} would add, remove or change a heading (line "
                        f"{w.first_line + 1}); headings change only with allow_heading_changes",
                        f"This edit would change a heading near line {w.first_line + 1}. "
                        "Do you want the heading changed?",
                        reports=reports,
                    )
        budget = line_budget(
            doc.line_count,
            max_changed_lines=self.s.max_changed_lines,
            fraction=self.s.max_changed_fraction,
        )
        asked = plan.constraints.max_changed_lines
        multi = self.region.multi_paragraph
        if multi:
            # The explicit "expand" may rewrite the whole body once; growing the post
            # beyond that needs a number the plan states (docs/edit-ops.md, line budget).
            budget = asked if asked is not None else max(budget, doc.line_count)
        elif asked is not None:
            budget = min(budget, asked)
        changed = sum(max(w.changed, self.breaks_moved(w)) for w in windows)
        stats = DiffStats(
            lines_added=sum(w.added for w in windows),
            lines_removed=sum(w.removed for w in windows),
            changed_lines=changed,
            chars_added=sum(len(x.replacement) for x in edits),
            chars_removed=sum(x.end - x.start for x in edits),
            lines_before=doc.line_count,
            line_budget=budget,
        )
        if changed > budget:
            if multi and asked is None:
                question = (
                    f"This edit would change {changed} lines, more than the document's "
                    f"{budget}. Should I allow {changed} changed lines (max_changed_lines)?"
                )
            elif multi:
                question = (
                    f"This edit would change {changed} lines, more than the {budget} you "
                    f"allowed. Should I allow {changed}?"
                )
            else:
                question = (
                    f"This edit would change {changed} lines, more than the {budget} allowed "
                    "for a small edit. Should I treat it as a bigger, multi-paragraph rewrite?"
                )
            return _rejected(
                RejectReason.CONSTRAINT,
                f"the plan changes {changed} lines, over the budget of {budget}",
                question, reports=reports, stats=stats,
            )
        new_text = apply_edits(self.text, edits)
        stats.lines_after = count_lines(new_text)
        diff = unified_diff(
            doc, windows, context=self.s.diff_context,
            fromfile=f"a/{filename}", tofile=f"b/{filename}",
        )
        n = len(edits)
        verb = "would apply" if dry_run else "applied"
        return EditResult(
            status=EditStatus.APPLIED,
            message=f"{verb} {n} op{'s' if n != 1 else ''}: {changed} changed line"
            f"{'s' if changed != 1 else ''} (budget {budget})",
            ops=reports, stats=stats, diff=diff, dry_run=dry_run, text=new_text,
        )


def _lead(s: str) -> str:
    return s[: len(s) - len(s.lstrip())]


def _trail(s: str) -> str:
    return s[len(s.rstrip()) :]


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _shed_lead(a_lead: str, r_lead: str) -> str:
    """What of the replacement's leading whitespace is new beside the anchor's.

    Line breaks and first-line indentation both share stand for the document's own,
    which the match leaves in place; only what the replacement adds is kept.
    """
    a_indent, r_indent = _after_break(a_lead, a_lead), _after_break(r_lead, r_lead)
    fresh = max(0, r_lead.count("\n") - a_lead.count("\n"))
    return "\n" * fresh + r_indent[len(_common_prefix(a_indent, r_indent)) :]


def _after_break(run: str, default: str = "") -> str:
    """The indentation after the last newline of a whitespace run (`default` without one)."""
    return run.rsplit("\n", 1)[1] if "\n" in run else default


def _ends_sentence(s: str) -> bool:
    t = s.rstrip()
    return bool(t) and t[-1] in _SENTENCE_END


def _shift(anchor_indent: str, found_indent: str) -> tuple[str, str] | None:
    """How the match's indentation differs from the anchor's: (prefix to drop, to add)."""
    if found_indent.endswith(anchor_indent):
        return "", found_indent[: len(found_indent) - len(anchor_indent)]
    if anchor_indent.endswith(found_indent):
        return anchor_indent[: len(anchor_indent) - len(found_indent)], ""
    return None


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


def _rejected(
    reason: RejectReason,
    message: str,
    question: str | None = None,
    candidates: list[Candidate] | None = None,
    reports: list[OpReport] | None = None,
    stats: DiffStats | None = None,
) -> EditResult:
    return EditResult(
        status=EditStatus.REJECTED, reason=reason, message=message, question=question,
        candidates=candidates or [], ops=reports or [], stats=stats or DiffStats(),
    )


def apply_plan(
    text: str,
    plan: EditPlan,
    *,
    current_version: int | None = None,
    dry_run: bool = False,
    score_cutoff: float = PatchSettings.score_cutoff,
    min_fuzzy_length: int = PatchSettings.min_fuzzy_length,
    ambiguity_margin: float = PatchSettings.ambiguity_margin,
    max_changed_lines: int = PatchSettings.max_changed_lines,
    max_changed_fraction: float = PatchSettings.max_changed_fraction,
    diff_context: int = PatchSettings.diff_context,
    filename: str = "content.md",
) -> EditResult:
    """Validate `plan` against `text` and apply it whole, or reject it and change nothing.

    The result's `text` is the new document (the input itself when nothing changed);
    `dry_run` only labels the result, since this function never writes anything.
    """
    if (
        plan.base_version is not None
        and current_version is not None
        and plan.base_version != current_version
    ):
        res = _rejected(
            RejectReason.STALE_VERSION,
            f"the plan was made for version {plan.base_version}, but the latest version is "
            f"{current_version}; read the content again and re-plan",
        )
        res.text = text
        res.stats.lines_before = res.stats.lines_after = count_lines(text)
        return res
    settings = PatchSettings(
        score_cutoff=score_cutoff,
        min_fuzzy_length=min_fuzzy_length,
        ambiguity_margin=ambiguity_margin,
        max_changed_lines=max_changed_lines,
        max_changed_fraction=max_changed_fraction,
        diff_context=diff_context,
    )
    result = _Patcher(text, plan, settings).run(dry_run=dry_run, filename=filename)
    if result.status is not EditStatus.APPLIED:
        result.text = text
    result.dry_run = dry_run
    result.stats.lines_before = result.stats.lines_before or count_lines(text)
    if result.status is not EditStatus.APPLIED:
        result.stats.lines_after = result.stats.lines_before
    return result


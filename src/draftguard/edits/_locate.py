"""Locating each op of a plan in the original text: its anchor's matches and near misses,
returned as values, and the reasons an op is ambiguous, missing or already applied."""

from __future__ import annotations

from dataclasses import dataclass

from draftguard.edits._anchors import AnchorSearch, find_anchor
from draftguard.edits._diff import Edit
from draftguard.edits._fit import make_edit
from draftguard.edits._plan import DeleteOp, EditOp, InsertOp, ReplaceOp
from draftguard.edits._prepared import PreparedDoc
from draftguard.edits._rejection import Rejection, clip
from draftguard.edits._result import EditStatus, OpReport, RejectReason
from draftguard.edits._scope import Region, resolve_scope
from draftguard.edits._search_text import AnchorMatch, fold
from draftguard.settings._system_settings import PatchSettings

__all__ = ["Located", "Locator"]


@dataclass
class Located:
    """One op's edit (None when there is nothing to do) and its report."""

    edit: Edit | None
    report: OpReport
    deferred_delete: bool = False


@dataclass(frozen=True)
class Locator:
    """Finds the ops of one plan in one document, within the plan's scope."""

    prep: PreparedDoc
    settings: PatchSettings
    region: Region

    def find(self, anchor: str, lo: int, hi: int, *, fuzzy: bool = True) -> AnchorSearch:
        s = self.settings
        return find_anchor(
            self.prep.search, anchor, start=lo, end=hi,
            score_cutoff=s.score_cutoff,
            min_fuzzy_length=s.min_fuzzy_length,
            ambiguity_margin=s.ambiguity_margin,
            fuzzy=fuzzy,
        )

    def op_region(self, op: EditOp) -> Region:
        """The op's section, which may narrow the plan's scope but never widen it."""
        if op.section is None:
            return self.region
        r = resolve_scope(self.prep.doc, op.section)
        if not self.region.contains(r.start, r.end):
            raise Rejection(
                RejectReason.CONSTRAINT,
                f"section '{op.section}' lies outside the plan scope '{self.region.label}'; "
                "an op's section can narrow the scope, never widen it",
            )
        return Region(r.start, r.end, r.label, self.region.multi_paragraph)

    def bounds(self, op: EditOp) -> tuple[int, int]:
        r = self.op_region(op)
        return max(r.start, self.prep.doc.body_start), r.end

    def locate(self, i: int, op: EditOp) -> Located:
        """Op `i` as an edit, or as already applied; raises `Rejection` when it cannot be."""
        report = OpReport(index=i, type=op.type, status=EditStatus.APPLIED)
        region = self.op_region(op)
        lo, hi = max(region.start, self.prep.doc.body_start), region.end
        found = self.find(op.anchor, lo, hi)
        matches = list(found.matches)
        if isinstance(op, ReplaceOp) and op.text.strip() and op.text != op.anchor:
            matches, done = self._past_replacement(op, matches, lo, hi)
            if not matches and done:
                report.status = EditStatus.ALREADY_APPLIED
                report.line = self.prep.doc.line_of(done[0].start) + 1
                report.message = "replacement already present and anchor gone"
                return Located(None, report)
        if not matches:
            if isinstance(op, DeleteOp):
                report.status = EditStatus.ALREADY_APPLIED
                report.message = "anchor gone"
                report.candidates = [self.prep.candidate(m) for m in found.near]
                return Located(None, report, deferred_delete=True)
            raise self.explain_missing(op, region, lo, hi, list(found.near))
        if len(matches) > 1 and op.line is not None:
            hinted = [m for m in matches if self.prep.on_line(m, op.line)]
            if len(hinted) == 1:
                matches = hinted
        if len(matches) > 1 and isinstance(op, InsertOp):
            earlier = self._insert_done_among(i, op, matches, region)
            if earlier is not None:
                report.status = EditStatus.ALREADY_APPLIED
                report.line = self.prep.doc.line_of(earlier.start) + 1
                report.message = "inserted text already present next to the anchor"
                return Located(None, report)
        if len(matches) > 1:
            raise self._ambiguous(i, op, matches, region)
        return self._at(i, op, matches[0], region, report)

    def _at(
        self, i: int, op: EditOp, m: AnchorMatch, region: Region, report: OpReport
    ) -> Located:
        report.tier, report.score = m.tier, m.score
        report.line = self.prep.doc.line_of(m.start) + 1
        if op.line is not None and not self.prep.on_line(m, op.line):
            report.message = f"line hint {op.line} ignored: the anchor is on line {report.line}"
        edit = make_edit(self.prep, i, op, m, region)
        if isinstance(op, InsertOp) and self._insert_present(op, edit):
            report.status = EditStatus.ALREADY_APPLIED
            report.message = "inserted text already present next to the anchor"
            return Located(None, report)
        return Located(edit, report)

    def _past_replacement(
        self, op: ReplaceOp, matches: list[AnchorMatch], lo: int, hi: int
    ) -> tuple[list[AnchorMatch], list[AnchorMatch]]:
        """The anchor's matches outside copies of the replacement, and those copies.

        Only a copy of the replacement is evidence that it was applied: an exact one, or
        one fitted to the post's indentation and newlines (whitespace may differ, never
        case or quotes: such a variant is someone else's text).
        """
        text = self.prep.text
        done = self.prep.search.exact(op.text, lo, hi)
        if not done and not matches:
            want = op.text.split()
            done = [
                d for d in self.find(op.text, lo, hi, fuzzy=False).matches
                if text[d.start : d.end].split() == want
            ]
        # An anchor found inside the replacement text is the replacement, not the anchor.
        kept = [
            m for m in matches if not any(d.start <= m.start and m.end <= d.end for d in done)
        ]
        return kept, done

    def _ambiguous(
        self, i: int, op: EditOp, matches: list[AnchorMatch], region: Region
    ) -> Rejection:
        cands = [self.prep.candidate(m) for m in matches[:10]]
        where = f" in {region.label}" if region.label != "whole document" else ""
        listed = "; ".join(f"line {c.line}: \u201c{c.context}\u201d" for c in cands[:5])
        return Rejection(
            RejectReason.AMBIGUOUS,
            f"op {i}: anchor '{clip(op.anchor, 60)}' matches {len(matches)} places{where}",
            f"'{clip(op.anchor, 60)}' appears {len(matches)} times{where} ({listed}). "
            "Which one do you mean?",
            cands,
        )

    def _insert_done_among(
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
                edit = make_edit(self.prep, i, op, m, region)
            except Rejection:
                continue
            if self._insert_present(op, edit):
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

    def _insert_present(self, op: InsertOp, edit: Edit) -> bool:
        want = " ".join(fold(op.text).split())
        if not want:
            return False
        window = len(op.text) * 2 + 8
        text = self.prep.text
        if op.position == "after":
            seg = text[edit.start : edit.start + window]
            return " ".join(fold(seg).split()).startswith(want)
        seg = text[max(0, edit.start - window) : edit.start]
        return " ".join(fold(seg).split()).endswith(want)

    def explain_missing(
        self, op: EditOp, region: Region, lo: int, hi: int, near: list[AnchorMatch]
    ) -> Rejection:
        """Why the anchor is not in [lo, hi]: outside the scope, in the frontmatter, or
        nowhere (with the near misses as "did you mean" candidates)."""
        doc = self.prep.doc
        body = resolve_scope(doc, None)
        if (lo, hi) != (body.start, body.end):
            wider = self.find(op.anchor, body.start, body.end).matches
            if wider:
                c = self.prep.candidate(wider[0])
                return Rejection(
                    RejectReason.CONSTRAINT,
                    f"anchor '{clip(op.anchor, 60)}' is outside the scope '{region.label}' "
                    f"(found on line {c.line})",
                    f"'{clip(op.anchor, 60)}' is on line {c.line}, outside {region.label}. "
                    "Should I edit it there?",
                    [self.prep.candidate(w) for w in wider[:5]],
                )
        fm = doc.frontmatter
        if fm is not None and self.find(op.anchor, fm.start, fm.end, fuzzy=False).matches:
            return Rejection(
                RejectReason.CONSTRAINT,
                f"anchor '{clip(op.anchor, 60)}' is in the frontmatter, which only "
                "edit_metadata may change",
            )
        cands = [self.prep.candidate(m) for m in near]
        where = f" in {region.label}" if region.label != "whole document" else ""
        if cands:
            listed = "; ".join(f"line {c.line}: \u201c{c.text}\u201d" for c in cands)
            question = f"I could not find '{clip(op.anchor, 60)}'{where}. Did you mean {listed}?"
        else:
            question = (
                f"I could not find '{clip(op.anchor, 60)}'{where}. "
                "Can you quote the exact words you want changed?"
            )
        return Rejection(
            RejectReason.NOT_FOUND, f"anchor '{clip(op.anchor, 60)}' not found{where}",
            question, cands,
        )

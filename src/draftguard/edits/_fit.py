"""Turning a located anchor into an edit that fits the post: its spaces, punctuation,
newline bytes and indentation, so the edit changes only what the op asked for."""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftguard.edits._constraints import check_no_split, check_one_paragraph
from draftguard.edits._diff import Edit
from draftguard.edits._plan import DeleteOp, EditOp, InsertOp, ReplaceOp
from draftguard.edits._prepared import PreparedDoc
from draftguard.edits._rejection import Rejection
from draftguard.edits._result import RejectReason
from draftguard.edits._scope import Region
from draftguard.edits._search_text import AnchorMatch, MatchTier
from draftguard.text import SENTENCE_END_MARKS

__all__ = ["make_edit"]

_SPACE_RUN = re.compile(r"\s+")
# Punctuation that ends a sentence; a replacement ending in one takes the place of the run
# that follows its anchor, instead of doubling it ("text..").
_SENTENCE_END = SENTENCE_END_MARKS
_NO_SPACE_BEFORE = set(".,;:!?)]}'\"\u2019\u201d")
_NO_SPACE_AFTER = set("([{'\"\u2018\u201c")


@dataclass(frozen=True)
class _Break:
    """How one line break of the matched text looks: its newline, indent shift and head."""

    newline: str
    shift: tuple[str, str]  # (indentation prefix to drop, prefix to add)
    anchor_head: str | None = None  # the anchor's whitespace before its newline
    post_head: str | None = None  # the post's whitespace before its newline, raw bytes


@dataclass(frozen=True)
class _Span:
    """A match trimmed of surrounding whitespace, and where it lies in the document."""

    s: int
    e: int
    first: int
    last: int
    whole_block: bool
    whole_lines: bool
    newline: str


def make_edit(prep: PreparedDoc, i: int, op: EditOp, m: AnchorMatch, region: Region) -> Edit:
    """The edit `op` makes at match `m`; raises `Rejection` when it breaks a paragraph rule."""
    span = _span(prep, op, m)
    if not region.multi_paragraph:
        check_one_paragraph(prep.doc, i, op, span.s, span.e)
    if isinstance(op, DeleteOp):
        return _delete_edit(prep, i, span)
    if isinstance(op, ReplaceOp):
        edit = _replace_edit(prep, i, op, m)
    else:
        edit = _insert_edit(prep, i, op, span)
    # A block inserted beside a whole block is a new paragraph, not a split one.
    if not region.multi_paragraph and not (isinstance(op, InsertOp) and span.whole_block):
        check_no_split(prep.doc, i, edit)
    return edit


def _span(prep: PreparedDoc, op: EditOp, m: AnchorMatch) -> _Span:
    doc, text = prep.doc, prep.text
    s, e = m.start, m.end
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    if m.tier is MatchTier.FUZZY and isinstance(op, (InsertOp, DeleteOp)):
        s, e = _snap_to_lines(prep, s, e)
    first, last = doc.line_of(s), doc.line_of(max(s, e - 1))
    block = doc.block_at(s)
    return _Span(
        s, e, first, last,
        whole_block=block is not None and s == block.start and e == block.end,
        whole_lines=s == doc.line_starts[first] and e == doc.line_end(last),
        newline=prep.newline_near(m.end),
    )


def _snap_to_lines(prep: PreparedDoc, s: int, e: int) -> tuple[int, int]:
    """Widen a fuzzy span to its whole lines when only punctuation lies outside it.

    A fuzzy alignment drops characters it could not match ("again." against "again!"),
    so an insert would land inside the line ("again P.S.!") and a re-sent plan would
    not see its own text next to the anchor.
    """
    doc, text = prep.doc, prep.text
    ls = doc.line_starts[doc.line_of(s)]
    le = doc.line_end(doc.line_of(max(s, e - 1)))
    outside = text[ls:s] + text[e:le]
    if outside and not any(ch.isalnum() for ch in outside):
        return ls, le
    return s, e


def _insert_edit(prep: PreparedDoc, i: int, op: InsertOp, span: _Span) -> Edit:
    doc, text, nl = prep.doc, prep.text, span.newline

    def conv(t: str) -> str:
        t = t.replace("\r\n", "\n")
        return t.replace("\n", nl) if nl != "\n" else t

    block = doc.block_at(span.s)
    if span.whole_block and block is not None:
        body = conv(op.text.strip("\r\n"))
        if op.position == "after":
            return Edit(block.end, block.end, nl + nl + body, i)
        return Edit(block.start, block.start, body + nl + nl, i)
    if span.whole_lines:
        body = conv(op.text.strip("\r\n"))
        if op.position == "after":
            at = doc.line_end(span.last)
            return Edit(at, at, nl + body, i)
        at = doc.line_starts[span.first]
        return Edit(at, at, body + nl, i)
    t, s, e = conv(op.text), span.s, span.e
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
        return Edit(e, gap, t, i)
    nxt = text[s] if s < len(text) else " "
    if not t[-1].isspace() and t[-1] not in _NO_SPACE_AFTER and nxt.isalnum():
        t = t + " "
    return Edit(s, s, t, i)


def _delete_edit(prep: PreparedDoc, i: int, span: _Span) -> Edit:
    doc, text = prep.doc, prep.text
    first, last = span.first, span.last
    block = doc.block_at(span.s)
    if span.whole_block and block is not None:
        blocks = doc.body_blocks()
        k = blocks.index(block)
        if k + 1 < len(blocks):
            return Edit(block.start, blocks[k + 1].start, "", i)
        if k > 0:
            return Edit(blocks[k - 1].end, block.end, "", i)
        return Edit(block.start, block.end, "", i)
    if span.whole_lines:
        if last + 1 < doc.line_count:
            return Edit(doc.line_starts[first], doc.line_starts[last + 1], "", i)
        if first > 0:
            return Edit(doc.line_end(first - 1), doc.line_end(last), "", i)
        return Edit(doc.line_starts[first], doc.line_end(last), "", i)
    s, e = span.s, span.e
    before = text[s - 1] if s > 0 else "\n"
    after = text[e] if e < len(text) else "\n"
    if before == " " and after == " ":
        e += 1
    elif before == " " and (after in _NO_SPACE_BEFORE or after in "\r\n"):
        s -= 1
    elif before == "\n" and after == " ":
        e += 1
    return Edit(s, e, "", i)


def _replace_edit(prep: PreparedDoc, i: int, op: ReplaceOp, m: AnchorMatch) -> Edit:
    """The replacement, fitted to the matched text's punctuation, newlines and indentation."""
    text = prep.text
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
            end = _snap_replace_end(text, start, end, anchor, repl)
            found = text[start:end]
    end = _absorb_doubled_end(text, end, anchor, repl)
    fitted = _fit_breaks(prep, i, anchor, found, repl, end, m.tier)
    return Edit(start, end, fitted, i)


def _snap_replace_end(text: str, start: int, end: int, anchor: str, repl: str) -> int:
    """A fuzzy span's end moved to the sentence end the anchor and replacement imply.

    The alignment stops before punctuation it could not match ("amazing!" against
    "amazing."), which would leave the old mark beside the replacement's; it may also
    take a mark neither the anchor nor the replacement has, which would drop it.
    """
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


def _absorb_doubled_end(text: str, end: int, anchor: str, repl: str) -> int:
    """Take the sentence-final run after the anchor when the replacement brings its own."""
    if not _ends_sentence(repl) or _ends_sentence(anchor):
        return end
    stop = end
    while stop < len(text) and text[stop] in _SENTENCE_END:
        stop += 1
    if stop > end and (stop == len(text) or text[stop].isspace()):
        return stop
    return end


def _indent_question(i: int) -> Rejection:
    return Rejection(
        RejectReason.CONSTRAINT,
        f"op {i}: the anchor's lines are indented differently from the text it matched, "
        "so the replacement's indentation is unclear",
        "The lines you quoted are indented differently in the post. Should the new "
        "lines keep the post's indentation? Please quote the lines exactly as they are.",
    )


def _paired_breaks(i: int, anchor: str, found: str, tier: MatchTier) -> list[_Break | None]:
    """The anchor's line breaks paired with the matched text's (None: a space in the post)."""
    a_runs = _SPACE_RUN.findall(anchor)
    d_runs = _SPACE_RUN.findall(found)
    pairs: list[_Break | None] = []
    if len(a_runs) != len(d_runs):
        if any("\n" in r for r in d_runs) and tier is not MatchTier.EXACT:
            raise _indent_question(i)
        return pairs
    for a_run, d_run in zip(a_runs, d_runs, strict=True):
        if "\n" not in a_run and "\n" not in d_run:
            continue
        if "\n" not in d_run:
            pairs.append(None)  # the anchor's break is a space in the post
            continue
        d_head, d_indent = d_run.rsplit("\n", 1)
        nl = "\r\n" if d_head.endswith("\r") else "\n"
        a_head = a_run.rsplit("\n", 1)[0] if "\n" in a_run else None
        shift = ("", "") if tier is MatchTier.EXACT else _shift(_after_break(a_run), d_indent)
        if shift is None:
            raise _indent_question(i)
        pairs.append(_Break(nl, shift, a_head, d_head.removesuffix("\r")))
    return pairs


def _fit_breaks(
    prep: PreparedDoc, i: int, anchor: str, found: str, repl: str, end: int, tier: MatchTier
) -> str:
    """`repl` with each line break rendered as the matched text has it.

    The k-th line break of the replacement stands where the anchor's k-th one was: it
    keeps that break's newline bytes, and its indentation moves by what the match
    added to (or took from) the anchor's. When the replacement has another number of
    breaks, one uniform newline and shift must hold for every break, else we ask.
    """
    r_breaks = [mm for mm in _SPACE_RUN.finditer(repl) if "\n" in mm.group()]
    if not r_breaks:
        return repl
    local = prep.newline_near(end)
    pairs = _paired_breaks(i, anchor, found, tier)
    if len(pairs) != len(r_breaks):
        known = [p for p in pairs if p is not None]
        newlines = {p.newline for p in known}
        shifts = {p.shift for p in known}
        if len(shifts) > 1:
            raise _indent_question(i)
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
            raise _indent_question(i)
        # Trailing spaces and blank lines the replacement repeats from the anchor are
        # the post's own: keep its bytes.
        head = b.post_head if b.post_head is not None and head == b.anchor_head else (
            head.replace("\n", b.newline)
        )
        out += [repl[pos : mm.start()], head, b.newline, add, indent[len(drop) :]]
        pos = mm.end()
    out.append(repl[pos:])
    return "".join(out)


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

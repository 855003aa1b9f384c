"""Applying located edits and measuring them: per-window line diffs and a unified diff.

Only the lines an edit touches are diffed (a window), so a one-word change in a megabyte
document costs microseconds, and the counts are exact for the lines that changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from draftguard.edits._line_diff import Opcode, line_counts, line_opcodes
from draftguard.markdown import MarkdownMap

__all__ = ["Edit", "Window", "apply_edits", "build_windows", "split_lines", "unified_diff"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace `text[start:end]` with `replacement`; `op` is the plan op it came from."""

    start: int
    end: int
    replacement: str
    op: int


@dataclass(slots=True)
class Window:
    """Whole lines `first_line..last_line` (0-based) of the old text and what they become."""

    first_line: int
    last_line: int
    start: int
    end: int
    old_lines: list[str]
    new_lines: list[str]
    edits: list[Edit] = field(default_factory=list)
    opcodes: list[Opcode] = field(default_factory=list)
    added: int = 0
    removed: int = 0
    changed: int = 0


_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def split_lines(text: str) -> list[str]:
    """Lines with their terminators; only "\\n" ends a line ("\\r" stays in the line)."""
    return _LINE.findall(text)


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """The text with non-overlapping `edits` applied (they are located in the original)."""
    out: list[str] = []
    pos = 0
    for e in sorted(edits, key=lambda x: (x.start, x.end)):
        out.append(text[pos : e.start])
        out.append(e.replacement)
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


def _line_span(doc: MarkdownMap, first: int, last: int) -> tuple[int, int]:
    start = doc.line_starts[first] if doc.line_starts else 0
    end = doc.line_starts[last + 1] if last + 1 < len(doc.line_starts) else len(doc.text)
    return start, end


def build_windows(doc: MarkdownMap, edits: Sequence[Edit]) -> list[Window]:
    """Group edits by the lines they touch and diff each group's lines."""
    windows: list[Window] = []
    for e in sorted(edits, key=lambda x: (x.start, x.end)):
        first = doc.line_of(e.start)
        last = doc.line_of(max(e.start, e.end - 1)) if e.end > e.start else first
        # An edit ending right after a newline joins the next line onto this one.
        if e.end > e.start and doc.text[e.end - 1 : e.end] == "\n" and e.end < len(doc.text):
            last = doc.line_of(e.end)
        if windows and first <= windows[-1].last_line:
            w = windows[-1]
            w.last_line = max(w.last_line, last)
            w.edits.append(e)
        else:
            windows.append(Window(first, last, 0, 0, [], [], [e]))
    for w in windows:
        w.start, w.end = _line_span(doc, w.first_line, w.last_line)
        old = doc.text[w.start : w.end]
        local = [Edit(x.start - w.start, x.end - w.start, x.replacement, x.op) for x in w.edits]
        w.old_lines = split_lines(old)
        w.new_lines = split_lines(apply_edits(old, local))
        w.opcodes = line_opcodes(w.old_lines, w.new_lines)
        w.added, w.removed, w.changed = line_counts(w.old_lines, w.new_lines, w.opcodes)
    return windows


def _emit(prefix: str, line: str, out: list[str]) -> None:
    out.append(prefix + line)
    if not line.endswith("\n"):
        out.append("\n\\ No newline at end of file\n")


def _groups(windows: Sequence[Window], context: int) -> list[list[Window]]:
    """The changed windows, grouped into hunks: those closer than twice the context merge."""
    changed = [w for w in windows if w.added or w.removed]
    groups: list[list[Window]] = [[changed[0]]]
    for w in changed[1:]:
        if w.first_line - groups[-1][-1].last_line - 1 <= 2 * context:
            groups[-1].append(w)
        else:
            groups.append([w])
    return groups


def _window_lines(w: Window, body: list[str]) -> tuple[int, int]:
    """Emit one window's lines; returns how many old and new lines it covers."""
    old_n = new_n = 0
    for tag, i1, i2, j1, j2 in w.opcodes:
        if tag == "equal":
            for line in w.old_lines[i1:i2]:
                _emit(" ", line, body)
            old_n += i2 - i1
            new_n += i2 - i1
            continue
        for line in w.old_lines[i1:i2]:
            _emit("-", line, body)
        for line in w.new_lines[j1:j2]:
            _emit("+", line, body)
        old_n += i2 - i1
        new_n += j2 - j1
    return old_n, new_n


def unified_diff(
    doc: MarkdownMap,
    windows: Sequence[Window],
    *,
    context: int = 3,
    fromfile: str = "a/content.md",
    tofile: str = "b/content.md",
) -> str:
    """A unified diff (as `diff -u` prints it) built from the changed windows only."""
    if not any(w.added or w.removed for w in windows):
        return ""

    def old_line(i: int) -> str:
        s, e = _line_span(doc, i, i)
        return doc.text[s:e]

    out = [f"--- {fromfile}\n", f"+++ {tofile}\n"]
    delta = 0
    for group in _groups(windows, context):
        lo = max(0, group[0].first_line - context)
        hi = min(doc.line_count, group[-1].last_line + 1 + context)
        body: list[str] = []
        old_n = new_n = 0
        cursor = lo
        new_start = lo + delta
        for w in group:
            for i in range(cursor, w.first_line):
                _emit(" ", old_line(i), body)
            gap = max(0, w.first_line - cursor)
            old_n, new_n = old_n + gap, new_n + gap
            got_old, got_new = _window_lines(w, body)
            old_n, new_n = old_n + got_old, new_n + got_new
            delta += len(w.new_lines) - len(w.old_lines)
            cursor = w.last_line + 1
        for i in range(cursor, hi):
            _emit(" ", old_line(i), body)
        old_n, new_n = old_n + max(0, hi - cursor), new_n + max(0, hi - cursor)
        old_from = lo + 1 if old_n else lo
        new_from = new_start + 1 if new_n else new_start
        out.append(f"@@ -{old_from},{old_n} +{new_from},{new_n} @@\n")
        out.extend(body)
    return "".join(out)

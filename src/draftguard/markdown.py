"""Where things are in a markdown document: lines, frontmatter, blocks, headings, sections.

Offsets index the raw text as given (CRLF kept), so edits made with them preserve every byte
they do not touch. Fenced code is one block and never holds headings.

The fence rules live here and nowhere else (`fence_opening`, `fence_closes`): the split
check's segmentation and the streaming duplicate filter ask these two functions too, so
every part of draftguard agrees on where code starts and ends.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "FENCE_MARKERS",
    "Block",
    "BlockKind",
    "MarkdownMap",
    "Section",
    "count_lines",
    "fence_closes",
    "fence_opening",
    "heading_lines",
    "list_marker",
    "normalize_title",
]


class BlockKind(StrEnum):
    FRONTMATTER = "frontmatter"
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    CODE = "code"
    RULE = "rule"


@dataclass(frozen=True, slots=True)
class Block:
    """A run of lines: `start`/`end` are offsets of its first char and its last line's end."""

    kind: BlockKind
    start: int
    end: int
    first_line: int  # 0-based
    last_line: int  # 0-based, inclusive
    level: int = 0
    title: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and everything under it, up to the next heading of the same or higher level."""

    heading: Block
    start: int
    end: int
    path: tuple[str, ...]


_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_RULE_MARKS = "*-_"
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
#: Every fence line holds one of these: a scanner may look for them before asking the rules.
FENCE_MARKERS = ("```", "~~~")
# After a closing run: spaces or tabs only (CommonMark).
_CLOSER_TRAILER = " \t"
_EMPHASIS = re.compile(r"[*_`]+")


# Headings, rules and code spans are read by scanning, not by regex: a line of user text
# can be a megabyte of spaces or backticks, and a backtracking pattern is quadratic there.
def _atx(line: str) -> tuple[int, str] | None:
    """(level, title) when `line` is an ATX heading (`## Title ##`), else None."""
    s = line.lstrip(" ")
    if len(line) - len(s) > 3:
        return None
    level = len(s) - len(s.lstrip("#"))
    if not 1 <= level <= 6:
        return None
    rest = s[level:]
    if rest and rest[0] not in " \t":
        return None
    body = rest.strip(" \t")
    # A closing run of #s counts only after a space (`# C#` keeps its #).
    bare = body.rstrip("#")
    if bare and len(bare) < len(body) and bare[-1] in " \t":
        body = bare
    return level, body.strip()


def _is_rule(line: str) -> bool:
    """A thematic break: up to three spaces, then three or more of one of `*-_`, with
    spaces or tabs between them and nothing else."""
    s = line.lstrip(" ")
    if len(line) - len(s) > 3 or not s or s[0] not in _RULE_MARKS:
        return False
    mark = s[0]
    rest = s.replace(" ", "").replace("\t", "")
    return len(rest) >= 3 and not rest.strip(mark)


def _blank_code_spans(line: str) -> str:
    """`line` with its code spans removed: a run of n backticks opens a span that the next
    run of exactly n closes; a run with no such closer is literal text."""
    runs: list[tuple[int, int]] = []  # (start, length)
    i = line.find("`")
    while i != -1:
        j = i
        while j < len(line) and line[j] == "`":
            j += 1
        runs.append((i, j - i))
        i = line.find("`", j)
    if len(runs) < 2:
        return line
    next_same: list[int | None] = [None] * len(runs)
    last: dict[int, int] = {}
    for k in range(len(runs) - 1, -1, -1):
        next_same[k] = last.get(runs[k][1])
        last[runs[k][1]] = k
    out: list[str] = []
    pos = k = 0
    while k < len(runs):
        closer = next_same[k]
        if closer is None:
            k += 1
            continue
        start, _ = runs[k]
        close_start, close_len = runs[closer]
        out.append(line[pos:start])
        pos = close_start + close_len
        k = closer + 1
    out.append(line[pos:])
    return "".join(out)


def _html_heading_levels(line: str) -> list[str]:
    """The levels of `<h1>`..`<h6>` tags in `line` (outside code spans), in order."""
    text = _blank_code_spans(line)
    found: list[str] = []
    i = text.find("<")
    while i != -1:
        j = i + 1
        while j < len(text) and text[j].isspace():
            j += 1
        if (j + 2 <= len(text) and text[j] in "hH" and text[j + 1] in "123456"
                and (j + 2 == len(text) or text[j + 2].isspace() or text[j + 2] in ">/")):
            close = text.find(">", j + 2)
            if close == -1:
                break  # no later tag can close either
            found.append(text[j + 1])
            i = text.find("<", close + 1)
            continue
        i = text.find("<", i + 1)
    return found


def count_lines(text: str) -> int:
    """`MarkdownMap(text).line_count` without the parse: a final newline opens no line."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def normalize_title(title: str) -> str:
    """A heading title as compared by scopes: no emphasis marks, folded case and spaces."""
    return " ".join(_EMPHASIS.sub("", title).casefold().split()).rstrip(":")


def fence_opening(line: str) -> str | None:
    """The fence run when `line` opens fenced code, else None.

    An opening line has up to three spaces, then three or more backticks or tildes; what
    follows (the info string) does not matter.
    """
    m = _FENCE.match(line)
    return m.group(1) if m else None


def fence_closes(line: str, fence: str) -> bool:
    """Whether `line` closes code opened by the run `fence`: up to three spaces, a run of
    the same character at least as long, then only spaces or tabs (and the "\\r" of a CRLF
    line, for callers that split on "\\n" alone)."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3:
        return False
    run = len(stripped) - len(stripped.lstrip(fence[0]))
    return run >= len(fence) and not stripped[run:].removesuffix("\r").strip(_CLOSER_TRAILER)


def heading_lines(lines: Sequence[str], *, in_fence: str | None = None) -> list[str]:
    """The headings among `lines` as "level:title" strings (used to detect heading changes).

    `in_fence` is the open fence marker when the first line is inside fenced code.
    """
    found: list[str] = []
    fence = in_fence
    prev_para = False
    for line in lines:
        line = line.rstrip("\r")
        if fence is not None:
            if fence_closes(line, fence):
                fence = None
            prev_para = False
            continue
        if opened := fence_opening(line):
            fence = opened
            prev_para = False
            continue
        if not line.strip():
            prev_para = False
            continue
        found += [f"{level}:html" for level in _html_heading_levels(line)]
        if atx := _atx(line):
            found.append(f"{atx[0]}:{atx[1]}")
            prev_para = False
            continue
        if prev_para and (m := _SETEXT.match(line)):
            level = 1 if m.group(1)[0] == "=" else 2
            found.append(f"{level}:setext")
            prev_para = False
            continue
        prev_para = not _is_rule(line)
    return found


class MarkdownMap:
    """A parsed view of one text; build once per text, query many times."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.newline = "\r\n" if "\r\n" in text else "\n"
        starts = [0]
        find = text.find
        pos = find("\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find("\n", pos + 1)
        # A final newline does not open another line.
        if len(starts) > 1 and starts[-1] == len(text):
            starts.pop()
        self.line_starts = starts
        self.line_count = 0 if not text else len(starts)
        self.frontmatter: Block | None = None
        self.blocks: list[Block] = []
        self.fence_at_line: dict[int, str] = {}
        self._parse()
        self.sections = self._sections()
        self._block_starts = [b.start for b in self.blocks]

    # -- lines -------------------------------------------------------------------------------
    def line_end(self, line: int) -> int:
        """Offset just past the content of `line` (before its "\\r\\n" or "\\n")."""
        text = self.text
        if line + 1 < len(self.line_starts):
            end = self.line_starts[line + 1] - 1
        else:
            end = len(text) - 1 if text.endswith("\n") else len(text)
        if end > self.line_starts[line] and text[end - 1] == "\r" and text[end : end + 1] == "\n":
            end -= 1
        return end

    def line_text(self, line: int) -> str:
        return self.text[self.line_starts[line] : self.line_end(line)]

    def line_of(self, offset: int) -> int:
        """0-based line holding `offset` (an offset at the very end belongs to the last line)."""
        return max(0, bisect_right(self.line_starts, offset) - 1)

    @property
    def body_start(self) -> int:
        """First offset after the frontmatter (0 without one)."""
        if self.frontmatter is None:
            return 0
        after = self.frontmatter.last_line + 1
        return self.line_starts[after] if after < len(self.line_starts) else len(self.text)

    def block_at(self, offset: int) -> Block | None:
        """The block whose span holds `offset` (its end counts as inside), else None."""
        i = bisect_right(self._block_starts, offset) - 1
        if i >= 0 and self.blocks[i].start <= offset <= self.blocks[i].end:
            return self.blocks[i]
        return None

    def body_blocks(self) -> list[Block]:
        return [b for b in self.blocks if b.kind is not BlockKind.FRONTMATTER]

    # -- parsing -----------------------------------------------------------------------------
    def _parse(self) -> None:
        n = self.line_count
        first_body = self._parse_frontmatter()
        i = first_body
        run_start: int | None = None

        def close_run(end_line: int) -> None:
            nonlocal run_start
            if run_start is not None and end_line >= run_start:
                self._add(BlockKind.PARAGRAPH, run_start, end_line)
            run_start = None

        while i < n:
            line = self.line_text(i)
            if not line.strip():
                close_run(i - 1)
                i += 1
                continue
            if fence := fence_opening(line):
                close_run(i - 1)
                j = i + 1
                while j < n and not fence_closes(self.line_text(j), fence):
                    self.fence_at_line[j] = fence
                    j += 1
                end = min(j, n - 1)
                self._add(BlockKind.CODE, i, end)
                i = end + 1
                continue
            if atx := _atx(line):
                close_run(i - 1)
                self._add(BlockKind.HEADING, i, i, *atx)
                i += 1
                continue
            if run_start is not None and (m := _SETEXT.match(line)):
                level = 1 if m.group(1)[0] == "=" else 2
                title = " ".join(self.line_text(k).strip() for k in range(run_start, i))
                self._add(BlockKind.HEADING, run_start, i, level, title)
                run_start = None
                i += 1
                continue
            if run_start is None and _is_rule(line):
                self._add(BlockKind.RULE, i, i)
                i += 1
                continue
            if run_start is None:
                run_start = i
            i += 1
        close_run(n - 1)

    def _parse_frontmatter(self) -> int:
        if self.line_count < 2:
            return 0
        opener = self.line_text(0).rstrip()
        if opener not in ("---", "+++"):
            return 0
        closers = ("---", "...") if opener == "---" else ("+++",)
        for j in range(1, self.line_count):
            if self.line_text(j).rstrip() in closers:
                self.frontmatter = self._add(BlockKind.FRONTMATTER, 0, j)
                return j + 1
        return 0

    def _add(
        self, kind: BlockKind, first: int, last: int, level: int = 0, title: str = ""
    ) -> Block:
        block = Block(kind, self.line_starts[first], self.line_end(last), first, last, level, title)
        self.blocks.append(block)
        return block

    def _sections(self) -> list[Section]:
        """One pass over the headings: a heading closes every open section of its level or
        deeper (a stack), so the map is linear in the number of headings."""
        self._index = {id(b): i for i, b in enumerate(self.blocks)}
        doc_end = self.blocks[-1].end if self.blocks else len(self.text)
        ends: dict[int, int] = {}
        order: list[tuple[Block, tuple[str, ...]]] = []
        stack: list[Block] = []
        path: list[str] = []
        for h in (b for b in self.blocks if b.kind is BlockKind.HEADING):
            end = self._end_before(h)
            while stack and stack[-1].level >= h.level:
                ends[id(stack.pop())] = end
                path.pop()
            stack.append(h)
            path.append(h.title)
            order.append((h, tuple(path)))
        return [Section(h, h.start, ends.get(id(h), doc_end), p) for h, p in order]

    def _end_before(self, block: Block) -> int:
        """End of the last block before `block` (so a section excludes trailing blank lines)."""
        i = self._index[id(block)]
        return self.blocks[i - 1].end if i > 0 else block.start


def list_marker(line: str) -> tuple[str, str] | None:
    """The indent and the marker of a list item's line ("  - x": ("  ", "-"); "2. x": ("",
    "2.")), else None. Read by scanning, like the headings."""
    body = line.lstrip(" \t")
    indent = line[: len(line) - len(body)]
    if body[:1] and body[:1] in "-*+" and body[1:2] in (" ", "\t"):
        return indent, body[0]
    digits = len(body) - len(body.lstrip("0123456789"))
    if 1 <= digits <= 9 and body[digits : digits + 1] in (".", ")") and \
            body[digits + 1 : digits + 2] in (" ", "\t"):
        return indent, body[: digits + 1]
    return None

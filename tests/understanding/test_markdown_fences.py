"""One set of fence rules: every part of draftguard agrees where fenced code opens and closes.

The users are the markdown map (edit ops, scopes, heading protection), `heading_lines`, the
split check's segmentation and the streaming duplicate filter's unit scanner. Each is
compared with a slow, line-by-line reading of the rules (CommonMark's, without list items):
an opening line has up to three spaces, then three or more backticks or tildes; the code
runs to the first line with up to three spaces, a run of the same character at least as
long, and nothing after it but spaces or tabs; an unclosed fence runs to the end.
"""

from __future__ import annotations

from itertools import pairwise

from hypothesis import example, given, settings
from hypothesis import strategies as st

from draftguard.dedupe._stream_units import PieceKind, UnitScanner
from draftguard.markdown import BlockKind, MarkdownMap, fence_closes, fence_opening, heading_lines
from draftguard.split._segmentation import _blocks

Spans = list[tuple[int, int]]


def _lines(text: str) -> list[str]:
    """Lines without their "\\n" or "\\r\\n"; a final newline opens no line."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [line.removesuffix("\r") for line in lines] if text else []


def _run(s: str, ch: str) -> int:
    return len(s) - len(s.lstrip(ch))


def reference_fences(text: str) -> Spans:
    """(first line, last line) of each fenced block, by the rules read literally."""
    lines = _lines(text)
    spans: Spans = []
    i = 0
    while i < len(lines):
        body = lines[i].lstrip(" ")
        indent = len(lines[i]) - len(body)
        if indent <= 3 and body[:1] in ("`", "~") and _run(body, body[0]) >= 3:
            ch, width = body[0], _run(body, body[0])
            j = i + 1
            while j < len(lines):
                other = lines[j].lstrip(" ")
                n = _run(other, ch)
                if (len(lines[j]) - len(other) <= 3 and n >= width
                        and all(c in " \t" for c in other[n:])):
                    break
                j += 1
            spans.append((i, min(j, len(lines) - 1)))
            i = j + 1
        else:
            i += 1
    return spans


def _code_lines(spans: Spans) -> set[int]:
    return {n for a, b in spans for n in range(a, b + 1)}


def map_fences(text: str) -> Spans:
    return [(b.first_line, b.last_line) for b in MarkdownMap(text).blocks
            if b.kind is BlockKind.CODE]


def segmentation_fences(text: str) -> Spans:
    lf = text.replace("\r\n", "\n")
    spans: Spans = []
    pos = 0
    for chunk, is_code in _blocks(lf):
        start, end = pos, pos + len(chunk)
        pos = end
        if is_code:
            last = lf.count("\n", 0, end)
            if end == len(lf) and lf.endswith("\n"):
                last -= 1  # an unclosed fence ran to the end, final newline included
            spans.append((lf.count("\n", 0, start), last))
    return spans


def scanner_code_lines(text: str, cuts: list[int]) -> set[int]:
    """Lines the streaming scanner calls code, fed in the chunks `cuts` make."""
    scanner = UnitScanner()
    bounds = sorted({0, len(text), *(c for c in cuts if 0 < c < len(text))})
    pieces = [p for a, b in pairwise(bounds)
              for p in scanner.feed(text[a:b])]
    pieces += scanner.finish()
    line, code = 0, set()
    for piece in pieces:
        if piece.kind is PieceKind.CODE:
            code.add(line)
        line += piece.text.count("\n")
    return code


MARKERS = ["```", "````", "~~~", "~~~~~", "``", "~~", "`~~", "~``", "`````"]
TRAILERS = ["", " ", "\t", "  \t ", "python", " python", "```", " ~~~", "x", "\u00a0",
            "\x0c", " `` "]
PLAIN = ["Some text.", "# Title", "", "   ", "a ``` b", "    ```", "\t```", "- item ~~~"]


@st.composite
def fence_line(draw: st.DrawFn) -> str:
    indent = " " * draw(st.integers(0, 5))
    return indent + draw(st.sampled_from(MARKERS)) + draw(st.sampled_from(TRAILERS))


@st.composite
def markdown_text(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.one_of(fence_line(), st.sampled_from(PLAIN)), max_size=14))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join(lines)
    if lines and draw(st.booleans()):
        text += newline
    return text


EXAMPLES = [
    "```\ncode\n```\n",
    "```\n```\u00a0\nstill code\n```\n",  # a no-break space is not a closer's trailer
    "```\r\ncode\r\n```\r\nafter\r\n",
    "````\n```\n````\n",  # a shorter run does not close
    "~~~\n```\n~~~~ \t\n",  # the other character does not close; a longer run does
    "    ```\nnot code\n",  # four spaces: indented code, not a fence
    "   ~~~ info\n# not a heading\n",  # unclosed: runs to the end
    "``\nnot a fence\n",
    "```\n   ```\n",
    "```\n    ```\n# inside\n```",
]


@settings(max_examples=400, deadline=None)
@given(markdown_text(), st.lists(st.integers(0, 400), max_size=6))
@example("```\ncode\n```\n", [2, 5])
@example("```\n```\u00a0\nstill code\n```\n", [])
@example("~~~\n```\n~~~~ \t\n", [1, 9])
def test_every_user_agrees_with_the_reference(text: str, cuts: list[int]) -> None:
    expected = reference_fences(text)
    assert map_fences(text) == expected
    assert segmentation_fences(text) == expected
    lines = _lines(text)
    # The scanner emits no piece for an empty line; it sees a CRLF line's "\r".
    raw = text.split("\n")
    nonblank_code = {n for n in _code_lines(expected) if raw[n]}
    assert scanner_code_lines(text, cuts) == nonblank_code
    inside = {n for a, b in expected for n in range(a + 1, b + 1)} - {
        b for a, b in expected if b > a and fence_closes(lines[b], fence_opening(lines[a]) or "")}
    assert set(MarkdownMap(text).fence_at_line) == inside
    outside_titles = [n for n, line in enumerate(lines)
                      if line == "# Title" and n not in _code_lines(expected)]
    assert heading_lines(lines).count("1:Title") == len(outside_titles)


def test_the_documented_edge_cases() -> None:
    for text in EXAMPLES:
        expected = reference_fences(text)
        assert map_fences(text) == segmentation_fences(text) == expected, text
    assert reference_fences(EXAMPLES[1]) == [(0, 3)]
    assert reference_fences(EXAMPLES[5]) == []
    assert reference_fences(EXAMPLES[6]) == [(0, 1)]


def test_the_rules_themselves() -> None:
    assert fence_opening("   ```python") == "```"
    assert fence_opening("~~~~") == "~~~~"
    assert fence_opening("    ```") is None and fence_opening("``") is None
    assert fence_opening("\t```") is None
    assert fence_closes("```", "```") and fence_closes("  `````  \t", "```")
    assert fence_closes("```\r", "```")  # a CRLF line split on "\n" alone
    assert not fence_closes("``", "```") and not fence_closes("~~~", "```")
    assert not fence_closes("``` x", "```") and not fence_closes("```\u00a0", "```")
    assert not fence_closes("    ```", "```")

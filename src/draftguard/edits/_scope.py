"""Turning a plan's `scope` into a span of the document, deterministically.

A scope is a heading path ("Intro > Background", each part matched case-insensitively against
heading titles, ancestors in order) or a natural-language scope:

- `conclusion`: the last section titled like a conclusion (Conclusion, Summary, Final
  thoughts, Wrapping up, Takeaways, Verdict, Bottom line), else the last top-level section
  under the title, else the last paragraph;
- `intro`: a section titled Intro/Introduction, else the lead (the blocks between the title
  and the next heading), else the first section, else the first paragraph;
- `first paragraph` / `last paragraph`: the first or last prose paragraph of the body;
- `multi-paragraph`: the whole body, with the one-paragraph-per-op rule lifted.

A heading path that matches a heading wins over a natural-language reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from draftguard.edits._plan import MULTI_PARAGRAPH
from draftguard.markdown import Block, BlockKind, MarkdownMap, Section, normalize_title

__all__ = ["Region", "ScopeError", "resolve_scope"]


@dataclass(frozen=True, slots=True)
class Region:
    """A span of the document an op may touch; `multi_paragraph` lifts the paragraph rule."""

    start: int
    end: int
    label: str
    multi_paragraph: bool = False

    def contains(self, start: int, end: int) -> bool:
        return self.start <= start and end <= self.end


@dataclass
class ScopeError(Exception):
    """A scope that names nothing (`ambiguous` False) or several places (`ambiguous` True)."""

    scope: str
    ambiguous: bool
    candidates: list[tuple[int, str]] = field(default_factory=list)  # (0-based line, title)

    def __str__(self) -> str:
        what = "matches several sections" if self.ambiguous else "matches no heading"
        return f"scope '{self.scope}' {what}"


_CONCLUSION = re.compile(
    r"\b(conclusions?|summary|final (thoughts|words)|wrap(ping)?[- ]?up|closing( thoughts)?|"
    r"in closing|takeaways?|verdict|bottom line|the end)\b"
)
_INTRO = re.compile(r"^(intro|introduction)$")
_NATURAL = {
    "conclusion": "conclusion",
    "the conclusion": "conclusion",
    "conclusions": "conclusion",
    "intro": "intro",
    "introduction": "intro",
    "the intro": "intro",
    "the introduction": "intro",
    "first paragraph": "first paragraph",
    "the first paragraph": "first paragraph",
    "last paragraph": "last paragraph",
    "the last paragraph": "last paragraph",
    "final paragraph": "last paragraph",
    "multi-paragraph": MULTI_PARAGRAPH,
    "multi paragraph": MULTI_PARAGRAPH,
    "multiparagraph": MULTI_PARAGRAPH,
}


def _body(doc: MarkdownMap, multi: bool = False, label: str = "whole document") -> Region:
    blocks = doc.body_blocks()
    end = blocks[-1].end if blocks else len(doc.text)
    start = doc.body_start
    return Region(start, max(start, end), label, multi)


def _section_region(s: Section, label: str | None = None) -> Region:
    return Region(s.start, s.end, label or " > ".join(s.path))


def _block_region(b: Block, label: str) -> Region:
    return Region(b.start, b.end, label)


def _title_section(doc: MarkdownMap) -> Section | None:
    """The document title: the first heading, when it is the only one at the top level."""
    if not doc.sections:
        return None
    first = doc.sections[0]
    same_level = [s for s in doc.sections if s.heading.level <= first.heading.level]
    return first if len(same_level) == 1 else None


def _paragraphs(doc: MarkdownMap) -> list[Block]:
    return [b for b in doc.body_blocks() if b.kind is BlockKind.PARAGRAPH]


def _natural(doc: MarkdownMap, kind: str, scope: str) -> Region:
    if kind == MULTI_PARAGRAPH:
        return _body(doc, multi=True, label=MULTI_PARAGRAPH)
    paragraphs = _paragraphs(doc)
    if kind in ("first paragraph", "last paragraph"):
        if not paragraphs:
            raise ScopeError(scope, ambiguous=False)
        block = paragraphs[0] if kind == "first paragraph" else paragraphs[-1]
        return _block_region(block, kind)
    title = _title_section(doc)
    under_title = [s for s in doc.sections if s is not title]
    if kind == "conclusion":
        named = [s for s in under_title if _CONCLUSION.search(normalize_title(s.heading.title))]
        if named:
            return _section_region(named[-1])
        if under_title:
            top = min(s.heading.level for s in under_title)
            last = [s for s in under_title if s.heading.level == top][-1]
            return _section_region(last, f"conclusion ({' > '.join(last.path)})")
        if paragraphs:
            return _block_region(paragraphs[-1], "conclusion (last paragraph)")
        raise ScopeError(scope, ambiguous=False)
    # intro
    named = [s for s in doc.sections if _INTRO.match(normalize_title(s.heading.title))]
    if named:
        return _section_region(named[0])
    blocks = doc.body_blocks()
    after = title.heading.end if title is not None else doc.body_start
    lead: list[Block] = []
    for b in blocks:
        if b.start < after or (title is not None and b is title.heading):
            continue
        if b.kind is BlockKind.HEADING:
            break
        lead.append(b)
    if lead:
        return Region(lead[0].start, lead[-1].end, "intro (lead)")
    if under_title:
        return _section_region(under_title[0], f"intro ({' > '.join(under_title[0].path)})")
    if paragraphs:
        return _block_region(paragraphs[0], "intro (first paragraph)")
    raise ScopeError(scope, ambiguous=False)


def _by_path(doc: MarkdownMap, parts: list[str]) -> list[Section]:
    found = []
    for s in doc.sections:
        titles = [normalize_title(t) for t in s.path]
        if not titles or titles[-1] != parts[-1]:
            continue
        # Earlier parts must appear among the ancestors, in order (levels may be skipped).
        it = iter(titles[:-1])
        if all(any(t == p for t in it) for p in parts[:-1]):
            found.append(s)
    return found


def resolve_scope(doc: MarkdownMap, scope: str | None) -> Region:
    """The region `scope` names; raises `ScopeError` (with candidates) when it cannot say."""
    if scope is None or not scope.strip():
        return _body(doc)
    parts = [normalize_title(p) for p in scope.split(">")]
    if any(not p for p in parts):
        raise ScopeError(scope, ambiguous=False)
    hits = _by_path(doc, parts)
    if len(hits) == 1:
        return _section_region(hits[0])
    if len(hits) > 1:
        listed = [(s.heading.first_line, " > ".join(s.path)) for s in hits]
        raise ScopeError(scope, ambiguous=True, candidates=listed)
    kind = _NATURAL.get(" ".join(scope.casefold().split()))
    if kind is not None:
        return _natural(doc, kind, scope)
    titles = {i: normalize_title(s.heading.title) for i, s in enumerate(doc.sections)}
    near = process.extract(parts[-1], titles, scorer=fuzz.WRatio, limit=3, score_cutoff=50)
    raise ScopeError(
        scope,
        ambiguous=False,
        candidates=[
            (doc.sections[i].heading.first_line, " > ".join(doc.sections[i].path))
            for _, _, i in near
        ],
    )

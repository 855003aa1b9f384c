"""Criteria on counts and sizes: "at least 300 words", "3-5 sections", "10+ flashcards"."""

from __future__ import annotations

import re
from typing import Any

from draftguard.documents._criterion_check import Check, Groups, Outcome, Rule
from draftguard.documents._criterion_wording import AT_LEAST, AT_MOST, HAS, NUM, number
from draftguard.documents._delivery import Delivery, post_map, study_items
from draftguard.markdown import BlockKind

_UNIT = r"(words?|characters?|chars?|paragraphs?|sections?|headings?|headers?|questions?|" \
        r"flashcards?|cards?|items?|nodes?|branches?)"
# Items counted in study material, by the kind of material they belong to (None: any kind).
_STUDY_UNITS: dict[str, str | None] = {"question": "quiz", "flashcard": "flashcards",
                                       "card": "flashcards", "node": "mindmap",
                                       "branch": "mindmap", "item": None}


def _singular(unit: str) -> str:
    unit = unit.lower()
    return unit[:-2] if unit.endswith("ches") else unit.removesuffix("s")


def count(unit: str, d: Delivery) -> int | None:
    """How many `unit`s ("words", "questions"...) the delivery holds; None when it cannot
    say (no post, or "items" with no single kind of study material)."""
    unit = _singular(unit)
    if unit in _STUDY_UNITS:
        kind = _STUDY_UNITS[unit]
        if kind is None:
            kinds = list(d.study)
            if len(kinds) != 1:
                return None
            kind = kinds[0]
        if kind not in d.study:
            return 0 if unit != "item" else None
        return len(study_items(kind, d.study[kind]))
    doc = post_map(d)
    if doc is None or d.post is None:
        return None
    body = d.post[doc.body_start:]
    if unit == "word":
        return len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", body))
    if unit in ("character", "char"):
        return len(body.strip())
    if unit == "paragraph":
        return sum(1 for b in doc.blocks if b.kind is BlockKind.PARAGRAPH)
    headings = [b for b in doc.blocks if b.kind is BlockKind.HEADING]
    if unit == "section" and headings and headings[0].level == 1:
        headings = headings[1:]  # the title is not a section
    return len(headings)


def _bounded(kind: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> Outcome:
        unit = m.group("unit")
        found = count(unit, d)
        if found is None:
            return None, ""
        noun = _singular(unit) + ("es" if _singular(unit).endswith("ch") else "s")
        if kind == "range":
            lo, hi = number(m.group("lo")), number(m.group("hi"))
            return lo <= found <= hi, f"{found} {noun} (wanted {lo} to {hi})"
        n = number(m.group("n"))
        words = m.group("op").lower().split()
        strict = words[0] in ("over", "more", "fewer", "less", "below", "under")
        if kind == "min":
            ok = found > n if strict else found >= n
        elif kind == "max":
            ok = found < n if strict else found <= n
        else:  # exactly N, as in "a quiz with 3 questions" or "5 flashcards"
            ok = found == n if _singular(unit) in (
                "question", "flashcard", "card") else found >= n
        return ok, f"{found} {noun} ({' '.join(words) if kind != 'exact' else 'wanted'} {n})"
    return check


def _plus(m: re.Match[str]) -> Any:
    return Groups({"op": "at least", "n": m.group("n"), "unit": m.group("unit")})


def _exact(m: re.Match[str]) -> Any:
    return Groups({"op": "exactly", "n": m.group("n"), "unit": m.group("unit")})


RULES: list[Rule] = [
    (re.compile(rf"^{HAS}(?:(?:the\s+)?(?:post|text|article|draft)\s+(?:is|has)\s+)?"
                rf"(?:between\s+)?(?P<lo>{NUM[1:-1]})\s*(?:-|–|to|and)\s*(?P<hi>{NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("range")),
    (re.compile(rf"^{HAS}(?:the\s+\w+\s+(?:is|has)\s+)?(?P<op>{AT_LEAST})\s+(?P<n>{NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("min")),
    (re.compile(rf"^{HAS}(?P<n>{NUM[1:-1]})\+\s+(?P<unit>{_UNIT[1:-1]})$", re.I),
     lambda m, d: _bounded("min")(_plus(m), d)),
    (re.compile(rf"^{HAS}(?:the\s+\w+\s+(?:is|has)\s+)?(?P<op>{AT_MOST})\s+(?P<n>{NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("max")),
    (re.compile(rf"^{HAS}(?:exactly\s+)?(?P<n>{NUM[1:-1]})\s+(?P<unit>words?|paragraphs?|"
                r"sections?|headings?|headers?|questions?)$", re.I),
     lambda m, d: _bounded("exact")(_exact(m), d)),
]

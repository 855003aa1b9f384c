"""Criteria on study material: "includes a quiz with 3 questions", "the quiz matches the
post" (each item's topic words, stemmed, must mostly be the post's)."""

from __future__ import annotations

import re
from typing import Any

from draftguard.documents._criterion_check import Groups, Outcome, Rule
from draftguard.documents._criterion_wording import AT_LEAST, HAS, NUM, number
from draftguard.documents._delivery import Delivery, study_items
from draftguard.split._coverage import stems

__all__ = ["DEFAULT_GROUNDED_SHARE"]

#: Share of a study item's topic words the post must hold for the item to rest on the post.
DEFAULT_GROUNDED_SHARE = 0.5

_STUDY_WORDS = {
    "quiz": "quiz", "quizzes": "quiz", "test": "quiz", "questions": "quiz", "question": "quiz",
    "flashcards": "flashcards", "flashcard": "flashcards", "flash cards": "flashcards",
    "cards": "flashcards", "card": "flashcards",
    "mindmap": "mindmap", "mind map": "mindmap", "mind-map": "mindmap",
}


def _study_present(m: re.Match[str], d: Delivery) -> Outcome:
    kind = _STUDY_WORDS[m.group("kind").lower()]
    if kind not in d.study:
        return False, f"no {kind} was delivered"
    n_text = m.group("n")
    items = study_items(kind, d.study[kind])
    if n_text:
        n = number(n_text)
        op = (m.group("op") or "").lower()
        ok = len(items) >= n if op else len(items) == n
        return ok, f"the {kind} has {len(items)} items ({op or 'wanted'} {n})"
    return bool(items), f"the {kind} has {len(items)} items"


def _study_matches_post(m: re.Match[str], d: Delivery) -> Outcome:
    kind = _STUDY_WORDS.get((m.group("kind") or "").lower(), "")
    kinds = [kind] if kind else list(d.study)
    if not kinds or any(k not in d.study for k in kinds) or d.post is None:
        return (False, f"no {kind} was delivered") if kind and kind not in d.study else (None, "")
    post = set(stems(d.post))
    for k in kinds:
        items = study_items(k, d.study[k])
        off = []
        for text in items:
            wanted = set(stems(text))
            if wanted and len(wanted & post) / len(wanted) < DEFAULT_GROUNDED_SHARE:
                off.append(text)
        if not items or len(off) * 4 > len(items):  # at most a quarter may stray
            example = f" (e.g. '{off[0][:60]}')" if off else ""
            return False, f"{len(off)} of {len(items)} {k} items are not about the post{example}"
    return True, "every item rests on the post's words"


def _quiz_match(m: re.Match[str]) -> Any:
    n, op = m.group("n2") or m.group("n"), m.group("op2") or m.group("op")
    if n and n.lower() in ("a", "an") and not m.group("n2"):
        n = None  # "a quiz" names no count
    return Groups({"kind": re.sub(r"\s+", " ", m.group("kind")), "n": n, "op": op})


def _kind_or_none(m: re.Match[str]) -> Any:
    kind = re.sub(r"\s+", " ", m.group("kind")).lower()
    return Groups({"kind": None if kind == "study material" else kind})


RULES: list[Rule] = [
    (re.compile(rf"^{HAS}(?:a|an|the)?\s*(?:(?P<op>{AT_LEAST})\s+)?(?P<n>{NUM[1:-1]})?\s*"
                r"(?:-?question\s+)?(?P<kind>quiz|flashcards?|flash\s+cards|mind[- ]?map)"
                rf"(?:\s+(?:with|of|having)\s+(?:(?P<op2>{AT_LEAST})\s+)?(?P<n2>{NUM[1:-1]})\s+"
                rf"(?:questions?|cards?|flashcards?|nodes?|items?))?(?:\s+(?:is\s+)?"
                r"(?:included|attached|delivered))?$", re.I),
     lambda m, d: _study_present(_quiz_match(m), d)),
    (re.compile(r"^(?:the\s+)?(?P<kind>quiz|flashcards?|mind[- ]?map|study\s+material)\s+"
                r"(?:match(?:es)?|fits?|(?:is|are)\s+(?:about|based\s+on|grounded\s+in|"
                r"faithful\s+to|consistent\s+with)|covers?|comes?\s+from|rests?\s+on)\s+"
                r"(?:the\s+)?(?:post|draft|article)$", re.I),
     lambda m, d: _study_matches_post(_kind_or_none(m), d)),
]

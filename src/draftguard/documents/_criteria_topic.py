"""Criteria on what the delivery is about: "mentions hydration", "explains proofing", and
whether it is about the goal's topic at all. Lexical, like the split's coverage check."""

from __future__ import annotations

import re

from draftguard.documents._criterion_check import Check, CriterionCheck, Outcome, Rule
from draftguard.documents._delivery import Delivery
from draftguard.markdown import BlockKind, MarkdownMap
from draftguard.split._coverage import stems

__all__ = ["DEFAULT_MENTION_CUTOFF", "goal_topic_check"]

#: Share (0-1) of a phrase's topic words the delivery must hold for "mentions X".
DEFAULT_MENTION_CUTOFF = 0.75
_EXPLAINED_WORDS = 20

# Words that say what kind of thing was delivered, not what it is about.
_GENERIC = frozenset(stems(
    "post blog article draft write writing written deliver delivery document documents file "
    "files markdown json text quiz quizzes flashcards flashcard cards mindmap mind map study "
    "material materials question questions short long brief make create produce give help "
    "piece content page note notes version final complete readable good nice made ready "
    "publish finish finished polish polished update updated edit edited check checked "
    "author request user reader readers"
))


def _share_present(phrase: str, text: str) -> tuple[float, list[str]]:
    wanted = list(dict.fromkeys(stems(phrase)))
    have = set(stems(text))
    missing = [s for s in wanted if s not in have]
    return (1.0 - len(missing) / len(wanted) if wanted else 1.0), missing


def _mentions(explains: bool) -> Check:
    def check(m: re.Match[str], d: Delivery) -> Outcome:
        phrase = m.group("what")
        if not stems(phrase) or not d.texts:
            return None, ""
        share, missing = _share_present(phrase, d.all_text())
        if share < DEFAULT_MENTION_CUTOFF:
            return False, f"'{phrase}' is not in the delivery (missing: {', '.join(missing)})"
        if explains:
            # Explained, for code: a paragraph of at least `_EXPLAINED_WORDS` words that holds
            # the phrase. Anything less may still explain it; that is the model's call.
            if _explained_in_a_paragraph(phrase, d):
                return True, f"a paragraph of its own discusses '{phrase}'"
            return None, f"'{phrase}' is mentioned"
        return True, f"'{phrase}' appears in the delivery"
    return check


def _explained_in_a_paragraph(phrase: str, d: Delivery) -> bool:
    wanted = set(stems(phrase))
    for text in d.texts.values():
        for block in MarkdownMap(text).blocks:
            if block.kind is not BlockKind.PARAGRAPH:
                continue
            body = text[block.start:block.end]
            if len(body.split()) >= _EXPLAINED_WORDS and wanted <= set(stems(body)):
                return True
    return False


RULES: list[Rule] = [
    (re.compile(r"^(?:(?:it|the\s+\w+)\s+)?(?:explains?|describes?|defines?|shows?\s+how)\s+"
                r"(?P<what>.+)$", re.I), _mentions(explains=True)),
    (re.compile(r"^(?:(?:it|the\s+\w+)\s+)?(?:mentions?|covers?|discuss(?:es)?|talks?\s+about|"
                r"includes?|refers?\s+to|names?|is\s+about|addresses|touches\s+on|"
                r"has\s+a\s+section\s+(?:on|about))\s+(?P<what>.+)$", re.I),
     _mentions(explains=False)),
]


def _stem_present(stem: str, have: set[str]) -> bool:
    """`stem` or a word sharing its first letters ("hike"/"hiker"), from four letters."""
    if stem in have:
        return True
    return len(stem) >= 4 and any(h.startswith(stem) or (len(h) >= 4 and stem.startswith(h))
                                  for h in have)


def goal_topic_check(goal: str, delivery: Delivery) -> CriterionCheck | None:
    """Whether the delivery is about what the goal names at all: at least one of the goal's
    topic words (without words for the kind of document, "post", "quiz"...) must appear in
    it. It only catches a delivery about something else entirely. None when the goal names
    no topic ("deliver the post and any study material")."""
    topic = [s for s in dict.fromkeys(stems(goal)) if s not in _GENERIC]
    if not topic or not delivery.texts:
        return None
    have = set(stems(delivery.all_text()))
    missing = [s for s in topic if not _stem_present(s, have)]
    met = len(missing) < len(topic)
    evidence = (f"the delivery is about the goal's topic ({len(topic) - len(missing)} of "
                f"{len(topic)} topic words)" if met else
                f"the delivery does not match the request's topic (missing: "
                f"{', '.join(missing[:5])})")
    return CriterionCheck(criterion=f"about: {goal}", met=met, decided_by="code",
                          evidence=evidence)

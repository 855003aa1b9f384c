"""Success criteria that code can test, tested by code.

A small model cannot be trusted to count words, find a heading or notice that a quiz has
two questions, and a large one should not be asked: these are facts. `check_criterion`
reads a criterion as people write it ("has a heading", "at least 300 words", "mentions
hydration", "includes a quiz with 3 questions", "no placeholder text", "written in
markdown") and answers met / not met with the evidence, or None when the criterion is
not one code can decide ("has a friendly tone"); only those go to a model.

"Mentions X" is lexical, like the split's coverage check: X's topic words, stemmed, must
all appear in the delivery (a share of them, `mention_cutoff`, for a long X). Study
material is checked against the post the same way ("the quiz matches the post").

The rules live with their family: counts and sizes (`_criteria_counts`), the delivery's
shape (`_criteria_structure`), study material (`_criteria_study`), and what it is about
(`_criteria_topic`). The first rule whose wording matches decides.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from draftguard.documents import (
    _criteria_counts,
    _criteria_structure,
    _criteria_study,
    _criteria_topic,
)
from draftguard.documents._criteria_study import DEFAULT_GROUNDED_SHARE
from draftguard.documents._criteria_topic import DEFAULT_MENTION_CUTOFF, goal_topic_check
from draftguard.documents._criterion_check import CriterionCheck, Rule
from draftguard.documents._delivery import Delivery

__all__ = [
    "DEFAULT_GROUNDED_SHARE",
    "DEFAULT_MENTION_CUTOFF",
    "CriterionCheck",
    "Delivery",
    "check_criteria",
    "check_criterion",
    "goal_topic_check",
]

# In this order: a count ("3 questions") is read before a quiz, a quiz before "includes X".
_RULES: list[Rule] = [
    *_criteria_counts.RULES,
    *_criteria_structure.RULES,
    *_criteria_study.RULES,
    *_criteria_topic.RULES,
]


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("’", "'").replace("“", '"')
    text = " ".join(text.replace("”", '"').split()).strip()
    return text.strip("\"'‘`").rstrip(".!").strip().strip("\"'‘`").strip()


def check_criterion(criterion: str, delivery: Delivery) -> CriterionCheck:
    """Code's answer to one criterion: met or not with the evidence, or `met=None`."""
    text = _normal(criterion)
    for pattern, check in _RULES:
        match = pattern.match(text)
        if match is None:
            continue
        met, evidence = check(match, delivery)
        if met is not None:
            return CriterionCheck(criterion=criterion, met=met, decided_by="code",
                                  evidence=evidence)
        return CriterionCheck(criterion=criterion, met=None, decided_by="none",
                              evidence=evidence)
    return CriterionCheck(criterion=criterion, met=None, decided_by="none")


def check_criteria(criteria: Sequence[str], delivery: Delivery) -> list[CriterionCheck]:
    """`check_criterion` for each criterion, in order."""
    return [check_criterion(c, delivery) for c in criteria]

"""What a criterion check is: its answer (`CriterionCheck`) and the shape of a rule's check."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel

from draftguard.documents._delivery import Delivery

__all__ = ["CriterionCheck"]

Decider = Literal["code", "model", "none"]


class CriterionCheck(BaseModel):
    """One success criterion and who decided it: `met` None means nobody could."""

    criterion: str
    met: bool | None
    decided_by: Decider
    evidence: str = ""


#: A check's answer: met, not met, or None when code cannot tell; and the evidence.
Outcome = tuple[bool | None, str]
#: A check of the criterion's wording (a regex match) against the delivery.
Check = Callable[[re.Match[str], Delivery], Outcome]
#: The wording a check answers, and the check.
Rule = tuple[re.Pattern[str], Check]


class Groups:
    """A match whose groups may be renamed or defaulted (shared checks read fixed names)."""

    def __init__(self, groups: dict[str, str | None]) -> None:
        self._groups = groups

    def group(self, name: str) -> str | None:
        return self._groups.get(name)

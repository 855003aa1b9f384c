"""Contract-based artifacts: quiz, flashcards and mindmap.

Each type lives in one module of `draftguard.artifacts.schemas` holding its pydantic contract
and its structural rules; the registry finds them, so adding a type is adding a module.
Everything here is deterministic: no model is ever called. The repair loop that calls the
model lives in `draftguard_adk.artifacts._loop`.
"""

from __future__ import annotations

from draftguard.artifacts._plan import MAX_ITEMS

__all__ = [
    "MAX_ITEMS",
]

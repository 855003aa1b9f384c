"""One-line notes a turn owes the user ("Ignored: ...", "Not saved: ...").

Tools and tool callbacks add them while the turn runs; whichever callback ends the turn (an
answer written by code, or the model's final answer) shows them once. They live in session
state under a `temp:` key, so they never outlast the invocation.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TurnNotes"]


class TurnNotes:
    """The notes kept under `key` (a `temp:` state key), each line once, in order."""

    def __init__(self, key: str) -> None:
        self.key = key

    def _lines(self, state: Any) -> list[str]:
        return [line for line in str(state.get(self.key) or "").split("\n") if line]

    def add(self, state: Any, line: str) -> None:
        """Keep `line` for the end of the turn (a line already kept is not repeated)."""
        lines = self._lines(state)
        if line not in lines:
            state[self.key] = "\n".join([*lines, line])

    def pending(self, state: Any) -> bool:
        """Whether any note waits to be shown."""
        return bool(self._lines(state))

    def take(self, state: Any) -> list[str]:
        """The waiting notes, which are then cleared."""
        lines = self._lines(state)
        if lines:
            state[self.key] = None
        return lines

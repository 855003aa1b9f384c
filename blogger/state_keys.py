"""The blogger's session-state keys, in one style:
`draftguard:` and a snake_case name, `temp:` in front for what lasts one invocation."""

from __future__ import annotations

__all__ = ["MEMORY_KEY"]

#: What the last message was read as, so the next is read in its light.
MEMORY_KEY = "draftguard:blogger_understanding"

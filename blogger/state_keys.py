"""The blogger's session-state keys, in the adapters' style (`draftguard_adk.state_keys`):
`draftguard:` and a snake_case name, `temp:` in front for what lasts one invocation."""

from __future__ import annotations

__all__ = ["IGNORED_LINE_KEY", "MEMORY_KEY"]

#: What the last message was read as, so the next is read in its light.
MEMORY_KEY = "draftguard:blogger_understanding"
#: The one line the author sees about ignored or refused arguments, until a reply shows it.
IGNORED_LINE_KEY = "temp:draftguard:blogger_ignored_line"

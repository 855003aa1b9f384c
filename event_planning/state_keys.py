"""The planner's session-state keys, in one style:
`draftguard:` and a snake_case name, `temp:` in front for what lasts one invocation."""

from __future__ import annotations

__all__ = [
    "CONVERSATION_KEY",
    "LAST_RESULTS_KEY",
    "PREFERENCES_KEY",
    "RESULTS_KEY",
    "SHORTLIST_KEY",
]

#: The search preferences so far (what the tools read and write).
PREFERENCES_KEY = "draftguard:planner_preferences"
#: The shortlist: venue ids.
SHORTLIST_KEY = "draftguard:planner_shortlist"
#: Every venue id this session's tools returned: what an answer may talk about.
RESULTS_KEY = "draftguard:planner_result_venues"
#: The last search's venue ids, in the order shown ("the second one").
LAST_RESULTS_KEY = "draftguard:planner_last_results"
#: What the conversation remembers besides preferences, results and shortlist.
CONVERSATION_KEY = "draftguard:planner_conversation"

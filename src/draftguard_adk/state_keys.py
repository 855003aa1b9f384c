"""Every session-state key the adapters keep, in one style: `draftguard:` and a snake_case
name, with ADK's `temp:` in front when the value must not outlive the invocation.

The split loop's keys (`draftguard_adk.split.state_keys`: `raw_draft`, `outline`, ...) keep
their names: they are the design document's and the README's contract.
"""

from __future__ import annotations

__all__ = [
    "CALLS_KEY",
    "CODE_ARGS_KEY",
    "DROPPED_KEY",
    "PENDING_CALL_KEY",
    "QUEUE_KEY",
    "REWRITE_ASKED_KEY",
]

#: The tool call the chat router made and still has to answer for.
PENDING_CALL_KEY = "draftguard:chat_pending_call"
#: The steps still to run for this message, and the replies written so far.
QUEUE_KEY = "draftguard:chat_queue"
#: The author's words this turn asked for a new post or a full rewrite.
REWRITE_ASKED_KEY = "temp:draftguard:rewrite_asked"
#: The arguments of a call code itself makes this turn (read from the user's words, so a
#: typo code corrected is no invention): the argument guard lets exactly that call through.
CODE_ARGS_KEY = "temp:draftguard:code_args"
#: tool name -> {argument: why it is ignored}, for the call about to run; its wrapper takes it.
DROPPED_KEY = "temp:draftguard:dropped_arguments"
#: This turn's tool calls as "tool:arguments", for the argument guard's `stop_repeats`.
CALLS_KEY = "temp:draftguard:tool_calls"

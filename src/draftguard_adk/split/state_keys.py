"""Session-state keys the blogger's split loop reads and writes (seed 000)."""

from __future__ import annotations

RAW_DRAFT = "raw_draft"
OUTLINE = "outline"
DRAFT_OK = "draft_ok"
DRAFT_NOT_OK = "draft_not_ok"

#: The planner's raw answer: JSON naming the paragraph ids that match the outline.
SPLIT_PLAN = "split_plan"
#: What the checker (or the assembler) found wrong with the last attempt.
SPLIT_FEEDBACK = "split_feedback"
#: Attempts made in the current invocation.
SPLIT_ATTEMPTS = "split_attempts"
#: The final verdict: {"valid", "attempts", "messages", "reason"}.
SPLIT_VERDICT = "split_verdict"
#: The invocation the counters above belong to (a new invocation starts them afresh).
SPLIT_INVOCATION = "split_invocation_id"
#: A model failure a retry cannot fix (unloadable model, prompt over its context window).
SPLIT_MODEL_ERROR = "split_model_error"

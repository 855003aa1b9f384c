"""Session-state keys the blogger's split loop reads and writes."""

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
#: The final verdict: {"valid", "attempts", "messages", "reason", "integrity", "coverage",
#: "paragraphs"}; "valid" means the split was kept, "integrity" and "coverage" say why.
SPLIT_VERDICT = "split_verdict"
#: The checker's findings on the latest attempt, in the verdict's shape.
SPLIT_LAST_CHECK = "split_last_check"
#: Checks run in the current invocation (the checker's own count: a splitter you plug in
#: need not bump `split_attempts`, and the last check is judged differently).
SPLIT_CHECKS = "split_checks"
#: The invocation the counters above belong to (a new invocation starts them afresh).
SPLIT_INVOCATION = "split_invocation_id"
#: A model failure a retry cannot fix (unloadable model, prompt over its context window).
SPLIT_MODEL_ERROR = "split_model_error"
#: What was wrong with the planner's answer itself (repeated ids), for the next attempt.
SPLIT_PLAN_PROBLEM = "split_plan_problem"
#: The draft_ok id lists submitted in the current invocation (sorted): a retry never
#: submits one of them again.
SPLIT_TRIED = "split_tried"
#: Why no new split could be proposed after a coverage failure (ends the loop).
SPLIT_NO_NEW_PLAN = "split_no_new_plan"

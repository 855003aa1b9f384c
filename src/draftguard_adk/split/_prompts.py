"""Prompts of the split planner, as UPPER_CASE constants."""

from __future__ import annotations

SPLIT_PLANNER_INSTRUCTION = """\
You sort the paragraphs of a blog draft. Each paragraph has an id in square brackets.
Pick the ids of the paragraphs that belong to the outline below: every outline item needs
at least one. The paragraphs you pick form draft_ok; the others form draft_not_ok. Do not
write any text of your own: answer only with JSON of the form {{"ok_ids": [1, 3]}}.

OUTLINE:
{outline}

PARAGRAPHS:
{paragraphs}
{feedback}"""

SPLIT_FEEDBACK_BLOCK = """
Your previous answer was rejected: {feedback}
Fix that in this answer.
"""

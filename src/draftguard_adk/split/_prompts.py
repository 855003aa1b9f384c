"""Prompts of the split planner, as UPPER_CASE constants."""

from __future__ import annotations

#: The system turn of both planner prompts.
SPLIT_PLANNER_SYSTEM = (
    "You sort the paragraphs of a blog draft by an outline. Answer only with JSON of the form "
    '{"ok_ids": [...]}, each id once.'
)

SPLIT_PLANNER_INSTRUCTION = """\
You sort the paragraphs of a blog draft. Each paragraph has an id in square brackets.
Pick the ids of the paragraphs that belong to the outline below: every outline item needs
at least one. The paragraphs you pick form draft_ok; the others form draft_not_ok. Do not
write any text of your own: answer only with JSON of the form {{"ok_ids": [...]}}.

OUTLINE:
{outline}

PARAGRAPHS:
{paragraphs}
{candidates}{feedback}"""

#: Per outline item, the paragraphs the coverage check would count for it (best first;
#: by words alone when the language extra is not installed).
SPLIT_CANDIDATES_BLOCK = """
PARAGRAPHS THAT MATCH EACH OUTLINE ITEM (best first):
{lines}
"""

SPLIT_FEEDBACK_BLOCK = """
Your previous answer was rejected: {feedback}
Fix that in this answer.
"""

#: A retry after coverage findings: the checker's findings as the ids to change.
SPLIT_COVERAGE_RETRY_BLOCK = """
Your previous answer was {{"ok_ids": {previous}}}. It was rejected: {feedback}
Add the ids {add} to your answer.
"""

#: A small model's question: code proposed the split; confirm it, or adjust among the ids.
SPLIT_CONFIRM_INSTRUCTION = """\
Each paragraph of a blog draft has an id in square brackets. Code matched every outline item
to the paragraphs about it; the others (in brackets after "or") could also serve it.

OUTLINE:
{outline}

PARAGRAPHS:
{paragraphs}

PROPOSED (outline item: paragraphs):
{proposal}

Answer {{"ok_ids": {ok_ids}}} to confirm, or change the ids if a paragraph fits an item better.
"""

#: A retry with nothing scored left to offer: the model chooses among the other paragraphs.
SPLIT_CHOOSE_INSTRUCTION = """\
Each paragraph of a blog draft has an id in square brackets. The paragraphs {previous} were
kept for this outline, but nothing in them is about {items}.

OUTLINE:
{outline}

THE OTHER PARAGRAPHS:
{paragraphs}

Answer {{"ok_ids": [...]}} with the ids of the paragraphs about {items}.
"""

"""The validation prompt: document summaries, never content.

Binary and base64 documents appear as metadata only; text appears as the analysis preview
(full up to 50 KB, else the first 1 KB). On top of that, all previews together are held to
a byte budget, so ten 50 KB documents cannot overflow a small model's context.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from draftguard.documents._analysis import DocumentSummary
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._judge_answer import (
    EXAMPLE_ACTION,
    EXAMPLE_FIX,
    EXAMPLE_GAP,
    EXAMPLE_ISSUE,
)
from draftguard.documents._known_facts import KnownFacts
from draftguard.documents._sizes import readable_size
from draftguard.errors import ModelOutputError
from draftguard.settings._system_settings import DEFAULT_PREVIEW_BUDGET_BYTES

__all__ = ["CRITERION_ANSWER_SCHEMA", "CRITERION_EVIDENCE_CHARS", "CRITERION_SYSTEM_INSTRUCTION",
           "DEFAULT_PREVIEW_BUDGET_BYTES", "JUDGE_SYSTEM_INSTRUCTION", "build_criterion_question",
           "build_retry_message", "build_validation_prompt", "parse_criterion_answer",
           "prompt_summaries"]

JUDGE_SYSTEM_INSTRUCTION = (
    "You are a strict validator. You compare what an assistant delivered with what the user "
    "asked for and answer with one JSON object that fits the given schema, nothing else."
)

_SUMMARY_FIELDS = ("name", "mimeType", "format", "size", "type", "preview", "isAccessible",
                   "formatConflict", "decodedSize", "problems")


def _fair_shares(sizes: list[int], budget: int) -> list[int]:
    """Water-filling: small previews stay whole, the rest share what is left equally."""
    shares = [0] * len(sizes)
    remaining = budget
    pending = sorted(range(len(sizes)), key=lambda i: sizes[i])
    while pending:
        share = remaining // len(pending)
        i = pending[0]
        if sizes[i] <= share:
            shares[i] = sizes[i]
            remaining -= sizes[i]
            pending.pop(0)
            continue
        for j in pending:
            shares[j] = share
        break
    return shares


def prompt_summaries(
    summaries: Sequence[DocumentSummary], *, preview_budget_bytes: int
) -> list[dict[str, Any]]:
    """The summaries as the prompt shows them, previews shortened to fit the budget."""
    previews = [(s.preview or "").encode("utf-8") for s in summaries]
    shares = _fair_shares([len(p) for p in previews], preview_budget_bytes)
    out: list[dict[str, Any]] = []
    for s, raw, share in zip(summaries, previews, shares, strict=True):
        item = s.model_dump(mode="json", by_alias=True)
        shown = {k: item[k] for k in _SUMMARY_FIELDS if item.get(k) not in (None, [])}
        shown.setdefault("preview", None)
        if s.preview is not None and len(raw) > share:
            cut = raw[:share].decode("utf-8", "ignore")
            shown["preview"] = (f"{cut}\n... [preview shortened for this prompt: "
                                f"{readable_size(share)} of {s.size.readable}]")
        out.append(shown)
    return out


def _example(criteria_count: int, first_name: str) -> str:
    example = {
        "overallSuccess": False,
        "qualityScore": 0.0,
        "dataTypeMatch": False,
        "formatMatch": False,
        "successCriteriaMet": [False] * criteria_count,
        "gapAnalysis": EXAMPLE_GAP,
        "improvementSuggestions": [EXAMPLE_ACTION],
        "validationDetails": [
            {"documentName": first_name, "issues": [EXAMPLE_ISSUE],
             "suggestions": [EXAMPLE_FIX]}
        ],
    }
    return json.dumps(example, indent=2)


def build_validation_prompt(
    intent: ValidationIntent,
    summaries: Sequence[DocumentSummary],
    facts: KnownFacts,
    *,
    preview_budget_bytes: int = DEFAULT_PREVIEW_BUDGET_BYTES,
    include_example: bool = True,
) -> str:
    """The user turn for the judge.

    `include_example=False` drops the example answer: with schema-constrained decoding
    the schema already fixes the shape, and very small models copy examples verbatim.
    """
    criteria = intent.success_criteria
    listed = "\n".join(f"  {i}. {c}" for i, c in enumerate(criteria, start=1)) or "  (none)"
    docs = prompt_summaries(summaries, preview_budget_bytes=preview_budget_bytes)
    fact_lines = "\n".join(f"- {line}" for line in facts.lines())
    first_name = summaries[0].name if summaries else "document.ext"
    if include_example:
        output = (
            f"OUTPUT FORMAT - JSON ONLY (no prose). successCriteriaMet has exactly "
            f"{len(criteria)} entries, one per criterion, in order. Replace every <...> with "
            f"your own findings:\n{_example(len(criteria), first_name)}\n"
        )
    else:
        output = (
            f"OUTPUT FORMAT - JSON ONLY (no prose), with the fields overallSuccess, "
            f"qualityScore, dataTypeMatch, formatMatch, successCriteriaMet (exactly "
            f"{len(criteria)} true/false entries, one per criterion, in order), gapAnalysis, "
            f"improvementSuggestions (each starting \"NEXT STEP:\") and validationDetails "
            f"(per document: documentName, issues, suggestions).\n"
        )
    return f"""TASK VALIDATION

USER REQUEST: '{intent.primary_goal}'
EXPECTED DATA TYPE: {" or ".join(intent.data_type) or "unknown"}
EXPECTED FORMAT: {" or ".join(intent.expected_format) or "unknown"}
SUCCESS CRITERIA ({len(criteria)} items):
{listed}

DELIVERED DOCUMENTS ({len(docs)} items):
{json.dumps(docs, indent=2, ensure_ascii=False)}

FACTS ALREADY CHECKED BY CODE (true; do not contradict them):
{fact_lines}

VALIDATION RULES:
1. Check if delivered documents match expected data type
2. Check if delivered formats are compatible with expected format
   (Note: text formats like txt/md are compatible; pdf ≠ docx but both are documents)
3. Verify each success criterion is met based on document content/metadata
4. Check document sizes are reasonable for the task
5. Rate overall quality (0.0-1.0)
6. Identify specific gaps
7. Suggest next steps
Documents with "preview": null are binary or base64: judge them by name, format and size.
A preview ending in "[truncated ...]" shows only the start of a longer document.

{output}"""


def build_retry_message(error: str) -> str:
    """The follow-up turn after a malformed answer."""
    return (
        f"Your answer was rejected: {error}.\n"
        "Answer again with one JSON object that fits the schema and the OUTPUT FORMAT above. "
        "JSON only, no prose, no code fence."
    )


#: The one thing a small model is asked about a delivery: is this criterion true of this text?
CRITERION_SYSTEM_INSTRUCTION = (
    "You check one statement about a text. Read the text, then answer with JSON: "
    '{"answer": "yes"} if the statement is true of the text, {"answer": "no"} if it is not.'
)
#: The answer schema of a criterion question: yes or no, nothing else.
CRITERION_ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}},
    "required": ["answer"],
}
#: The evidence shown with one question: the passages most relevant to it, at most this long.
CRITERION_EVIDENCE_CHARS = 1200


def build_criterion_question(statement: str, evidence: str) -> str:
    """The user turn of one yes/no question: the evidence, then the statement."""
    return (f"TEXT:\n{evidence[:CRITERION_EVIDENCE_CHARS]}\n\n"
            f"STATEMENT: {statement}\n"
            "Is the statement true of the text? Answer yes or no.")


def parse_criterion_answer(text: str) -> bool:
    """True for yes, False for no; `ModelOutputError` for anything else."""
    try:
        answer = json.loads(text).get("answer")
    except (ValueError, AttributeError):
        answer = None
    if answer not in ("yes", "no"):
        raise ModelOutputError(f'the answer must be {{"answer": "yes"}} or {{"answer": "no"}}, '
                               f"got {text[:60]!r}")
    return bool(answer == "yes")

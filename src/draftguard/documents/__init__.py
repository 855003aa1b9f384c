"""Generic document analysis for an LLM judge: summaries, formats, compatibility.

No ADK, no model: `analyze_documents` turns files, bytes, text or structures into summaries
that are safe to put in a prompt (metadata for binary and base64, previews for large text).
"""

from __future__ import annotations

from draftguard.documents._analysis import analyze_document
from draftguard.documents._sources import Document
from draftguard.documents._validation_prompt import prompt_summaries

__all__ = [
    "Document",
    "analyze_document",
    "prompt_summaries",
]

"""Generic document analysis for an LLM judge (seed 003): summaries, formats, compatibility.

No ADK, no model: `analyze_documents` turns files, bytes, text or structures into summaries
that are safe to put in a prompt (metadata for binary and base64, previews for large text).
"""

from draftguard.documents.analysis import (
    AnalysisSettings,
    ContentType,
    DocumentSummary,
    FormatEvidence,
    analyze_document,
    analyze_documents,
)
from draftguard.documents.base64_text import Base64Finding, detect_base64, looks_like_base64
from draftguard.documents.compatibility import (
    CompatibilityReport,
    DocumentCompatibility,
    check_compatibility,
)
from draftguard.documents.formats import (
    FAMILIES,
    FORMATS,
    family_of,
    format_from_extension,
    format_from_mime,
    is_compatible,
    normalize_format,
    satisfies,
)
from draftguard.documents.sizes import DocumentSize, readable_size
from draftguard.documents.sources import Document, as_document

__all__ = [
    "FAMILIES",
    "FORMATS",
    "AnalysisSettings",
    "Base64Finding",
    "CompatibilityReport",
    "ContentType",
    "Document",
    "DocumentCompatibility",
    "DocumentSize",
    "DocumentSummary",
    "FormatEvidence",
    "analyze_document",
    "analyze_documents",
    "as_document",
    "check_compatibility",
    "detect_base64",
    "family_of",
    "format_from_extension",
    "format_from_mime",
    "is_compatible",
    "looks_like_base64",
    "normalize_format",
    "readable_size",
    "satisfies",
]

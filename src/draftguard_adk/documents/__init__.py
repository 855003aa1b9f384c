"""ADK side of the document validator: artifacts in, judge, verdict in state."""

from draftguard_adk.documents._artifacts import document_from_part, load_artifact_documents
from draftguard_adk.documents._delivery_tool import build_delivery_check_tool
from draftguard_adk.documents._judge import judge_documents
from draftguard_adk.documents._validator import (
    FEEDBACK_KEY,
    INTENT_KEY,
    ROUTE_INVALID_INPUT,
    ROUTE_JUDGE_FAILED,
    VERDICT_KEY,
    DocumentValidator,
    build_document_validator,
)

__all__ = [
    "FEEDBACK_KEY",
    "INTENT_KEY",
    "ROUTE_INVALID_INPUT",
    "ROUTE_JUDGE_FAILED",
    "VERDICT_KEY",
    "DocumentValidator",
    "build_delivery_check_tool",
    "build_document_validator",
    "document_from_part",
    "judge_documents",
    "load_artifact_documents",
]

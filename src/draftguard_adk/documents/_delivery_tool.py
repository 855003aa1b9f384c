"""The document validator as a tool, for LlmAgent coordinators (the blogger) that decide
when their work is ready: the model names the goal, criteria and formats; code does the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.tools.function_tool import FunctionTool
from google.adk.tools.tool_context import ToolContext
from pydantic import ValidationError

from draftguard.documents import Document
from draftguard.documents._intent import ValidationIntent
from draftguard_adk.documents._validator import (
    INTENT_KEY,
    VERDICT_KEY,
    build_document_validator,
)

__all__ = ["build_delivery_check_tool"]


def build_delivery_check_tool(
    model: str | BaseLlm | None = None,
    *,
    artifact_patterns: list[str] | None = None,
    state_documents: Callable[[Mapping[str, Any]], Sequence[Document]] | None = None,
) -> FunctionTool:
    """A `check_delivery` tool judging the session's artifacts (and `state_documents`)."""
    validator = build_document_validator(
        model, name="delivery_check", artifact_patterns=artifact_patterns,
        state_documents=state_documents,
    )

    async def check_delivery(
        primary_goal: str,
        success_criteria: list[str],
        expected_formats: list[str],
        tool_context: ToolContext,
    ) -> dict[str, Any]:
        """Final check before telling the author the work is done: judges every delivered
        document (the post and any quiz, flashcards or mindmap) against the request.

        Args:
            primary_goal: the author's request in one sentence.
            success_criteria: short checks the delivery must pass, e.g. "has a conclusion".
            expected_formats: formats that are acceptable, e.g. ["md", "json"].
        """
        try:
            intent = ValidationIntent(primary_goal=primary_goal,
                                      success_criteria=success_criteria,
                                      expected_format=expected_formats)
        except ValidationError as err:
            return {"passed": False, "status": "error",
                    "error": f"bad arguments: {err.errors()[0]['msg']}"}
        verdict, _ = await validator.validate_delivery(
            tool_context.get_invocation_context(), intent
        )
        tool_context.state[INTENT_KEY] = intent.model_dump(mode="json", by_alias=True)
        tool_context.state[VERDICT_KEY] = verdict.model_dump(mode="json", by_alias=True)
        return {
            "passed": verdict.status == "passed",
            "status": verdict.status,
            "document_count": verdict.document_count,
            "quality_score": verdict.quality_score,
            "gap_analysis": verdict.gap_analysis,
            "improvement_suggestions": verdict.improvement_suggestions,
        }

    return FunctionTool(check_delivery)

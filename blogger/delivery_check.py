"""The blogger's final check: the post and any study material, judged together.

The post lives in session artifacts (the content tools save it); the latest quiz, flashcards
or mindmap lives in state (`artifact_result`, from `make_artifact`). Both go to the generic
document validator through the `check_delivery` tool.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.tools.function_tool import FunctionTool

from draftguard.documents import Document
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.documents import build_delivery_check_tool

__all__ = ["build_blogger_delivery_check", "study_material_documents"]


def study_material_documents(state: Mapping[str, Any]) -> list[Document]:
    """The last valid quiz/flashcards/mindmap in state, as `<type>.json`; none otherwise."""
    outcome = state.get(STATE_RESULT)
    if not isinstance(outcome, Mapping) or not outcome.get("ok"):
        return []
    artifact = outcome.get("artifact")
    if not isinstance(artifact, dict):
        return []
    name = f"{outcome.get('artifact_type') or 'artifact'}.json"
    return [Document.from_content(name, artifact, mime_type="application/json")]


def build_blogger_delivery_check(model: str | BaseLlm | None = None) -> FunctionTool:
    """`check_delivery` over every session artifact plus the study material in state."""
    return build_delivery_check_tool(model, state_documents=study_material_documents)

"""The delivery judge's dev set (tests/data/deliveries/), for tests and the bench."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from draftguard.documents import Document
from draftguard.documents._analysis import DocumentSummary, analyze_documents
from draftguard.documents._intent import ValidationIntent

DATA = Path(__file__).resolve().parent / "data" / "deliveries"


def load_cases(kind: str) -> list[dict[str, Any]]:
    """The good or bad deliveries, as written."""
    cases: list[dict[str, Any]] = yaml.safe_load((DATA / f"{kind}.yaml").read_text("utf-8"))
    return cases


def case_inputs(case: dict[str, Any]) -> tuple[ValidationIntent, list[DocumentSummary]]:
    """A case's intent and the summaries of its documents (JSON bodies as .json files)."""
    docs = [Document.from_content(name, body) if isinstance(body, str) else
            Document.from_content(name, json.dumps(body), mime_type="application/json")
            for name, body in (case.get("documents") or {}).items()]
    intent = ValidationIntent(primary_goal=case["goal"], success_criteria=case["criteria"],
                              expected_format=case["formats"])
    return intent, analyze_documents(docs)

"""What code knows about a delivery before any model is asked: the document count, format
and data-type matches, missing and broken documents. These override the model."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence

from pydantic import Field

from draftguard.documents._analysis import ContentType, DocumentSummary
from draftguard.documents._camel_model import CamelModel
from draftguard.documents._compatibility import DocumentCompatibility, check_compatibility
from draftguard.documents._formats import FAMILIES, family_of
from draftguard.documents._intent import ValidationIntent

__all__ = ["KnownFacts", "known_facts"]

_CONTENT_TYPES: frozenset[str] = frozenset({"text", "structured", "binary", "base64"})


class KnownFacts(CamelModel):
    """What code established before asking the model."""

    document_count: int
    format_match: bool | None
    """True when no format was requested; None only in `failure_verdict`'s empty facts."""
    data_type_match: bool | None
    """True when no data type was requested; None when the requested words are not content
    types or families code knows ("a blog post"): then the model decides."""
    format_requested: bool = True
    data_type_requested: bool = True
    formats: list[DocumentCompatibility] = Field(default_factory=list)
    missing_documents: list[str] = Field(default_factory=list)
    problems: dict[str, list[str]] = Field(default_factory=dict)
    """Per document: empty, truncated, unparseable, format conflicts."""

    def lines(self) -> list[str]:
        """The facts as short sentences for the prompt and for feedback."""
        out = [f"{self.document_count} document(s) delivered"]
        if not self.format_requested:
            out.append("no format was requested: any format is acceptable")
        if not self.data_type_requested:
            out.append("no data type was requested: any data type is acceptable")
        for f in self.formats:
            out.append(f"{f.name}: format {f.format}, "
                       f"{'compatible' if f.compatible else 'NOT compatible'} with the "
                       "expected format")
        if self.data_type_match is not None and self.data_type_requested:
            out.append(f"data type {'matches' if self.data_type_match else 'does NOT match'}")
        out += [f"missing: no document matches '{m}'" for m in self.missing_documents]
        out += [f"{name}: {p}" for name, ps in self.problems.items() for p in ps]
        return out


def _data_type_matches(kind: ContentType, fmt: str, wanted: str) -> bool:
    if wanted == "binary":
        return kind in ("binary", "base64")
    return kind == wanted or family_of(fmt) == wanted


def known_facts(intent: ValidationIntent, summaries: Sequence[DocumentSummary]) -> KnownFacts:
    """Everything about the delivery that code can decide without a model.

    Raises `UnknownFormatError` if the intent names an unknown format.
    """
    formats: list[DocumentCompatibility] = []
    # Nothing requested means nothing can mismatch: a model that answers "false" against an
    # "unknown" expectation must not fail a delivery with a gap nobody can act on.
    format_match: bool | None = bool(summaries)
    if intent.expected_format:
        report = check_compatibility(summaries, intent.expected_format)
        formats, format_match = report.documents, report.all_compatible and bool(summaries)
    wanted = [w.strip().lower() for w in intent.data_type]
    data_type_match: bool | None = None if wanted else bool(summaries)
    if wanted and all(w in _CONTENT_TYPES or w in FAMILIES for w in wanted):
        data_type_match = bool(summaries) and all(
            any(_data_type_matches(s.type, s.format, w) for w in wanted) for s in summaries
        )
    names = [s.name for s in summaries]
    missing = [p for p in intent.expected_documents
               if not any(fnmatch.fnmatch(n, p) for n in names)]
    problems: dict[str, list[str]] = {}
    for s in summaries:
        found = list(s.problems)
        if s.format_conflict:
            found.append(f"format conflict: {s.format_conflict}")
        if found:
            # Documents may share a name (two folders, one report.pdf each): keep them all.
            problems.setdefault(s.name, []).extend(found)
    return KnownFacts(
        document_count=len(summaries), format_match=format_match,
        data_type_match=data_type_match, formats=formats, missing_documents=missing,
        problems=problems, format_requested=bool(intent.expected_format),
        data_type_requested=bool(wanted),
    )

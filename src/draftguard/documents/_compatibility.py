"""Checking delivered documents against the expected format(s) with the format table."""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.documents._analysis import DocumentSummary
from draftguard.documents._camel_model import FrozenCamelModel
from draftguard.documents._formats import normalize_format, satisfies

__all__ = ["CompatibilityReport", "DocumentCompatibility", "check_compatibility"]


class DocumentCompatibility(FrozenCamelModel):
    name: str
    format: str
    compatible: bool


class CompatibilityReport(FrozenCamelModel):
    """Whether every delivered document meets one of the expected formats."""

    expected: list[str]
    documents: list[DocumentCompatibility]
    """One entry per summary, in the summaries' order: names need not be unique (two
    folders may each hold a report.pdf), so match entries to documents by position."""

    @property
    def all_compatible(self) -> bool:
        return all(d.compatible for d in self.documents)

    @property
    def message(self) -> str:
        bad = [d for d in self.documents if not d.compatible]
        if not bad:
            return f"every document is compatible with {' or '.join(self.expected)}"
        listed = ", ".join(f"{d.name} is {d.format}" for d in bad)
        return f"expected {' or '.join(self.expected)}: {listed}"


def check_compatibility(
    summaries: Sequence[DocumentSummary], expected: str | Sequence[str]
) -> CompatibilityReport:
    """Each document's format against the expected format or family names.

    `expected` may list several names (a blog post and its quiz: "md", "json"); a document
    passes when it satisfies any of them. Unknown names raise `UnknownFormatError`.
    """
    names = [expected] if isinstance(expected, str) else list(expected)
    wanted = [normalize_format(n) for n in names]
    return CompatibilityReport(
        expected=wanted,
        documents=[
            DocumentCompatibility(
                name=s.name, format=s.format,
                compatible=any(satisfies(s.format, w) for w in wanted),
            )
            for s in summaries
        ],
    )

"""What can be analysed: files on disk and in-memory content, behind one `Document` type.

ADK artifacts become `Document`s in the adapter (`draftguard_adk.documents`); the core never
sees ADK types.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from draftguard.errors import DocumentReadError

__all__ = ["Content", "Document", "SourceKind", "as_document"]

#: In-memory content: raw bytes, text, or a JSON-like structure (dict or list).
Content = bytes | bytearray | memoryview | str | dict[str, Any] | list[Any]

SourceKind = Literal["file", "memory", "artifact"]


@dataclass(frozen=True)
class Document:
    """One delivered document: a name, an optional declared mime type, and its content.

    Exactly one of `path` (read from disk, streamed) and `content` (already in memory) is set.
    """

    name: str
    mime_type: str | None = None
    content: Content | None = None
    path: Path | None = None
    source: SourceKind = "memory"

    def __post_init__(self) -> None:
        if (self.content is None) == (self.path is None):
            raise ValueError("a Document needs exactly one of content= and path=")

    @classmethod
    def from_path(
        cls, path: str | os.PathLike[str], *, mime_type: str | None = None,
        name: str | None = None,
    ) -> Document:
        p = Path(path)
        return cls(name=name or p.name, mime_type=mime_type, path=p, source="file")

    @classmethod
    def from_content(
        cls, name: str, content: Content, *, mime_type: str | None = None,
        source: SourceKind = "memory",
    ) -> Document:
        return cls(name=name, mime_type=mime_type, content=content, source=source)


def as_document(obj: Any) -> Document:
    """Accept a `Document`, a path (`os.PathLike`), or an object with
    `documentName`, `mimeType` and `documentData`.

    A bare `str` is refused: it could be a path or text, and guessing would be wrong either way.
    """
    if isinstance(obj, Document):
        return obj
    if isinstance(obj, os.PathLike):
        return Document.from_path(obj)
    if isinstance(obj, str):
        raise DocumentReadError(
            "a bare string is ambiguous: pass Path(...) for a file or "
            "Document.from_content(name, text) for text"
        )
    data = getattr(obj, "documentData", None)
    if data is None and isinstance(obj, dict):
        data = obj.get("documentData")
    if data is not None:
        def field(key: str) -> Any:
            return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)

        return Document.from_content(
            str(field("documentName") or "unnamed"), data, mime_type=field("mimeType")
        )
    raise DocumentReadError(f"cannot analyse a {type(obj).__name__}: not a document")

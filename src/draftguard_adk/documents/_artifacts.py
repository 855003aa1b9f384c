"""ADK artifacts as core `Document`s: the only place the document validator touches ADK parts."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence

from google.adk.agents.invocation_context import InvocationContext
from google.genai import types

from draftguard.documents import Document
from draftguard.errors import DocumentReadError

__all__ = ["document_from_part", "load_artifact_documents"]


def document_from_part(name: str, part: types.Part) -> Document:
    """An artifact part (inline bytes or text) as a `Document` with its declared mime type."""
    if part.inline_data is not None and part.inline_data.data is not None:
        return Document.from_content(
            name, part.inline_data.data, mime_type=part.inline_data.mime_type, source="artifact"
        )
    if part.text is not None:
        return Document.from_content(name, part.text, source="artifact")
    if part.file_data is not None:
        raise DocumentReadError(
            f"artifact {name} is stored by reference ({part.file_data.file_uri}); "
            "only inline artifacts can be analysed"
        )
    raise DocumentReadError(f"artifact {name} has no content")


async def load_artifact_documents(
    ctx: InvocationContext, *, patterns: Sequence[str] | None = None
) -> list[Document]:
    """The latest version of every session artifact whose name matches `patterns` (all when
    None), sorted by name. Raises `DocumentReadError` when no artifact service is set."""
    service = ctx.artifact_service
    if service is None:
        raise DocumentReadError("no artifact service is configured for this runner")
    app, user, session = ctx.app_name, ctx.user_id, ctx.session.id
    names = sorted(
        await service.list_artifact_keys(app_name=app, user_id=user, session_id=session)
    )
    if patterns is not None:
        names = [n for n in names if any(fnmatch.fnmatch(n, p) for p in patterns)]
    docs: list[Document] = []
    for name in names:
        part = await service.load_artifact(
            app_name=app, user_id=user, session_id=session, filename=name
        )
        if part is None:
            raise DocumentReadError(f"artifact {name} vanished while it was being read")
        docs.append(document_from_part(name, part))
    return docs

"""`analyze_documents`: one metadata-rich summary per document, safe to show an LLM judge.

Each summary holds name, mimeType, format, size, type, preview and isAccessible. It also
says where its format came from (extension, declared type, content) and reports, rather than
hides, when they disagree.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from draftguard.documents._base64_text import (
    Base64Finding,
    detect_base64,
)
from draftguard.documents._camel_model import FrozenCamelModel
from draftguard.documents._encodings import TextEncoding, decode_or_none, detect_encoding
from draftguard.documents._formats import (
    FORMATS,
    family_of,
    format_from_extension,
    format_from_mime,
    format_info,
)
from draftguard.documents._isobmff import sniff_isobmff
from draftguard.documents._ole import OLE_MAGIC, sniff_ole
from draftguard.documents._scanning import (
    ContentScan,
    iter_bytes,
    iter_file,
    iter_text,
    scan_chunks,
)
from draftguard.documents._sizes import DocumentSize, readable_size
from draftguard.documents._sniffing import (
    ZIP_BASED,
    integrity_problem,
    sniff_magic,
    sniff_text,
    sniff_zip,
)
from draftguard.documents._sources import Document, SourceKind, as_document
from draftguard.settings._system_settings import AnalysisSettings

__all__ = [
    "AnalysisSettings",
    "ContentType",
    "DocumentSummary",
    "FormatEvidence",
    "analyze_document",
    "analyze_documents",
]

ContentType = Literal["text", "structured", "binary", "base64"]

_SNIFF_BYTES = 8192


class FormatEvidence(FrozenCamelModel):
    """What each source says the format is (None: that source says nothing)."""

    extension: str | None = None
    declared: str | None = None
    content: str | None = None
    """A format the bytes prove, "text"/"binary" when they only show which kind they are, or
    "ole" for an OLE compound file whose streams name no application in the table."""


class DocumentSummary(FrozenCamelModel):
    """One document as the judge sees it. Dump with `by_alias=True` for camelCase names."""

    name: str
    mime_type: str
    format: str
    size: DocumentSize
    type: ContentType
    preview: str | None
    is_accessible: bool
    """True when the judge can read the content itself (text, structured); binary and
    base64 documents are judged by their metadata only."""
    source: SourceKind = "memory"
    encoding: str | None = None
    """How text and structured documents are encoded ("utf-8", "utf-16-le", "cp1252",
    "cp932"...); None for binary and base64."""
    format_evidence: FormatEvidence = Field(default_factory=FormatEvidence)
    format_conflict: str | None = None
    """Set when extension, declared type and content disagree, e.g.
    "declared text/plain, content is PDF"."""
    decoded_size: DocumentSize | None = None
    """For base64: the size of the decoded payload."""
    problems: list[str] = Field(default_factory=list)
    """Defects a person should fix: empty, truncated, unparseable, mislabelled."""
    notes: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problems and no format conflict."""
        return not self.problems and self.format_conflict is None


def analyze_documents(
    docs: Iterable[Any], *, settings: AnalysisSettings | None = None
) -> list[DocumentSummary]:
    """One summary per document, in order. See `analyze_document`."""
    settings = settings or AnalysisSettings()
    return [analyze_document(d, settings=settings) for d in docs]


def analyze_document(doc: Any, *, settings: AnalysisSettings | None = None) -> DocumentSummary:
    """Summarise a `Document`, a path or an ActionDocument-shaped object.

    Raises `DocumentReadError` when a file cannot be read at all.
    """
    settings = settings or AnalysisSettings()
    document = as_document(doc)
    if isinstance(document.content, dict | list):
        return _summarise_structure(document, document.content, settings)
    return _summarise_bytes(document, _scan(document, settings), settings)


def _scan(document: Document, settings: AnalysisSettings) -> ContentScan:
    content = document.content
    size_hint: int | None = None
    if document.path is not None:
        try:
            size_hint = document.path.stat().st_size
        except OSError:
            size_hint = None  # iter_file reports the error in its own words
        chunks = iter_file(document.path)
    elif isinstance(content, str):
        size_hint = len(content)  # a lower bound on its UTF-8 size: enough to skip the body
        chunks = iter_text(content)
    elif isinstance(content, bytes | bytearray | memoryview):
        size_hint = memoryview(content).nbytes
        chunks = iter_bytes(content)
    else:  # pragma: no cover - Document's type rules this out
        raise TypeError(f"unsupported content {type(content).__name__}")
    return scan_chunks(
        chunks,
        head_bytes=max(_SNIFF_BYTES, settings.large_preview_bytes, 4096),
        parse_limit=settings.parse_limit_bytes,
        size_hint=size_hint,
    )


def _summarise_structure(
    document: Document, data: dict[str, Any] | list[Any], settings: AnalysisSettings
) -> DocumentSummary:
    compact = json.dumps(data, ensure_ascii=False, default=str).encode("utf-8")
    size = len(compact)
    ext_fmt = format_from_extension(document.name)
    declared_fmt = format_from_mime(document.mime_type)
    claimed = declared_fmt or ext_fmt
    # A dict or list is data, not JSON text: any structured format may be its intended form.
    fmt = claimed if claimed and family_of(claimed) == "structured" else "json"
    evidence = FormatEvidence(extension=ext_fmt, declared=declared_fmt, content=fmt)
    conflict = _conflict(evidence, document, kind="structured")
    if conflict:
        conflict = conflict.replace(f"content is {_fmt_label(fmt)}",
                                    "content is an in-memory structure")
    return DocumentSummary(
        name=document.name,
        mime_type=document.mime_type or FORMATS[fmt].mime,
        format=fmt,
        size=DocumentSize.of(size),
        type="structured",
        preview=_structure_preview(data, compact, settings),
        is_accessible=True,
        source=document.source,
        format_evidence=evidence,
        format_conflict=conflict,
        notes=["in-memory structure; size is its compact JSON serialisation"],
    )


def _summarise_bytes(
    document: Document, scan: ContentScan, settings: AnalysisSettings
) -> DocumentSummary:
    ext_fmt = format_from_extension(document.name)
    declared_fmt = format_from_mime(document.mime_type)
    claimed = declared_fmt or ext_fmt
    problems: list[str] = []
    notes: list[str] = []
    b64: Base64Finding | None = None
    encoding: TextEncoding | None = None
    body_text: str | bytes | None = None
    decoded: tuple[TextEncoding, str | None] | None = None
    content_ev: str | None
    kind: ContentType

    if scan.size == 0:
        problems.append("empty document (0 bytes)")
        kind, content_ev, encoding = "text", None, TextEncoding("utf-8")
    elif magic := sniff_magic(scan.head, size=scan.size, in_text=scan.is_text):
        kind, content_ev = "binary", magic
    elif scan.is_text and (b64 := detect_base64(
        scan, min_chars=settings.base64_min_chars,
        min_opaque_chars=settings.base64_min_opaque_chars,
    )):
        kind = "base64"
        content_ev = b64.format or ("text" if b64.payload == "text" else "binary")
    elif scan.is_text or (decoded := _other_encoding(scan, notes)) is not None:
        if decoded is None:
            encoding = TextEncoding("utf-8", len(codecs.BOM_UTF8)
                                    if scan.head.startswith(codecs.BOM_UTF8) else 0)
            body_text = scan.body
        else:
            encoding, body_text = decoded
        text_head = decode_or_none(scan.head, encoding, complete=False) or ""
        sniff = sniff_text(text_head, body_text, claimed=claimed)
        kind = "structured" if sniff.structured else "text"
        content_ev = sniff.format or "text"
        problems.extend(p for p in (sniff.problem,) if p)
        notes.extend(n for n in (sniff.note,) if n)
    else:
        kind, content_ev = "binary", "binary"
        if claimed is not None and (info := format_info(claimed)) and info.textual:
            notes.append(f"content is {scan.utf8_error}")

    if kind == "binary":
        content_ev = _open_container(document, scan, content_ev, problems, notes)

    evidence = FormatEvidence(extension=ext_fmt, declared=declared_fmt, content=content_ev)
    if b64 is not None and b64.data_uri_mime:
        notes.append(f"data: URI declaring {b64.data_uri_mime}")
    return _summary(document, scan, settings, evidence, kind=kind, encoding=encoding,
                    body_text=body_text, b64=b64, problems=problems, notes=notes)


def _summary(
    document: Document,
    scan: ContentScan,
    settings: AnalysisSettings,
    evidence: FormatEvidence,
    *,
    kind: ContentType,
    encoding: TextEncoding | None,
    body_text: str | bytes | None,
    b64: Base64Finding | None,
    problems: list[str],
    notes: list[str],
) -> DocumentSummary:
    """The summary of what `_summarise_bytes` found."""
    fmt = _resolve(evidence)
    info = FORMATS.get(fmt)
    return DocumentSummary(
        name=document.name,
        mime_type=document.mime_type or (info.mime if info else "application/octet-stream"),
        format=fmt,
        size=DocumentSize.of(scan.size),
        type=kind,
        preview=_preview(scan, body_text, encoding, settings)
        if encoding is not None and kind in ("text", "structured") else None,
        is_accessible=kind in ("text", "structured") and scan.size > 0,
        source=document.source,
        encoding=encoding.name if encoding is not None and kind != "binary" else None,
        format_evidence=evidence,
        format_conflict=_conflict(evidence, document, kind=kind),
        decoded_size=DocumentSize.of(b64.decoded_bytes) if b64 else None,
        problems=problems,
        notes=notes,
    )


def _other_encoding(scan: ContentScan, notes: list[str]
                    ) -> tuple[TextEncoding, str | None] | None:
    """The encoding of text that is not UTF-8, judged from the head, and the whole body
    decoded with it when the body was kept; None when the bytes are not text."""
    encoding = detect_encoding(scan.head, complete=scan.size <= len(scan.head))
    if encoding is None:
        return None
    if scan.body is None:
        notes.append(f"encoding judged from the first {readable_size(len(scan.head))}")
        return encoding, None
    text = decode_or_none(scan.body, encoding, complete=True)
    return None if text is None else (encoding, text)


def _open_container(document: Document, scan: ContentScan, content_ev: str | None,
                    problems: list[str], notes: list[str]) -> str | None:
    """Refine a binary document's format by what its container holds, and check that the
    container is whole."""
    def source() -> Path | bytes | bytearray | memoryview:
        if scan.body is not None:
            return scan.body
        return document.path if document.path is not None else _as_bytes(document.content)

    if content_ev in ZIP_BASED:
        zip_fmt, problem = sniff_zip(source())
        problems.extend(p for p in (problem,) if p)
        return zip_fmt or content_ev
    if scan.head.startswith(OLE_MAGIC):
        ole_fmt, problem = sniff_ole(source())
        problems.extend(p for p in (problem,) if p)
        # Unknown application: still a fact that contradicts a .doc, .xls, .ppt or .msg name.
        return ole_fmt or ("ole" if problem is None else "binary")
    if scan.head[4:8] == b"ftyp":
        iso_fmt, note = sniff_isobmff(scan.head, scan.tail)
        notes.extend(n for n in (note,) if n)
        content_ev = iso_fmt or "binary"
    if content_ev and (bad := integrity_problem(content_ev, scan.tail)):
        problems.append(bad)
    return content_ev


def _as_bytes(content: Any) -> bytes | bytearray | memoryview:
    if isinstance(content, str):
        return content.encode("utf-8", "surrogatepass")
    if isinstance(content, bytes | bytearray | memoryview):
        return content
    raise TypeError(f"no bytes in {type(content).__name__}")


def _resolve(ev: FormatEvidence) -> str:
    """Content proof first, then the declared type, then the extension, then the kind."""
    if ev.content and ev.content not in ("text", "binary"):
        return ev.content
    if ev.declared:
        return ev.declared
    if ev.extension:
        return ev.extension
    return "txt" if ev.content == "text" else "unknown"


# Formats that are another format too: every PNG reader shows an APNG's first frame, so an
# APNG named .png or declared image/png is what it says.
_VARIANT_OF = {"apng": "png"}


def _agree(a: str, b: str) -> bool:
    """Whether two format claims about one document are consistent."""
    if a == b or _VARIANT_OF.get(a) == b or _VARIANT_OF.get(b) == a:
        return True
    if b in ("text", "binary", "txt"):
        a, b = b, a
    info_b = FORMATS.get(b)
    if a == "text" or a == "txt":
        # "text/plain" and "it decodes as UTF-8" say only that the bytes are text.
        return info_b is not None and info_b.textual
    if a == "binary":
        return info_b is not None and not info_b.textual
    info_a = FORMATS.get(a)
    # Text sniffing cannot tell Markdown from plain text, so the text family never conflicts.
    return info_a is not None and info_b is not None and info_a.family == info_b.family == "text"


def _label(fmt: str, kind: str) -> str:
    if kind == "base64":
        inner = {"text": "text", "binary": "unrecognised bytes"}.get(fmt) or _fmt_label(fmt)
        return f"base64 of {inner}"
    if fmt == "binary":
        return "unrecognised binary"
    if fmt == "text":
        return "text"
    return _fmt_label(fmt)


# Content evidence outside the format table.
_OTHER_LABELS = {"ole": "an OLE compound file of no known application"}


def _fmt_label(fmt: str) -> str:
    info = FORMATS.get(fmt)
    return info.label if info else _OTHER_LABELS.get(fmt, fmt)


def _conflict(ev: FormatEvidence, document: Document, *, kind: str) -> str | None:
    claims: list[tuple[str, str]] = []
    if ev.declared and document.mime_type:
        claims.append((f"declared {document.mime_type.split(';')[0].strip()}", ev.declared))
    if ev.extension:
        claims.append((f"extension .{document.name.rsplit('.', 1)[-1].lower()}", ev.extension))
    if ev.content:
        claims.append((f"content is {_label(ev.content, kind)}", ev.content))
    if all(_agree(a, b) for i, (_, a) in enumerate(claims) for _, b in claims[i + 1 :]):
        return None
    return ", ".join(label for label, _ in claims)


def _structure_preview(data: dict[str, Any] | list[Any], compact: bytes,
                       settings: AnalysisSettings) -> str:
    """Indented JSON when it fits the full-preview limit, else the compact JSON's preview.

    Size, threshold and truncation indicator all speak of the compact form, which is the
    size the summary reports.
    """
    if len(compact) <= settings.full_preview_max_bytes:
        indented = json.dumps(data, indent=2, ensure_ascii=False, default=str)
        if len(indented.encode("utf-8")) <= settings.full_preview_max_bytes:
            return indented
    return _bytes_preview(compact, len(compact), settings)


def _preview(scan: ContentScan, body_text: str | bytes | None, encoding: TextEncoding,
             settings: AnalysisSettings) -> str:
    """Full text up to the full-preview limit, else the first bytes plus a size indicator."""
    if scan.size <= settings.full_preview_max_bytes:
        if isinstance(body_text, str):
            return body_text
        return _bytes_preview(scan.body or scan.head, scan.size, settings)
    if encoding.name == "utf-8":
        return _bytes_preview(scan.head, scan.size, settings)
    head = scan.head[: settings.large_preview_bytes]
    shown = codecs.getincrementaldecoder(encoding.name)("ignore").decode(head[encoding.bom :])
    return _truncated(shown, scan.size, settings)


def _bytes_preview(data: bytes, size: int, settings: AnalysisSettings) -> str:
    """`_preview` for UTF-8 bytes (a byte-order mark is dropped)."""
    if size <= settings.full_preview_max_bytes:
        return data.decode("utf-8-sig", "replace")
    shown = data[: settings.large_preview_bytes].decode("utf-8-sig", "ignore")
    return _truncated(shown, size, settings)


def _truncated(shown: str, size: int, settings: AnalysisSettings) -> str:
    return (
        f"{shown}\n... [truncated: first {readable_size(settings.large_preview_bytes)} "
        f"of {readable_size(size)}]"
    )

"""Content sniffing: what the bytes say they are, whatever the name or declared type claims.

Binary signatures come from `filetype` (docs/documents.md compares it with puremagic,
libmagic and Magika on a corpus of real files). A signature is only where the answer starts:
short ones are confirmed by the header after them (`_signature_checks`), and containers are
opened to see what they hold (ZIP here, OLE in `_ole`, MP4 and kin in `_isobmff`). Text
formats are recognised by parsing, never by a regular expression: a file is JSON when
`json.loads` accepts it.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.parsers import expat

import filetype  # type: ignore[import-untyped]
import yaml

from draftguard.documents._formats import format_from_extension, format_from_mime
from draftguard.documents._signature_checks import confirm_signature
from draftguard.textio._structured_input import yaml_problem

__all__ = [
    "ZIP_BASED",
    "TextSniff",
    "integrity_problem",
    "sniff_magic",
    "sniff_text",
    "sniff_zip",
]

# Formats whose signature is printable ASCII yet distinctive enough to trust inside text.
_TEXT_SAFE_SIGNATURES = frozenset({"pdf", "rtf"})
# An indirect object ("1 0 obj"): what a PDF is made of, and what prose never says. A
# Markdown post that starts "%PDF-1.7 is the version we target" has none.
_PDF_OBJECT = re.compile(rb"(?:^|[\r\n])\s*\d+\s+\d+\s+obj\b")
#: Formats stored as ZIP containers; `sniff_zip` tells them apart.
ZIP_BASED = frozenset({"zip", "docx", "xlsx", "pptx", "odt", "ods", "odp", "epub"})
_MIMETYPE_MAX_BYTES = 256
_OOXML_PARTS = (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx"))
_ODF_MIMETYPES = {
    b"application/vnd.oasis.opendocument.text": "odt",
    b"application/vnd.oasis.opendocument.spreadsheet": "ods",
    b"application/vnd.oasis.opendocument.presentation": "odp",
    b"application/epub+zip": "epub",
}


def sniff_magic(head: bytes, *, size: int, in_text: bool = False) -> str | None:
    """The format a binary signature at the start of `head` proves, or None.

    `size` is the whole document's. With `in_text=True` (the bytes decode as UTF-8) only
    signatures that cannot be ordinary prose are believed: a text starting "BM" is not a
    bitmap, and one starting "%PDF-" is a PDF only if PDF objects follow.
    """
    if not head:
        return None
    kind = filetype.guess(head)
    if kind is None:
        return None
    fmt = format_from_mime(kind.mime) or format_from_extension(f"x.{kind.extension}")
    if fmt is None or not confirm_signature(fmt, head, size):
        return None
    if in_text and (fmt not in _TEXT_SAFE_SIGNATURES
                    or (fmt == "pdf" and not _PDF_OBJECT.search(head))):
        return None
    return fmt


def sniff_zip(source: Path | bytes | bytearray | memoryview) -> tuple[str | None, str | None]:
    """(format, problem) for a ZIP container, reading only its central directory.

    A missing or damaged directory is the usual sign of a truncated download.
    """
    handle: Any = source if isinstance(source, Path) else io.BytesIO(source)
    try:
        with zipfile.ZipFile(handle) as zf:
            names = zf.namelist()
            if "mimetype" in names:
                # Read with a cap while inflating: a 2 MB file's `mimetype` can inflate to
                # gigabytes, and every ODF/EPUB media type is well under the cap.
                with zf.open("mimetype") as member:
                    declared = member.read(_MIMETYPE_MAX_BYTES).strip()
                if declared in _ODF_MIMETYPES:
                    return _ODF_MIMETYPES[declared], None
            if "[Content_Types].xml" in names:
                for prefix, fmt in _OOXML_PARTS:
                    if any(n.startswith(prefix) for n in names):
                        return fmt, None
            return "zip", None
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as err:
        return None, f"truncated or corrupt ZIP container ({err})"


# Tail checks: each format's mandatory last bytes. A download cut short loses them.
_PNG_END = b"IEND\xaeB`\x82"


def integrity_problem(fmt: str, tail: bytes) -> str | None:
    """Why the last bytes show a truncated or corrupt file of format `fmt`, or None."""
    if fmt == "pdf" and b"%%EOF" not in tail[-2048:]:
        return "truncated or corrupt PDF: no %%EOF marker at the end"
    if fmt in ("png", "apng") and not tail.endswith(_PNG_END):
        return f"truncated or corrupt {fmt.upper()}: no IEND chunk at the end"
    if fmt == "jpeg" and not tail.rstrip(b"\x00\r\n ").endswith(b"\xff\xd9"):
        return "truncated or corrupt JPEG: no end-of-image marker"
    if fmt == "gif" and not tail.rstrip(b"\x00").endswith(b";"):
        return "truncated or corrupt GIF: no trailer byte"
    return None


@dataclass(frozen=True)
class TextSniff:
    """What parsing a text document showed."""

    format: str | None
    """json, xml, svg, yaml or html when the content proves it; None for plain text."""
    structured: bool
    problem: str | None = None
    note: str | None = None


def sniff_text(head: str, body: bytes | str | None, *, claimed: str | None) -> TextSniff:
    """Recognise JSON, XML (and SVG), YAML and HTML in text by parsing, not by pattern.

    `claimed` is the format the name or declared type asserts; a parse failure is a problem
    only when the document claims that format (a Markdown file may start with "[").
    `body` is the UTF-8 bytes or the decoded text, None when the document is over the
    parse limit.
    """
    start = head.lstrip("\ufeff \t\r\n")
    lowered = start[:64].lower()
    if start[:1] in ("{", "[") or claimed == "json":
        sniff = _sniff_json(body, claimed=claimed)
        if sniff.format or sniff.note or claimed == "json":
            return sniff
    if lowered.startswith("<?xml") or (claimed in ("xml", "svg") and start.startswith("<")):
        return _sniff_xml(body, claimed=claimed)
    if lowered.startswith(("<!doctype html", "<html")):
        return TextSniff("html", structured=False)
    if claimed == "yaml":
        return _sniff_yaml(body)
    if start.startswith("<") and body is not None and (claimed is None or claimed == "txt"):
        # XML without a declaration, with no name saying otherwise. A Markdown or HTML
        # document that is one well-formed element stays what its name says.
        sniff = _sniff_xml(body, claimed=None)
        if sniff.format:
            return sniff
    return TextSniff(None, structured=False)


def _too_large(fmt: str) -> TextSniff:
    return TextSniff(fmt, structured=True,
                     note=f"over the parse limit: {fmt.upper()} structure not verified")


# LibYAML's safe loader when PyYAML was built with it: the same documents, ten times faster.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TOO_DEEP = "too deeply nested to parse (deeper than Python's recursion limit)"


def _sniff_json(body: bytes | str | None, *, claimed: str | None) -> TextSniff:
    if body is None:
        return _too_large("json") if claimed == "json" else TextSniff(None, structured=False)
    try:
        json.loads(body)
    except json.JSONDecodeError as err:
        problem = f"not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})"
        return TextSniff(None, structured=False, problem=problem if claimed == "json" else None)
    except RecursionError:
        # Not proven invalid: the parser gave up, so say that, claimed or not.
        if claimed == "json":
            return TextSniff(None, structured=False, problem=f"JSON {_TOO_DEEP}")
        return TextSniff(None, structured=False, note=f"looks like JSON but is {_TOO_DEEP}")
    except UnicodeDecodeError:
        return TextSniff(None, structured=False,
                         problem="not valid JSON" if claimed == "json" else None)
    except ValueError:
        # Valid JSON that Python will not convert: a number of over 4,300 digits.
        problem = "JSON holds a number too long to parse (over 4,300 digits)"
        if claimed == "json":
            return TextSniff(None, structured=False, problem=problem)
        return TextSniff(None, structured=False, note=f"looks like JSON but {problem[5:]}")
    return TextSniff("json", structured=True)


class _ForbiddenEntity(Exception):
    pass


def _refuse_entities(*_: object) -> None:
    # Entity declarations are how XML bombs and external-entity reads start; we need neither.
    raise _ForbiddenEntity


def _sniff_xml(body: bytes | str | None, *, claimed: str | None) -> TextSniff:
    if body is None:
        return _too_large("svg" if claimed == "svg" else "xml")
    if isinstance(body, str):
        # Already decoded: the parser must not decode it again by the declaration.
        parser = expat.ParserCreate(encoding="utf-8")
        body = body.encode("utf-8")
    else:
        parser = expat.ParserCreate()
    parser.EntityDeclHandler = _refuse_entities
    parser.ExternalEntityRefHandler = _refuse_entities  # type: ignore[assignment]
    root: list[str] = []

    def start(name: str, _attrs: dict[str, str]) -> None:
        if not root:
            root.append(name.rsplit(":", 1)[-1].lower())

    parser.StartElementHandler = start
    try:
        parser.Parse(body, True)
    except _ForbiddenEntity:
        return TextSniff(None, structured=False,
                         problem="XML declares entities (refused: not parsed)")
    except expat.ExpatError as err:
        return TextSniff(None, structured=False, problem=f"not well-formed XML: {err}")
    return TextSniff("svg" if root == ["svg"] else "xml", structured=True)


def _sniff_yaml(body: bytes | str | None) -> TextSniff:
    if body is None:
        return _too_large("yaml")
    if (shape := yaml_problem(body)) is not None:
        # LibYAML's composer recurses in C: a deep enough document kills the process; an
        # alias bomb builds gigabytes from a few hundred bytes.
        verb = "" if shape.startswith("nested") else "is "
        return TextSniff(None, structured=False, problem=f"YAML {verb}{shape}: not parsed")
    try:
        data = yaml.load(body, Loader=_YAML_LOADER)
    except ValueError:
        return TextSniff(None, structured=False,
                         problem="YAML holds a number too long to parse (over 4,300 digits)")
    except yaml.YAMLError as err:
        first = str(err).splitlines()[0] if str(err) else "parse error"
        return TextSniff(None, structured=False, problem=f"not valid YAML: {first}")
    except RecursionError:
        return TextSniff(None, structured=False, problem=f"YAML {_TOO_DEEP}")
    if isinstance(data, dict | list):
        return TextSniff("yaml", structured=True)
    return TextSniff(None, structured=False)

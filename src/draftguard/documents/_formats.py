"""The format table: every known format, its family, and which formats stand in for which.

One table decides compatibility, so adding a format is one row, not another `if`:

    family       interchangeable  formats
    text         yes              txt, md, html, rst
    structured   yes              json, xml, yaml
    tabular      yes              csv, tsv
    document     no               pdf, docx, xlsx, pptx, odt, ods, odp, doc, xls, ppt, rtf, epub,
                                  msg
    image        yes              png, apng, jpeg, gif, webp, bmp, tiff, svg, ico, heic, avif
    audio        yes              mp3, wav, ogg, flac, m4a
    video        yes              mp4, webm, mov, avi, mkv
    archive      no               zip, gzip, tar, 7z, rar

Within an interchangeable family any two formats are compatible (a Markdown post satisfies
"text"); in a strict family only the same format is (a PDF is not a DOCX, though both are
documents). Formats of different families are never compatible. An expected format may also
name a whole family ("image", "document"): then any member satisfies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from draftguard.errors import UnknownFormatError

__all__ = [
    "FAMILIES",
    "FORMATS",
    "Family",
    "FormatInfo",
    "family_of",
    "format_from_extension",
    "format_from_mime",
    "format_info",
    "is_compatible",
    "known_format_names",
    "normalize_format",
    "satisfies",
]


@dataclass(frozen=True)
class Family:
    """A group of formats; `interchangeable` says whether members stand in for each other."""

    name: str
    interchangeable: bool


@dataclass(frozen=True)
class FormatInfo:
    """One format: its canonical name, family, whether its bytes are text, and its names."""

    name: str
    family: str
    label: str
    textual: bool
    mime: str
    extensions: tuple[str, ...]
    other_mimes: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


FAMILIES: MappingProxyType[str, Family] = MappingProxyType(
    {
        f.name: f
        for f in (
            Family("text", interchangeable=True),
            Family("structured", interchangeable=True),
            Family("tabular", interchangeable=True),
            Family("document", interchangeable=False),
            Family("image", interchangeable=True),
            Family("audio", interchangeable=True),
            Family("video", interchangeable=True),
            Family("archive", interchangeable=False),
        )
    }
)

_ROWS: tuple[FormatInfo, ...] = (
    FormatInfo("txt", "text", "plain text", True, "text/plain", ("txt", "text", "log"),
               aliases=("plain",)),
    FormatInfo("md", "text", "Markdown", True, "text/markdown", ("md", "markdown", "mdown"),
               other_mimes=("text/x-markdown",)),
    FormatInfo("html", "text", "HTML", True, "text/html", ("html", "htm", "xhtml"),
               other_mimes=("application/xhtml+xml",)),
    FormatInfo("rst", "text", "reStructuredText", True, "text/x-rst", ("rst",)),
    FormatInfo("json", "structured", "JSON", True, "application/json", ("json",),
               other_mimes=("text/json", "application/ld+json")),
    FormatInfo("xml", "structured", "XML", True, "application/xml", ("xml",),
               other_mimes=("text/xml",)),
    FormatInfo("yaml", "structured", "YAML", True, "application/yaml", ("yaml", "yml"),
               other_mimes=("application/x-yaml", "text/yaml", "text/x-yaml")),
    FormatInfo("csv", "tabular", "CSV", True, "text/csv", ("csv",)),
    FormatInfo("tsv", "tabular", "TSV", True, "text/tab-separated-values", ("tsv",)),
    FormatInfo("pdf", "document", "PDF", False, "application/pdf", ("pdf",)),
    FormatInfo("docx", "document", "DOCX", False,
               "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
               ("docx",)),
    FormatInfo("xlsx", "document", "XLSX", False,
               "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ("xlsx",)),
    FormatInfo("pptx", "document", "PPTX", False,
               "application/vnd.openxmlformats-officedocument.presentationml.presentation",
               ("pptx",)),
    FormatInfo("odt", "document", "ODT", False, "application/vnd.oasis.opendocument.text",
               ("odt",)),
    FormatInfo("ods", "document", "ODS", False,
               "application/vnd.oasis.opendocument.spreadsheet", ("ods",)),
    FormatInfo("odp", "document", "ODP", False,
               "application/vnd.oasis.opendocument.presentation", ("odp",)),
    FormatInfo("doc", "document", "DOC", False, "application/msword", ("doc",)),
    FormatInfo("xls", "document", "XLS", False, "application/vnd.ms-excel", ("xls",)),
    FormatInfo("ppt", "document", "PPT", False, "application/vnd.ms-powerpoint", ("ppt",)),
    FormatInfo("rtf", "document", "RTF", False, "application/rtf", ("rtf",),
               other_mimes=("text/rtf",)),
    FormatInfo("epub", "document", "EPUB", False, "application/epub+zip", ("epub",)),
    FormatInfo("msg", "document", "Outlook message", False, "application/vnd.ms-outlook",
               ("msg",)),
    FormatInfo("png", "image", "PNG", False, "image/png", ("png",)),
    FormatInfo("apng", "image", "APNG", False, "image/apng", ("apng",),
               other_mimes=("image/vnd.mozilla.apng",)),
    FormatInfo("jpeg", "image", "JPEG", False, "image/jpeg", ("jpg", "jpeg", "jpe", "jfif"),
               aliases=("jpg",)),
    FormatInfo("gif", "image", "GIF", False, "image/gif", ("gif",)),
    FormatInfo("webp", "image", "WebP", False, "image/webp", ("webp",)),
    FormatInfo("bmp", "image", "BMP", False, "image/bmp", ("bmp",),
               other_mimes=("image/x-ms-bmp",)),
    FormatInfo("tiff", "image", "TIFF", False, "image/tiff", ("tif", "tiff")),
    FormatInfo("svg", "image", "SVG", True, "image/svg+xml", ("svg",)),
    FormatInfo("ico", "image", "ICO", False, "image/x-icon", ("ico",),
               other_mimes=("image/vnd.microsoft.icon",)),
    FormatInfo("heic", "image", "HEIC", False, "image/heic", ("heic", "heif"),
               other_mimes=("image/heif",)),
    FormatInfo("avif", "image", "AVIF", False, "image/avif", ("avif",)),
    FormatInfo("mp3", "audio", "MP3", False, "audio/mpeg", ("mp3",)),
    FormatInfo("wav", "audio", "WAV", False, "audio/wav", ("wav",),
               other_mimes=("audio/x-wav", "audio/wave")),
    FormatInfo("ogg", "audio", "Ogg", False, "audio/ogg", ("ogg", "oga")),
    FormatInfo("flac", "audio", "FLAC", False, "audio/flac", ("flac",),
               other_mimes=("audio/x-flac",)),
    FormatInfo("m4a", "audio", "M4A", False, "audio/mp4", ("m4a",), other_mimes=("audio/m4a",)),
    FormatInfo("mp4", "video", "MP4", False, "video/mp4", ("mp4", "m4v")),
    FormatInfo("webm", "video", "WebM", False, "video/webm", ("webm",)),
    FormatInfo("mov", "video", "QuickTime", False, "video/quicktime", ("mov",)),
    FormatInfo("avi", "video", "AVI", False, "video/x-msvideo", ("avi",)),
    FormatInfo("mkv", "video", "Matroska", False, "video/x-matroska", ("mkv",)),
    FormatInfo("zip", "archive", "ZIP", False, "application/zip", ("zip",),
               other_mimes=("application/x-zip-compressed",)),
    FormatInfo("gzip", "archive", "gzip", False, "application/gzip", ("gz", "gzip"),
               other_mimes=("application/x-gzip",), aliases=("gz",)),
    FormatInfo("tar", "archive", "tar", False, "application/x-tar", ("tar",)),
    FormatInfo("7z", "archive", "7-Zip", False, "application/x-7z-compressed", ("7z",)),
    FormatInfo("rar", "archive", "RAR", False, "application/vnd.rar", ("rar",),
               other_mimes=("application/x-rar-compressed",)),
)

FORMATS: MappingProxyType[str, FormatInfo] = MappingProxyType({r.name: r for r in _ROWS})

_BY_EXTENSION = {ext: r.name for r in _ROWS for ext in r.extensions}
_BY_MIME = {m: r.name for r in _ROWS for m in (r.mime, *r.other_mimes)}
_BY_NAME = {
    **_BY_EXTENSION,
    **{alias: r.name for r in _ROWS for alias in r.aliases},
    **{r.name: r.name for r in _ROWS},
    "markdown": "md",
}
# Declared types that say nothing about the format ("these are bytes").
_UNINFORMATIVE_MIMES = frozenset({"application/octet-stream", "binary/octet-stream", ""})


def format_info(name: str) -> FormatInfo | None:
    """The table row for a canonical format name, or None."""
    return FORMATS.get(name)


def family_of(name: str) -> str | None:
    """The family of a canonical format name, or None for an unknown format."""
    info = FORMATS.get(name)
    return info.family if info else None


def known_format_names() -> list[str]:
    """Every canonical format and family name, sorted (for help text and errors)."""
    return sorted({*FORMATS, *FAMILIES})


def format_from_extension(filename: str) -> str | None:
    """The format a file name's extension names, or None (no or unknown extension)."""
    base = filename.rsplit("/", 1)[-1]
    if "." not in base.lstrip("."):
        return None
    return _BY_EXTENSION.get(base.rsplit(".", 1)[-1].lower())


def format_from_mime(mime: str | None) -> str | None:
    """The format a declared mime type names, or None when it names none we know.

    Parameters (`; charset=utf-8`) are ignored; `application/octet-stream` names no format.
    """
    if mime is None:
        return None
    base = mime.split(";", 1)[0].strip().lower()
    if base in _UNINFORMATIVE_MIMES:
        return None
    if known := _BY_MIME.get(base):
        return known
    # Structured suffixes (RFC 6839): application/vnd.foo+json is JSON.
    for suffix, fmt in (("+json", "json"), ("+xml", "xml"), ("+yaml", "yaml")):
        if base.endswith(suffix):
            return fmt
    return None


def normalize_format(name: str) -> str:
    """A canonical format or family name for what a person typed ("JPG", ".md", "text/html").

    Raises `UnknownFormatError` when it names nothing in the table.
    """
    key = name.strip().lower().lstrip(".")
    if key in FAMILIES:
        return key
    if key in _BY_NAME:
        return _BY_NAME[key]
    if "/" in key and (from_mime := format_from_mime(key)):
        return from_mime
    raise UnknownFormatError(
        f"unknown format '{name}' (known: {', '.join(known_format_names())})"
    )


def is_compatible(a: str, b: str) -> bool:
    """Whether two canonical formats can stand in for each other (symmetric).

    Same format: yes. Same interchangeable family: yes. Anything else: no. Unknown names are
    compatible only with themselves.
    """
    if a == b:
        return True
    fa, fb = family_of(a), family_of(b)
    return fa is not None and fa == fb and FAMILIES[fa].interchangeable


def satisfies(delivered: str, expected: str) -> bool:
    """Whether a delivered format meets an expected format or family name."""
    if expected in FAMILIES:
        return family_of(delivered) == expected
    return is_compatible(delivered, expected)

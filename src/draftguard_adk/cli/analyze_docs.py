"""`draftguard analyze-docs`: what each document is, and whether it fits the expected format."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from draftguard.documents import Document
from draftguard.documents._analysis import AnalysisSettings, DocumentSummary, analyze_documents
from draftguard.documents._compatibility import CompatibilityReport, check_compatibility
from draftguard.documents._formats import known_format_names
from draftguard.errors import InputError
from draftguard.textio._display import escape_controls
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json

HELP = f"""\
Analyse documents the way the document validator shows them to its LLM judge: format (from
extension, declared type and content sniffing, with any disagreement reported), size, kind
(text, structured, binary, base64), preview, and problems such as empty, truncated or
unparseable files. Files are streamed, so a 100 MB file costs a few MB of memory.

Exit 0 when every document was read, has no problems and (with --expected-format) is
compatible with one of the expected formats; 1 otherwise; 2 when a file cannot be read or
a format name is unknown. Binary documents count as fine: the judge validates them by
metadata (their isAccessible is false only because it cannot read their content). With
--require-accessible they do not: every document must also be readable by the judge.

Formats and families: {", ".join(known_format_names())}.
"""
_DEFAULTS = AnalysisSettings()


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "analyze-docs",
        description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="documents to analyse")
    p.add_argument(
        "--expected-format", action="append", metavar="FMT", default=None,
        help="format or family each document must match (repeat to allow several, "
             "e.g. --expected-format md --expected-format json)",
    )
    p.add_argument(
        "--mime", action="append", metavar="FILE=TYPE", default=[],
        help="declare FILE's mime type, as an uploader would (checked against the content)",
    )
    p.add_argument("--full-preview-max-bytes", type=int, metavar="N",
                   default=_DEFAULTS.full_preview_max_bytes,
                   help="text up to N bytes is previewed in full (default: %(default)s)")
    p.add_argument("--large-preview-bytes", type=int, metavar="N",
                   default=_DEFAULTS.large_preview_bytes,
                   help="larger text shows its first N bytes (default: %(default)s)")
    p.add_argument("--preview", action="store_true", help="print previews in text output")
    p.add_argument(
        "--require-accessible", action="store_true",
        help="also exit 1 when a document is not accessible to the judge (isAccessible "
             "false: binary or base64, judged by metadata only)",
    )
    add_json_flag(p)
    p.set_defaults(handler=run)


def _declared(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, mime = pair.partition("=")
        if not sep or not name or not mime:
            raise InputError(f"--mime expects FILE=TYPE, got '{pair}'")
        out[name] = mime
    return out


def run(args: argparse.Namespace) -> int:
    declared = _declared(args.mime)
    try:
        settings = AnalysisSettings(
            full_preview_max_bytes=args.full_preview_max_bytes,
            large_preview_bytes=args.large_preview_bytes,
            parse_limit_bytes=max(_DEFAULTS.parse_limit_bytes, args.full_preview_max_bytes),
        )
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "settings"
        raise InputError(f"bad preview settings: {where}: {first['msg']}") from None
    docs = [Document.from_path(Path(f), mime_type=declared.get(f)) for f in args.files]
    summaries = analyze_documents(docs, settings=settings)
    report = check_compatibility(summaries, args.expected_format) if args.expected_format \
        else None
    ok = all(s.ok for s in summaries) and (report is None or report.all_compatible)
    if args.require_accessible:
        ok = ok and all(s.is_accessible for s in summaries)
    if args.json:
        emit_json(_payload(summaries, report, ok))
    else:
        _print(summaries, report, ok, show_preview=args.preview,
               require_accessible=args.require_accessible)
    return EXIT_OK if ok else EXIT_FAILED


def _compatible_per_document(summaries: list[DocumentSummary],
                             report: CompatibilityReport | None) -> list[bool | None]:
    # By position, not by name: two files called report.pdf in different folders are two
    # documents, and one's verdict must not overwrite the other's.
    if report is None:
        return [None] * len(summaries)
    return [d.compatible for d in report.documents]


def _payload(summaries: list[DocumentSummary], report: CompatibilityReport | None,
             ok: bool) -> dict[str, Any]:
    compat = _compatible_per_document(summaries, report)
    documents = []
    for s, compatible in zip(summaries, compat, strict=True):
        item = s.model_dump(mode="json", by_alias=True)
        item["compatible"] = compatible
        documents.append(item)
    return {
        "ok": ok,
        "expectedFormat": report.expected if report else None,
        "compatible": report.all_compatible if report else None,
        "documentCount": len(summaries),
        "documents": documents,
    }


def _one_line(text: str) -> str:
    return escape_controls(text, single_line=True)


def _print(summaries: list[DocumentSummary], report: CompatibilityReport | None, ok: bool,
           *, show_preview: bool, require_accessible: bool = False) -> None:
    compat = _compatible_per_document(summaries, report)
    for s, compatible in zip(summaries, compat, strict=True):
        access = "readable" if s.is_accessible else "metadata only"
        extra = f", decodes to {s.decoded_size.readable}" if s.decoded_size else ""
        # A file name may hold a newline: one document stays one line.
        name = _one_line(s.name)
        print(f"{name}: {s.format} ({s.type}, {s.mime_type}), {s.size.readable}{extra}, "
              f"{access}")
        if s.format_conflict:
            print(f"  - format conflict: {_one_line(s.format_conflict)}")
        for problem in s.problems:
            print(f"  - problem: {_one_line(problem)}")
        for note in s.notes:
            print(f"  - note: {_one_line(note)}")
        if require_accessible and not s.is_accessible:
            print("  - not accessible: the judge would see its metadata only")
        if compatible is False:
            print(f"  - not compatible with {' or '.join(report.expected if report else [])}")
        if show_preview and s.preview is not None:
            print("  preview:")
            print("\n".join(f"    {line}" for line in s.preview.splitlines()))
    if report is not None:
        print(report.message[0].upper() + report.message[1:])
    bad = sum(not s.ok for s in summaries)
    verdict = "OK" if ok else "FAILED"
    print(f"{verdict}: {len(summaries)} document(s), {bad} with problems")

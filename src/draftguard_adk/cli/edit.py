"""`draftguard edit`: apply an anchored edit plan to a markdown file, atomically. No model."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from draftguard.edits import EditResult, EditStatus, apply_plan, parse_edit_plan
from draftguard.edits._result import RejectReason
from draftguard.errors import FileChangedError, InputError
from draftguard.settings._system_settings import PatchSettings
from draftguard.textio._atomic_write import check_replaceable, replace_if_unchanged
from draftguard.textio._text_input import (
    DEFAULT_MAX_BYTES,
    decode_text,
    read_file_bytes,
    read_stream_bytes,
    read_text_file,
)
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json

_BUDGET_LINES = PatchSettings.max_changed_lines
_BUDGET_PERCENT = PatchSettings.max_changed_fraction * 100
HELP = f"""\
Apply the edit plan PLAN.json to FILE in place. Every op is located by its text anchor
(exact, then normalised for case/quotes/dashes/whitespace, then fuzzy), checked against the
scope, the one-paragraph rule, heading and frontmatter protection and the line budget of
min({_BUDGET_LINES}, {_BUDGET_PERCENT:g}% of lines); then all ops are written at once
(temporary file + rename), or none.
CRLF line endings, a byte-order mark and a missing final newline are kept.
The file is locked while it is replaced, and an edit whose file changed on disk since it
was read is refused as stale (exit 1), so two edits never lose each other's change.
Read-only files and files with other hard links are refused; mode and owner are kept.
Exit 0: applied or already applied; 1: rejected (reason, question, candidates) or stale;
2: bad input, or the file cannot be written (read-only, disk full, ...).
The plan's schema is docs/schemas/edit_plan.schema.json.
"""

_BOM = b"\xef\xbb\xbf"


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "edit", description=HELP,
    )
    p.add_argument("file", metavar="FILE", help="the markdown file to edit in place")
    p.add_argument("--ops", required=True, metavar="PLAN", help="the edit plan (JSON; - for stdin)")
    p.add_argument("--dry-run", action="store_true", help="print the diff, write nothing")
    p.add_argument(
        "--score-cutoff", type=float, default=PatchSettings.score_cutoff, metavar="S",
        help="fuzzy anchor threshold, 0-100 (default: %(default)g)",
    )
    add_json_flag(p)
    p.set_defaults(handler=run)


def _read_doc(path: Path) -> tuple[bytes, str, bool]:
    """The file's bytes (read once), its text, and whether it starts with a byte-order mark."""
    data = read_file_bytes(path, what=str(path))
    return data, decode_text(data, what=str(path), max_bytes=DEFAULT_MAX_BYTES), \
        data.startswith(_BOM)


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not 0 <= args.score_cutoff <= 100:  # also refuses nan
        raise InputError("--score-cutoff must be between 0 and 100")
    data, text, bom = _read_doc(path)
    # Through a symlink the rename must land on the target, not replace the link.
    target = path.resolve()
    if not args.dry_run:
        check_replaceable(target)  # refuse before any work, not after
    if args.ops == "-":
        plan_text = decode_text(read_stream_bytes(sys.stdin.buffer, what="edit plan on stdin"),
                                what="edit plan on stdin")
    else:
        plan_text = read_text_file(args.ops, what=f"edit plan {args.ops}")
    plan = parse_edit_plan(plan_text, what=f"edit plan {args.ops}")
    result = apply_plan(
        text, plan, dry_run=args.dry_run, settings=PatchSettings(score_cutoff=args.score_cutoff),
        filename=path.name,
    )
    if result.status is EditStatus.APPLIED and not args.dry_run:
        new = (_BOM if bom else b"") + result.text.encode("utf-8")
        try:
            replace_if_unchanged(target, new, expected=data)
        except FileChangedError as err:
            result = EditResult(
                status=EditStatus.REJECTED, reason=RejectReason.STALE_VERSION,
                message=str(err), ops=result.ops, stats=result.stats, text=text,
            )
    if args.json:
        emit_json(result)
    else:
        _print_human(result)
    return EXIT_FAILED if result.status is EditStatus.REJECTED else EXIT_OK


def _print_human(result: Any) -> None:
    s = result.stats
    if result.status is EditStatus.REJECTED:
        print(f"REJECTED ({result.reason.value}): {result.message}")
        if result.question:
            print(f"  question: {result.question}")
        for c in result.candidates:
            print(f"  candidate line {c.line}: {c.context}")
        return
    if result.status is EditStatus.ALREADY_APPLIED:
        print(f"ALREADY APPLIED: {result.message}")
        return
    label = "DRY RUN" if result.dry_run else "APPLIED"
    print(f"{label}: {result.message}; +{s.lines_added} -{s.lines_removed} lines")
    for op in result.ops:
        if op.message:
            print(f"  op {op.index}: {op.message}")
    if result.dry_run:
        sys.stdout.write(result.diff)

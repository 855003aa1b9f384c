"""`draftguard check-split`: prove a split lost, added and duplicated nothing. No model."""

from __future__ import annotations

import argparse
import math
from typing import Any

from draftguard.settings import load_settings
from draftguard.split import check_split
from draftguard.split._check import DEFAULT_GRANULARITY, DEFAULT_LENGTH_TOLERANCE
from draftguard.split._segmentation import Granularity
from draftguard.textio._text_input import read_text_file
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json

HELP = """\
Check that OK and NOT_OK together hold exactly the content of RAW: no paragraph lost, added
or duplicated (counted as a multiset), and the total length within the tolerance.
Whitespace, case, CRLF and Unicode NFC differences are ignored; any changed word is not.
Fenced code blocks always count as one unit. Needs no model.
"""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check-split",
        description=HELP,
    )
    p.add_argument("--raw", required=True, metavar="R", help="the original draft")
    p.add_argument("--ok", required=True, metavar="O", help="the part that matches the outline")
    p.add_argument("--not-ok", required=True, metavar="N", help="the part that does not")
    p.add_argument(
        "--granularity",
        choices=[g.value for g in Granularity],
        default=DEFAULT_GRANULARITY.value,
        help="unit of comparison (default: %(default)s)",
    )
    p.add_argument(
        "--length-tolerance",
        type=_tolerance,
        default=DEFAULT_LENGTH_TOLERANCE,
        metavar="F",
        help="allowed relative length change (default: %(default).2f)",
    )
    p.add_argument("--evidence", action="store_true", help="print where each raw unit went")
    add_json_flag(p)
    p.set_defaults(handler=run)


def _tolerance(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not 0 <= number < math.inf:  # nan compares false: refused too
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0, got {value!r}")
    return number


def draft_size_limit() -> int:
    """agents.yaml's content_splitter.max_draft_bytes (the agent enforces the same limit)."""
    return load_settings().agents.content_splitter.max_draft_bytes


def run(args: argparse.Namespace) -> int:
    limit = draft_size_limit()
    raw = read_text_file(args.raw, what=f"raw draft {args.raw}", max_bytes=limit)
    ok = read_text_file(args.ok, what=f"ok part {args.ok}", allow_empty=True, max_bytes=limit)
    not_ok = read_text_file(
        args.not_ok, what=f"not-ok part {args.not_ok}", allow_empty=True, max_bytes=limit
    )
    report = check_split(
        raw, ok, not_ok, length_tolerance=args.length_tolerance, granularity=args.granularity
    )
    if args.json:
        payload = report.model_dump(mode="json")
        payload["message"] = report.message
        if args.evidence:
            payload["placements"] = [list(pl) for pl in report.placements]
        emit_json(payload)
    else:
        unit = report.granularity.plural
        verdict = "VALID" if report.valid else "INVALID"
        print(
            f"{verdict}: {report.raw_units} {unit} in raw, {report.ok_units} in ok, "
            f"{report.not_ok_units} in not-ok; length {report.length_change:+.1%}"
        )
        for message in report.messages:
            print(f"  - {message}")
        if args.evidence:
            for pl in report.placements:
                where = f"{pl.destination}[{pl.position}]" if pl.destination else "MISSING"
                print(f"  {unit[:-1]} {pl.raw_index}: {where}")
    return EXIT_OK if report.valid else EXIT_FAILED

"""`draftguard validate-artifact`: check a JSON file against its artifact contract. No model."""

from __future__ import annotations

import argparse
from typing import Any

from draftguard.artifacts._parsing import parse_json_text
from draftguard.artifacts._registry import artifact_types, validate_structure
from draftguard.errors import SchemaError
from draftguard.textio._text_input import read_text_file
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json

HELP = """\
Check an artifact file against its contract and structural rules, listing every violation
(not just the first). Quiz: at least 4 unique options, correct_answer one of them, no empty
field. Flashcards: front at least 2 characters, back at most 300, no duplicate terms.
Mindmap (canonical {"nodes": [...]} or nested {"root": {...}}): one root, label and children
on every node, no cycles, no duplicate labels. Duplicates ignore case and surrounding
whitespace. Needs no model; semantic checks run only inside the repair loop.
"""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "validate-artifact",
        description=HELP,
        epilog="Exit codes: 0 valid, 1 violations found (all listed), 2 bad input.",
    )
    p.add_argument("artifact_type", choices=artifact_types(), metavar="TYPE",
                   help=f"one of: {', '.join(artifact_types())}")
    p.add_argument("file", metavar="FILE", help="the artifact as a UTF-8 JSON file")
    add_json_flag(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    text = read_text_file(args.file, what=f"artifact {args.file}")
    try:
        data = parse_json_text(text)
    except SchemaError as err:
        raise SchemaError(f"artifact {args.file}: {err}") from None
    report = validate_structure(args.artifact_type, data)
    if args.json:
        payload = report.model_dump(mode="json", exclude={"artifact"})
        payload["messages"] = report.messages
        emit_json(payload)
    else:
        noun = "violation" if len(report.violations) == 1 else "violations"
        if report.valid:
            print(f"VALID: {args.artifact_type} with {report.item_count} items")
        else:
            print(f"INVALID: {len(report.violations)} {noun} in {args.artifact_type} "
                  f"with {report.item_count} items")
        for message in report.messages:
            print(f"  - {message}")
    return EXIT_OK if report.valid else EXIT_FAILED

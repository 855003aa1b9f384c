"""What every subcommand shares: exit codes, --json output and turning errors into messages."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Any

from pydantic import BaseModel

from draftguard.errors import DraftguardError, FatalError

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_USAGE",
    "add_json_flag",
    "emit_json",
    "fail",
    "run_command",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

log = logging.getLogger("draftguard.cli")


def emit_json(payload: BaseModel | dict[str, Any] | list[Any]) -> None:
    """Print one JSON document on stdout."""
    if isinstance(payload, BaseModel):
        text = payload.model_dump_json(indent=2, by_alias=True)
    else:
        text = json.dumps(payload, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write(text + "\n")


def fail(message: str, *, as_json: bool, code: int = EXIT_USAGE) -> int:
    """Report a bad-input error as one line (or a JSON object) and return its exit code."""
    if as_json:
        emit_json({"ok": False, "error": message, "exit_code": code})
    else:
        print(f"draftguard: error: {message}", file=sys.stderr)
    return code


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed subcommand; draftguard errors become one-line messages, never tracebacks."""
    as_json = bool(getattr(args, "json", False))
    try:
        code: int = args.handler(args)
        return code
    except FatalError as err:
        return fail(str(err), as_json=as_json, code=EXIT_USAGE)
    except DraftguardError as err:
        return fail(str(err), as_json=as_json, code=EXIT_FAILED)
    except KeyboardInterrupt:
        return fail("interrupted", as_json=as_json, code=130)


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")

"""What every subcommand shares: exit codes, --json output and turning errors into messages."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import re
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from pydantic import BaseModel

from draftguard.errors import DraftguardError, FatalError

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_USAGE",
    "add_json_flag",
    "emit_json",
    "escape_controls",
    "fail",
    "run_command",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

log = logging.getLogger("draftguard.cli")


# C0 controls but newline and tab, DEL, C1 controls, and lone surrogates (unprintable as UTF-8).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def escape_controls(text: str, *, json_style: bool = False) -> str:
    """`text` with terminal controls and lone surrogates written as escapes.

    Content people send (a flashcard, an anchor, a file name) must not move the cursor or
    repaint a verdict: "\\x1b[2K\\rVALID" is printed as those characters. `json_style` gives
    \\u00XX escapes, which inside a JSON string keep the document valid.
    """
    def one(m: re.Match[str]) -> str:
        code = ord(m[0])
        return f"\\x{code:02x}" if code < 0x100 and not json_style else f"\\u{code:04x}"

    return _UNSAFE.sub(one, text)


class _EscapingStream:
    """A text stream that escapes what it is given before passing it on."""

    def __init__(self, stream: TextIO, *, json_style: bool) -> None:
        self._stream, self._json_style = stream, json_style

    def write(self, text: str) -> int:
        self._stream.write(escape_controls(text, json_style=self._json_style))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def _escaped_output(*, json_style: bool) -> Iterator[None]:
    out = _EscapingStream(sys.stdout, json_style=json_style)
    err = _EscapingStream(sys.stderr, json_style=False)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield


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
    with _escaped_output(json_style=as_json):
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

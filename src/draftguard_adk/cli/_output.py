"""What every subcommand shares: exit codes, --json output and turning errors into messages."""

from __future__ import annotations

import argparse
import contextlib
import errno
import logging
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from pydantic import BaseModel

from draftguard.errors import DraftguardError, FatalError
from draftguard.textio._display import dump_json, escape_controls

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_USAGE",
    "OutputClosedError",
    "add_json_flag",
    "emit_json",
    "escape_controls",
    "escaped_output",
    "fail",
    "flush_stdout",
    "run_command",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

log = logging.getLogger("draftguard.cli")


class OutputClosedError(Exception):
    """stdout cannot take what the command prints: closed, full, or a pipe nobody reads."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_STDOUT_REASONS = {
    errno.ENOSPC: "no space left on device",
    errno.EPIPE: "the pipe was closed by the reader",
    errno.EBADF: "stdout is closed",
}


def _encodable(text: str, encoding: str, *, json_style: bool) -> str:
    """`text` with every character `encoding` cannot hold written as an escape.

    Inside JSON the escape is \\uXXXX (a surrogate pair above U+FFFF), so a document printed
    under LANG=C or PYTHONIOENCODING=latin-1 still parses to the same text.
    """
    out: list[str] = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
        except UnicodeEncodeError:
            code = ord(ch)
            if not json_style:
                out.append(ch.encode("ascii", "backslashreplace").decode("ascii"))
            elif code > 0xFFFF:
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
    return "".join(out)


class _NullStream:
    """Where output goes when the stream it was meant for is closed (`2>&-`)."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        return None


class _EscapingStream:
    """A text stream that escapes what it is given before passing it on.

    Controls become escapes; characters the stream's encoding cannot hold become escapes;
    a write the stream refuses (ENOSPC, EPIPE) becomes `OutputClosedError`.
    """

    def __init__(self, stream: TextIO | _NullStream, *, json_style: bool) -> None:
        self._stream, self._json_style = stream, json_style

    def write(self, text: str) -> int:
        safe = escape_controls(text, json_style=self._json_style)
        try:
            try:
                self._stream.write(safe)
            except UnicodeEncodeError:
                encoding = getattr(self._stream, "encoding", None) or "ascii"
                self._stream.write(_encodable(safe, encoding, json_style=self._json_style))
        except OSError as err:
            raise OutputClosedError(_stdout_reason(err)) from None
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise OutputClosedError(_stdout_reason(err)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def flush_stdout() -> None:
    """Flush stdout now, where a full disk or a closed pipe can still be reported."""
    try:
        sys.stdout.flush()
    except OSError as err:
        raise OutputClosedError(_stdout_reason(err)) from None


def _stdout_reason(err: OSError) -> str:
    return _STDOUT_REASONS.get(err.errno or 0) or (err.strerror or str(err)).lower()


@contextlib.contextmanager
def escaped_output(*, json_style: bool) -> Iterator[None]:
    """stdout and stderr through `_EscapingStream` for the duration (stderr is for people:
    never JSON-style). A closed stderr swallows what is written to it."""
    out = _EscapingStream(sys.stdout, json_style=json_style)
    err = _EscapingStream(sys.stderr or _NullStream(), json_style=False)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield


def emit_json(payload: BaseModel | dict[str, Any] | list[Any]) -> None:
    """Print one JSON document on stdout (every control character escaped)."""
    if isinstance(payload, BaseModel):
        text = dump_json(payload.model_dump(mode="json", by_alias=True), indent=2)
    else:
        text = dump_json(payload, indent=2)
    sys.stdout.write(text + "\n")


def fail(message: str, *, as_json: bool, code: int = EXIT_USAGE) -> int:
    """Report a bad-input error as one line (or a JSON object) and return its exit code."""
    if as_json:
        emit_json({"ok": False, "error": message, "exit_code": code})
    else:
        # One line whatever the message quotes: a newline in a name must not forge a second.
        print(f"draftguard: error: {escape_controls(message, single_line=True)}",
              file=sys.stderr)
    return code


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed subcommand; draftguard errors become one-line messages, never tracebacks."""
    as_json = bool(getattr(args, "json", False))
    with escaped_output(json_style=as_json):
        try:
            code: int = args.handler(args)
            return code
        except OutputClosedError:
            raise
        except FatalError as err:
            return fail(str(err), as_json=as_json, code=EXIT_USAGE)
        except DraftguardError as err:
            return fail(str(err), as_json=as_json, code=EXIT_FAILED)
        except KeyboardInterrupt:
            return fail("interrupted", as_json=as_json, code=130)


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")

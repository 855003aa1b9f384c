"""The `draftguard` command line.

Every subcommand takes `--json` and exits 0 when the check holds, 1 when it fails and 2 on
bad input or usage. Subcommands live in their own modules, each exposing `register()`; only
the module of the command being run is imported (`serve` alone costs a second of imports).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from draftguard import __version__
from draftguard_adk.cli._output import (
    EXIT_USAGE,
    OutputClosedError,
    escaped_output,
    fail,
    flush_stdout,
    run_command,
)

# Its surface is the `draftguard` command (`main` is pyproject's console-script hook), not names.
__all__: list[str] = []

# Command name -> (module under draftguard_adk.cli, one-line summary for `draftguard --help`).
COMMANDS: dict[str, tuple[str, str]] = {
    "analyze-docs": ("analyze_docs", "summarise documents and check their format compatibility"),
    "check-split": ("check_split", "check a draft split for lost/added/duplicated content"),
    "dedupe": ("dedupe", "drop duplicate sentences from a streamed answer (JSONL on stdin)"),
    "edit": ("edit", "apply an anchored edit plan to a markdown file"),
    "serve": ("serve", "serve ADK's API plus the artifact job API (one process)"),
    "split": ("split", "split a draft against an outline with the blogger loop"),
    "validate-artifact": (
        "validate_artifact", "check a quiz/flashcards/mindmap JSON file against its contract"),
    "worker": ("worker", "run queued artifact jobs (the job API's background worker)"),
}


class UsageError(Exception):
    """A command line argparse refused; `main` reports it as one line (or JSON)."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(self.prog, message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with `command` fully registered; every other command is a name and a summary."""
    parser = _Parser(
        prog="draftguard",
        description="Deterministic guardrails for LLM-written content.",
        epilog="Exit codes: 0 the check holds, 1 the check failed, 2 bad input or usage.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module, summary) in COMMANDS.items():
        if name == command:
            importlib.import_module(f"draftguard_adk.cli.{module}").register(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line: the first word that is not an option.

    None when a top-level option comes first (`draftguard --help edit` lists every command).
    """
    first = next(iter(argv), "")
    return None if first.startswith("-") else first


def load_env_file(path: Path = Path(".env")) -> None:
    """Read ./.env into the environment (as `.env.example` documents); real variables win."""
    if path.is_file():
        from dotenv import load_dotenv

        load_dotenv(path, override=False)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # `>&-`: refuse before doing anything nobody would hear about
        with escaped_output(json_style=False):
            print("draftguard: error: stdout is closed; nothing was done", file=sys.stderr)
        return EXIT_USAGE
    try:
        try:
            code = _run(argv)
        finally:
            flush_stdout()  # a full disk or a closed pipe shows here, not at exit
    except OutputClosedError as err:
        _discard_stdout()
        with escaped_output(json_style=False):
            print(f"draftguard: error: cannot write to stdout: {err.reason}", file=sys.stderr)
        return EXIT_USAGE
    return code


def _run(argv: list[str]) -> int:
    parser = build_parser(_command_in(argv))
    try:
        # Usage errors quote what was typed: escaped like every other line we print.
        with escaped_output(json_style="--json" in argv):
            args = parser.parse_args(argv)
    except UsageError as err:
        with escaped_output(json_style="--json" in argv):
            fail(f"{err} (see {err.prog} --help)", as_json="--json" in argv)
        raise SystemExit(EXIT_USAGE) from None
    if not getattr(args, "handler", None):
        with escaped_output(json_style=False):
            return fail("no command given (see draftguard --help)", as_json=False)
    load_env_file()
    return run_command(args)


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's flush at exit has nowhere to fail."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


if __name__ == "__main__":
    raise SystemExit(main())

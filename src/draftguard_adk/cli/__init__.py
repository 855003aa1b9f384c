"""The `draftguard` command line.

Every subcommand takes `--json` and exits 0 when the check holds, 1 when it fails and 2 on
bad input or usage. Subcommands live in their own modules, each exposing `register()`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from draftguard_adk.cli._output import EXIT_USAGE, run_command

__all__ = ["main"]

# One module per subcommand; each defines register(subparsers) -> None.
_COMMAND_MODULES = [
    "analyze_docs",
    "check_split",
    "dedupe",
    "edit",
    "serve",
    "split",
    "validate_artifact",
    "worker",
]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="draftguard",
        description="Deterministic guardrails for LLM-written content.",
        epilog="Exit codes: 0 the check holds, 1 the check failed, 2 bad input or usage.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in _COMMAND_MODULES:
        importlib.import_module(f"draftguard_adk.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    return run_command(args)


if __name__ == "__main__":
    raise SystemExit(main())

"""`draftguard split`: run the blogger's split loop on the configured model."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

from draftguard.errors import InputError
from draftguard.textio import check_writable_dir, read_text_file, write_many_atomic
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json
from draftguard_adk.cli.check_split import draft_size_limit

HELP = """\
Split DRAFT into the paragraphs that match OUTLINE (draft_ok.md) and the rest
(draft_not_ok.md), using the blogger's LoopAgent: the model picks paragraph ids, the
files are built from the original paragraphs, and ContentSplitValidationChecker proves
nothing was lost, added or duplicated. Failed attempts are retried with the checker's
feedback, up to max_iterations from agents.yaml. The model is chosen as documented in
the README (DRAFTGUARD_MODEL, agents.yaml, Gemini, else the embedded model).
The files are written only when the split is valid.
"""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "split", description=HELP
    )
    p.add_argument("--draft", required=True, metavar="D", help="the raw draft (UTF-8 text)")
    p.add_argument("--outline", required=True, metavar="O", help="the outline (UTF-8 text)")
    p.add_argument(
        "--out",
        default="split-output",
        metavar="DIR",
        help="directory for draft_ok.md and draft_not_ok.md (default: ./split-output)",
    )
    p.add_argument(
        "--session-uri",
        default="memory://",
        metavar="URI",
        help="ADK session service URI, e.g. sqlite:///sessions.db (default: memory://)",
    )
    add_json_flag(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from draftguard_adk.split import run_split  # ADK and the agent graph load only when used

    draft = read_text_file(args.draft, what=f"draft {args.draft}", max_bytes=draft_size_limit())
    # The agent's input guard holds the outline to the draft's limit: refuse it here, as
    # bad input, rather than as a failed split.
    outline = read_text_file(args.outline, what=f"outline {args.outline}",
                             max_bytes=draft_size_limit())
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out}: exists and is not a directory")
    check_writable_dir(out, what="--out")  # before the model calls are spent
    outcome = asyncio.run(run_split(draft, outline, session_uri=args.session_uri))
    written: list[str] = []
    if outcome.valid and outcome.draft_ok is not None and outcome.draft_not_ok is not None:
        out.mkdir(parents=True, exist_ok=True)
        files: dict[str | Path, str | bytes] = {
            out / "draft_ok.md": outcome.draft_ok + "\n",
            out / "draft_not_ok.md": outcome.draft_not_ok + "\n",
        }
        write_many_atomic(files)
        written = [str(p) for p in files]
    if args.json:
        payload = outcome.model_dump(exclude={"raw_draft"})
        payload["files"] = written
        emit_json(payload)
    else:
        for step in outcome.steps:
            print(f"  {step}")
        print(
            f"{'VALID' if outcome.valid else 'FAILED'} after {outcome.attempts} attempt(s): "
            f"{outcome.reason}"
        )
        for path in written:
            print(f"wrote {path}")
    return EXIT_OK if outcome.valid else EXIT_FAILED

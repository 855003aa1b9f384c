"""`draftguard split`: run the blogger's split loop on the configured model."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from draftguard.errors import InputError, OutputError
from draftguard.textio._atomic_write import check_writable_dir, write_many_atomic
from draftguard.textio._text_input import read_text_file
from draftguard_adk.cli._output import EXIT_FAILED, EXIT_OK, add_json_flag, emit_json
from draftguard_adk.cli.check_split import draft_size_limit

if TYPE_CHECKING:
    from draftguard_adk.split._runner import SplitOutcome

HELP = """\
Split DRAFT into the paragraphs that match OUTLINE (draft_ok.md) and the rest
(draft_not_ok.md), using the blogger's LoopAgent: the model picks paragraph ids, the
files are built from the original paragraphs, and ContentSplitValidationChecker proves
nothing was lost, added or duplicated, then checks that every outline item has a
paragraph in draft_ok (coverage). Failed attempts are retried with the checker's feedback,
up to max_iterations from agents.yaml; by default coverage only reports on the last one.
The model is chosen as documented in the README (DRAFTGUARD_MODEL, agents.yaml, Gemini,
else the embedded model). It prints which paragraph went where and a verdict line naming
integrity and coverage. The files are written when the split is kept; the exit code is 0
only when both checks hold.
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
    from draftguard_adk.split._runner import (
        run_split,  # ADK and the agent graph load only when used
    )

    draft = read_text_file(args.draft, what=f"draft {args.draft}", max_bytes=draft_size_limit())
    # The agent's input guard holds the outline to the draft's limit: refuse it here, as
    # bad input, rather than as a failed split.
    outline = read_text_file(args.outline, what=f"outline {args.outline}",
                             max_bytes=draft_size_limit())
    _check_session_uri(args.session_uri)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out}: exists and is not a directory")
    check_writable_dir(out, what="--out")  # before the model calls are spent
    outcome = asyncio.run(run_split(draft, outline, session_uri=args.session_uri))
    written: list[str] = []
    if outcome.valid and outcome.draft_ok is not None and outcome.draft_not_ok is not None:
        made = [p for p in (out, *out.parents) if not p.exists()]
        out.mkdir(parents=True, exist_ok=True)
        files: dict[str | Path, str | bytes] = {
            out / "draft_ok.md": outcome.draft_ok + "\n",
            out / "draft_not_ok.md": outcome.draft_not_ok + "\n",
        }
        try:
            write_many_atomic(files)
        except OutputError:
            for folder in made:  # innermost first: a failed command leaves no trace
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise
        written = [str(p) for p in files]
    holds = outcome.valid and outcome.coverage is not None and outcome.coverage.ok
    if args.json:
        payload = outcome.model_dump(mode="json", exclude={"raw_draft"})
        payload["files"] = written
        payload["verdict"] = verdict_line(outcome)
        emit_json(payload)
    else:
        for step in outcome.steps:
            print(f"  {step}")
        print(render_outcome(outcome))
        for path in written:
            print(f"wrote {path}")
    return EXIT_OK if holds else EXIT_FAILED


_URI_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")


def _check_session_uri(uri: str) -> None:
    """A URI with a scheme, or one line that does not repeat it: a malformed URI
    (`postgresql//user:password@host/db`) still holds its password."""
    scheme, sep, _ = uri.partition("://")
    if not sep or not _URI_SCHEME.fullmatch(scheme):
        raise InputError("--session-uri must look like memory://, sqlite:///FILE or "
                          "postgresql://HOST/DB (the value is not shown: it may hold a "
                          "password)")


def _state(ok: bool | None, *, advisory: bool = False) -> str:
    if ok is None:
        return "not checked"
    if ok:
        return "OK"
    return "NOT MET (advisory)" if advisory else "FAILED"


def verdict_line(outcome: SplitOutcome) -> str:
    """One line naming both checks, so an intact but backwards split never reads as valid."""
    integrity = _state(outcome.integrity.ok if outcome.integrity else None)
    cov = outcome.coverage
    coverage = _state(cov.ok if cov else None, advisory=cov is not None and not cov.blocking)
    if not outcome.valid:
        head = "FAILED"
    elif cov is not None and cov.ok:
        head = "VALID"
    else:
        head = "KEPT, OUTLINE NOT COVERED"
    return (f"{head} after {outcome.attempts} attempt(s): integrity {integrity}, "
            f"coverage {coverage}")


def render_outcome(outcome: SplitOutcome) -> str:
    """Which paragraph went where, each check's findings, and the verdict line."""
    lines: list[str] = []
    if outcome.paragraphs:
        lines.append("Paragraphs (id, where, first words -> outline item):")
        width = max(len(r.preview) for r in outcome.paragraphs)
        for r in outcome.paragraphs:
            where = {"draft_ok": "ok", "draft_not_ok": "not_ok", None: "LOST"}[r.destination]
            item = f"{r.item}. {r.item_text}" if r.item is not None else "(no outline item)"
            if len(r.related) > 1:
                item += " (also item " + ", ".join(str(i) for i in r.related[1:]) + ")"
            lines.append(f"  [{r.id}] {where:<6}  {r.preview:<{width}}  -> {item}")
    if outcome.integrity is not None:
        lines.append(f"Integrity: {_state(outcome.integrity.ok)}"
                     + (f" ({outcome.integrity.ok_units} in draft_ok, "
                        f"{outcome.integrity.not_ok_units} in draft_not_ok; nothing lost, "
                        "added or duplicated)" if outcome.integrity.ok else ""))
        lines.extend(f"  - {m}" for m in outcome.integrity.messages)
    if outcome.coverage is not None:
        cov = outcome.coverage
        lines.append(f"Coverage: {_state(cov.ok, advisory=not cov.blocking)}")
        lines.extend(f"  - {m}" for m in cov.messages)
    lines.append(verdict_line(outcome))
    if not outcome.valid:
        lines.append(f"  {outcome.reason}")
    return "\n".join(lines)

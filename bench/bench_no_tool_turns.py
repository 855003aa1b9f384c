"""Turns in which no tool runs, through both apps in-process, on the embedded model.

    .venv/bin/python bench/bench_no_tool_turns.py [--model local:smollm2] [--out FILE]
        [--only CLASS ...]

Each message of `bench/data/no_tool_turns.json` (thanks, small talk, world questions,
requests code cannot place, questions about what the app can do) is sent in a fresh session:
the blogger's after the post is saved, the planner's after one search (both by code). What
the person reads is printed, with who wrote it (code or the model) and the marks a person
would object to, found by plain checks: the message echoed as the first line, an apology or a
promise for a confusion that never happened, a "can't" (the model cannot know what the app
can do), a request code could not place answered with no question. The marks are a
reviewer's aid, not a verdict: read the replies.

It needs the embedded model (a few seconds a turn on idle cores, a minute on busy ones). The
model's words as they reached the prose guard (`draftguard.prose_guard`) are kept beside what
was shown (`unguarded`): the embedded model samples at temperature 0, so they are what a person
read before the guard, for the same prompt.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from datetime import date as Date
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "no_tool_turns.json"

_APOLOGY = re.compile(r"\b(?:sorry|apologi[sz]e|apologies|confusion|misunderstand\w*|"
                      r"in the future|next time)\b", re.IGNORECASE)
_CANT = re.compile(r"\b(?:can't|cannot|can not|unable|not able|not possible|"
                   r"don't have the ability)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9']+")


def _echoes(message: str, reply: str) -> bool:
    first = next((line for line in reply.splitlines() if line.strip()), "")
    said, line = set(_WORD.findall(message.lower())), _WORD.findall(first.lower())
    return bool(said) and bool(line) and len(said & set(line)) / len(said) >= 0.7 and \
        len(line) <= 2 * len(said) + 3


def marks(kind: str, message: str, reply: str, by_model: bool) -> list[str]:
    """What a reviewer should look at in `reply`."""
    found = []
    if by_model and _echoes(message, reply):
        found.append("echo")
    if _APOLOGY.search(reply) and kind != "unplaceable":
        found.append("apology")
    if by_model and _CANT.search(reply):
        found.append("cant")
    if kind == "unplaceable" and "?" not in reply:
        found.append("no-question")
    if "could not put that into words" in reply:
        found.append("fallback")
    if not reply.strip():
        found.append("empty")
    return found


async def _turn(runner: Any, sid: str, text: str) -> tuple[str, bool]:
    from google.genai import types

    from draftguard_adk.agents._provenance import is_code_reply
    message = types.Content(role="user", parts=[types.Part(text=text)])
    shown: list[str] = []
    by_model = False
    async for event in runner.run_async(user_id="u", session_id=sid, new_message=message):
        if event.content and not event.partial:
            texts = [p.text for p in event.content.parts or [] if p.text and not p.thought]
            text_here = "".join(texts)
            if text_here and not is_code_reply(event.custom_metadata, event.invocation_id,
                                               text_here):
                by_model = True
            shown.extend(texts)
    return "\n".join(shown), by_model


_UNGUARDED: list[str] = []


def _record_unguarded() -> None:
    """The prose guard's input, kept for the report (the guard is unchanged)."""
    import draftguard_adk.chat._prose_guard as links
    from draftguard.prose_guard import ProseGuard

    class Recording(ProseGuard):
        def flush(self) -> str:
            _UNGUARDED.append("".join(self._held))
            return super().flush()

    links.ProseGuard = Recording  # type: ignore[misc]


async def run(model: str, only: set[str], out: Path | None, skip: int = 0) -> int:
    from google.adk.runners import InMemoryRunner

    import blogger.agent as blogger_agent
    import event_planning.agent as planner_agent

    _record_unguarded()
    data = json.loads(DATA.read_text())
    apps = {"blogger": blogger_agent.build_app(model),
            "planner": planner_agent.build_app(model, today=lambda: Date(2026, 11, 24))}
    runners = {name: InMemoryRunner(app=app) for name, app in apps.items()}
    rows = []
    for case in data["messages"][skip:]:
        if only and case["class"] not in only:
            continue
        runner = runners[case["app"]]
        sid = (await runner.session_service.create_session(app_name=runner.app_name,
                                                           user_id="u")).id
        setup = ("here is my post:\n" + data["post"] if case["app"] == "blogger"
                 else data["search"])
        await _turn(runner, sid, setup)
        _UNGUARDED.clear()
        start = time.perf_counter()
        reply, by_model = await _turn(runner, sid, case["message"])
        seconds = time.perf_counter() - start
        found = marks(case["class"], case["message"], reply, by_model)
        unguarded = "".join(_UNGUARDED)
        rows.append({**case, "reply": reply, "by": "model" if by_model else "code",
                     "seconds": round(seconds, 1), "marks": found, "unguarded": unguarded})
        print(f"[{case['app']}/{case['class']}] {case['message']!r} "
              f"({'model' if by_model else 'code'}, {seconds:.1f}s) {found or ''}\n"
              f"    {reply.replace(chr(10), chr(10) + '    ')}\n"
              + (f"  unguarded: {unguarded!r}\n" if unguarded else ""), flush=True)
    marked = sum(1 for r in rows if r["marks"])
    print(f"{marked} of {len(rows)} replies marked; model wrote "
          f"{sum(1 for r in rows if r['by'] == 'model')}")
    if out is not None:
        out.write_text(json.dumps(rows, indent=1, ensure_ascii=False))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="local:smollm2")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--skip", type=int, default=0, help="start at this message")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.model, set(args.only), args.out, args.skip))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main(sys.argv[1:]))

"""Benchmark: quiz, flashcards and mindmap on the embedded model, for every dev-set post.

Run (one real-model process at a time):
    .venv/bin/python bench/bench_artifacts_offline.py [--posts N] [--paths chat,job,baseline]

Paths, all on the same model in the same run:
- chat: the blogger app in an ADK runner with a real session; the post is saved as the
  session's `draft.md` and the author types `/quiz 4`, `/flashcards 4`, `/mindmap`; the
  command calls the `make_artifact` tool, which drives the repair machine inside that
  invocation;
- job: the same request queued in a SQLite job store and run by a `Worker` with the
  product's runner (`repair_loop_runner`);
- baseline: the old generate-and-repair path on the same model (the model writes the whole
  artifact under the schema, no format example, no judge), checked by the same rules and
  the same grounding check.

Per artifact it prints: valid and fully grounded (the delivered items re-checked against
the post's chunks), seconds, model calls. Goals: >= 90 % valid and grounded, <= 30 s each
on 2 idle cores, <= 6 model calls. The machine's load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from draftguard.artifacts._grounding import ungrounded_issues
from draftguard.artifacts._machine import ArtifactMachine, Finished
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._source_chunks import artifact_chunks

POSTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "artifacts" / "posts"
COMMANDS = {"quiz": "/quiz 4", "flashcards": "/flashcards 4", "mindmap": "/mindmap"}
MODEL = "local:smollm2"
GOAL_RATE, GOAL_SECONDS, GOAL_CALLS = 0.9, 30.0, 6


@dataclass
class Row:
    path: str
    post: str
    artifact_type: str
    ok: bool
    grounded: bool
    seconds: float
    calls: int
    error: str


def grounded(artifact_type: str, artifact: Any, post: str) -> bool:
    """The delivered artifact re-checked against every chunk of the post."""
    if not isinstance(artifact, dict):
        return False
    return not ungrounded_issues(artifact_type, artifact, artifact_chunks(post, "", k=10_000))


async def via_chat(artifact_type: str, post: str) -> tuple[dict[str, Any] | None, int, str]:
    from google.adk.runners import InMemoryRunner
    from google.genai import types

    from blogger.agent import build_blogger
    from draftguard_adk.artifacts import STATE_RESULT

    runner = InMemoryRunner(agent=build_blogger(model=MODEL), app_name="blogger")
    session = await runner.session_service.create_session(app_name="blogger", user_id="bench")
    assert runner.artifact_service is not None
    await runner.artifact_service.save_artifact(
        app_name="blogger", user_id="bench", session_id=session.id, filename="draft.md",
        artifact=types.Part.from_bytes(data=post.encode(), mime_type="text/markdown"))
    reply = []
    async for event in runner.run_async(
        user_id="bench", session_id=session.id,
        new_message=types.Content(role="user",
                                  parts=[types.Part(text=COMMANDS[artifact_type])]),
    ):
        if event.content and event.content.parts and event.author != "user":
            reply += [p.text for p in event.content.parts if p.text]
    final = await runner.session_service.get_session(app_name="blogger", user_id="bench",
                                                     session_id=session.id)
    await runner.close()
    result = (final.state if final else {}).get(STATE_RESULT) or {}
    outcome = ArtifactOutcome.model_validate(result) if result else None
    if outcome is None:
        return None, 0, "no result: " + " ".join(reply)[:200]
    return (outcome.artifact if outcome.ok else None), outcome.llm_calls, outcome.error or ""


async def via_job(artifact_type: str, post: str) -> tuple[dict[str, Any] | None, int, str]:
    from draftguard.jobs import JobStore, Worker
    from draftguard.jobs._config import JobsSettings
    from draftguard_adk.jobs._runner import repair_loop_runner

    with tempfile.TemporaryDirectory() as tmp:
        store = JobStore(f"sqlite+aiosqlite:///{tmp}/jobs.db")
        await store.create_schema()
        request = COMMANDS[artifact_type]
        job = await store.create(owner="bench", artifact_type=artifact_type, source=post,
                                 request=request)
        worker = Worker(store, repair_loop_runner(model=MODEL),
                        JobsSettings(poll_seconds=0.05), name="bench")
        await worker.run_one()
        done = await store.get(job.id)
        await store.close()
    if done is None:
        return None, 0, "job vanished"
    calls = (done.details or {}).get("llm_calls", 0)
    return done.result, int(calls), done.error or ""


async def via_baseline(artifact_type: str, post: str) -> tuple[dict[str, Any] | None, int, str]:
    from draftguard_adk.artifacts._driver import drive
    from draftguard_adk.artifacts._loop import build_artifact_repair_loop

    loop = build_artifact_repair_loop(model=MODEL)
    llm = loop.llm()
    request = COMMANDS[artifact_type]
    machine = ArtifactMachine(artifact_type=artifact_type,
                              chunks=artifact_chunks(post, request), request=request,
                              writes_structured=True, judge=False, include_example=False,
                              max_repairs=loop.max_repairs,
                              max_source_chars=loop.max_source_chars)
    async for step in drive(machine, llm, timeout_s=loop.call_timeout_s):
        if isinstance(step, Finished):
            o = step.outcome
            return (o.artifact if o.ok else None), o.llm_calls, o.error or ""
    return None, 0, "no verdict"


Runner = Callable[[str, str], Coroutine[Any, Any, tuple[dict[str, Any] | None, int, str]]]
PATHS: dict[str, Runner] = {"chat": via_chat, "job": via_job, "baseline": via_baseline}


def summary(name: str, rows: Sequence[Row]) -> str:
    if not rows:
        return f"{name}: no runs"
    good = sum(r.ok and r.grounded for r in rows)
    secs = sorted(r.seconds for r in rows)
    return (f"{name}: valid and grounded {good}/{len(rows)} ({good / len(rows):.0%}), "
            f"seconds median {secs[len(secs) // 2]:.1f} max {secs[-1]:.1f}, "
            f"model calls max {max(r.calls for r in rows)}")


async def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=0, help="only the first N posts")
    parser.add_argument("--paths", default="chat,job,baseline")
    parser.add_argument("--types", default="quiz,flashcards,mindmap")
    args = parser.parse_args(argv)
    posts = sorted(POSTS.glob("*.md"))[: args.posts or None]
    rows: list[Row] = []
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for path_name in args.paths.split(","):
        run = PATHS[path_name]
        for post_path in posts:
            post = post_path.read_text(encoding="utf-8")
            for artifact_type in args.types.split(","):
                start = time.perf_counter()
                try:
                    artifact, calls, error = await run(artifact_type, post)
                except Exception as err:  # a bench keeps going and reports the failure
                    artifact, calls, error = None, 0, f"{type(err).__name__}: {err}"
                seconds = time.perf_counter() - start
                row = Row(path_name, post_path.stem, artifact_type, artifact is not None,
                          grounded(artifact_type, artifact, post), seconds, calls, error)
                rows.append(row)
                mark = "OK " if row.ok and row.grounded else "BAD"
                print(f"{mark} {path_name:8} {post_path.stem:20} {artifact_type:10} "
                      f"{seconds:6.1f} s {calls} calls  load {os.getloadavg()[0]:.1f}"
                      + (f"  {error[:120]}" if error and not row.ok else ""), flush=True)
    print()
    for path_name in args.paths.split(","):
        print(summary(path_name, [r for r in rows if r.path == path_name]))
    print(f"goals: >= {GOAL_RATE:.0%} valid and grounded, <= {GOAL_SECONDS:.0f} s each on 2 "
          f"idle cores, <= {GOAL_CALLS} model calls; load average at end: "
          f"{os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))

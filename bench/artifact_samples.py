"""Read them yourself: the quizzes, flashcards and mindmaps code builds for five dev posts.

Run: `.venv/bin/python bench/artifact_samples.py [--write]`

Each post in `POSTS` goes through the artifact machine on the small-model path (`/quiz 4`,
`/flashcards 4`, `/mindmap`) with a stand-in model that leaves every pick to code's own
ranking, as `bench_artifact_quality.py` does, so what is printed is what the builder makes.
`--write` puts the Markdown into docs/artifacts.md between the `samples` markers instead of
printing it; the section is never edited by hand.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from draftguard.artifacts._machine import ArtifactMachine, Finished, ModelQuestion
from draftguard.artifacts._source_chunks import artifact_chunks

ROOT = Path(__file__).resolve().parent.parent
POSTS_DIR = ROOT / "tests" / "data" / "artifacts" / "posts"
POSTS = ("01_sourdough", "03_git_branches", "05_compost", "07_roman_roads", "09_green_tea")
REQUESTS = {"quiz": "/quiz 4", "flashcards": "/flashcards 4", "mindmap": "/mindmap"}
DOC = ROOT / "docs" / "artifacts.md"
START, END = "<!-- samples:start (bench/artifact_samples.py --write) -->", "<!-- samples:end -->"


def make(kind: str, post: str) -> tuple[dict[str, Any], str]:
    """(artifact, shortfall or error line) for one request on one post."""
    request = REQUESTS[kind]
    machine = ArtifactMachine(artifact_type=kind, chunks=artifact_chunks(post, request),
                              request=request, writes_structured=False, judge=False)
    steps = machine.run()
    step = next(steps)
    while not isinstance(step, Finished):
        step = steps.send('{"picks": []}') if isinstance(step, ModelQuestion) else next(steps)
    outcome = step.outcome
    if not outcome.ok:
        return {}, f"failed: {outcome.error}"
    note = ""
    if outcome.shortfall:
        note = f"{outcome.delivered} of {outcome.requested}: {outcome.shortfall}"
    return outcome.artifact or {}, note


def _quiz(artifact: dict[str, Any]) -> list[str]:
    lines = []
    for n, q in enumerate(artifact.get("questions", []), 1):
        lines.append(f"{n}. {q['question']}")
        lines += [f"   - {o}" for o in q["options"]]
        lines.append(f"   Answer: {q['correct_answer']}")
    return lines


def _cards(artifact: dict[str, Any]) -> list[str]:
    return [f"- {c['front']}: {c['back']}" for c in artifact.get("flashcards", [])]


def _map(artifact: dict[str, Any]) -> list[str]:
    nodes = {n["id"]: n for n in artifact.get("nodes", [])}
    children = {k for n in nodes.values() for k in n["children"]}
    lines: list[str] = []

    def walk(node_id: str, depth: int) -> None:
        node = nodes[node_id]
        lines.append(f"{'  ' * depth}- {node['label']}")
        for child in node["children"]:
            walk(child, depth + 1)

    for root in (i for i in nodes if i not in children):
        walk(root, 0)
    return lines


def section() -> str:
    out: list[str] = []
    for name in POSTS:
        post = (POSTS_DIR / f"{name}.md").read_text(encoding="utf-8")
        out.append(f"#### {name}\n")
        for kind, render in (("quiz", _quiz), ("flashcards", _cards), ("mindmap", _map)):
            artifact, note = make(kind, post)
            if kind == "mindmap" and "root" in artifact:
                from draftguard.artifacts._registry import get_spec

                artifact = get_spec("mindmap").validate(artifact).artifact or {}
            out.append(f"`{REQUESTS[kind]}`" + (f" ({note})" if note else "") + "\n")
            out.append("```\n" + "\n".join(render(artifact)) + "\n```\n")
    return "\n".join(out)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the docs section")
    args = parser.parse_args(argv)
    text = section()
    if not args.write:
        print(text)
        return 0
    doc = DOC.read_text(encoding="utf-8")
    head, _, rest = doc.partition(START)
    _, _, tail = rest.partition(END)
    if not rest:
        print(f"no {START!r} marker in {DOC}", file=sys.stderr)
        return 1
    DOC.write_text(f"{head}{START}\n\n{text}\n{END}{tail}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Print the counts issue 17 measures: the names each package face exports, the longest
functions and the largest modules (src/, blogger/, event_planning/).

Run: python scripts/code_metrics.py [--top N]

Read from the source (ast), so it imports nothing. tests/test_code_metrics.py holds the
limits (module <= 450 lines, function <= 60) and the allow-list of today's exceptions.
"""

from __future__ import annotations

import argparse
import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ("src", "blogger", "event_planning")
FACES = ("src/draftguard", "src/draftguard_adk")


@dataclass(frozen=True)
class Function:
    path: str
    name: str
    lines: int


def python_files(*bases: str) -> list[Path]:
    return [p for base in bases for p in sorted((ROOT / base).rglob("*.py"))]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def module_lines() -> dict[str, int]:
    """Every module's line count."""
    return {rel(p): len(p.read_text(encoding="utf-8").splitlines()) for p in python_files(*CODE)}


def functions() -> list[Function]:
    """Every function and method with its length in lines (decorators excluded)."""
    found: list[Function] = []
    for path in python_files(*CODE):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                end = node.end_lineno or node.lineno
                found.append(Function(rel(path), node.name, end - node.lineno + 1))
    return found


def exported(init: Path) -> list[str]:
    """The names a package's `__init__.py` lists in `__all__`."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(v) for v in value]
    return []


def faces() -> dict[str, list[str]]:
    """Each package face (the package and every subpackage) and the names it exports."""
    out: dict[str, list[str]] = {}
    for base in FACES:
        for init in sorted((ROOT / base).rglob("__init__.py")):
            package = init.parent.relative_to(ROOT / "src").as_posix().replace("/", ".")
            out[package] = exported(init)
    return out


def _used_outside(faces_: dict[str, list[str]]) -> tuple[int, int]:
    """How many exported names no other package uses, and how many not even a test."""
    sources = {rel(p): p.read_text(encoding="utf-8") for p in python_files(*CODE, "tests")}
    unused_by_others = unused_anywhere = 0
    for package, names in faces_.items():
        folder = "src/" + package.replace(".", "/") + "/"
        for name in names:
            word = re.compile(rf"\b{re.escape(name)}\b")
            users = {path for path, text in sources.items()
                     if not path.startswith(folder) and word.search(text)}
            code_users = {u for u in users if not u.startswith("tests/")}
            unused_by_others += not code_users
            unused_anywhere += not users
    return unused_by_others, unused_anywhere


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10, help="how many of each to list")
    args = parser.parse_args()
    faces_ = faces()
    core = sum(len(v) for k, v in faces_.items() if k.split(".")[0] == "draftguard")
    adapters = sum(len(v) for k, v in faces_.items() if k.split(".")[0] == "draftguard_adk")
    print(f"names at the package faces: draftguard {core} (goal <= 80), "
          f"draftguard_adk {adapters} (goal <= 40)")
    for package, names in faces_.items():
        print(f"  {package}: {len(names)}")
    others, anywhere = _used_outside(faces_)
    print(f"exported names no other package uses: {others}; not even a test: {anywhere}")
    longest = sorted(functions(), key=lambda f: -f.lines)
    over = [f for f in longest if f.lines > 60]
    print(f"longest functions ({len(over)} over 60 lines):")
    for f in longest[: args.top]:
        print(f"  {f.lines:4d}  {f.path}::{f.name}")
    largest = sorted(module_lines().items(), key=lambda kv: -kv[1])
    big = [m for m, n in largest if n > 450]
    print(f"largest modules ({len(big)} over 450 lines):")
    for path, n in largest[: args.top]:
        print(f"  {n:4d}  {path}")


if __name__ == "__main__":
    main()

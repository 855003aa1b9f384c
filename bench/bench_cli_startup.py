"""What a small `draftguard` call costs next to importing the system it runs.

For each of check-split, edit and validate-artifact: a fresh interpreter runs the CLI on a
three-paragraph input (`draftguard <cmd> ...`, the console script's own entry point), and
another fresh interpreter only runs `import draftguard.<system>`. Both are timed wall-clock,
interleaved, and the median of ROUNDS is kept, so machine load hits both alike.

Goal: each CLI call <= 1.5x its system's import, measured in the same run. check-split also
reads agents.yaml for its draft size limit; the systems' settings models live in
`draftguard.settings._system_settings`, so that costs pydantic and YAML, not numpy, the document
sniffers and the anchor search (which took check-split from 2.0x to about 1.35x).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 1.5
ROUNDS = 9
CLI = "import sys; from draftguard_adk.cli import main; sys.exit(main(sys.argv[1:]))"
DRAFT = ("Intro paragraph about tide pools.\n\nBody paragraph on anemones.\n\n"
         "Closing paragraph with a tip.\n")
QUIZ = {"questions": [{"question": "What lives in tide pools?",
                       "options": ["Anemones", "Camels", "Owls", "Cacti"],
                       "correct_answer": "Anemones"}]}
PLAN = {"ops": [{"type": "replace", "anchor": "Body paragraph on anemones.",
                 "text": "Body paragraph on sea anemones."}]}


def _cases(work: Path) -> list[tuple[str, str, list[str]]]:
    (work / "raw.md").write_text(DRAFT)
    (work / "ok.md").write_text(DRAFT.split("\n\n", 2)[0] + "\n\n" + DRAFT.split("\n\n")[1])
    (work / "not_ok.md").write_text(DRAFT.split("\n\n")[2])
    (work / "post.md").write_text(DRAFT)
    (work / "plan.json").write_text(json.dumps(PLAN))
    (work / "quiz.json").write_text(json.dumps(QUIZ))
    return [
        ("check-split", "split",
         ["check-split", "--raw", "raw.md", "--ok", "ok.md", "--not-ok", "not_ok.md"]),
        ("edit", "edits", ["edit", "post.md", "--ops", "plan.json", "--dry-run"]),
        ("validate-artifact", "artifacts", ["validate-artifact", "quiz", "quiz.json"]),
    ]


def _seconds(argv: list[str], work: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv[2:]} failed ({proc.returncode}): {proc.stderr.strip()}")
    return elapsed


def main() -> int:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    env.pop("DRAFTGUARD_CONFIG", None)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        print(f"{'command':<18} {'cli ms':>8} {'import ms':>10} {'ratio':>6}  (median of {ROUNDS})")
        for name, system, args in _cases(work):
            cli: list[float] = []
            imp: list[float] = []
            for _ in range(ROUNDS):
                cli.append(_seconds([sys.executable, "-c", CLI, *args], work, env))
                imp.append(_seconds([sys.executable, "-c", f"import draftguard.{system}"],
                                    work, env))
            c, i = statistics.median(cli), statistics.median(imp)
            ratio = c / i
            ok = ratio <= GOAL
            failed += not ok
            print(f"{name:<18} {c * 1000:>8.0f} {i * 1000:>10.0f} {ratio:>6.2f}  "
                  f"import draftguard.{system}  {'ok' if ok else f'over {GOAL}x'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

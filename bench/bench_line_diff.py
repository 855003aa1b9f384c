"""Benchmark: line diffs of a whole-body rewrite (issue 11, high 1).

The edit diff, the content tools' line stats and `draftguard edit --dry-run` all go through
`draftguard.edits.line_opcodes`. The input is a post of one-line paragraphs separated by
blank lines, every paragraph rewritten: the case where difflib's SequenceMatcher
(autojunk=False) exploded on the many equal blank lines.

- Goal 1: a 10,000-line rewrite diffs in <= 100 ms (median of 5).
- Goal 2: doubling the input (20,000 lines) costs <= 2.2x the 10,000-line time, measured
  in the same run.
- Beside them: the worst case for the aligner (every line kept but shuffled), the previous
  SequenceMatcher on a small input for scale, and a dry run of a 1,000-paragraph
  whole-body replace through `apply_plan`.

Run: .venv/bin/python bench/bench_line_diff.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from difflib import SequenceMatcher

from draftguard.edits import apply_plan, parse_edit_plan
from draftguard.edits._diff import split_lines
from draftguard.edits._line_diff import line_counts

REPEATS = 5


def post(paragraphs: int, word: str) -> str:
    return "".join(f"Paragraph {i} holds {word} words about the grill and the line.\n\n"
                   for i in range(paragraphs))


def median_time(fn: Callable[[], object]) -> float:
    runs = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def met(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def rewrite(lines: int) -> float:
    a, b = split_lines(post(lines // 2, "old")), split_lines(post(lines // 2, "new"))
    return median_time(lambda: line_counts(a, b))


def main() -> int:
    base = rewrite(10_000)
    double = rewrite(20_000)
    print(f"10,000-line whole-body rewrite: {ms(base)} (median of {REPEATS}); "
          f"goal <= 100 ms: {met(base <= 0.100)}")
    ratio = double / base
    print(f"20,000 lines: {ms(double)} -> {ratio:.2f}x the 10,000-line time; "
          f"goal <= 2.2x: {met(ratio <= 2.2)}")

    rng = random.Random(11)
    for n in (10_000, 20_000):
        a = [f"line {i}\n" for i in range(n)]
        b = a[:]
        rng.shuffle(b)
        took = median_time(lambda a=a, b=b: line_counts(a, b))
        print(f"worst case, {n:,} lines all kept but shuffled: {ms(took)}")

    small_a, small_b = split_lines(post(500, "old")), split_lines(post(500, "new"))
    t0 = time.perf_counter()
    SequenceMatcher(None, small_a, small_b, autojunk=False).get_opcodes()
    old = time.perf_counter() - t0
    new = median_time(lambda: line_counts(small_a, small_b))
    print(f"previous SequenceMatcher on 1,000 lines: {ms(old)}; now {ms(new)} "
          f"({old / new:.0f}x faster)")

    body_old, body_new = post(1000, "old"), post(1000, "new")
    plan = parse_edit_plan({"scope": "multi-paragraph", "ops": [
        {"type": "replace", "anchor": body_old.strip(), "text": body_new.strip()}]})
    doc = "# Diary\n\n" + body_old
    took = median_time(lambda: apply_plan(doc, plan, dry_run=True))
    print(f"dry run of a 1,000-paragraph whole-body replace (apply_plan with its diff): "
          f"{ms(took)}")
    return 0 if base <= 0.100 and ratio <= 2.2 else 1


if __name__ == "__main__":
    raise SystemExit(main())

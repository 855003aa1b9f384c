"""Benchmark: check_split on 1 MB and 10 MB drafts, against the seed's set-based check.

Run: .venv/bin/python bench/bench_split.py
The baseline is seed 000's own algorithm (split on blank lines, strip+lower, three set
operations), measured in the same run. It is faster per byte because it proves less: sets
cannot see a paragraph lost from a duplicated pair, and it keeps no evidence.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from draftguard.split import check_split

GOAL_10MB_MS = 150.0
GOAL_SCALING = 2.2
WORDS = [
    "sourdough", "starter", "hydration", "crumb", "oven", "lid", "flour", "water",
    "salt", "levain", "proof", "shape", "score", "bake", "cool", "slice", "crust",
    "open", "tight", "wild", "yeast", "bacteria", "fold", "stretch",
]  # fmt: skip


def make_draft(target_bytes: int, seed: int = 7) -> tuple[str, str, str]:
    rng = random.Random(seed)
    paragraphs: list[str] = []
    size = 0
    while size < target_bytes:
        if rng.random() < 0.02:
            body = "\n".join(f"    step_{rng.randint(0, 999)}()" for _ in range(4))
            para = f"```python\n{body}\n\n{body}\n```"
        else:
            para = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 45))).capitalize()
            para += "."
        paragraphs.append(para)
        size += len(para) + 2
    ok = [p for i, p in enumerate(paragraphs) if i % 3 != 0]
    not_ok = [p for i, p in enumerate(paragraphs) if i % 3 == 0]
    return "\n\n".join(paragraphs), "\n\n".join(ok), "\n\n".join(not_ok)


def seed_design(raw: str, ok: str, not_ok: str) -> bool:
    def paras(text: str) -> set[str]:
        return {p.strip().lower() for p in text.split("\n\n") if p.strip()}

    r, o, n = paras(raw), paras(ok), paras(not_ok)
    return not (r - (o | n)) and not ((o | n) - r) and not (o & n)


def best_ms(fn: Callable[[], object], repeat: int = 9) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    results: dict[int, tuple[float, float]] = {}
    for mb in (1, 2, 5, 10):
        raw, ok, not_ok = make_draft(mb * 1024 * 1024)
        assert check_split(raw, ok, not_ok).valid
        ours = best_ms(lambda raw=raw, ok=ok, not_ok=not_ok: check_split(raw, ok, not_ok))
        base = best_ms(lambda raw=raw, ok=ok, not_ok=not_ok: seed_design(raw, ok, not_ok))
        results[mb] = (ours, base)
        print(
            f"check_split {mb:>2} MB: {ours:8.1f} ms   seed set design: {base:7.1f} ms   "
            f"ratio to baseline {ours / base:5.2f}x"
        )
    s1 = results[2][0] / results[1][0]
    s2 = results[10][0] / results[5][0]
    print(
        f"2x input scaling: 1->2 MB {s1:.2f}x, 5->10 MB {s2:.2f}x "
        f"(goal <= {GOAL_SCALING}x: {'met' if max(s1, s2) <= GOAL_SCALING else 'MISSED'})"
    )
    ten = results[10][0]
    print(
        f"10 MB draft: {ten:.1f} ms (goal <= {GOAL_10MB_MS:.0f} ms: "
        f"{'met' if ten <= GOAL_10MB_MS else 'MISSED'})"
    )


if __name__ == "__main__":
    main()

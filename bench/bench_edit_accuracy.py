"""Accuracy of edit plans on the peer edit cases (issue 12, section 1).

The cases (tests/data/edit_cases.json) are edit plans written after behaviours that Aider's
editblock, OpenHands' str_replace editor and Codex's apply_patch test suites exercise, plus
the classes of silent wrong edit issue 12 found, each with the outcome a careful editor gives:
the exact new text or a refusal with its reason. Cases marked "held-out" were written after
the fixes and judged as they first came out.

Reports, overall, per peer and for the held-out set: silent wrong edits (goal 0) and the rate
of right results or right refusals (goal >= 95%); every miss is listed.

Run: .venv/bin/python bench/bench_edit_accuracy.py [--json]
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from edit_cases import Outcome, Verdict, judge, load_cases


def _figures(outcomes: list[Outcome]) -> dict[str, float | int]:
    n = len(outcomes)
    right = sum(o.verdict is Verdict.RIGHT for o in outcomes)
    return {
        "cases": n,
        "right": right,
        "safe_misses": sum(o.verdict is Verdict.SAFE_MISS for o in outcomes),
        "silent_wrong": sum(o.verdict is Verdict.SILENT_WRONG for o in outcomes),
        "rate": round(100 * right / n, 1) if n else 0.0,
    }


def main(argv: list[str]) -> int:
    cases = load_cases()
    t0 = time.perf_counter()
    outcomes = [judge(c) for c in cases]
    elapsed = time.perf_counter() - t0
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for case, outcome in zip(cases, outcomes, strict=True):
        groups[f"peer {case['peer']}"].append(outcome)
        groups[f"set {case.get('set', 'dev')}"].append(outcome)
    report = {
        "all": _figures(outcomes),
        **{name: _figures(group) for name, group in sorted(groups.items())},
        "misses": [
            {"id": o.case_id, "verdict": o.verdict.value, "got": o.got}
            for o in outcomes if o.verdict is not Verdict.RIGHT
        ],
        "ms_per_case": round(1000 * elapsed / len(cases), 2),
    }
    if "--json" in argv:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'group':<22} {'cases':>5} {'right':>5} {'safe miss':>9} {'silent wrong':>12} "
              f"{'rate':>6}")
        for name, fig in report.items():
            if isinstance(fig, dict):
                print(f"{name:<22} {fig['cases']:>5} {fig['right']:>5} {fig['safe_misses']:>9} "
                      f"{fig['silent_wrong']:>12} {fig['rate']:>5}%")
        for miss in report["misses"]:  # type: ignore[union-attr]
            print(f"miss: {miss['id']}: {miss['verdict']} (got {miss['got']})")
        print(f"{report['ms_per_case']} ms per case")
    overall = report["all"]
    assert isinstance(overall, dict)
    met = overall["silent_wrong"] == 0 and overall["rate"] >= 95.0
    print("goals (0 silent wrong, >= 95% right):", "met" if met else "NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Benchmark: the delivery judge (`/check`'s document validator) on a dev set of good and bad
deliveries, on the embedded model.

Run: .venv/bin/python bench/bench_delivery_judge.py [--baseline] [--model local:smollm2]
Dev set: tests/data/deliveries/{good,bad}.yaml (written by hand; see its README).
Figures: the share of good deliveries that pass and of bad ones that fail, with the model
calls made. Baseline, same run, same model (`--baseline`, slow): the whole-delivery judge,
one schema-constrained JudgeAnswer for everything, as a capable model is asked.
Goals: at least 90% of good deliveries pass, every bad one fails.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from delivery_cases import case_inputs, load_cases

from draftguard.documents._known_facts import known_facts
from draftguard.documents._verdict import failure_verdict
from draftguard_adk.documents._judge import judge_documents
from draftguard_adk.llm import agent_model, build_llm

GOOD_PASS_GOAL = 0.90


async def judge_case(case: dict[str, Any], llm: Any, *, whole: bool) -> tuple[bool, int, str]:
    intent, summaries = case_inputs(case)
    facts = known_facts(intent, summaries)
    if not summaries:  # the validator's own rule: nothing delivered fails before any model
        verdict = failure_verdict("no documents were delivered", facts=facts, status="failed")
    else:
        verdict = await judge_documents(llm, intent, summaries, facts, timeout_s=120.0,
                                        include_example=False, one_by_one=not whole)
    return verdict.status == "passed", verdict.attempts, verdict.gap_analysis


async def run(model: str, *, whole: bool) -> None:
    llm = build_llm(agent_model("document_validator", model=model))
    label = "whole-delivery judge (baseline)" if whole else "code + one-by-one yes/no"
    totals: dict[str, list[bool]] = {"good": [], "bad": []}
    calls = 0
    started = time.perf_counter()
    for kind in ("good", "bad"):
        for case in load_cases(kind):
            passed, attempts, gap = await judge_case(case, llm, whole=whole)
            calls += attempts
            right = passed if kind == "good" else not passed
            totals[kind].append(right)
            if not right:
                print(f"  wrong on {kind} {case['id']}: {'passed' if passed else gap[:110]}")
    seconds = time.perf_counter() - started
    good, bad = totals["good"], totals["bad"]
    print(f"{label} on {model}: good pass {sum(good)}/{len(good)} "
          f"({sum(good) / len(good):.0%}), bad fail {sum(bad)}/{len(bad)} "
          f"({sum(bad) / len(bad):.0%}); {calls} model calls, {seconds:.0f} s")
    if not whole:
        met = sum(good) / len(good) >= GOOD_PASS_GOAL and all(bad)
        print(f"goal (>= {GOOD_PASS_GOAL:.0%} good pass, every bad fails): "
              f"{'met' if met else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="local:smollm2")
    parser.add_argument("--baseline", action="store_true",
                        help="also run the whole-delivery judge on the same model (slow)")
    args = parser.parse_args()
    asyncio.run(run(args.model, whole=False))
    if args.baseline:
        asyncio.run(run(args.model, whole=True))


if __name__ == "__main__":
    main()

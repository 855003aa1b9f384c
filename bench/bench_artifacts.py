"""Benchmark: structural validation of 10,000 quiz questions (goal <= 100 ms).

Run: .venv/bin/python bench/bench_artifacts.py
Baselines, measured in the same run on the same data:
- naive: pydantic model per question, then per-question Python loops (duplicates by
  `list.count`, answer membership), the way the rules are usually first written;
- jsonschema: the published docs/schemas/quiz.schema.json checked with `jsonschema`
  (when installed). It proves less: no uniqueness after normalisation, no answer membership.
Each figure is the best of several runs; the machine is noisy, so ratios matter more.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from draftguard.artifacts._registry import validate_structure
from draftguard.artifacts._schema_export import json_schema
from draftguard.artifacts.schemas.quiz import QuizQuestion

GOAL_MS = 100.0
N_QUESTIONS = 10_000
REPEATS = 7


def make_quiz(n: int, *, bad_every: int = 0, seed: int = 11) -> dict[str, Any]:
    rng = random.Random(seed)
    words = ["light", "energy", "glucose", "chloroplast", "chlorophyll", "carbon", "water",
             "oxygen", "leaf", "root"]
    questions = []
    for i in range(n):
        options = [" ".join(rng.sample(words, 3)).capitalize() + f" {i}-{k}" for k in range(4)]
        q = {"question": f"Question {i} about {rng.choice(words)}?", "options": options,
             "correct_answer": options[rng.randrange(4)],
             "explanation": "Because the source says so, " + " ".join(rng.sample(words, 5))}
        if bad_every and i % bad_every == 0:
            q["options"] = [*options[:3], options[0].upper()]
            q["correct_answer"] = "Something else"
        questions.append(q)
    return {"questions": questions}


def naive(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for i, raw in enumerate(data["questions"], 1):
        try:
            q = QuizQuestion.model_validate(raw)
        except Exception as err:  # baseline: report and move on
            out.append(f"Question {i}: {err}")
            continue
        if len(q.options) < 4:
            out.append(f"Question {i}: Must have at least 4 options (has {len(q.options)})")
        lowered = [o.strip().lower() for o in q.options]
        if any(lowered.count(o) > 1 for o in lowered):
            out.append(f"Question {i}: Options must be unique (found duplicates)")
        if q.correct_answer not in q.options:
            out.append(f"Question {i}: correct_answer '{q.correct_answer}' must be one of "
                       f"the options")
        for name in ("question", "correct_answer", "explanation"):
            if not getattr(q, name).strip():
                out.append(f"Question {i}: {name} must not be empty")
    return out


def best_ms(fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    valid = make_quiz(N_QUESTIONS)
    mixed = make_quiz(N_QUESTIONS, bad_every=10)
    assert validate_structure("quiz", valid).valid
    assert len(validate_structure("quiz", mixed).violations) == 2 * N_QUESTIONS // 10
    assert len(naive(mixed)) == len(validate_structure("quiz", mixed).violations)

    rows: list[tuple[str, float, float]] = []
    for label, data in (("valid", valid), ("10% invalid", mixed)):
        ours = best_ms(lambda d=data: validate_structure("quiz", d))
        base = best_ms(lambda d=data: naive(d))
        rows.append((f"draftguard rules, {label}", ours, base))
        rows.append((f"naive pydantic+loops, {label}", base, base))

    try:
        import jsonschema

        validator = jsonschema.Draft202012Validator(json_schema("quiz"))
        js = best_ms(lambda: list(validator.iter_errors(valid)))
        rows.append(("jsonschema (proves less), valid", js, rows[1][2]))
    except ImportError:
        print("jsonschema not installed: that baseline is skipped")

    print(f"Structural validation of {N_QUESTIONS:,} quiz questions (best of {REPEATS})")
    for name, ms, base in rows:
        print(f"  {name:<38} {ms:8.1f} ms   {ms / base:5.2f}x naive")
    worst = max(ms for name, ms, _ in rows if name.startswith("draftguard"))
    verdict = "MET" if worst <= GOAL_MS else "NOT MET"
    print(f"Goal <= {GOAL_MS:.0f} ms for {N_QUESTIONS:,} questions: {verdict} "
          f"(worst draftguard figure {worst:.1f} ms)")


if __name__ == "__main__":
    main()

"""Fit the quiz ranker (`draftguard.artifacts._question_rank`) on dev passages, and say how
well it does on passages it was not fitted on.

Run: `.venv/bin/python bench/fit_question_ranker.py [--passages FILE ...] [--write]`

The dev data is the yardstick's dev split (`bench/data/artifact_yardstick.json`) plus every
`--passages` file given (same shape, kept outside the repo; only their `heldout` split is
read, and only DEV sets belong here: a set fitted on is no held-out set any more). Each quiz
candidate the builder makes is labelled by whether a teacher asked for its answer (the
bench's `answer_matches`); a logistic regression (numpy, L2, plain gradient descent, so the
fit is the same on every run) is fitted on the features `question_features` reads.

Figures, each the share of a `/quiz 5`'s picked answers that a teacher asked about (picked
as the machine picks: `listed` then `settle_picks`):
- the ranker in the repo now (fitted, so on its own training data);
- leave-one-passage-out: each passage ranked by weights fitted without it;
- leave-one-set-out: each set ranked by weights fitted on the others.
`--write` stores the weights fitted on all the dev data in `question_ranker.json`.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from draftguard.artifacts._candidates import Candidate, build_candidates
from draftguard.artifacts._picking import listed, settle_picks
from draftguard.artifacts._question_rank import (
    WEIGHTS,
    Ranker,
    question_features,
    ranked_by,
    ranker,
)
from draftguard.artifacts._questions import Question, build_questions
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.artifacts._terms import TextView

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_artifact_quality import DATA, answer_matches, load_split

WANT = 5
#: The L2 penalty (per passage set, on standardised features): strong, as 38 passages are few.
L2 = 30.0
STEPS = 600
RATE = 0.5


@dataclass
class Passage:
    set: str
    id: str
    questions: list[Question]
    features: list[dict[str, float]]
    labels: list[bool]
    candidates: list[Candidate]


def gather(files: Sequence[Path]) -> list[Passage]:
    sets = [("yardstick", DATA, "dev"), *((f.stem, f, "heldout") for f in files)]
    out = []
    for name, path, split in sets:
        for p in load_split(split, path):
            chunks = artifact_chunks(p.post, "/quiz 5")
            view = TextView(chunks)
            questions = build_questions(view)
            humans = [a for _, a in p.questions]
            out.append(Passage(name, p.id, questions, question_features(view, questions),
                               [answer_matches(q.answer, humans) for q in questions],
                               build_candidates("quiz", chunks)))
            print(f"  {name} {p.id}: {len(questions)} questions", file=sys.stderr)
    return out


def fit(passages: Sequence[Passage], names: Sequence[str]) -> Ranker:
    x = np.array([[f[n] for n in names] for p in passages for f in p.features])
    y = np.array([float(v) for p in passages for v in p.labels])
    mean, spread = x.mean(0), x.std(0) + 1e-9
    z = (x - mean) / spread
    w: npt.NDArray[np.float64] = np.zeros(z.shape[1])
    b = 0.0
    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-(z @ w + b)))
        w -= RATE * (z.T @ (p - y) + L2 * w) / len(y)
        b -= RATE * float((p - y).mean())
    weights = w / spread
    return Ranker({n: round(float(v), 4) for n, v in zip(names, weights, strict=True)},
                  round(b - float(mean @ weights), 4))


def hits(p: Passage, model: Ranker) -> tuple[int, int]:
    ranks = {(q.question, q.answer): q.rank for q in ranked_by(p.questions, p.features, model)}
    asked = {(q.question, q.answer): v for q, v in zip(p.questions, p.labels, strict=True)}
    cands = [replace(c, rank=ranks.get(_key(c), 10**9)) for c in p.candidates]
    picked, _ = settle_picks(None, listed(cands, WANT), WANT)
    return sum(asked.get(_key(c), False) for c in picked), len(picked)


def _key(c: Candidate) -> tuple[str, str]:
    return str(c.item["question"]), str(c.item["correct_answer"])


def report(name: str, passages: Sequence[Passage], models: Sequence[Ranker]) -> str:
    cells = []
    for s in dict.fromkeys(p.set for p in passages):
        got = [hits(p, m) for p, m in zip(passages, models, strict=True) if p.set == s]
        h, n = sum(g[0] for g in got), sum(g[1] for g in got)
        cells.append(f"{s} {h / n:4.0%} ({h}/{n})")
    return f"{name:42} " + " | ".join(cells)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passages", type=Path, nargs="*", default=[])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep the gathered candidates in this file (outside the repo) and "
                             "read them from it on later runs; delete it when features change")
    args = parser.parse_args(argv)
    if args.cache is not None and args.cache.exists():
        passages = pickle.loads(args.cache.read_bytes())
    else:
        passages = gather(args.passages)
        if args.cache is not None:
            args.cache.write_bytes(pickle.dumps(passages))
    names = sorted(passages[0].features[0])
    print(report("in the repo (as stored)", passages, [ranker()] * len(passages)))
    # The repo's features beside every feature `question_features` reads now, so a feature
    # added is judged on sets it was not fitted on.
    for label, used in (("repo's features", sorted(ranker().weights)), ("all features", names)):
        if label != "all features" and used == names:
            continue
        print(report(f"leave one passage out, {label}", passages,
                     [fit([q for q in passages if q is not p], used) for p in passages]))
        by_set = {s: fit([p for p in passages if p.set != s], used)
                  for s in {p.set for p in passages}}
        print(report(f"leave one set out, {label}", passages,
                     [by_set[p.set] for p in passages]))
    everything = fit(passages, names)
    print(report("fitted on all (this run)", passages, [everything] * len(passages)))
    if args.write:
        WEIGHTS.write_text(json.dumps({
            "about": "quiz ranker weights, fitted by bench/fit_question_ranker.py on the dev "
                     "sets: " + ", ".join(dict.fromkeys(p.set for p in passages)),
            "bias": everything.bias, "weights": dict(everything.weights)}, indent=1) + "\n",
            encoding="utf-8")
        print(f"wrote {WEIGHTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Benchmark: paragraph accuracy of the split on a dev set of drafts with outlines.

Run: .venv/bin/python bench/bench_split_accuracy.py [--data FILE] [--smollm]
Dev set: tests/data/splits/splits.yaml (written by hand, with the right draft_ok ids), then
tests/data/splits/spoken.yaml (outlines said as people say them: colloquial, regional or
learner English, items that name what happens), each scored on its own; `--data` scores
another file of the same shape instead (the held-out drafts live outside the repo).
Accuracy: the share of paragraphs sent where the dev set says (draft_ok or draft_not_ok);
also how many drafts come out exactly right. Every scorer is measured in the same run:

- lexical coverage (baseline): a paragraph goes to draft_ok when it relates to an outline
  item by the coverage check's scores (stems, BM25 IDF, `score_cutoff`), as the planner's
  candidates did;
- lexical, best per item: each item's single best-scoring paragraph;
- semantic, best per item: each item's closest paragraph by the language layer's MiniLM
  cosine alone (with `--smollm`, also by the embedded model's own embeddings: llama.cpp
  `embed`, mean pooled);
- proposal, lexical (the same-run baseline): `propose_split` without a similarity, lexical
  scores plus the paragraph's lead;
- proposal by meaning (adopted): `propose_split` with `language_similarity()`, the lexical
  share blended with MiniLM cosines (`Blend`), plus the lead.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

from draftguard.split import check_coverage
from draftguard.split._assignment import propose_split
from draftguard.split._coverage import _score, _topic_items, outline_candidates, outline_items
from draftguard.split._meaning import Similarity, language_similarity
from draftguard.split._segmentation import segment

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "splits" / "splits.yaml"
SPOKEN = DATA.with_name("spoken.yaml")
Scorer = Callable[[str, Sequence[str]], set[int]]


def load_cases(path: Path = DATA) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = yaml.safe_load(path.read_text("utf-8"))
    return cases


def lexical_coverage(outline: str, units: Sequence[str]) -> set[int]:
    return {i for c in outline_candidates(outline, units) for i in c.ids}


def lexical_best(outline: str, units: Sequence[str]) -> set[int]:
    scores, _ = _score(_topic_items(outline), units)
    return {max(range(len(units)), key=lambda u: (row[u], -u)) + 1 for row in scores if any(row)}


def proposal(outline: str, units: Sequence[str]) -> set[int]:
    return set(propose_split(outline, units).ok_ids)


def by_meaning(similarity: Similarity) -> Scorer:
    def score(outline: str, units: Sequence[str]) -> set[int]:
        return set(propose_split(outline, units, similarity=similarity).ok_ids)

    return score


def minilm_best(similarity: Similarity) -> Scorer:
    def score(outline: str, units: Sequence[str]) -> set[int]:
        rows = similarity(outline_items(outline), units)
        return {max(range(len(units)), key=lambda u: (row[u], -u)) + 1 for row in rows}

    return score


def semantic_best() -> Scorer:
    import numpy as np
    from llama_cpp import LLAMA_POOLING_TYPE_MEAN, Llama

    from draftguard_adk.llm._gguf_locator import bundled_gguf

    llm = Llama(model_path=str(bundled_gguf()), embedding=True, verbose=False, n_ctx=2048,
                pooling_type=LLAMA_POOLING_TYPE_MEAN)

    def score(outline: str, units: Sequence[str]) -> set[int]:
        items = outline_items(outline)
        u = np.array(llm.embed(list(units), normalize=True))
        i = np.array(llm.embed(items, normalize=True))
        return {int(np.argmax(row)) + 1 for row in i @ u.T}

    return score


def measure(name: str, scorer: Scorer, cases: list[dict[str, Any]]) -> tuple[float, int]:
    right = total = exact = 0
    started = time.perf_counter()
    for case in cases:
        units = segment(case["draft"])
        chosen = scorer(case["outline"], units)
        gold = set(case["ok"])
        right += sum((n in chosen) == (n in gold) for n in range(1, len(units) + 1))
        total += len(units)
        exact += chosen == gold
    ms = (time.perf_counter() - started) * 1000 / len(cases)
    print(f"{name:<32} paragraphs {right}/{total} ({right / total:.0%}), drafts exactly right "
          f"{exact}/{len(cases)}, {ms:.1f} ms per draft")
    return right / total, exact


def _covered(case: dict[str, Any], ok_ids: set[int], similarity: Similarity | None) -> bool:
    units = segment(case["draft"])
    ok = "\n\n".join(u for n, u in enumerate(units, 1) if n in ok_ids)
    not_ok = "\n\n".join(u for n, u in enumerate(units, 1) if n not in ok_ids)
    return check_coverage(case["outline"], ok, not_ok, similarity=similarity).covered


def checker(cases: list[dict[str, Any]], similarity: Similarity | None) -> None:
    """The coverage check on each right split (it must accept it, or the loop retries a
    right split and ends failed), on the split turned backwards, and on the right split
    with one paragraph left out (both must be rejected; one left out may be rightly
    accepted where an item has two paragraphs)."""
    accepted = backwards = short = shorts = 0
    for case in cases:
        n = len(segment(case["draft"]))
        gold = set(case["ok"])
        accepted += _covered(case, gold, similarity)
        backwards += not _covered(case, set(range(1, n + 1)) - gold, similarity)
        for left in sorted(gold):
            shorts += 1
            short += not _covered(case, gold - {left}, similarity)
    print(f"{'checker':<32} accepts the right split {accepted}/{len(cases)}, rejects it "
          f"backwards {backwards}/{len(cases)}, rejects it one paragraph short {short}/{shorts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smollm", action="store_true",
                        help="also the embedded model's own embeddings (needs llama.cpp)")
    parser.add_argument("--data", type=Path, default=None,
                        help="drafts with outlines and the right ids (default: the dev set, "
                             "then the spoken outlines)")
    args = parser.parse_args()
    similarity = language_similarity()
    if similarity is not None:
        similarity(["warm-up"], ["load the encoder before timing"])
    for path in [args.data] if args.data else [DATA, SPOKEN]:
        print(f"== {path.name}")
        run(load_cases(path), similarity, smollm=args.smollm)


def run(cases: list[dict[str, Any]], similarity: Similarity | None, *, smollm: bool) -> None:
    print(f"{len(cases)} drafts, {sum(len(segment(c['draft'])) for c in cases)} paragraphs")
    measure("lexical coverage (baseline)", lexical_coverage, cases)
    measure("lexical, best per item", lexical_best, cases)
    if similarity is not None:
        measure("semantic (MiniLM), best per item", minilm_best(similarity), cases)
    if smollm:
        measure("semantic (embedded model)", semantic_best(), cases)
    measure("proposal: lexical + lead", proposal, cases)
    if similarity is None:
        print("proposal by meaning: not measured (the language extra is not installed)")
    else:
        measure("proposal by meaning (adopted)", by_meaning(similarity), cases)
    checker(cases, similarity)


if __name__ == "__main__":
    main()

"""Benchmark: anchor search in a 1 MB markdown file, 100 ops (issue 3 / seed 004).

Compares the fuzzy-anchor search (rapidfuzz alignment over blocks) with a difflib
line-window locator of the kind Aider uses (`replace_closest_edit_distance`: every window of
the anchor's line count scored with SequenceMatcher.ratio, threshold 0.8), both measured in
this run. The baseline is slow, so it runs on a sample of the anchors; its per-anchor mean is
what the ratio uses. Goals: fuzzy <= 50 ms per anchor and >= 20x faster than the baseline;
exact anchors: 100 ops <= 10 ms.

Run: .venv/bin/python bench/bench_edit_ops.py
"""

from __future__ import annotations

import random
import statistics
import time
from difflib import SequenceMatcher

from draftguard.anchors import MatchTier, SearchText, find_anchor
from draftguard.edit_plan import parse_edit_plan
from draftguard.markdown_map import MarkdownMap
from draftguard.patcher import apply_plan

TARGET_BYTES = 1_000_000
N_OPS = 100
BASELINE_SAMPLE = 3

_VOCAB = [
    "the", "a", "of", "and", "to", "in", "is", "was", "it", "for", "on", "with", "as", "at",
    "by", "from", "that", "this", "we", "they", "our", "their", "bread", "cheese", "onion",
    "steak", "roll", "grill", "counter", "line", "crowd", "night", "street", "corner", "sauce",
    "pepper", "crisp", "soft", "warm", "salty", "sweet", "bitter", "loud", "quiet", "bright",
    "dark", "early", "late", "long", "short", "first", "last", "best", "worst", "better",
    "order", "waited", "tasted", "walked", "talked", "shared", "noticed", "liked", "preferred",
    "friend", "owner", "cook", "server", "neighbour", "visitor", "city", "market", "season",
    "weekend", "morning", "evening",
]


def make_document(rng: random.Random) -> tuple[str, list[str]]:
    """A ~1 MB post: sections of one-line paragraphs, each sentence with a unique tag."""
    parts = ["---", "title: A very long food diary", "---", "# A very long food diary", ""]
    sentences: list[str] = []
    size, section, n = 0, 0, 0
    while size < TARGET_BYTES:
        section += 1
        parts += [f"## Day {section}", ""]
        for _ in range(rng.randint(3, 7)):
            para = []
            for _ in range(rng.randint(3, 6)):
                n += 1
                words = [rng.choice(_VOCAB) for _ in range(rng.randint(8, 16))]
                words.insert(rng.randint(1, len(words) - 1), f"visit{n}")
                s = " ".join(words).capitalize() + "."
                para.append(s)
                sentences.append(s)
            line = " ".join(para)
            parts += [line, ""]
            size += len(line) + 2
    return "\n".join(parts) + "\n", sentences


def fragment(rng: random.Random, sentence: str) -> str:
    """A sub-line anchor: 5-8 words of one sentence around its unique tag."""
    words = sentence.rstrip(".").split()
    tag = next(i for i, w in enumerate(words) if w.startswith("visit"))
    lo = max(0, tag - rng.randint(2, 4))
    return " ".join(words[lo : lo + rng.randint(5, 8)])


def typo(rng: random.Random, text: str) -> str:
    """Two small slips a model makes when quoting: a dropped and a swapped letter."""
    chars = list(text)
    for _ in range(2):
        i = rng.randrange(1, len(chars) - 2)
        if chars[i].isalpha() and chars[i + 1].isalpha():
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
        else:
            del chars[i]
    return "".join(chars)


def baseline_locate(lines: list[str], anchor: str, threshold: float = 0.8) -> int | None:
    """Aider-style: best window of the anchor's line count by SequenceMatcher.ratio."""
    part_lines = anchor.split("\n")
    best, best_i = 0.0, None
    n = len(part_lines)
    for length in range(max(1, int(n * 0.9)), int(n * 1.1) + 2):
        for i in range(len(lines) - length + 1):
            chunk = "\n".join(lines[i : i + length])
            r = SequenceMatcher(None, chunk, anchor).ratio()
            if r > best:
                best, best_i = r, i
    return best_i if best >= threshold else None


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    rng = random.Random(4)
    doc, sentences = make_document(rng)
    chosen = rng.sample(sentences, N_OPS)
    exact = [fragment(rng, s) for s in chosen]
    fuzzy = [typo(rng, a) for a in exact]
    expected = [doc.index(a) for a in exact]
    print(f"document: {len(doc):,} bytes, {doc.count(chr(10)):,} lines; {N_OPS} ops")

    t0 = time.perf_counter()
    dmap = MarkdownMap(doc)
    search = SearchText(doc, [(b.start, b.end) for b in dmap.blocks])
    _ = search.folded, search.block_texts()
    prep = time.perf_counter() - t0
    print(f"one-off preparation (structure map, folded copy, blocks): {ms(prep)}")

    t0 = time.perf_counter()
    exact_hits = sum(
        1 for a, want in zip(exact, expected, strict=True)
        if (r := find_anchor(search, a)).matches and r.matches[0].start == want
        and len(r.matches) == 1
    )
    exact_time = time.perf_counter() - t0
    print(f"exact anchors: {N_OPS} ops in {ms(exact_time)} ({exact_hits}/{N_OPS} unique hits); "
          f"goal <= 10 ms: {'MET' if exact_time <= 0.010 else 'NOT MET'}")

    plan = parse_edit_plan({"scope": "multi-paragraph", "ops": [
        {"type": "replace", "anchor": a, "text": a.upper()} for a in exact]})
    t0 = time.perf_counter()
    res = apply_plan(doc, plan)
    whole = time.perf_counter() - t0
    print(f"whole apply_plan, {N_OPS} exact ops incl. parsing and diff: {ms(whole)} "
          f"({res.status.value}, {res.stats.changed_lines} changed lines)")

    per: list[float] = []
    fuzzy_hits = 0
    for a, want in zip(fuzzy, expected, strict=True):
        t0 = time.perf_counter()
        r = find_anchor(search, a)
        per.append(time.perf_counter() - t0)
        if r.matches and r.tier is MatchTier.FUZZY and abs(r.matches[0].start - want) <= 3:
            fuzzy_hits += 1
    fz_mean, fz_max = statistics.mean(per), max(per)
    print(f"fuzzy anchors: mean {ms(fz_mean)}, median {ms(statistics.median(per))}, "
          f"max {ms(fz_max)} per anchor; found {fuzzy_hits}/{N_OPS} at the right place")

    lines = doc.split("\n")
    base: list[float] = []
    base_hits = 0
    for a, want in zip(fuzzy[:BASELINE_SAMPLE], expected[:BASELINE_SAMPLE], strict=True):
        t0 = time.perf_counter()
        got = baseline_locate(lines, a)
        base.append(time.perf_counter() - t0)
        if got is not None and got == doc.count("\n", 0, want):
            base_hits += 1
    b_mean = statistics.mean(base)
    speedup = b_mean / fz_mean
    print(f"baseline (difflib line windows, Aider-style), {BASELINE_SAMPLE} anchors: mean "
          f"{ms(b_mean)} per anchor; found {base_hits}/{BASELINE_SAMPLE} "
          f"(misses on sub-line anchors: {BASELINE_SAMPLE - base_hits}/{BASELINE_SAMPLE})")
    print(f"fuzzy vs baseline: {speedup:.0f}x faster; goal >= 20x: "
          f"{'MET' if speedup >= 20 else 'NOT MET'}; goal <= 50 ms per fuzzy anchor: "
          f"{'MET' if fz_mean <= 0.050 else 'NOT MET'} (mean), "
          f"{'MET' if fz_max <= 0.050 else 'NOT MET'} (max)")
    scan = exact_time / N_OPS
    print(f"exact per op: {ms(scan)} (a full-document uniqueness scan per anchor)")


if __name__ == "__main__":
    main()

"""Seed 002 Property 4: per-chunk latency of the duplicate filter, against the seed's design.

Each chunk is three sentences of venue-planning prose. The seed design (regex split, then
difflib.SequenceMatcher against the last 50 sentences) runs in the same process on the same
chunks, so the ratios hold on a noisy machine. Wall-clock and thread-CPU percentiles are both
printed: CPU time leaves out the time this process spent descheduled by other load.

Two workloads: "repeats" (the window is full of similar sentences, so nearly every sentence
is a near duplicate with dozens of close candidates) and "new text" (sentences of random
venue words: almost nothing matches, every kept sentence enters the window and evicts one).
At window 1,000 the same filter with the character-count bound switched off (every key
scored, as `rapidfuzz.process.extractOne` over the whole window) is a second baseline.

Goals (issue 5): p99 <= 1 ms at window 50, <= 2 ms at window 1,000, >= 50x the seed design.
Run: .venv/bin/python bench/bench_dedupe.py
"""

from __future__ import annotations

import random
import re
import statistics
import time
from collections.abc import Callable
from difflib import SequenceMatcher

from draftguard.dedupe._sentence_window import SentenceWindow
from draftguard.dedupe._stream import DedupeSettings, DuplicateIndex, StreamDeduper

NAMES = ["Trattoria Lucia", "Bar Ferrante", "Osteria Nonna Rosa", "Palumbo's Kitchen",
         "Little Saigon Pho House", "Fishtown Smokehouse", "The Gilded Fork", "Casa Paloma",
         "Rittenhouse Oyster Bar", "Sakura Table", "Enoteca Vincenza", "Keystone Prime"]
HOODS = ["East Passyunk", "Bella Vista", "Rittenhouse", "Old City", "Fishtown",
         "Northern Liberties", "Queen Village", "Chinatown", "Manayunk"]
TEMPLATES = [
    "{n} in {h} seats up to {k} guests in its private room.",
    "The tasting menu at {n} costs ${p}.50 per person before wine.",
    "{n} is a short walk from the {h} trolley stop and takes groups of {k}.",
    "Expect handmade pasta, a seasonal antipasti spread and a quiet back room at {n}.",
    "If you want something livelier, {n} in {h} has a DJ on Fridays and a {k}-seat patio.",
    "Parking near {n} on Passyunk Ave. is tight, so suggest a rideshare to {h}.",
    "For a party of {k}, {n} asks for a ${p} deposit a week ahead.",
    "Dessert at {n} is worth saving room for, especially the cannoli.",
    "{n} is BYOB, which keeps a {k}-person dinner in {h} under ${p} a head.",
    "Dr. Marino, the owner of {n}, can arrange a {k}-course family-style dinner.",
]


def sentences(rng: random.Random, n: int) -> list[str]:
    return [rng.choice(TEMPLATES).format(n=rng.choice(NAMES), h=rng.choice(HOODS),
                                         k=rng.randint(8, 80), p=rng.randint(25, 180))
            for _ in range(n)]


class SeedDesign:
    """The seed's DuplicateDetector as its design document describes it."""

    def __init__(self, threshold: float = 0.85) -> None:
        self.threshold = threshold
        self.accumulated: list[str] = []

    def contains_duplicate_content(self, text: str) -> bool:
        for s in [s.strip() for s in re.split(r"[.!?]+\s+", text) if s.strip()]:
            for old in self.accumulated[-50:]:
                if SequenceMatcher(None, s, old).ratio() >= self.threshold:
                    return True
        return False

    def add_content(self, text: str) -> None:
        self.accumulated.extend(s.strip() for s in re.split(r"[.!?]+\s+", text) if s.strip())

    def feed(self, chunk: str) -> None:
        if not self.contains_duplicate_content(chunk):
            self.add_content(chunk)


def measure(feed: Callable[[str], object], chunks: list[str]) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for c in chunks:
        t0, c0 = time.perf_counter(), time.thread_time()
        feed(c)
        cpu.append((time.thread_time() - c0) * 1e3)
        wall.append((time.perf_counter() - t0) * 1e3)
    return wall, cpu


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


VOCAB = sorted({w.strip(".,$'") for t in TEMPLATES for w in t.split()} - {""}
               | {w for n in NAMES + HOODS for w in n.split()})


def new_text(rng: random.Random, n: int) -> list[str]:
    """Sentences of 8-16 random words: they almost never reach 0.85 against each other."""
    return [" ".join(rng.choice(VOCAB) for _ in range(rng.randint(8, 16))).capitalize() + "."
            for _ in range(n)]


def ours(window: int, warm: list[str], *, bound: bool = True) -> Callable[[str], object]:
    # A full window: earlier answer text the new chunks are compared with.
    index = DuplicateIndex(DedupeSettings(sentence_window_size=window))
    if not bound:  # the baseline: score every key (what extractOne over the window does)
        index._window = SentenceWindow(window, prefilter_from=window + 1)
    for s in warm[-window:]:
        index.add(s)
    assert len(index) == window
    return StreamDeduper(index).feed


def main() -> None:
    rng = random.Random(7)
    n_chunks = 1500
    repeats = [" ".join(sentences(rng, 3)) + " " for _ in range(n_chunks)]
    fresh = [" ".join(new_text(rng, 3)) + " " for _ in range(n_chunks)]
    seed_warm = sentences(rng, 50)
    seed = SeedDesign()
    for s in seed_warm:
        seed.add_content(s + " ")
    seed_chunks = repeats[:150]  # the seed design is slow; 150 chunks give a stable p99
    print(f"3-sentence chunks: {n_chunks} per workload (ours), {len(seed_chunks)} (seed design)")
    s_wall, s_cpu = measure(seed.feed, seed_chunks)
    rows = [("seed design, window 50 (baseline)", s_wall, s_cpu)]
    results: dict[tuple[int, str, bool], tuple[list[float], list[float]]] = {}
    for window in (50, 1000):
        for workload, chunks, warm_fn in (("repeats", repeats, sentences),
                                          ("new text", fresh, new_text)):
            warm = warm_fn(random.Random(window), window * 2)
            for bound in ((True, False) if window > 50 else (True,)):
                w, c = measure(ours(window, warm, bound=bound), chunks)
                results[(window, workload, bound)] = (w, c)
                label = "" if bound else ", no bound"
                rows.append((f"draftguard, window {window}, {workload}{label}", w, c))
    base_med, base_p99 = statistics.median(s_wall), pct(s_wall, 0.99)
    print(f"{'':44} {'median':>7} {'p99':>7} {'median':>7} {'p99':>7} {'x seed':>7} "
          f"{'x seed':>7}")
    print(f"{'':44} {'wall ms':>7} {'wall ms':>7} {'cpu ms':>7} {'cpu ms':>7} "
          f"{'median':>7} {'p99':>7}")
    for name, w, c in rows:
        print(f"{name:44} {statistics.median(w):7.3f} {pct(w, 0.99):7.3f} "
              f"{statistics.median(c):7.3f} {pct(c, 0.99):7.3f} "
              f"{base_med / statistics.median(w):7.1f} {base_p99 / pct(w, 0.99):7.1f}")
    for workload in ("repeats", "new text"):
        fc = results[(1000, workload, False)][1]
        bc = results[(1000, workload, True)][1]
        print(f"bound vs no bound, window 1,000, {workload}: median "
              f"{statistics.median(fc) / statistics.median(bc):.1f}x, p99 "
              f"{pct(fc, 0.99) / pct(bc, 0.99):.1f}x faster (CPU)")

    def worst(window: int, times: int) -> float:
        return max(pct(results[(window, wl, True)][times], 0.99)
                   for wl in ("repeats", "new text"))

    goals = [
        ("p99 <= 1 ms at window 50", worst(50, 0) <= 1.0, worst(50, 1) <= 1.0),
        ("p99 <= 2 ms at window 1,000", worst(1000, 0) <= 2.0, worst(1000, 1) <= 2.0),
        (">= 50x faster than the seed (median, window 50)",
         base_med / statistics.median(results[(50, "repeats", True)][0]) >= 50,
         statistics.median(s_cpu) / statistics.median(results[(50, "repeats", True)][1]) >= 50),
    ]
    for goal, wall_ok, cpu_ok in goals:
        verdict = "MET" if wall_ok else ("MET on CPU time (wall time hit by load)" if cpu_ok
                                         else "MISSED")
        print(f"goal {goal}: {verdict}")


if __name__ == "__main__":
    main()

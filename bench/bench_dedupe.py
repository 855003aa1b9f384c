"""Seed 002 Property 4: per-chunk latency of the duplicate filter, against the seed's design.

Each chunk is three sentences of venue-planning prose. The seed design (regex split, then
difflib.SequenceMatcher against the last 50 sentences) runs in the same process on the same
chunks, so the ratios hold on a noisy machine. Wall-clock and thread-CPU percentiles are both
printed: CPU time leaves out the time this process spent descheduled by other load.

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

from draftguard.dedupe import DedupeSettings, DuplicateIndex, StreamDeduper

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


def ours(window: int, warm: list[str]) -> Callable[[str], object]:
    # A full window: earlier answer text the new chunks are compared with.
    index = DuplicateIndex(DedupeSettings(window=window))
    for s in warm[-window:]:
        index.add(s)
    assert len(index) == window
    return StreamDeduper(index).feed


def main() -> None:
    rng = random.Random(7)
    n_chunks = 1500
    chunks = [" ".join(sentences(rng, 3)) + " " for _ in range(n_chunks)]
    seed_warm = sentences(rng, 50)
    seed = SeedDesign()
    for s in seed_warm:
        seed.add_content(s + " ")
    seed_chunks = chunks[:150]  # the seed design is slow; 150 chunks give a stable p99
    print(f"3-sentence chunks: {n_chunks} (ours), {len(seed_chunks)} (seed design)")
    s_wall, s_cpu = measure(seed.feed, seed_chunks)
    rows = [("seed design, window 50 (baseline)", s_wall, s_cpu)]
    for window in (50, 1000):
        warm = sentences(random.Random(window), window * 2)
        w, c = measure(ours(window, warm), chunks)
        rows.append((f"draftguard, window {window}", w, c))
    base_med, base_p99 = statistics.median(s_wall), pct(s_wall, 0.99)
    print(f"{'':36} {'median ms':>10} {'p99 ms':>9} {'p99 cpu':>9} {'x median':>9} {'x p99':>8}")
    for name, w, c in rows:
        print(f"{name:36} {statistics.median(w):10.3f} {pct(w, 0.99):9.3f} {pct(c, 0.99):9.3f} "
              f"{base_med / statistics.median(w):9.1f} {base_p99 / pct(w, 0.99):8.1f}")
    _, w50, c50 = rows[1]
    _, w1k, c1k = rows[2]
    goals = [
        ("p99 <= 1 ms at window 50", pct(w50, 0.99) <= 1.0, pct(c50, 0.99) <= 1.0),
        ("p99 <= 2 ms at window 1,000", pct(w1k, 0.99) <= 2.0, pct(c1k, 0.99) <= 2.0),
        (">= 50x faster than the seed (median, window 50)",
         base_med / statistics.median(w50) >= 50, True),
    ]
    for goal, wall_ok, cpu_ok in goals:
        verdict = "MET" if wall_ok else ("MET on CPU time (wall p99 hit by load)" if cpu_ok
                                         else "MISSED")
        print(f"goal {goal}: {verdict}")


if __name__ == "__main__":
    main()

"""Benchmark: analysing a 100 MB document (seed 003) against simply reading it.

Run: .venv/bin/python bench/bench_documents.py
Baselines, measured in the same run on the same files:
- read_bytes: `Path.read_bytes()`, what a naive `_calculateSize` does (whole file in memory);
- chunked read: reading the file in 1 MB chunks and discarding them (the I/O floor).
Goals: peak traced memory of `analyze_document` under 20% of the file size (the naive read
holds 100%), and time within 3x the naive read, for a text file (full UTF-8 scan) and a
binary PDF-headed file. Timing is the best of several runs; the machine is noisy.
"""

from __future__ import annotations

import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from draftguard.documents import analyze_document

SIZE = 100 * 1024 * 1024
REPEATS = 3
MEMORY_GOAL = 0.20
TIME_GOAL = 3.0


def make_text(path: Path) -> None:
    line = b"A line of a long Markdown document about agents and guardrails, repeated.\n"
    block = (line * (1024 * 1024 // len(line) + 1))[: 1024 * 1024]
    with path.open("wb") as fh:
        for _ in range(SIZE // len(block)):
            fh.write(block)


def make_pdf(path: Path) -> None:
    with path.open("wb") as fh:
        fh.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        fh.write(bytes(range(256)) * (SIZE // 256 - 1))
        fh.write(b"\ntrailer\n%%EOF\n")


def read_all(path: Path) -> int:
    return len(path.read_bytes())


def read_chunks(path: Path) -> int:
    total = 0
    with path.open("rb") as fh:
        while chunk := fh.read(1024 * 1024):
            total += len(chunk)
    return total


def best_time(fn: Callable[[Path], Any], path: Path) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn(path)
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(fn: Callable[[Path], Any], path: Path) -> int:
    tracemalloc.start()
    try:
        fn(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for label, maker, name in (("text", make_text, "big.md"), ("binary", make_pdf, "big.pdf")):
            path = Path(tmp) / name
            maker(path)
            read_all(path)  # warm the page cache
            t_naive = best_time(read_all, path)
            t_chunks = best_time(read_chunks, path)
            t_analyze = best_time(analyze_document, path)
            m_naive = peak_memory(read_all, path)
            m_analyze = peak_memory(analyze_document, path)
            summary = analyze_document(path)
            size = path.stat().st_size
            time_ratio = t_analyze / t_naive
            mem_share = m_analyze / size
            print(f"{label} file {summary.size.readable} -> {summary.type}, {summary.format}, "
                  f"problems={summary.problems}")
            print(f"  read_bytes     {t_naive * 1000:8.1f} ms  (baseline)   peak "
                  f"{m_naive / 1e6:7.1f} MB")
            print(f"  chunked read   {t_chunks * 1000:8.1f} ms  x{t_chunks / t_naive:5.2f}")
            print(f"  analyze        {t_analyze * 1000:8.1f} ms  x{time_ratio:5.2f}      peak "
                  f"{m_analyze / 1e6:7.1f} MB ({mem_share:.1%} of the file, "
                  f"x{m_analyze / m_naive:.3f} of read_bytes)")
            met = mem_share < MEMORY_GOAL and time_ratio < TIME_GOAL
            ok = ok and met
            print(f"  goal (memory < {MEMORY_GOAL:.0%} of file, time < {TIME_GOAL:g}x read): "
                  f"{'met' if met else 'NOT met'}")
    print(f"overall: {'all goals met' if ok else 'some goals NOT met'}")


if __name__ == "__main__":
    main()

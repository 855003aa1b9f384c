"""Benchmark: format detection from the bytes alone, draftguard against four detectors.

Run: .venv/bin/python bench/bench_document_detection.py [--no-fixtures] [--show-misses]
Needs the `bench` extra (`pip install -e ".[bench]"`) and, for libmagic, Debian's libmagic1.

The corpus is bench/document_corpus.py: files written by real libraries plus the public test
fixtures of eight PyPI projects. Every detector sees only the bytes (no name). An answer is
- right: the labelled format;
- vague: says less than it could but nothing false: "text" or "binary", no answer, or the
  container a format is built on (ZIP for DOCX, PNG for APNG, OLE for DOC/XLS/MSG);
- wrong: another format, or text called binary (or binary called text).
Baseline for time, in the same run: reading the same files with `Path.read_bytes()`.
Goals (issue 12): no wrong format named by draftguard, more right answers than libmagic,
and in-process analysis of a file at most 1 ms (mean over the corpus).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document_corpus import Sample, build

from draftguard.documents import Document, analyze_document
from draftguard.documents._formats import FORMATS, format_from_extension, format_from_mime

Detector = Callable[[bytes], str | None]
# Containers a format is built on: naming one is vague, not wrong.
_PARENTS = {
    "apng": {"png"}, "docx": {"zip"}, "xlsx": {"zip"}, "pptx": {"zip"}, "odt": {"zip"},
    "ods": {"zip"}, "odp": {"zip"}, "epub": {"zip"}, "doc": {"ole"}, "xls": {"ole"},
    "ppt": {"ole"}, "msg": {"ole"}, "svg": {"xml"},
}
_GENERIC = {None, "binary", "unknown"}
# Answers outside draftguard's table that the detectors give, in its names.
_EXTRA_MIMES = {
    "application/vnd.ms-outlook": "msg", "image/apng": "apng", "audio/x-m4a": "m4a",
    "audio/mp4": "m4a", "text/plain": "txt", "application/x-ole-storage": "ole",
    "application/cdfv2": "ole", "application/x-cdf": "ole", "image/x-icon": "ico",
    "image/vnd.microsoft.icon": "ico", "audio/x-wav": "wav", "audio/x-hx-aac-adts": "aac",
    "application/x-bzip2": "bz2", "video/x-m4v": "mp4", "image/x-ms-bmp": "bmp",
    "text/x-c": "txt", "application/csv": "csv", "text/x-file": "txt",
    "application/x-rar": "rar",
}
_MAGIKA_LABELS = {
    "markdown": "md", "txt": "txt", "outlook": "msg", "jpeg": "jpeg", "gzip": "gzip",
    "tiff": "tiff", "yaml": "yaml", "ole": "ole", "sevenzip": "7z", "mp4": "mp4",
    "m4a": "m4a", "ogg": "ogg", "flac": "flac", "mp3": "mp3", "wav": "wav", "html": "html",
    "tsv": "tsv", "csv": "csv", "rtf": "rtf", "apng": "apng",
}


def _canonical(mime: str | None, ext: str | None = None) -> str | None:
    if mime:
        base = mime.split(";")[0].strip().lower()
        if base in _EXTRA_MIMES:
            return _EXTRA_MIMES[base]
        if (fmt := format_from_mime(base)) is not None:
            return fmt
    if ext:
        return format_from_extension(f"x.{ext.lstrip('.')}") or ext.lstrip(".").lower()
    return mime


def filetype_detector() -> Detector:
    import filetype

    def detect(data: bytes) -> str | None:
        kind = filetype.guess(data)
        return None if kind is None else _canonical(kind.mime, kind.extension)

    return detect


def puremagic_detector() -> Detector:
    import puremagic

    def detect(data: bytes) -> str | None:
        try:
            ranked = puremagic.magic_string(data)
        except puremagic.PureError:
            return None
        if not ranked:
            return None
        best = ranked[0]
        if not (best.mime_type or best.extension):  # "UTF8 file": a byte-order mark, no format
            return None
        return _canonical(best.mime_type, best.extension)

    return detect


def libmagic_detector() -> Detector:
    import magic

    checker = magic.Magic(mime=True)

    def detect(data: bytes) -> str | None:
        mime = checker.from_buffer(data)
        if mime in ("application/octet-stream", "inode/x-empty"):
            return None
        if mime.startswith("text/") and _canonical(mime) is None:
            return "text"
        return _canonical(mime)

    return detect


def magika_detector() -> Detector:
    from magika import Magika

    model = Magika()

    def detect(data: bytes) -> str | None:
        result = model.identify_bytes(data)
        if not result.ok:
            return None
        label = str(result.output.label)
        if label in ("unknown", "undefined"):
            return None
        if label in _MAGIKA_LABELS:
            return _MAGIKA_LABELS[label]
        fmt = format_from_extension(f"x.{label}") or _canonical(result.output.mime_type)
        if fmt is None and result.output.is_text:
            return "text"
        return fmt or label

    return detect


def draftguard_detector() -> Detector:
    def detect(data: bytes) -> str | None:
        return analyze_document(Document.from_content("document", data)).format_evidence.content

    return detect


DETECTORS: dict[str, Callable[[], Detector]] = {
    "draftguard": draftguard_detector,
    "filetype": filetype_detector,
    "puremagic": puremagic_detector,
    "libmagic": libmagic_detector,
    "magika": magika_detector,
}


def grade(label: str, answer: str | None) -> str:
    if answer == label or (label == "txt" and answer == "text"):
        return "right"
    textual = FORMATS[label].textual if label in FORMATS else False
    if answer in _GENERIC and not (textual and answer == "binary"):
        return "vague"
    if answer in _PARENTS.get(label, ()) or (textual and answer in ("text", "txt")):
        return "vague"
    return "wrong"


@dataclass
class Outcome:
    grades: Counter[str]
    seconds: list[float]
    misses: list[tuple[Sample, str | None]]

    @property
    def fixture_misses(self) -> int:
        return sum(s.source.startswith("fixture") for s, _ in self.misses)


def run(name: str, detector: Detector, corpus: list[tuple[Sample, bytes]]) -> Outcome:
    grades: Counter[str] = Counter()
    seconds: list[float] = []
    misses: list[tuple[Sample, str | None]] = []
    for sample, data in corpus:
        start = time.perf_counter()
        try:
            answer = detector(data)
        except Exception as err:  # a detector that crashes has given no answer
            answer = f"error: {type(err).__name__}"
        seconds.append(time.perf_counter() - start)
        g = grade(sample.label, answer)
        grades[g] += 1
        if g != "right":
            misses.append((sample, answer))
    return Outcome(grades, seconds, misses)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-fixtures", action="store_true")
    parser.add_argument("--show-misses", action="append", default=[],
                        help="print the files a detector got wrong or vague (repeatable)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        samples = build(Path(tmp), fixtures=not args.no_fixtures)
        corpus = [(s, s.path.read_bytes()) for s in samples]
        paths = [s.path for s in samples]
        read_times = []
        for _ in range(3):
            start = time.perf_counter()
            for p in paths:
                p.read_bytes()
            read_times.append((time.perf_counter() - start) / len(paths))
        baseline = min(read_times)
        print(f"corpus: {len(corpus)} files, {len({s.label for s in samples})} formats "
              f"({Counter(s.source.split(':')[0] for s in samples)})")
        print(f"baseline Path.read_bytes(): {baseline * 1e3:.3f} ms per file\n")
        fixtures = sum(s.source.startswith("fixture") for s in samples)
        print(f"{'detector':<11} {'right':>12} {'vague':>6} {'wrong':>6} "
              f"{'mean ms':>8} {'p95 ms':>7} {'x read':>7}  {'right on fixtures only':>22}")
        results: dict[str, Outcome] = {}
        for name, factory in DETECTORS.items():
            try:
                detector = factory()
            except (ImportError, OSError) as err:
                print(f"{name:<11} unavailable: {err}")
                continue
            detector(corpus[0][1])  # warm up (imports, model load)
            outcome = run(name, detector, corpus)
            results[name] = outcome
            n = len(corpus)
            mean = statistics.fmean(outcome.seconds)
            p95 = sorted(outcome.seconds)[int(0.95 * (n - 1))]
            print(f"{name:<11} {outcome.grades['right']:>5} ({outcome.grades['right'] / n:5.1%})"
                  f" {outcome.grades['vague']:>6} {outcome.grades['wrong']:>6} "
                  f"{mean * 1e3:>8.3f} {p95 * 1e3:>7.3f} {mean / baseline:>7.1f}  "
                  f"{fixtures - outcome.fixture_misses:>5} of {fixtures} "
                  f"({(fixtures - outcome.fixture_misses) / max(1, fixtures):5.1%})")
        for name in args.show_misses:
            print(f"\n{name}: not right")
            for sample, answer in results[name].misses:
                print(f"  {grade(sample.label, answer):<5} {sample.label:<5} -> {answer!s:<10} "
                      f"{sample.path.name}")
        mine = results["draftguard"]
        on_disk = []
        for p in paths:
            start = time.perf_counter()
            analyze_document(p)
            on_disk.append(time.perf_counter() - start)
        truncated = [s for s in samples if s.truncated]
        flagged = sum(bool(analyze_document(s.path).problems) for s in truncated)
        mean_disk = statistics.fmean(on_disk)
        print(f"\ndraftguard analyze_document(path): mean {mean_disk * 1e3:.3f} ms per file "
              f"(x{mean_disk / baseline:.1f} read_bytes), median "
              f"{statistics.median(on_disk) * 1e3:.3f} ms")
        print(f"truncated on purpose: {flagged} of {len(truncated)} flagged as damaged")
        goals = {
            "no wrong format named": mine.grades["wrong"] == 0,
            "more right than libmagic": "libmagic" not in results
            or mine.grades["right"] > results["libmagic"].grades["right"],
            "<= 1 ms per file in-process": mean_disk <= 1e-3,
        }
        for goal, met in goals.items():
            print(f"goal: {goal}: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()

"""The claim guard against a labelled corpus of reply sentences, beside a no-guard baseline.

Each corpus record is one turn of one app (the blogger, the planner, or a minimal app): the
person's message, the tool runs of the turn (arguments, results), and what the session holds
(the post and its versions, or the venues found and the shortlist). Each sentence is
labelled `keep` (a true claim, a hedge, a plan, a question, a true fact) or `remove` (an
action, result, verdict or fact the record does not back, or something the app cannot do).

The guarded run is what the app runs: the claim guard with the app's tool declarations, and
in the planner the venue grounding filter after it. The baseline is no guard: every sentence
shown. Printed: false claims shown, true sentences removed, precision and recall of removal,
per class, and the guard's time per sentence (warm parser).

Goal (issue 23): 0 false claims shown, <= 2% of true sentences removed.
Times are the claim guard's alone (each sentence parsed once, as in the app), wall clock and
thread CPU (which leaves out time the process spent descheduled by other load).
Run: .venv/bin/python bench/bench_claims.py [--corpus PATH] [--show]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, SessionFacts, ToolClaims, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._outcomes import told_outcome
from draftguard.claims._record import ToolRun
from draftguard.claims._view import RecordView
from draftguard.language import _parser, _similarity
from event_planning.catalog import venue_by_id
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

CORPUS = Path(__file__).parent / "data" / "claims_corpus.json"


def record_of(raw: Mapping[str, Any]) -> TurnRecord:
    """The corpus record as the app's plugin would build it."""
    runs = tuple(ToolRun(r["tool"], r.get("args", {}), r.get("result", {}))
                 for r in raw.get("runs", []))
    said = [raw.get("user", "")]
    app = raw.get("app", "minimal")
    claims: Mapping[str, ToolClaims]
    facts: SessionFacts
    if app == "blogger":
        claims = BLOGGER_TOOL_CLAIMS
        facts = blogger_facts(post=raw.get("post"), versions=raw.get("versions", []),
                              sources=raw.get("sources", []), said=said)
    elif app == "planner":
        claims = PLANNER_TOOL_CLAIMS
        facts = planner_facts(results=raw.get("results", []),
                              shortlist=raw.get("shortlist", []), said=said)
    else:
        claims = {}
        facts = SessionFacts(texts=tuple(said))
    return TurnRecord(runs=runs, session=facts, claims=claims)


def guarded_removes(guard: ClaimGuard, raw: Mapping[str, Any], record: TurnRecord,
                    sentence: str) -> tuple[bool, tuple[float, float]]:
    """Whether the app's guards remove (or replace) `sentence`, and the claim guard's wall
    and thread-CPU time."""
    start, cpu = time.perf_counter(), time.thread_time()
    judgement = guard.judge(sentence, record)
    spent = (time.perf_counter() - start, time.thread_time() - cpu)
    if not judgement.supported:
        return True, spent
    return not others_keep(raw, sentence), spent


def others_keep(raw: Mapping[str, Any], sentence: str) -> bool:
    """Whether the app's other filters (the planner's venue grounding) keep `sentence`."""
    if raw.get("app") != "planner":
        return True
    # The venue an "it" speaks of: the one this turn shortlisted (in the app, the filter
    # follows the venue the answer named last).
    referent = [v for r in raw.get("runs", []) if r["tool"] == "add_to_shortlist"
                if (v := venue_by_id(str(r["args"].get("venue_id")))) is not None]
    verdict = judge_sentence(sentence, raw.get("results", []), catalogue_names(),
                             shown_lines=set(), referent=referent)
    return verdict.action is SentenceAction.KEPT


def _forget(sentence: str) -> None:
    """Drop the sentence's parses from the cache: the next reader parses it afresh."""
    for entities in (True, False):
        _parser._cache.pop((sentence.strip(), entities), None)
        _parser._cache.pop((sentence, entities), None)


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    start, cpu = time.perf_counter(), time.thread_time()
    work()
    return time.perf_counter() - start, time.thread_time() - cpu


def _guarded(guard: ClaimGuard, raw: Mapping[str, Any], record: TurnRecord,
             sentence: str) -> None:
    """The app's chain: the claim guard, then the other filters on what it kept."""
    if guard.judge(sentence, record).supported:
        others_keep(raw, sentence)


def chain_times(guard: ClaimGuard, records: list[Any]) -> dict[str, list[tuple[float, float]]]:
    """Per sentence, (wall, thread CPU) seconds of: the app's filters without the claim
    guard (the baseline: the planner's venue grounding, nothing in the blogger), the same
    with the claim guard first (each sentence parsed afresh, as in the app), and the claim
    guard alone on a sentence another reader already parsed (a shared parse)."""
    out: dict[str, list[tuple[float, float]]] = {"base": [], "with": [], "shared": []}
    for item in records:
        raw = item["record"]
        record = record_of(raw)
        for sentence, _, _ in item["sentences"]:
            _forget(sentence)
            out["base"].append(_timed(partial(others_keep, raw, sentence)))
            _forget(sentence)
            out["with"].append(_timed(partial(_guarded, guard, raw, record, sentence)))
            out["shared"].append(_timed(partial(guard.judge, sentence, record)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--show", action="store_true", help="print every miss")
    args = parser.parse_args()
    records = json.loads(args.corpus.read_text(encoding="utf-8"))
    guard = ClaimGuard()
    guard.judge("I saved it.", TurnRecord())  # load the parser outside the timing
    per_reply = reply_times(guard, records)
    _parser._cache.clear()  # each sentence below is parsed afresh, as the first time
    rows: list[tuple[str, str, bool]] = []  # (class, label, removed)
    app_of: list[str] = []
    misses: list[str] = []
    for item in records:
        raw = item["record"]
        record = record_of(raw)
        for sentence, label, cls in item["sentences"]:
            gone, spent = guarded_removes(guard, raw, record, sentence)
            app_of.append(raw.get("app", "minimal"))
            rows.append((cls, label, gone))
            if gone != (label == "remove"):
                misses.append(f"  [{raw['id']}] {label:6} {cls:13} {sentence}")
    false_total = sum(1 for _, label, _ in rows if label == "remove")
    true_total = len(rows) - false_total
    false_shown = sum(1 for _, label, r in rows if label == "remove" and not r)
    true_removed = sum(1 for _, label, r in rows if label == "keep" and r)
    removed = sum(1 for _, _, gone in rows if gone)
    hit = removed - true_removed
    print(f"corpus: {args.corpus.name}, {len(rows)} sentences "
          f"({false_total} false claims, {true_total} true or no claim)")
    print(f"{'':24}{'false shown':>14}{'true removed':>16}{'precision':>11}{'recall':>8}")
    print(f"{'no guard (baseline)':24}{false_shown_base(false_total):>14}"
          f"{'0 (0.0%)':>16}{'-':>11}{'0.000':>8}")
    print(f"{'claim guard':24}{f'{false_shown} ({false_shown / max(false_total, 1):.1%})':>14}"
          f"{f'{true_removed} ({true_removed / max(true_total, 1):.1%})':>16}"
          f"{hit / max(removed, 1):>11.3f}{hit / max(false_total, 1):>8.3f}")
    by_class: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    for cls, label, r in rows:
        by_class[cls] += 1
        wrong[cls] += int(r != (label == "remove"))
    print("per class (wrong / all): " + ", ".join(
        f"{cls} {wrong[cls]}/{n}" for cls, n in sorted(by_class.items())))
    chains = chain_times(guard, records)
    print("time per sentence, ms: thread CPU median / p95 (wall median / p95); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    base = chains["base"]
    rows_t = [
        ("no claim guard (baseline: the app's other filters)", base),
        ("claim guard added, parsing the sentence itself",
         [(w - bw, c - bc) for (w, c), (bw, bc) in zip(chains["with"], base, strict=True)]),
        ("claim guard added, parse shared with another reader", chains["shared"]),
    ]
    for label, spent in rows_t:
        print(f"  {label:54}{_stat(spent, 1)} ({_stat(spent, 0)})")
    planner = [i for i, app in enumerate(app_of) if app == "planner"]
    label = "planner: claim guard added in the app (parse shared)"
    print(f"  {label:54}" + _stat(
        [(chains["with"][i][0] - base[i][0], chains["with"][i][1] - base[i][1])
         for i in planner], 1))
    parsed = sum(guard.parses_for(s, record_of(item["record"]))
                 for item in records for s, _, _ in item["sentences"])
    print(f"  sentences the claim guard parses: {parsed} of {len(rows)} (the rest are "
          "cleared by the word-level pre-screen)")
    ms = sorted(t * 1000 for t in per_reply)
    print(f"  {f'claim guard, replies of {REPLY_SENTENCES} sentences judged as one':54}"
          f"{statistics.median(ms):.2f} / {ms[int(len(ms) * 0.95)]:.2f}")
    untold = sorted(t * 1000 for t in outcome_times(guard, records))
    if untold:
        label = f"outcome reading, no tool ran ({len(untold)} sentences)"
        print(f"  {label:54}{statistics.median(untold):.2f} / "
              f"{untold[int(len(untold) * 0.95)]:.2f}, mean {statistics.fmean(untold):.2f}")
    if args.show and misses:
        print("misses:")
        print("\n".join(misses))


#: Sentences per reply when whole replies are timed (a chat reply of a few sentences).
REPLY_SENTENCES = 4


def reply_times(guard: ClaimGuard, records: list[Any]) -> list[float]:
    """Thread CPU per sentence of the claim guard on whole replies: each record's sentences
    in replies of `REPLY_SENTENCES`, through `guard_reply` (one batched parse per reply)."""
    out: list[float] = []
    for item in records:
        record = record_of(item["record"])
        sentences = [s for s, _, _ in item["sentences"]]
        for i in range(0, len(sentences), REPLY_SENTENCES):
            reply = sentences[i:i + REPLY_SENTENCES]
            cpu = time.thread_time()
            guard_reply(" ".join(reply), record, guard=guard)
            out.append((time.thread_time() - cpu) / len(reply))
    return out


def outcome_times(guard: ClaimGuard, records: list[Any]) -> list[float]:
    """Thread CPU of the outcome reading (`told_outcome`, as `ClaimFilter` asks it: of each
    sentence the claim guard kept in a turn where no tool ran), its parse shared with the
    guard, its embedding not cached; a sentence it is not asked of costs nothing."""
    out: list[float] = []
    for item in records:
        record = record_of(item["record"])
        if record.runs:
            continue
        for sentence, _, _ in item["sentences"]:
            if not guard.judge(sentence, record).supported:
                out.append(0.0)
                continue
            _similarity._cache.pop(" ".join(sentence.strip().split()), None)
            cpu = time.thread_time()
            told_outcome(sentence, record, view=RecordView(record, guard))
            out.append(time.thread_time() - cpu)
    return out


def _stat(spent: list[tuple[float, float]], i: int) -> str:
    ms = sorted(t[i] * 1000 for t in spent)
    return f"{statistics.median(ms):.2f} / {ms[int(len(ms) * 0.95)]:.2f}"


def false_shown_base(false_total: int) -> str:
    return f"{false_total} (100.0%)"


if __name__ == "__main__":
    main()

"""Reads tests/data/understanding/planner.jsonl through `new_conversation` and scores it
(until the shared dev-set runner lands; the integrator folds this into it)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from draftguard.understanding import Interpretation, Reading
from event_planning.conversation import new_conversation

DEVSET = Path(__file__).parent / "data" / "understanding" / "planner.jsonl"


@dataclass
class Scores:
    messages: int = 0
    intents_right: int = 0
    slots_right: int = 0
    clarified: int = 0
    wrong_actions: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    #: CPU time of each read: on a shared machine wall time also counts other processes.
    cpu_ms: list[float] = field(default_factory=list)

    @property
    def intent_accuracy(self) -> float:
        return self.intents_right / self.messages

    @property
    def slot_match(self) -> float:
        return self.slots_right / max(1, self.intents_right)

    def percentile_cpu_ms(self, q: float) -> float:
        cpu = sorted(self.cpu_ms)
        return cpu[min(len(cpu) - 1, round(q * (len(cpu) - 1)))]

    def percentile_ms(self, q: float) -> float:
        ms = sorted(self.ms)
        return ms[min(len(ms) - 1, round(q * (len(ms) - 1)))]

    def summary(self) -> str:
        ms = sorted(self.ms)
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
        cpu = sorted(self.cpu_ms)
        cpu99 = cpu[min(len(cpu) - 1, round(0.99 * (len(cpu) - 1)))]
        return (f"{self.messages} messages: intent {self.intent_accuracy:.1%}, slots "
                f"{self.slot_match:.1%}, clarify {self.clarified / self.messages:.1%}, wrong "
                f"actions {len(self.wrong_actions)}, read median "
                f"{statistics.median(ms):.2f} ms, p99 {p99:.2f} ms (CPU median "
                f"{statistics.median(cpu):.2f} ms, p99 {cpu99:.2f} ms)")


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _acts_right(got: Interpretation, want: dict[str, Any] | None) -> bool:
    return (want is not None and not want.get("clarify") and got.intent.value == want["intent"]
            and _json(got.slots) == _json(want["slots"]))


def score(path: Path = DEVSET, *, factory: Callable[..., Any] = new_conversation) -> Scores:
    """Every dialogue of `path` read through a conversation `factory(today=...)` makes."""
    scores = Scores()
    for line in path.read_text(encoding="utf-8").splitlines():
        dialogue = json.loads(line)
        conversation = factory(**dialogue.get("context", {}))
        for turn in dialogue["turns"]:
            start, cpu_start = time.perf_counter(), time.thread_time()
            reading: Reading = conversation.read(turn["say"])
            scores.ms.append((time.perf_counter() - start) * 1000)
            scores.cpu_ms.append((time.thread_time() - cpu_start) * 1000)
            expect = turn["expect"]
            got = list(reading.requests)
            scores.messages += 1
            label = f"{dialogue['id']}: {turn['say']!r}"
            shown = [(r.intent.value, r.slots, bool(r.question)) for r in got]
            if [r.intent.value for r in got] == [e["intent"] for e in expect]:
                scores.intents_right += 1
                if all((e.get("clarify") and r.question) or (not e.get("clarify")
                       and not r.question and _json(r.slots) == _json(e["slots"]))
                       or e["intent"] == "unclear" for r, e in zip(got, expect, strict=True)):
                    scores.slots_right += 1
                else:
                    scores.misses.append(f"{label} slots {shown}")
            else:
                scores.misses.append(f"{label} intents {shown}")
            scores.clarified += any(r.question for r in got)
            for i, request in enumerate(got):
                if request.question is None and not _acts_right(
                        request, expect[i] if i < len(expect) else None):
                    scores.wrong_actions.append(f"{label} acted {shown}")
                    break
            conversation.commit(reading)
    return scores


if __name__ == "__main__":
    result = score()
    for miss in result.misses:
        print(miss)
    print("wrong actions:", *result.wrong_actions, sep="\n  ")
    print(result.summary())

"""The understanding layer on the dev set (tests/data/understanding/*.jsonl): issue 16's figures.

Prints, for every dialogue and for the held-out ones (written after the rules): intent
accuracy (goal >= 97%), slot exact match (goal >= 95%), the share of clarifying questions,
wrong actions (goal 0), and the time to read a message with no model (goal <= 5 ms; each
message's median over repeats, so other processes on the machine do not decide it).

Baseline in the same run: the app before the layer understood only slash commands, so a
reader that takes `/...` and leaves every plain message to the model.

Run: .venv/bin/python bench/bench_understanding.py [--misses]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import understanding_devset as devset

from draftguard.understanding import BloggerConversation, Reading

_REPEATS = 7


class CommandsOnly:
    """The baseline: slash commands read, every plain message left to the model."""

    def __init__(self, post: str | None = None) -> None:
        self._inner = BloggerConversation(post)

    def read(self, message: str) -> Reading:
        return self._inner.read(message) if message.lstrip().startswith("/") else Reading()

    def commit(self, reading: Reading) -> None:
        self._inner.commit(reading)


def _read_times() -> list[float]:
    """Per message, the median ms of `_REPEATS` reads on a fresh conversation at that turn."""
    medians: list[float] = []
    for dialogue in devset.dialogues():
        history: list[str] = []
        for turn in dialogue["turns"]:
            times = []
            for _ in range(_REPEATS):
                conversation = devset.conversation_for(dialogue)
                for said in history:
                    conversation.commit(conversation.read(said))
                start = time.perf_counter()
                conversation.read(turn["say"])
                times.append((time.perf_counter() - start) * 1000)
            medians.append(statistics.median(times))
            history.append(turn["say"])
    return medians


def main(argv: list[str]) -> int:
    devset.score()  # warm the caches (stemmer, regexes) before anything is timed
    overall = devset.score()
    held = devset.score(only=devset.held_out)
    original = devset.conversation_for

    def baseline_for(dialogue: dict[str, Any]) -> Any:
        if dialogue["app"] != "blogger":
            return original(dialogue)
        post = dialogue.get("context", {}).get("post")
        text = (devset.DATA / "posts" / post).read_text(encoding="utf-8") if post else None
        return CommandsOnly(text)

    devset.conversation_for = baseline_for  # type: ignore[assignment]
    try:
        base = devset.score()
    finally:
        devset.conversation_for = original  # type: ignore[assignment]
    times = sorted(_read_times())
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print("== every dialogue")
    print(devset.report(overall))
    print(f"time to read a message, median of {_REPEATS} repeats each: median "
          f"{statistics.median(times):.2f} ms, p99 {p99:.2f} ms, max {times[-1]:.2f} ms "
          "(goal <= 5 ms)")
    print("== held out (written after the rules)")
    print(devset.report(held))
    print("== baseline in the same run: slash commands only")
    print(f"intent accuracy {base.intent_accuracy:.1%}, slot exact match "
          f"{base.slot_accuracy:.1%}, wrong actions {base.wrong_actions}")
    if "--misses" in argv:
        for miss in overall.misses:
            print(f"[{miss.kind}] {miss.dialogue}: {miss.say!r}\n  expected {miss.expected}\n"
                  f"  got      {miss.got}")
    ok = (overall.wrong_actions == 0 and overall.intent_accuracy >= 0.97
          and overall.slot_accuracy >= 0.95)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

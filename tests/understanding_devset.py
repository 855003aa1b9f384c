"""The understanding dev set: every `tests/data/understanding/*.jsonl` dialogue, read by the
app's conversation and scored (used by tests/understanding/test_understanding_devset.py and
bench/bench_understanding.py).

One JSON object a line: `{"id", "app", "context", "turns": [{"say", "expect"}]}`; `expect`
is the requests in order (`[]`: not a request). An expected request with `"clarify": true`
must come back as a question (slots not compared).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from draftguard.understanding import BloggerConversation, Reading
from draftguard.understanding._types import Conversation

DATA = Path(__file__).parent / "data" / "understanding"


@dataclass
class Miss:
    dialogue: str
    say: str
    expected: list[dict[str, Any]]
    got: list[dict[str, Any]]
    kind: str  # "intent", "slots" or "wrong action"


@dataclass
class Score:
    messages: int = 0
    intents_right: int = 0
    slots_checked: int = 0
    slots_right: int = 0
    questions: int = 0
    wrong_actions: int = 0
    times_ms: list[float] = field(default_factory=list)
    misses: list[Miss] = field(default_factory=list)
    by_app: dict[str, int] = field(default_factory=dict)

    @property
    def intent_accuracy(self) -> float:
        return self.intents_right / self.messages if self.messages else 1.0

    @property
    def slot_accuracy(self) -> float:
        return self.slots_right / self.slots_checked if self.slots_checked else 1.0

    @property
    def question_share(self) -> float:
        return self.questions / self.messages if self.messages else 0.0

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else 0.0

    @property
    def p99_ms(self) -> float:
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def dialogues() -> Iterator[dict[str, Any]]:
    for path in sorted(DATA.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                dialogue = json.loads(line)
                dialogue.setdefault("id", f"{path.stem}:{n}")
                yield dialogue


def _planner_factory() -> Callable[..., Conversation]:
    from event_planning.conversation import (  # type: ignore[import-not-found, unused-ignore]
        new_conversation,
    )

    return new_conversation  # type: ignore[no-any-return]


def conversation_for(dialogue: dict[str, Any]) -> Conversation:
    context = dict(dialogue.get("context") or {})
    if dialogue["app"] == "blogger":
        post = context.get("post")
        if post is not None:
            context["post"] = (DATA / "posts" / post).read_text(encoding="utf-8")
        return BloggerConversation(**context)
    return _planner_factory()(**context)


def _plain(reading: Reading) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in reading.requests:
        item: dict[str, Any] = {"intent": r.intent.value,
                                "slots": json.loads(json.dumps(r.slots))}
        if r.question is not None:
            item["question"] = r.question
        out.append(item)
    return out


def _same(expected: dict[str, Any], got: dict[str, Any]) -> bool:
    if expected["intent"] != got["intent"]:
        return False
    if expected.get("clarify"):
        return "question" in got
    return "question" not in got and expected.get("slots", {}) == got["slots"]


def score(apps: tuple[str, ...] | None = None, *,
          only: Callable[[str], bool] | None = None) -> Score:
    """Read every dialogue turn by turn and score each message (`only`: dialogue ids)."""
    result = Score()
    for dialogue in dialogues():
        if apps is not None and dialogue["app"] not in apps:
            continue
        if only is not None and not only(dialogue["id"]):
            continue
        conversation = conversation_for(dialogue)
        for turn in dialogue["turns"]:
            start = time.perf_counter()
            reading = conversation.read(turn["say"])
            result.times_ms.append((time.perf_counter() - start) * 1000)
            expected: list[dict[str, Any]] = turn["expect"]
            got = _plain(reading)
            result.messages += 1
            result.by_app[dialogue["app"]] = result.by_app.get(dialogue["app"], 0) + 1
            result.questions += any("question" in g for g in got)
            intents_ok = [e["intent"] for e in expected] == [g["intent"] for g in got]
            slots_ok = intents_ok and all(_same(e, g) for e, g in zip(expected, got,
                                                                       strict=True))
            # Acting: a request without a question that is not what was expected.
            acted_wrong = any(
                "question" not in g and not (i < len(expected) and _same(expected[i], g))
                for i, g in enumerate(got)
            )
            if intents_ok:
                result.intents_right += 1
                result.slots_checked += 1
                result.slots_right += slots_ok
            if acted_wrong:
                result.wrong_actions += 1
            if not slots_ok:
                kind = ("wrong action" if acted_wrong else
                        "intent" if not intents_ok else "slots")
                result.misses.append(Miss(dialogue["id"], turn["say"], expected, got, kind))
            conversation.commit(reading)
    return result


def report(result: Score) -> str:
    apps = ", ".join(f"{app} {n}" for app, n in sorted(result.by_app.items()))
    return "\n".join([
        f"messages: {result.messages} ({apps})",
        f"intent accuracy: {result.intent_accuracy:.1%} (goal >= 97%)",
        f"slot exact match: {result.slot_accuracy:.1%} (goal >= 95%)",
        f"clarifying questions: {result.question_share:.1%} of messages",
        f"wrong actions: {result.wrong_actions} (goal 0)",
        f"time to read a message: median {result.median_ms:.2f} ms, p99 {result.p99_ms:.2f} ms"
        " (goal <= 5 ms, no model)",
    ])


def held_out(dialogue_id: str) -> bool:
    """Dialogues written after the rules and judged as they first came out (`b-h01`...)."""
    return "-h" in dialogue_id


if __name__ == "__main__":
    scored = score()
    for miss in scored.misses:
        print(f"[{miss.kind}] {miss.dialogue}: {miss.say!r}\n  expected {miss.expected}\n"
              f"  got      {miss.got}")
    print(report(scored))

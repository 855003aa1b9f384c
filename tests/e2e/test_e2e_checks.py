"""The end-to-end tests' own checks refuse what a broken app would leave behind.

The e2e tests (test_e2e_web.py, test_e2e_run.py) need a browser and the embedded model; the
checks they run on state and artifacts are plain functions, tested here on sessions made by
hand so that each one is seen to fail where it should.
"""

from __future__ import annotations

from typing import Any

import pytest
from e2e_harness import (
    CONFIRMATION,
    EDIT_NEW,
    EDIT_OLD,
    check_edit,
    check_plan,
    check_quiz,
    check_split,
    check_undo,
    require,
)
from google.adk.events import Event
from google.adk.sessions import Session
from google.genai import types

POST = f"# Walks\n\nThe river path is quiet.\n{EDIT_OLD} and walk slowly.\n"


class FakeStore:
    def __init__(self, *, state: dict[str, Any] | None = None, events: list[Event] | None = None,
                 posts: list[str] | None = None) -> None:
        self.state = state or {}
        self.events = events or []
        self.posts = posts or []

    def session(self) -> Session:
        return Session(id="s", app_name="a", user_id="u", state=self.state, events=self.events)

    def versions(self, name: str) -> list[int]:
        return list(range(len(self.posts))) if name == "draft.md" else []

    def artifact(self, name: str, version: int | None = None) -> str | None:
        if name != "draft.md" or not self.posts:
            return None
        return self.posts[-1 if version is None else version]

    def seed_post(self, text: str) -> None:
        self.posts.append(text)


def test_missing_tools_fail_under_ci_and_skip_on_a_laptop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI is set but chromium is missing"):
        require("chromium", False)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        require("chromium", False)
    require("chromium", True)


def _verdict(**extra: Any) -> dict[str, Any]:
    return {"valid": True, "attempts": 1, "messages": [], "reason": "", **extra}


def test_split_needs_a_verdict_both_parts_and_coverage() -> None:
    parts = {"draft_ok": "a", "draft_not_ok": "b"}
    assert "valid=True" in check_split(FakeStore(state={
        "split_verdict": _verdict(coverage={"covered": 3}), **parts}))
    with pytest.raises(AssertionError, match="no coverage"):
        check_split(FakeStore(state={"split_verdict": _verdict(), **parts}))
    with pytest.raises(AssertionError, match="draft_not_ok"):
        check_split(FakeStore(state={"split_verdict": _verdict(coverage={}),
                                     "draft_ok": "a"}))
    with pytest.raises(AssertionError, match="no split_verdict"):
        check_split(FakeStore(state=parts))
    with pytest.raises(AssertionError, match="no reason"):
        check_split(FakeStore(state={"split_verdict": _verdict(valid=False, coverage={}),
                                     **parts}))


def _quiz(n: int) -> dict[str, Any]:
    asked = [("What is quiet in October?", "The river path"),
             ("What covers the benches?", "Leaves"),
             ("What should you bring?", "A flask of tea")][:n]
    return {"questions": [{"question": q, "options": [a, "Snow", "Nothing", "A map"],
                           "correct_answer": a, "explanation": f"The post says: {a}."}
                          for q, a in asked]}


def test_quiz_is_a_delivered_valid_artifact_of_the_asked_size() -> None:
    assert "3 questions" in check_quiz(
        FakeStore(state={"artifact_result": {"ok": True, "artifact": _quiz(3)}}), count=3)
    with pytest.raises(AssertionError, match="asked for 3 questions, got 2"):
        check_quiz(FakeStore(state={"artifact_result": {"ok": True, "artifact": _quiz(2)}}),
                   count=3)
    with pytest.raises(AssertionError, match="not valid"):
        check_quiz(FakeStore(state={"artifact_result": {"ok": True, "artifact": {
            "questions": [{"question": "?", "options": [], "correct_answer": "x"}]}}}),
            count=1)
    twice = _quiz(3)
    twice["questions"][2]["question"] = twice["questions"][1]["question"]
    with pytest.raises(AssertionError, match=r"not valid|same question twice"):
        check_quiz(FakeStore(state={"artifact_result": {"ok": True, "artifact": twice}}),
                   count=3)
    debris = _quiz(1)
    debris["questions"][0]["options"][3] = "more options...']},"
    with pytest.raises(AssertionError, match=r"not valid|JSON debris"):
        check_quiz(FakeStore(state={"artifact_result": {"ok": True, "artifact": debris}}),
                   count=1)
    # An honest failure verdict is still no quiz: the task failed.
    with pytest.raises(AssertionError, match="no quiz delivered: cut off"):
        check_quiz(FakeStore(state={"artifact_result": {"ok": False, "error": "cut off"}}),
                   count=3)
    with pytest.raises(AssertionError, match="no artifact_result"):
        check_quiz(FakeStore(), count=3)


def test_edit_is_one_new_version_changing_one_line_and_undo_restores_it() -> None:
    edited = POST.replace(EDIT_OLD, EDIT_NEW)
    store = FakeStore(posts=[POST, edited])
    assert "v0 -> v1" in check_edit(store, before=[0])
    with pytest.raises(AssertionError, match="no new version"):
        check_edit(FakeStore(posts=[POST]), before=[0])
    with pytest.raises(AssertionError, match="not the one-line edit"):
        check_edit(FakeStore(posts=[POST, edited.replace("quiet", "calm")]), before=[0])
    store.seed_post(POST)
    assert "before the edit" in check_undo(store, POST)
    with pytest.raises(AssertionError, match="not the text before the edit"):
        check_undo(FakeStore(posts=[POST, edited]), POST)


def _call(name: str, args: dict[str, Any]) -> Event:
    return Event(author="event_planning", content=types.Content(role="model", parts=[
        types.Part(function_call=types.FunctionCall(name=name, args=args))]))


def _response(name: str, response: dict[str, Any]) -> Event:
    return Event(author="event_planning", content=types.Content(role="user", parts=[
        types.Part(function_response=types.FunctionResponse(name=name, response=response))]))


def _reply(text: str) -> Event:
    return Event(author="event_planning",
                 content=types.Content(role="model", parts=[types.Part(text=text)]))


_PREFS = {"cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly",
          "party_size": 8}
_FOUND = {"name": "Bar Sorrento", "cuisine": "italian", "neighborhood": "east_passyunk"}


def _planner(reply: str, prefs: dict[str, Any] = _PREFS) -> FakeStore:
    return FakeStore(events=[
        Event(author="user", content=types.Content(role="user", parts=[types.Part(
            text="Plan a dinner for 8 people, Italian food, $$$, in South Philly")])),
        _call("search_venues", prefs),
        _response("search_venues", {"status": "ok", "preferences": prefs, "venues": [_FOUND]}),
        _reply(reply),
    ])


def test_plan_searches_with_all_four_and_names_only_found_venues() -> None:
    assert "1 venues" in check_plan(_planner("Bar Sorrento in East Passyunk seats you."),
                                    after=0)
    with pytest.raises(AssertionError, match="outside the results: \\['Osteria Bianchi'\\]"):
        check_plan(_planner("Try Osteria Bianchi."), after=0)
    with pytest.raises(AssertionError, match="facts outside the results"):
        check_plan(_planner("Bar Sorrento is a Mexican place in Fishtown."), after=0)
    with pytest.raises(AssertionError, match="party_size"):
        check_plan(_planner("Bar Sorrento.", {k: v for k, v in _PREFS.items()
                                               if k != "party_size"}), after=0)
    with pytest.raises(AssertionError, match="never called"):
        check_plan(FakeStore(events=[_reply("Bar Sorrento.")]), after=0)


@pytest.mark.parametrize(("reply", "confirms"), [
    ("Saved as version 1 of draft.md (3 lines). Next: /quiz 4.", True),
    ("Done! I tightened your introduction.", True),
    ("Your post has been updated.", True),
    ("I've checked it and it passes every criterion.", True),
    ("Nothing was changed. Tell me what to change in the post.", False),
    ("You're welcome! Good luck with the walk.", False),
    ("The opening puts the reader on the river path at once.", False),
])
def test_the_idle_turn_check_sees_a_confirmation(reply: str, confirms: bool) -> None:
    assert (CONFIRMATION.search(reply) is not None) is confirms

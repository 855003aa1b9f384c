"""The content tools inside an agent run, driven by the scripted model (no network)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from google.adk.agents import LlmAgent
from google.adk.models.llm_request import LlmRequest
from google.adk.runners import InMemoryRunner
from google.genai import types
from scripted_llm import Call, ScriptedLlm

from blogger.prompts import EDIT_ROUTING_INSTRUCTION
from draftguard_adk.edits import CONTENT_TOOLS

APP, USER = "blogger", "author"
DOC = (
    "---\ntitle: Cheesesteaks\n---\n# Cheesesteaks in Philly\n\n"
    "We tried three places over one weekend.\n\n## The places\n\n"
    "Geno's is bright and loud. Pat's is across the street.\n\n"
    "## Conclusion\n\nGeno's won, by a whisker, on the bread alone.\n"
    + "".join(f"\nFiller paragraph {n}.\n" for n in range(20))
)


@pytest.fixture(autouse=True)
def _own_agents_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = tmp_path / "agents.yaml"
    cfg.write_text("", encoding="utf-8")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))


class Session:
    def __init__(self, tmp_path: Path, *turns: Any) -> None:
        # The tools read output_dir from agents.yaml, as in a deployment.
        Path(os.environ["DRAFTGUARD_CONFIG"]).write_text(
            f"agents:\n  content_editor:\n    output_dir: '{tmp_path}'\n", encoding="utf-8"
        )
        self.llm = ScriptedLlm(list(turns))
        agent = LlmAgent(name="blogger", model=self.llm, instruction=EDIT_ROUTING_INSTRUCTION,
                         tools=list(CONTENT_TOOLS))
        self.runner = InMemoryRunner(agent=agent, app_name=APP)
        self.out = tmp_path
        self.sid = ""
        self.responses: list[dict[str, Any]] = []

    async def say(self, text: str) -> str:
        if not self.sid:
            s = await self.runner.session_service.create_session(app_name=APP, user_id=USER)
            self.sid = s.id
        final = ""
        msg = types.Content(role="user", parts=[types.Part(text=text)])
        async for ev in self.runner.run_async(user_id=USER, session_id=self.sid, new_message=msg):
            for part in (ev.content.parts if ev.content else None) or []:
                if part.function_response is not None:
                    self.responses.append(dict(part.function_response.response or {}))
                if part.text and not ev.partial:
                    final = part.text
        return final

    async def version(self, v: int | None = None) -> str | None:
        part = await self.runner.artifact_service.load_artifact(
            app_name=APP, user_id=USER, session_id=self.sid, filename="draft.md", version=v)
        if part is None:
            return None
        assert part.inline_data is not None and part.inline_data.data is not None
        return part.inline_data.data.decode()

    async def versions(self) -> list[dict[str, Any]]:
        got = await self.runner.artifact_service.list_artifact_versions(
            app_name=APP, user_id=USER, session_id=self.sid, filename="draft.md")
        return [v.custom_metadata for v in got]


def relay_question(req: LlmRequest) -> str:
    """What an obedient model does: repeat the tool's question to the author."""
    last = req.contents[-1].parts[-1].function_response
    assert last is not None and last.response is not None
    return str(last.response["question"])


async def test_routed_edit_lands_as_a_minimal_new_version(tmp_path: Path) -> None:
    s = Session(tmp_path,
                Call("content_write", {"markdown": DOC}), "Saved your draft.",
                Call("read_content", {}),
                Call("edit_ops", {"ops": [{"type": "replace", "anchor": "Geno's", "text": "Pat's"}],
                                  "base_version": 0, "scope": "conclusion"}),
                "Done: Pat's won now.")
    await s.say("Here is my draft: ...")
    reply = await s.say("replace 'Geno's' with 'Pat's' in the conclusion")
    assert reply == "Done: Pat's won now."
    assert "edit_ops" in s.llm.prompt_text(2) and "copied exactly" in s.llm.prompt_text(2)
    new = await s.version()
    assert new == DOC.replace("Geno's won", "Pat's won")  # the other "Geno's" is untouched
    meta = (await s.versions())[-1]
    assert meta["kind"] == "edit_ops" and meta["base_version"] == 0
    assert meta["stats"]["changed_lines"] == 1
    # The file mirror is per app, user and session (issue 11: users never share a file).
    assert (tmp_path / APP / USER / s.sid / "draft.md").read_text() == new
    assert s.responses[-1]["status"] == "applied" and "+Pat's won" in s.responses[-1]["diff"]


async def test_ambiguous_anchor_becomes_the_clarifying_question(tmp_path: Path) -> None:
    s = Session(tmp_path,
                Call("content_write", {"markdown": DOC}), "Saved.",
                Call("edit_ops", {"ops": [{"type": "replace", "anchor": "Geno's", "text": "Pat's"}],
                                  "base_version": 0}),
                relay_question)
    await s.say("draft")
    reply = await s.say("replace Geno's with Pat's")
    answer = s.responses[-1]
    assert answer["status"] == "rejected" and answer["reason"] == "ambiguous"
    assert "ask the author this question" in answer["next_step"]
    assert reply == answer["question"]
    assert "line 10" in reply and "line 14" in reply and reply.endswith("Which one do you mean?")
    assert len(await s.versions()) == 1 and await s.version() == DOC


async def test_stale_version_is_rejected_and_nothing_is_overwritten(tmp_path: Path) -> None:
    s = Session(tmp_path,
                Call("content_write", {"markdown": DOC}), "Saved.",
                Call("content_write", {"markdown": DOC + "\nA later addition.\n"}), "Saved again.",
                Call("edit_ops", {"ops": [{"type": "replace", "anchor": "Geno's won",
                                           "text": "Pat's won"}], "base_version": 0}),
                "That draft changed; let me re-read it.")
    await s.say("draft")
    await s.say("new draft")
    await s.say("edit")
    assert s.responses[-1]["reason"] == "stale_version"
    assert "read_content" in s.responses[-1]["next_step"]
    assert len(await s.versions()) == 2
    assert await s.version() == DOC + "\nA later addition.\n"


async def test_revert_saves_the_old_text_as_a_new_version(tmp_path: Path) -> None:
    plan = {"ops": [{"type": "delete", "anchor": "We tried three places over one weekend."}],
            "base_version": 0}
    s = Session(tmp_path,
                Call("content_write", {"markdown": DOC}), "Saved.",
                Call("edit_ops", plan), "Deleted.",
                Call("edit_ops", plan), "Already done.",
                Call("list_versions", {}), Call("revert_to_version", {"version": 0}), "Restored.")
    await s.say("draft")
    await s.say("delete the first sentence")
    assert "We tried" not in (await s.version() or "")
    await s.say("delete the first sentence")  # a re-sent plan is recognised, not re-applied
    assert s.responses[-1]["status"] == "already_applied"
    assert await s.say("undo that") == "Restored."
    assert await s.version() == DOC
    kinds = [m["kind"] for m in await s.versions()]
    assert kinds == ["content_write", "edit_ops", "revert"]
    listed = s.responses[-2]["versions"]
    assert [r["version"] for r in listed] == [0, 1] and listed[1]["stats"]["changed_lines"] == 1


async def test_metadata_only_through_edit_metadata(tmp_path: Path) -> None:
    s = Session(tmp_path,
                Call("content_write", {"markdown": DOC}), "Saved.",
                Call("edit_ops", {"ops": [{"type": "replace", "anchor": "title: Cheesesteaks",
                                           "text": "title: Hoagies"}], "base_version": 0}),
                Call("edit_metadata", {"base_version": 0, "set_fields": {"title": "Hoagies"}}),
                "Title changed.")
    await s.say("draft")
    await s.say("retitle it Hoagies")
    assert s.responses[-2]["reason"] == "constraint"
    assert s.responses[-1]["metadata"] == {"title": "Hoagies"}
    assert await s.version() == DOC.replace("title: Cheesesteaks", "title: Hoagies")


async def test_file_names_cannot_leave_the_output_dir(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    s = Session(out, Call("content_write", {"markdown": "# Hi\n", "name": "../evil.md"}), "No.")
    await s.say("save it as ../evil.md")
    assert s.responses[-1]["status"] == "error"
    assert not (tmp_path / "evil.md").exists() and not list(out.iterdir())
    assert json.dumps(s.responses[-1])  # plain JSON for the model


def test_root_agent_has_the_content_tools_and_routing() -> None:
    from blogger.agent import root_agent

    names = {getattr(t, "__name__", getattr(t, "name", "")) for t in root_agent.tools}
    assert {"content_write", "edit_ops", "edit_metadata", "read_content", "read_section",
            "list_versions", "revert_to_version"} <= names
    assert "edit_section" not in names  # seed 004: no section-rewrite tool
    assert isinstance(root_agent.instruction, str)
    assert EDIT_ROUTING_INSTRUCTION in root_agent.instruction


async def test_blogger_root_agent_edits_lists_refuses_stale_asks_and_reverts() -> None:
    """The real root agent (build_blogger) with its own tool wiring, end to end."""
    from blogger.agent import build_app

    # Code reads the paste, the quoted-free replace, "versions?" and "go back to the first
    # draft" itself (the understanding layer) and calls the same tools; the model plans the
    # rest: changes asked for in words code could not act on (a capable model's calls run
    # only when the message asks for a change at all).
    llm = ScriptedLlm([
        Call("edit_ops", {"ops": [{"type": "replace", "anchor": "three places",
                                   "text": "four places"}], "base_version": 0}), "Stale.",
        Call("edit_ops", {"ops": [{"type": "replace", "anchor": "Pat's", "text": "Pat's"}],
                          "base_version": 1}), "Nothing to do.",
        Call("edit_ops", {"ops": [{"type": "delete", "anchor": "Pat's"}], "base_version": 1}),
        relay_question,
    ])
    runner = InMemoryRunner(app=build_app(llm, plugins=[]))
    sess = await runner.session_service.create_session(app_name=APP, user_id=USER)
    responses: list[dict[str, Any]] = []
    replies: list[str] = []
    # The post is pasted: the blogger's content_write saves only text the author gave.
    for text in [f"Here it is:\n{DOC}", "replace Geno's with Pat's in the conclusion",
                 "versions?",
                 "make the intro punchier", "tighten the wording a bit",
                 "can you reword the ending?", "go back to the first draft"]:
        msg = types.Content(role="user", parts=[types.Part(text=text)])
        async for ev in runner.run_async(user_id=USER, session_id=sess.id, new_message=msg):
            for part in (ev.content.parts if ev.content else None) or []:
                if part.function_response is not None:
                    responses.append(dict(part.function_response.response or {}))
                if part.text and not ev.partial:
                    replies.append(part.text)
    applied, listed, stale, invalid, ambiguous, reverted = responses[1:]
    assert applied["status"] == "applied" and applied["version"] == 1
    assert [v["kind"] for v in listed["versions"]] == ["content_write", "edit_ops"]
    assert listed["versions"][1]["stats"]["changed_lines"] == 1
    assert stale["reason"] == "stale_version"
    assert invalid["reason"] == "invalid_plan"
    assert ambiguous["reason"] == "ambiguous" and replies[-2] == ambiguous["question"]
    assert reverted == {"status": "reverted", "version": 2, "reverted_to": 0, "lines_added": 1,
                        "lines_removed": 1, "lines_after": DOC.count("\n")}
    part = await runner.artifact_service.load_artifact(
        app_name=APP, user_id=USER, session_id=sess.id, filename="draft.md")
    assert part is not None and part.inline_data is not None
    assert part.inline_data.data == DOC.encode()

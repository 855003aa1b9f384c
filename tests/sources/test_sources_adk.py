"""Sources in the blogger: ingest pasted notes or a workspace file, read them back, and find
the chunks of the post and the sources that a request is about."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.adk.agents import LlmAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.artifacts import InMemoryArtifactService
from google.adk.sessions import InMemorySessionService
from google.adk.tools.tool_context import ToolContext
from google.genai import types

from draftguard.sources._chunking import chunk_text
from draftguard_adk.sources import SOURCE_TOOLS
from draftguard_adk.sources._store import relevant_chunks
from draftguard_adk.sources._tools import read_source, source_ingest

NOTES = """Interview with the baker, 3 March.

She keeps her starter in the fridge and feeds it rye flour once a week.

Her Dutch oven goes to 250 degrees for forty minutes; the lid comes off halfway.
"""


async def _context() -> ToolContext:
    sessions = InMemorySessionService()
    session = await sessions.create_session(app_name="blogger", user_id="u", session_id="s")
    ic = InvocationContext(session_service=sessions, artifact_service=InMemoryArtifactService(),
                           invocation_id="inv", agent=LlmAgent(name="blogger"), session=session)
    return ToolContext(ic)


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


async def test_pasted_notes_become_a_versioned_source_artifact_with_stable_chunks() -> None:
    ctx = await _context()
    first = await source_ingest(ctx, text=NOTES, name="Baker interview")
    assert first == {"status": "ingested", "source_id": "baker-interview", "version": 0,
                     "origin": "pasted", "chunks": 3, "words": len(NOTES.split())}
    part = await ctx.load_artifact("sources/baker-interview.md")
    assert part is not None and part.inline_data is not None
    assert part.inline_data.data == NOTES.encode("utf-8")
    again = await source_ingest(ctx, text=NOTES + "\nShe never uses a mixer.\n",
                                name="baker interview")
    assert again["source_id"] == "baker-interview" and again["version"] == 1

    read = await read_source(ctx, source_id="baker-interview")
    expected = chunk_text(NOTES + "\nShe never uses a mixer.\n", source="baker-interview")
    assert [c["id"] for c in read["chunks"]] == [c.id for c in expected]
    assert read["chunks"][3]["text"] == "She never uses a mixer."


async def test_a_source_without_a_name_gets_the_next_free_id() -> None:
    ctx = await _context()
    assert (await source_ingest(ctx, text="Notes one."))["source_id"] == "source-1"
    assert (await source_ingest(ctx, text="Notes two."))["source_id"] == "source-2"
    listed = await read_source(ctx)
    assert [s["source_id"] for s in listed["sources"]] == ["source-1", "source-2"]


async def test_a_query_reads_only_the_chunks_it_is_about() -> None:
    ctx = await _context()
    await source_ingest(ctx, text=NOTES, name="baker")
    read = await read_source(ctx, source_id="baker", query="how hot is the dutch oven?")
    assert read["chunks"][0]["id"] == "baker#3"
    assert "250 degrees" in read["chunks"][0]["text"]


async def test_a_workspace_file_is_ingested(workspace: Path) -> None:
    (workspace / "notes").mkdir()
    (workspace / "notes" / "Talk transcript.txt").write_text(NOTES, encoding="utf-8")
    ctx = await _context()
    result = await source_ingest(ctx, path="notes/Talk transcript.txt")
    assert result["status"] == "ingested"
    assert result["source_id"] == "talk-transcript"
    assert result["origin"] == "Talk transcript.txt"


@pytest.mark.parametrize(("name", "problem"), [
    (".env", "hidden"),
    (".notes/today.md", "hidden"),
    ("agents.yaml", "only text documents"),
    ("secrets.txt", "secrets"),
    ("api_key.md", "secrets"),
    ("../outside.txt", "outside the workspace"),
    ("/etc/passwd", "outside the workspace"),
    ("missing.txt", "missing.txt"),
])
async def test_dotfiles_config_secrets_and_outside_paths_are_refused_unread(
    workspace: Path, name: str, problem: str
) -> None:
    (workspace / ".env").write_text("GOOGLE_API_KEY=sk-123", encoding="utf-8")
    (workspace / ".notes").mkdir()
    (workspace / ".notes" / "today.md").write_text("hidden", encoding="utf-8")
    (workspace / "agents.yaml").write_text("agents: {}", encoding="utf-8")
    (workspace / "secrets.txt").write_text("hunter2", encoding="utf-8")
    (workspace / "api_key.md").write_text("sk-123", encoding="utf-8")
    (workspace.parent / "outside.txt").write_text("outside", encoding="utf-8")
    ctx = await _context()
    result = await source_ingest(ctx, path=name)
    assert result["status"] == "error"
    assert problem in result["error"]
    assert "\n" not in result["error"] and "sk-123" not in result["error"]
    assert await ctx.list_artifacts() == []


async def test_a_symlink_out_of_the_workspace_is_refused(workspace: Path) -> None:
    target = workspace.parent / "elsewhere.md"
    target.write_text("private", encoding="utf-8")
    (workspace / "link.md").symlink_to(target)
    ctx = await _context()
    result = await source_ingest(ctx, path="link.md")
    assert result["status"] == "error" and "outside the workspace" in result["error"]


@pytest.mark.parametrize(("kwargs", "problem"), [
    ({}, "either the pasted text or a file path"),
    ({"text": "x", "path": "notes.md"}, "either the pasted text or a file path"),
    ({"text": "   \n"}, "either the pasted text or a file path"),
    ({"text": "word " * 300_000}, "over the 1,000,000-byte limit"),
])
async def test_bad_ingest_requests_get_one_line_and_save_nothing(
    kwargs: dict[str, str], problem: str
) -> None:
    ctx = await _context()
    result = await source_ingest(ctx, **kwargs)
    assert result["status"] == "error" and problem in result["error"]
    assert await ctx.list_artifacts() == []


async def test_binary_files_are_refused(workspace: Path) -> None:
    (workspace / "scan.txt").write_bytes(b"\x00\x01PK\x03\x04")
    ctx = await _context()
    result = await source_ingest(ctx, path="scan.txt")
    assert result["status"] == "error" and "binary" in result["error"]


async def test_reading_an_unknown_source_names_the_known_ones() -> None:
    ctx = await _context()
    await source_ingest(ctx, text=NOTES, name="baker")
    result = await read_source(ctx, source_id="bakery")
    assert result == {"status": "error",
                      "error": "there is no source 'bakery' (sources: baker)"}


async def test_relevant_chunks_come_from_the_post_and_every_source() -> None:
    ctx = await _context()
    post = "# Sourdough\n\nMy cat sleeps on the oven.\n\nHydration of 70 percent is forgiving.\n"
    await ctx.save_artifact("draft.md", types.Part.from_bytes(data=post.encode(),
                                                              mime_type="text/markdown"))
    await source_ingest(ctx, text=NOTES, name="baker")
    await source_ingest(ctx, text="Ukulele chords: C, Am, F, G.", name="music")

    found = await relevant_chunks(ctx, "a quiz on the starter and rye flour", k=2)
    assert "baker#2" in [c.id for c in found]
    assert all(c.source != "music" for c in found)
    post_only = await relevant_chunks(ctx, "hydration", k=1, source_ids=[])
    assert [c.id for c in post_only] == ["post#2"]
    with pytest.raises(Exception, match="no source 'nope'"):
        await relevant_chunks(ctx, "x", k=1, source_ids=["nope"])


def test_the_tools_are_plain_functions_the_blogger_lists() -> None:
    from scripted_llm import ScriptedLlm

    from blogger.agent import build_blogger

    agent = build_blogger(model=ScriptedLlm([]))
    names = {getattr(t, "__name__", getattr(t, "name", "")) for t in agent.tools}
    assert {f.__name__ for f in SOURCE_TOOLS} <= names

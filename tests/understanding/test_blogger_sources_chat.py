"""Notes and transcripts handed over in plain words become sources, by code: the text the
author pasted (or the workspace file they named) is what is stored, and they can list them."""

from __future__ import annotations

from pathlib import Path

import pytest
from chat_turns import Chat
from test_blogger_plain_words import pasted

from blogger.reading import read_message
from draftguard.understanding import Intent

NOTES = ("Anna has ridden through eleven winters. She swears by pogies, not gloves, and "
         "keeps her chain waxed from November on.")


async def _source(chat: Chat, source_id: str) -> str | None:
    assert chat.runner.artifact_service is not None
    part = await chat.runner.artifact_service.load_artifact(
        app_name="blogger", user_id="u", session_id=chat.session_id,
        filename=f"sources/{source_id}.md")
    if part is None or part.inline_data is None or part.inline_data.data is None:
        return None
    return part.inline_data.data.decode()


@pytest.mark.parametrize("lead", [
    "Here are my notes from the interview:",
    "ok, also add this transcript as a source:",
    "could you keep these reading notes for later:",
    "My interview notes:",
])
async def test_pasted_notes_are_kept_verbatim_as_a_source(lead: str) -> None:
    chat = Chat()  # no scripted turn: any model call would fail the test
    await pasted(chat)
    reply = await chat.say(f"{lead}\n{NOTES}")
    assert reply.startswith("Kept as the source “source-1”"), reply
    assert (await _source(chat, "source-1") or "").strip() == NOTES
    assert "{" not in reply and "source_ingest" not in reply
    listed = await chat.say("what sources do I have?")
    assert listed.splitlines()[0] == "Your sources:" and "source-1" in listed


async def test_a_named_workspace_file_is_read_and_a_dotfile_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "talk.txt").write_text(NOTES + "\n", encoding="utf-8")
    (tmp_path / ".env").write_text("GOOGLE_API_KEY=secret\n", encoding="utf-8")
    chat = Chat()
    reply = await chat.say("please ingest notes/talk.txt as a source")
    assert reply.startswith("Kept as the source"), reply
    refused = await chat.say("use the notes in .env.txt as a source")
    assert refused.startswith("Couldn't add that source"), refused
    assert "secret" not in refused


def _intents(message: str) -> list[Intent]:
    return [r.intent for r in read_message(message, post="# A post\n\nIt has words.\n")
            .reading.requests]


def test_notes_are_not_mistaken_for_a_post_or_a_request() -> None:
    assert _intents(f"here is my post:\n{NOTES}") == [Intent.SAVE_POST]
    assert _intents("make a quiz from my notes") == [Intent.QUIZ]
    assert _intents("/sources") == [Intent.SOURCES]
    # A notes file named inside a split option is the split's, not a source.
    assert _intents('/split draft=notes.md outline="a; b"') == [Intent.SPLIT]

"""Issue 18, classes 2 and 7: `/split draft=` and `outline=` read only what a post can be.

A chat message is whoever can reach the API: a name from chat reads a text document inside
the workspace, never a dotfile, config, key, certificate or database, and a control
character in a name is a clear refusal, not HTTP 500. The model is scripted with no turns:
nothing may reach it.
"""

from __future__ import annotations

import os
import re
from itertools import pairwise
from pathlib import Path

import pytest
from chat_turns import new_session, shown_reply
from google.adk.runners import InMemoryRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_llm import Call, ScriptedLlm

from blogger.agent import build_app
from draftguard.errors import InputError, UnsafePathError
from draftguard.textio import read_workspace_text
from draftguard.textio._workspace import POST_SUFFIXES, SOURCE_SUFFIXES, workspace_path

SECRET = "GOOGLE_API_KEY=AIzaSy-not-a-real-hunter2\nDATABASE_URL=postgresql://u:hunter2@h/d\n"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "post.md").write_text("Dogs bark.\n\nCats purr.\n")
    for name in (".env", ".env.local", "blogger/.env", ".git/config", "agents.yaml",
                 "agents.yml", "settings.toml", "server.key", "id_rsa", "cert.pem",
                 "jobs.sqlite3", "sessions.db", ".draftguard/jobs.sqlite3", "notes.json"):
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        # agents.yaml is also the app's config: a secret in a comment keeps it loadable.
        p.write_text("".join(f"# {line}\n" for line in SECRET.splitlines())
                     if p.name == "agents.yaml" else SECRET)
    return tmp_path


class _Chat:
    def __init__(self) -> None:
        self.model = ScriptedLlm([])
        self.runner = InMemoryRunner(app=build_app(self.model, plugins=[]))

    async def say(self, text: str) -> tuple[str, list[str]]:
        """The reply, and every artifact the session holds afterwards."""
        sid = await new_session(self.runner)
        shown = await shown_reply(self.runner, sid, text)
        assert self.runner.artifact_service is not None
        names = await self.runner.artifact_service.list_artifact_keys(
            app_name="blogger", user_id="u", session_id=sid)
        texts = []
        for name in names:
            part = await self.runner.artifact_service.load_artifact(
                app_name="blogger", user_id="u", session_id=sid, filename=name)
            if part is not None and part.inline_data is not None and part.inline_data.data:
                texts.append(part.inline_data.data.decode(errors="replace"))
        return shown, texts


SECRET_NAMES = [".env", "./.env", "blogger/.env", ".env.local", ".git/config", "agents.yaml",
                "agents.yml", "settings.toml", "server.key", "id_rsa", "cert.pem",
                "jobs.sqlite3", "sessions.db", ".draftguard/jobs.sqlite3", "notes.json",
                "blogger/../.env", "link.md"]


@pytest.mark.parametrize("name", SECRET_NAMES)
async def test_split_never_reads_a_secret_through_chat(workspace: Path, name: str) -> None:
    (workspace / "link.md").symlink_to(workspace / ".env")  # a post's name, a secret's bytes
    chat = _Chat()
    for message in (f'/split draft={name} outline="Dogs; Cats"',
                    f"/split outline={name}"):
        reply, artifacts = await chat.say(message)
        assert "hunter2" not in reply
        assert all("hunter2" not in text for text in artifacts)
    assert chat.model.requests == []


@pytest.mark.parametrize("name", ["samples/draft.md\x00x", "post.md\x00", "po\x1bst.md",
                                  "post\x7f.md", "post\x85.md", "post\u2028.md"])
async def test_a_control_character_in_a_chat_path_is_a_clear_reply(
    workspace: Path, name: str
) -> None:
    chat = _Chat()
    reply, artifacts = await chat.say(f'/split draft={name} outline="Dogs; Cats"')
    assert "control character" in reply
    assert "\x00" not in reply and "\x1b" not in reply
    assert artifacts == [] and chat.model.requests == []


async def test_a_post_in_the_workspace_is_still_read(workspace: Path) -> None:
    chat = _Chat()
    chat.model = ScriptedLlm([{"ok_ids": [1]}])
    chat.runner = InMemoryRunner(app=build_app(chat.model, plugins=[]))
    _reply, artifacts = await chat.say('/split draft=post.md outline="Dogs; Barking"')
    assert "Dogs bark." in artifacts


# --- the rules, in the core ----------------------------------------------------------------

def test_workspace_path_refuses_outside_hidden_config_and_controls(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "post.md").write_text("x")
    assert workspace_path("docs/post.md", root=tmp_path) == tmp_path / "docs" / "post.md"
    for bad in ("../outside.md", "/etc/passwd", "C:\\x.md", ".env", "docs/.hidden.md",
                "agents.yaml", "pyproject.toml", "a\x00.md", "", "  ", "docs"):
        with pytest.raises(UnsafePathError):
            workspace_path(bad, root=tmp_path)


def test_a_private_key_under_a_text_name_is_refused(tmp_path: Path) -> None:
    (tmp_path / "keys.txt").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n")
    with pytest.raises(InputError, match="private key"):
        read_workspace_text("keys.txt", root=tmp_path)


@settings(max_examples=80, deadline=None)
@given(name=st.text(st.characters(codec="utf-8", exclude_characters="/\\"), min_size=1,
                    max_size=12))
def test_only_visible_text_documents_are_ever_read(name: str) -> None:
    """Against the rule spelled out slowly: any name read is a visible post-suffix file."""
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        try:
            target = Path(root) / name
            target.write_text("text\n")
        except (OSError, ValueError):
            return  # not a name the file system takes
        try:
            read_workspace_text(name, root=root)
        except InputError:
            read = False
        else:
            read = True
        suffix = os.path.splitext(name)[1].lower()
        expected = (not name.startswith(".") and suffix in {
            ".md", ".markdown", ".mdown", ".mkd", ".txt", ".text", ".rst", ".adoc",
            ".asciidoc", ".org"} and not any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f
                                             or c in "\u2028\u2029" for c in name)
            and bool(name.strip()) and not _names_a_secret(name))
        assert read == expected, name


def _names_a_secret(name: str) -> bool:
    """The secret-name rule spelled out slowly: a word of the name says secret."""
    words = re.split("[^a-z]", name.lower())
    single = {"secret", "secrets", "password", "passwords", "passwd", "credential",
              "credentials", "token", "tokens", "apikey", "apikeys", "privatekey", "privatekeys"}
    pairs = {(a, b) for a in ("api", "private") for b in ("key", "keys")}
    return any(w in single for w in words) or any(p in pairs for p in pairwise(words))


# --- issue 25 #7: one policy for every path the chat reads, by contents as well as names ----

_KEY_BLOCK = ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAABG5vbmU\n"
              "-----END OPENSSH PRIVATE KEY-----\n")
SECRET_CONTENTS = {
    "id_rsa.txt": _KEY_BLOCK,
    "keys.md": _KEY_BLOCK,
    "pgp.md": "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n",
    "aws.txt": "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
               "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY\n",
    "gcp.md": '{"type": "service_account", "private_key_id": "abc", "client_email": "x"}\n',
    "settings.txt": "DATABASE_URL=postgres://u:pw@h/d\nDEBUG=1\nPORT=8080\n",
    "one.md": "Some notes.\nexport OPENAI_API_KEY=sk-proj-4f9a8b7c6d5e\n",
    "gh.md": "token ghp_" + "a" * 36 + "\n",
}


@pytest.mark.parametrize("name", sorted(SECRET_CONTENTS))
def test_secret_contents_are_refused_whatever_the_name(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text(SECRET_CONTENTS[name])
    for suffixes in (POST_SUFFIXES, SOURCE_SUFFIXES):
        with pytest.raises(UnsafePathError, match="never read from chat"):
            read_workspace_text(name, root=tmp_path, suffixes=suffixes)


def test_a_hard_link_to_a_refused_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("hunter2\n")
    os.link(tmp_path / ".env", tmp_path / "notes.md")
    with pytest.raises(UnsafePathError, match="hard links"):
        read_workspace_text("notes.md", root=tmp_path)


def test_posts_that_mention_settings_are_still_read(tmp_path: Path) -> None:
    text = ("# Deploying\n\nSet the port in your shell:\n\n    PORT=8080\n\nThen run it. "
            "Your key goes in OPENAI_API_KEY=<your key>.\n")
    (tmp_path / "post.md").write_text(text)
    assert read_workspace_text("post.md", root=tmp_path) == text


@pytest.mark.parametrize(("message", "path"), [
    ("add id_rsa.txt as a source", "id_rsa.txt"), ("pls import keys.md", "keys.md"),
    ("import notes.md", "notes.md"), ("import aws.txt", "aws.txt"),
])
async def test_secrets_never_become_sources_through_chat(
    workspace: Path, message: str, path: str
) -> None:
    """The red team's messages, with a model that calls `source_ingest` itself too."""
    for name in ("id_rsa.txt", "keys.md", "aws.txt"):
        (workspace / name).write_text(SECRET_CONTENTS[name].replace("EXAMPLE", "hunter2X"))
    os.link(workspace / ".env", workspace / "notes.md")
    chat = _Chat()
    chat.model = ScriptedLlm([Call("source_ingest", {"path": path}), "Done."] * 2)
    chat.runner = InMemoryRunner(app=build_app(chat.model, plugins=[]))
    reply, artifacts = await chat.say(message)
    assert all("PRIVATE KEY" not in t and "hunter2" not in t for t in artifacts)
    assert "PRIVATE KEY" not in reply and "hunter2" not in reply
    reply, artifacts = await chat.say(f'/split draft={path} outline="Dogs; Cats"')
    assert all("PRIVATE KEY" not in t and "hunter2" not in t for t in artifacts)

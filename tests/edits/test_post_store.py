"""PostStore: the versioned post in ADK artifacts, and its per-user, per-session file mirror."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest
from google.adk.agents import LlmAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.artifacts import InMemoryArtifactService
from google.adk.sessions import InMemorySessionService
from google.adk.tools.tool_context import ToolContext
from hypothesis import given
from hypothesis import strategies as st

from draftguard.errors import InputError, StaleVersionError
from draftguard.textio._output_paths import path_component
from draftguard_adk.edits._content_tools import (
    content_write,
    edit_metadata,
    list_versions,
    read_content,
    revert_to_version,
)
from draftguard_adk.edits._post_store import PostStore

APP = "blogger"


class Contexts:
    """Tool contexts over one artifact service, as one ADK runner would hand them out."""

    def __init__(self) -> None:
        self.sessions = InMemorySessionService()
        self.artifacts = InMemoryArtifactService()
        self._agent = LlmAgent(name="blogger")

    async def __call__(self, user: str, session: str, app: str = APP) -> ToolContext:
        s = await self.sessions.get_session(app_name=app, user_id=user, session_id=session)
        if s is None:
            s = await self.sessions.create_session(app_name=app, user_id=user,
                                                   session_id=session)
        ic = InvocationContext(session_service=self.sessions, artifact_service=self.artifacts,
                               invocation_id="inv", agent=self._agent, session=s)
        return ToolContext(ic)


@pytest.fixture
def contexts() -> Contexts:
    return Contexts()


@pytest.fixture
def output_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """agents.yaml with `content_editor.output_dir` set, as the tools read it."""
    out = tmp_path / "out"
    cfg = tmp_path / "agents.yaml"
    cfg.write_text(f"agents:\n  content_editor:\n    output_dir: '{out}'\n", encoding="utf-8")
    monkeypatch.setenv("DRAFTGUARD_CONFIG", str(cfg))
    return out


# --- issue 11: one user never overwrites another's file ------------------------------------

async def test_two_users_and_two_sessions_each_get_their_own_file(
    contexts: Contexts, output_dir: Path
) -> None:
    writers = [("alice", "s1"), ("bob", "s1"), ("alice", "s2"), ("bob", "s2")]
    for user, session in writers:
        answer = await content_write(f"# {user} in {session}\n", await contexts(user, session))
        assert (answer["status"], answer["version"]) == ("saved", 0)
    for user, session in writers:
        mirror = output_dir / APP / user / session / "draft.md"
        assert mirror.read_text(encoding="utf-8") == f"# {user} in {session}\n"
        got = await read_content(await contexts(user, session))
        assert got["content"] == f"# {user} in {session}\n"
    files = sorted(p.relative_to(output_dir).as_posix() for p in output_dir.rglob("*.md"))
    assert files == sorted(f"{APP}/{u}/{s}/draft.md" for u, s in writers)
    assert not (output_dir / "draft.md").exists()


class _Scope:
    """Just enough context for `mirror_path`: ADK's own services refuse ids like these, but
    the mirror must not depend on which artifact service is configured."""

    def __init__(self, app: str, user: str, session: str) -> None:
        self._ic = SimpleNamespace(app_name=app, user_id=user, session=SimpleNamespace(id=session))

    def get_invocation_context(self) -> SimpleNamespace:
        return self._ic


@given(st.text(max_size=80), st.text(max_size=80), st.text(max_size=80))
def test_any_ids_mirror_inside_the_output_dir(app: str, user: str, session: str) -> None:
    root = Path("/srv/out")
    path = PostStore(output_dir=root).mirror_path(_Scope(app, user, session))  # type: ignore[arg-type]
    assert path is not None and path.name == "draft.md"
    scope = tuple(map(path_component, (app, user, session)))
    assert path.relative_to(root.resolve()).parts == (*scope, "draft.md")


@pytest.mark.parametrize(
    ("user", "session"),
    [("../../escape", ".."), ("/etc", "passwd"), ("a/b", "c\\d"), ("..", "."), ("", "~")],
)
def test_hostile_user_and_session_ids_stay_inside_the_output_dir(
    tmp_path: Path, user: str, session: str
) -> None:
    out = tmp_path / "out"
    path = PostStore(output_dir=out).mirror_path(_Scope(APP, user, session))  # type: ignore[arg-type]
    assert path is not None and path.resolve().is_relative_to(out.resolve())
    assert path.parent.name == path_component(session)
    assert path.parent.parent.name == path_component(user)


async def test_ids_adk_allows_but_a_file_system_may_not_like_are_escaped(
    contexts: Contexts, output_dir: Path
) -> None:
    for user in ("Alice", "alice", "a b:c", "zoë"):
        answer = await content_write(f"# {user}\n", await contexts(user, "s1"))
        assert answer["status"] == "saved"
    names = sorted(p.name for p in (output_dir / APP).iterdir())
    assert names == sorted(["%41lice", "alice", "a%20b%3Ac", "zo%C3%AB"])


async def test_a_symlinked_scope_leading_out_is_refused(
    contexts: Contexts, output_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (output_dir / APP).mkdir(parents=True)
    (output_dir / APP / "mallory").symlink_to(outside, target_is_directory=True)
    answer = await content_write("# Hi\n", await contexts("mallory", "s1"))
    assert answer["status"] == "error" and "leaves the output directory" in answer["error"]
    assert not list(outside.iterdir())


@given(st.text(max_size=200), st.text(max_size=200))
def test_path_components_are_safe_and_never_shared(a: str, b: str) -> None:
    for value in (a, b):
        part = path_component(value)
        assert part not in ("", ".", "..") and "/" not in part and "\\" not in part
        assert "\x00" not in part and len(part) <= 120 and part.isascii()
    # Injective, even on a case-insensitive file system.
    same = path_component(a).casefold() == path_component(b).casefold()
    assert same == (a == b)


def test_path_components_of_case_variants_and_lookalikes_differ() -> None:
    ids = ["alice", "Alice", "ALICE", "al%69ce", "al%2Fce", "al/ce", "x" * 300, "x" * 301, ""]
    parts = [path_component(i).casefold() for i in ids]
    assert len(set(parts)) == len(ids)
    assert path_component("alice") == "alice"  # plain ids stay readable


# --- the store's API --------------------------------------------------------------------------

async def test_save_read_list_and_revert(contexts: Contexts) -> None:
    store = PostStore()
    ctx = await contexts("alice", "s1")
    assert await store.current(ctx) is None
    first = await store.save(ctx, "one\ntwo\n", base=None, kind="content_write")
    assert (first.version, first.metadata["base_version"]) == (0, None)
    assert first.stats == {"lines_added": 2, "lines_removed": 0, "lines_after": 2}
    second = await store.save(ctx, "one\nTWO\n", base=first, kind="edit_ops",
                              stats={"changed_lines": 1}, plan_sha256="abc")
    current = await store.current(ctx)
    assert current is not None and (current.version, current.text) == (1, "one\nTWO\n")
    assert current.metadata == second.metadata
    assert current.metadata["plan_sha256"] == "abc" and current.stats == {"changed_lines": 1}
    assert await store.read(ctx, 0) == "one\ntwo\n"
    assert (await store.metadata(ctx, 0))["kind"] == "content_write"
    with pytest.raises(InputError, match=r"draft\.md has no version 7"):
        await store.read(ctx, 7)
    reverted = await store.revert(ctx, 0)
    assert (reverted.version, reverted.text, reverted.metadata["reverted_to"]) == (
        2, "one\ntwo\n", 0)
    assert reverted.stats == {"lines_added": 1, "lines_removed": 1, "lines_after": 2}
    rows = await store.versions(ctx)
    assert [(r["version"], r["kind"], r["base_version"]) for r in rows] == [
        (0, "content_write", None), (1, "edit_ops", 0), (2, "revert", 1)]
    with pytest.raises(InputError, match="no version 5; versions are 0 to 2"):
        await store.revert(ctx, 5)


async def test_a_save_on_a_stale_base_is_refused_and_saves_nothing(contexts: Contexts) -> None:
    store = PostStore()
    ctx = await contexts("alice", "s1")
    first = await store.save(ctx, "a\n", base=None, kind="content_write")
    await store.save(ctx, "b\n", base=first, kind="content_write")
    with pytest.raises(StaleVersionError, match="you read version 0, the latest is 1"):
        await store.save(ctx, "c\n", base=first, kind="content_write")
    with pytest.raises(StaleVersionError):
        await store.save(ctx, "c\n", base=None, kind="content_write")  # "new" post, but exists
    current = await store.current(ctx)
    assert current is not None and (current.version, current.text) == (1, "b\n")
    with pytest.raises(StaleVersionError):
        store.check_base(current, 0)
    store.check_base(current, 1)


async def test_concurrent_edits_on_one_base_apply_once(contexts: Contexts) -> None:
    ctx = await contexts("alice", "s1")
    await content_write("---\ntitle: A\n---\nBody.\n", ctx)
    answers = await asyncio.gather(*[
        edit_metadata(0, ctx, set_fields={"title": f"T{i}"}) for i in range(8)
    ])
    statuses = sorted(a["status"] for a in answers)
    assert statuses == ["applied"] + ["rejected"] * 7
    assert all(a["reason"] == "stale_version" for a in answers if a["status"] == "rejected")
    listed = await list_versions(ctx)
    assert listed["latest_version"] == 1


@pytest.mark.parametrize(
    "name", ["../x.md", "a/b.md", ".hidden", "draft.md\n", "x" * 122, "", "c:draft.md"]
)
async def test_only_plain_file_names(contexts: Contexts, name: str) -> None:
    with pytest.raises(InputError, match="not a plain file name"):
        PostStore().check_name(name)
    answer = await content_write("# Hi\n", await contexts("alice", "s1"), name=name)
    assert answer["status"] == "error"


async def test_tool_results_stay_as_they_were(contexts: Contexts) -> None:
    ctx = await contexts("alice", "s1")
    assert await read_content(ctx) == {
        "status": "error", "error": "there is no draft.md yet: write it first"}
    assert await revert_to_version(0, ctx) == {
        "status": "error", "error": "there is no draft.md yet"}
    assert await content_write("  \n", ctx) == {"status": "error", "error": "the draft is empty"}
    await content_write("# A\n\nText.\n", ctx)
    assert await edit_metadata(3, ctx, set_fields={"title": "x"}) == {
        "status": "rejected", "reason": "stale_version",
        "message": "you read version 3, the latest is 0; read it again", "version": 0}
    assert (await list_versions(ctx))["versions"][0]["stats"] == {
        "lines_added": 3, "lines_removed": 0, "lines_after": 3}

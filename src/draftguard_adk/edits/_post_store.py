"""The versioned post: ADK artifacts of one session, optionally mirrored to files.

Every save is a new artifact version (0, 1, 2, ...) whose custom metadata records what made
it (`kind`), the version it was based on and its diff stats. A save based on anything but
the latest version is refused as stale, so two writers never overwrite each other; inside
one process, holding `lock(ctx, name)` from the read to the save makes that check and the
save atomic.

Files: with `output_dir` set, each new version is also written, atomically, to
`output_dir/<app>/<user>/<session>/<name>`, scoped as ADK scopes the artifact, so two users
(or two sessions of one user) never share a file. Ids are escaped into safe path components
and names that would leave the folder are refused.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from weakref import WeakValueDictionary

from google.adk.tools.tool_context import ToolContext
from google.genai import types

from draftguard.edits._diff import split_lines
from draftguard.edits._line_diff import line_counts
from draftguard.errors import ConfigError, InputError, StaleVersionError
from draftguard.settings import ProjectSettings, load_settings
from draftguard.textio._atomic_write import write_atomic
from draftguard.textio._output_paths import path_component, resolve_output_path

__all__ = ["DEFAULT_NAME", "PostStore", "PostVersion", "line_stats", "post_store"]

DEFAULT_NAME = "draft.md"
_MIME = "text/markdown"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}")
_LISTED_METADATA = ("kind", "base_version", "stats", "reverted_to", "keys", "changes")

# One lock per post (app, user, session, file name), shared by every store in the process.
# Weak values: a lock nobody holds or waits for is dropped instead of piling up per session.
_LOCKS: WeakValueDictionary[tuple[str, str, str, str], asyncio.Lock] = WeakValueDictionary()


def line_stats(old: str, new: str) -> dict[str, int]:
    """Lines added and removed from `old` to `new`, and how many lines `new` has."""
    a, b = split_lines(old), split_lines(new)
    counts = line_counts(a, b)
    return {"lines_added": counts.added, "lines_removed": counts.removed, "lines_after": len(b)}


@dataclass(frozen=True)
class PostVersion:
    """One saved version of a post."""

    name: str
    version: int
    text: str
    metadata: Mapping[str, Any] = field(default_factory=dict)

    @property
    def stats(self) -> dict[str, Any]:
        """The diff stats recorded with this version ({} when it was not saved here)."""
        return dict(self.metadata.get("stats") or {})


class PostStore:
    """Read, save, list and revert the versions of a post held as ADK artifacts.

    Every method takes the tool's (or callback's) context, which names the app, user and
    session the post belongs to. A store holds no post itself, so one store serves every
    session; `post_store()` gives the one agents.yaml configures.
    """

    def __init__(self, *, output_dir: str | Path | None = None) -> None:
        self.output_dir = Path(output_dir) if output_dir is not None else None

    # -- names and locks ---------------------------------------------------------------------
    def check_name(self, name: str) -> str:
        """`name` if it is a plain file name (and stays inside `output_dir`); else InputError."""
        if not _NAME.fullmatch(name) or ".." in name:
            raise InputError(
                f"'{name}' is not a plain file name (letters, digits, '.', '_', '-'; no folders)"
            )
        if self.output_dir is not None:
            resolve_output_path(self.output_dir, name)
        return name

    def lock(self, ctx: ToolContext, name: str = DEFAULT_NAME) -> asyncio.Lock:
        """The lock to hold from reading the post to saving its next version."""
        ic = ctx.get_invocation_context()
        key = (ic.app_name, ic.user_id, ic.session.id, name)
        lock = _LOCKS.get(key)
        if lock is None:
            lock = _LOCKS[key] = asyncio.Lock()
        return lock

    # -- reading -----------------------------------------------------------------------------
    async def current(self, ctx: ToolContext, name: str = DEFAULT_NAME) -> PostVersion | None:
        """The latest version of the post, or None before its first save."""
        info = await ctx.get_artifact_version(name)
        if info is None:
            return None
        text = await self.read(ctx, info.version, name)
        return PostVersion(name, info.version, text, dict(info.custom_metadata))

    async def read(self, ctx: ToolContext, version: int, name: str = DEFAULT_NAME) -> str:
        """The text of one version; InputError when there is no such version."""
        part = await ctx.load_artifact(name, version=version)
        if part is None:
            raise InputError(f"{name} has no version {version}")
        if part.inline_data is not None and part.inline_data.data is not None:
            return part.inline_data.data.decode("utf-8")
        return part.text or ""

    async def metadata(
        self, ctx: ToolContext, version: int, name: str = DEFAULT_NAME
    ) -> Mapping[str, Any]:
        """What was recorded with one version ({} when there is no such version)."""
        info = await ctx.get_artifact_version(name, version)
        return dict(info.custom_metadata) if info is not None else {}

    async def versions(self, ctx: ToolContext, name: str = DEFAULT_NAME) -> list[dict[str, Any]]:
        """Every version, oldest first, with what made it and its diff stats."""
        ic = ctx.get_invocation_context()
        if ic.artifact_service is None:
            raise ConfigError("no artifact service is configured")
        found = await ic.artifact_service.list_artifact_versions(
            app_name=ic.app_name, user_id=ic.user_id, session_id=ic.session.id, filename=name
        )
        return [
            {"version": v.version, "created": v.create_time,
             **{k: v.custom_metadata[k] for k in _LISTED_METADATA if k in v.custom_metadata}}
            for v in sorted(found, key=lambda v: v.version)
        ]

    @staticmethod
    def check_base(post: PostVersion, base_version: int) -> None:
        """StaleVersionError unless `base_version` is `post`'s (the latest) version."""
        if base_version != post.version:
            raise StaleVersionError(base_version, post.version)

    # -- writing -----------------------------------------------------------------------------
    async def save(
        self,
        ctx: ToolContext,
        text: str,
        *,
        base: PostVersion | None,
        kind: str,
        name: str = DEFAULT_NAME,
        stats: Mapping[str, Any] | None = None,
        **metadata: Any,
    ) -> PostVersion:
        """Save `text` as the next version after `base` (None: the post is new).

        The metadata records `kind`, `base_version`, `stats` (line stats against `base`
        unless given) and `metadata`. Raises StaleVersionError when `base` is no longer the
        latest version.
        """
        latest = await ctx.get_artifact_version(name)
        latest_version = latest.version if latest is not None else None
        base_version = base.version if base is not None else None
        if latest_version != base_version:
            raise StaleVersionError(base_version, latest_version)
        # A diff of a long post is CPU work: keep it off the event loop.
        measured = dict(stats) if stats is not None else await asyncio.to_thread(
            line_stats, base.text if base is not None else "", text)
        meta = {"kind": kind, "base_version": base_version, "stats": measured, **metadata}
        part = types.Part.from_bytes(data=text.encode("utf-8"), mime_type=_MIME)
        version = await ctx.save_artifact(name, part, custom_metadata=meta)
        if (path := self.mirror_path(ctx, name)) is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(write_atomic, path, text)
        return PostVersion(name, version, text, meta)

    async def revert(
        self, ctx: ToolContext, version: int, name: str = DEFAULT_NAME
    ) -> PostVersion:
        """Save an earlier version's text as the next version; nothing is lost. When the
        post already reads as that version, nothing is saved and the current one returned."""
        async with self.lock(ctx, name):
            post = await self.current(ctx, name)
            if post is None:
                raise InputError(f"there is no {name} yet")
            if not 0 <= version <= post.version:
                raise InputError(f"no version {version}; versions are 0 to {post.version}")
            old = await self.read(ctx, version, name)
            if old == post.text:
                return post
            return await self.save(ctx, old, base=post, kind="revert", name=name,
                                   reverted_to=version)

    def mirror_path(self, ctx: ToolContext, name: str = DEFAULT_NAME) -> Path | None:
        """Where `name` of this context's session is mirrored (None without output_dir)."""
        if self.output_dir is None:
            return None
        ic = ctx.get_invocation_context()
        scope = "/".join(map(path_component, (ic.app_name, ic.user_id, ic.session.id)))
        return resolve_output_path(self.output_dir, f"{scope}/{name}")


def post_store(settings: ProjectSettings | None = None) -> PostStore:
    """The store agents.yaml's `content_editor` section configures."""
    section = (settings if settings is not None else load_settings()).agents.content_editor
    return _store_for(section.output_dir)


@lru_cache(maxsize=8)
def _store_for(output_dir: str | None) -> PostStore:
    return PostStore(output_dir=output_dir)

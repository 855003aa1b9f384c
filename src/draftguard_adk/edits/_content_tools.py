"""The blogger's content tools (seed 004): versioned drafts as ADK artifacts, edited by plans.

Every save is a new artifact version (0, 1, 2, ...) whose custom metadata records what made
it (`kind`), the version it was based on and its diff stats. `edit_ops` and `edit_metadata`
take the `base_version` the model read; a plan for any other version is rejected as stale,
so two edits never overwrite each other. Nothing rewrites a section wholesale: small edits
go through the deterministic patcher, and an ambiguous anchor comes back as a question.

Files: with `output_dir` set (agents.yaml `content_editor.output_dir`), each new version is
also written, atomically, to `output_dir/<name>`; names that would leave it are refused.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Callable
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from google.adk.tools import ToolContext
from google.genai import types
from pydantic import ValidationError

from draftguard.edits import (
    EditPlan,
    EditStatus,
    RejectReason,
    ScopeError,
    apply_plan,
    describe_validation_error,
    edit_frontmatter,
    read_frontmatter,
    resolve_scope,
    split_lines,
)
from draftguard.errors import DraftguardError, InputError
from draftguard.markdown import MarkdownMap
from draftguard.settings import load_settings
from draftguard.textio import resolve_output_path, write_atomic

__all__ = ["DEFAULT_NAME", "SETTINGS_SECTION", "build_content_tools"]

SETTINGS_SECTION = "content_editor"
DEFAULT_NAME = "draft.md"
_MIME = "text/markdown"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$")
_ASK = (
    "Do not guess and do not call edit_ops again for this request: ask the author this "
    "question, word for word, and wait for the answer."
)


def _plan_fingerprint(plan: EditPlan) -> str:
    body = plan.model_dump(mode="json", exclude={"base_version"})
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _line_stats(old: str, new: str) -> dict[str, int]:
    a, b = split_lines(old), split_lines(new)
    added = removed = 0
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            removed += i2 - i1
            added += j2 - j1
    return {"lines_added": added, "lines_removed": removed, "lines_after": len(b)}


def build_content_tools(
    *,
    output_dir: str | Path | None = None,
    score_cutoff: float | None = None,
    max_changed_lines: int | None = None,
    max_changed_fraction: float | None = None,
) -> list[Callable[..., Any]]:
    """The seven content tools; unset arguments come from agents.yaml `content_editor`."""
    cfg = load_settings().agent(SETTINGS_SECTION)
    out_dir = output_dir if output_dir is not None else cfg.value("output_dir")
    cutoff = float(score_cutoff if score_cutoff is not None else cfg.value("score_cutoff", 85.0))
    budget = int(
        max_changed_lines if max_changed_lines is not None
        else cfg.value("max_changed_lines", 12)
    )
    fraction = float(
        max_changed_fraction if max_changed_fraction is not None
        else cfg.value("max_changed_fraction", 0.08)
    )
    locks: dict[tuple[str, str, str, str], asyncio.Lock] = {}

    def check_name(name: str) -> str:
        if not _NAME.match(name) or ".." in name:
            raise InputError(
                f"'{name}' is not a plain file name (letters, digits, '.', '_', '-'; no folders)"
            )
        if out_dir is not None:
            resolve_output_path(out_dir, name)
        return name

    def lock_for(ctx: ToolContext, name: str) -> asyncio.Lock:
        ic = ctx.get_invocation_context()
        key = (ic.app_name, ic.user_id, ic.session.id, name)
        return locks.setdefault(key, asyncio.Lock())

    async def latest(ctx: ToolContext, name: str) -> tuple[int, str] | None:
        info = await ctx.get_artifact_version(name)
        if info is None:
            return None
        return info.version, await load(ctx, name, info.version)

    async def load(ctx: ToolContext, name: str, version: int) -> str:
        part = await ctx.load_artifact(name, version=version)
        if part is None:
            raise InputError(f"{name} has no version {version}")
        if part.inline_data is not None and part.inline_data.data is not None:
            return part.inline_data.data.decode("utf-8")
        return part.text or ""

    async def save(ctx: ToolContext, name: str, text: str, meta: dict[str, Any]) -> int:
        part = types.Part.from_bytes(data=text.encode("utf-8"), mime_type=_MIME)
        version = await ctx.save_artifact(name, part, custom_metadata=meta)
        if out_dir is not None:
            write_atomic(resolve_output_path(out_dir, name), text)
        return version

    def failure(err: Exception) -> dict[str, Any]:
        return {"status": "error", "error": str(err)}

    async def content_write(
        markdown: str, tool_context: ToolContext, name: str = DEFAULT_NAME
    ) -> dict[str, Any]:
        """Save a NEW draft (or a complete new text) as the next version of the post.

        Use only for new content; for changes to an existing draft use edit_ops.

        Args:
            markdown: the whole post in markdown.
            name: file name of the post, e.g. "draft.md".
        """
        try:
            check_name(name)
            if not markdown.strip():
                raise InputError("the draft is empty")
            async with lock_for(tool_context, name):
                prev = await latest(tool_context, name)
                stats = _line_stats(prev[1] if prev else "", markdown)
                version = await save(
                    tool_context, name, markdown,
                    {"kind": "content_write", "base_version": prev[0] if prev else None,
                     "stats": stats},
                )
        except DraftguardError as err:
            return failure(err)
        return {"status": "saved", "name": name, "version": version, **stats}

    async def read_content(
        tool_context: ToolContext, name: str = DEFAULT_NAME, version: int | None = None
    ) -> dict[str, Any]:
        """Read the post (the latest version unless `version` is given).

        Args:
            name: file name of the post.
            version: a version number from list_versions; leave empty for the latest.
        """
        try:
            check_name(name)
            got = await latest(tool_context, name)
            if got is None:
                return {"status": "error", "error": f"there is no {name} yet: write it first"}
            text = got[1] if version is None else await load(tool_context, name, version)
        except DraftguardError as err:
            return failure(err)
        return {"status": "ok", "name": name, "version": got[0] if version is None else version,
                "latest_version": got[0], "content": text}

    async def read_section(
        section: str, tool_context: ToolContext, name: str = DEFAULT_NAME
    ) -> dict[str, Any]:
        """Read one section of the latest version.

        Args:
            section: a heading ("Conclusion"), a heading path ("Intro > Background") or one of
                conclusion, intro, first paragraph, last paragraph.
            name: file name of the post.
        """
        try:
            check_name(name)
            got = await latest(tool_context, name)
            if got is None:
                return {"status": "error", "error": f"there is no {name} yet: write it first"}
            doc = MarkdownMap(got[1])
            region = resolve_scope(doc, section)
        except ScopeError as err:
            return {"status": "error", "error": str(err),
                    "did_you_mean": [title for _, title in err.candidates]}
        except DraftguardError as err:
            return failure(err)
        return {"status": "ok", "version": got[0], "section": region.label,
                "first_line": doc.line_of(region.start) + 1,
                "content": got[1][region.start : region.end]}

    async def list_versions(tool_context: ToolContext, name: str = DEFAULT_NAME) -> dict[str, Any]:
        """List every saved version of the post with what made it and its diff stats.

        Args:
            name: file name of the post.
        """
        try:
            check_name(name)
        except DraftguardError as err:
            return failure(err)
        ic = tool_context.get_invocation_context()
        if ic.artifact_service is None:
            return {"status": "error", "error": "no artifact service is configured"}
        versions = await ic.artifact_service.list_artifact_versions(
            app_name=ic.app_name, user_id=ic.user_id, session_id=ic.session.id, filename=name
        )
        rows = [
            {"version": v.version, "created": v.create_time,
             **{k: v.custom_metadata.get(k) for k in ("kind", "base_version", "stats",
                                                        "reverted_to", "keys")
                if k in v.custom_metadata}}
            for v in sorted(versions, key=lambda v: v.version)
        ]
        return {"status": "ok", "name": name, "versions": rows,
                "latest_version": rows[-1]["version"] if rows else None}

    async def edit_ops(
        ops: list[dict[str, Any]],
        base_version: int,
        tool_context: ToolContext,
        scope: str | None = None,
        allow_heading_changes: bool = False,
        max_changed_lines: int | None = None,
        dry_run: bool = False,
        name: str = DEFAULT_NAME,
    ) -> dict[str, Any]:
        """Make small, precise edits to the post. Each op copies an anchor from the text.

        ops: a list of {"type": "replace", "anchor": "exact words", "text": "new words"},
        {"type": "insert", "anchor": "...", "position": "after" or "before", "text": "..."}
        or {"type": "delete", "anchor": "..."}. Keep anchors short and copied word for word.

        Args:
            ops: the edit operations, applied together or not at all.
            base_version: the version you read (from read_content).
            scope: optional section: a heading, "conclusion", "intro", "first paragraph",
                "last paragraph", or "multi-paragraph" when the author asked for a bigger change.
            allow_heading_changes: true only if the author asked to change a heading.
            max_changed_lines: optional cap on changed lines.
            dry_run: true to preview the diff without saving.
            name: file name of the post.
        """
        try:
            check_name(name)
            plan = EditPlan.model_validate({
                "base_version": base_version, "scope": scope, "ops": ops,
                "constraints": {"allow_heading_changes": allow_heading_changes,
                                "max_changed_lines": max_changed_lines},
            })
        except ValidationError as err:
            return {"status": "rejected", "reason": RejectReason.INVALID_PLAN.value,
                    "message": f"invalid plan: {describe_validation_error(err)}"}
        except DraftguardError as err:
            return failure(err)
        async with lock_for(tool_context, name):
            got = await latest(tool_context, name)
            if got is None:
                return {"status": "error", "error": f"there is no {name} yet: write it first"}
            version, text = got
            fingerprint = _plan_fingerprint(plan)
            if base_version == version - 1:
                info = await tool_context.get_artifact_version(name, version)
                if info is not None and info.custom_metadata.get("plan_sha256") == fingerprint:
                    return {"status": EditStatus.ALREADY_APPLIED.value, "version": version,
                            "message": f"this plan was already applied as version {version}"}
            result = apply_plan(
                text, plan, current_version=version, dry_run=dry_run, score_cutoff=cutoff,
                max_changed_lines=budget, max_changed_fraction=fraction, filename=name,
            )
            payload = result.model_dump(mode="json")
            payload["version"] = version
            if result.status is EditStatus.APPLIED and not dry_run:
                payload["version"] = await save(
                    tool_context, name, result.text,
                    {"kind": "edit_ops", "base_version": version,
                     "stats": result.stats.model_dump(), "plan_sha256": fingerprint},
                )
            elif result.question:
                payload["next_step"] = _ASK
            elif result.reason is RejectReason.STALE_VERSION:
                payload["next_step"] = "Call read_content, then plan the edit again."
        return payload

    async def edit_metadata(
        base_version: int,
        tool_context: ToolContext,
        set_fields: dict[str, Any] | None = None,
        remove_fields: list[str] | None = None,
        name: str = DEFAULT_NAME,
    ) -> dict[str, Any]:
        """Change the post's frontmatter (title, description, tags, ...). The body is untouched.

        Args:
            base_version: the version you read (from read_content).
            set_fields: fields to set, e.g. {"title": "New title"}.
            remove_fields: field names to remove.
            name: file name of the post.
        """
        try:
            check_name(name)
            async with lock_for(tool_context, name):
                got = await latest(tool_context, name)
                if got is None:
                    return {"status": "error", "error": f"there is no {name} yet: write it first"}
                version, text = got
                if base_version != version:
                    return {"status": "rejected", "reason": RejectReason.STALE_VERSION.value,
                            "message": f"you read version {base_version}, the latest is "
                            f"{version}; read it again", "version": version}
                new = edit_frontmatter(text, set_keys=set_fields or {},
                                       remove=remove_fields or [])
                if new == text:
                    return {"status": EditStatus.ALREADY_APPLIED.value, "version": version,
                            "metadata": read_frontmatter(text)}
                keys = sorted({*(set_fields or {}), *(remove_fields or [])})
                new_version = await save(
                    tool_context, name, new,
                    {"kind": "edit_metadata", "base_version": version, "keys": keys,
                     "stats": _line_stats(text, new)},
                )
        except DraftguardError as err:
            return failure(err)
        return {"status": EditStatus.APPLIED.value, "version": new_version,
                "metadata": read_frontmatter(new)}

    async def revert_to_version(
        version: int, tool_context: ToolContext, name: str = DEFAULT_NAME
    ) -> dict[str, Any]:
        """Bring back an earlier version. It is saved as a new version; nothing is lost.

        Args:
            version: the version number to bring back (from list_versions).
            name: file name of the post.
        """
        try:
            check_name(name)
            async with lock_for(tool_context, name):
                got = await latest(tool_context, name)
                if got is None:
                    return {"status": "error", "error": f"there is no {name} yet"}
                if not 0 <= version <= got[0]:
                    return {"status": "error",
                            "error": f"no version {version}; versions are 0 to {got[0]}"}
                old = await load(tool_context, name, version)
                stats = _line_stats(got[1], old)
                new_version = await save(
                    tool_context, name, old,
                    {"kind": "revert", "base_version": got[0], "reverted_to": version,
                     "stats": stats},
                )
        except DraftguardError as err:
            return failure(err)
        return {"status": "reverted", "version": new_version, "reverted_to": version, **stats}

    return [content_write, edit_ops, edit_metadata, read_content, read_section, list_versions,
            revert_to_version]

"""The blogger's content tools: a versioned post (`PostStore`) edited by plans.

Plain functions taking `tool_context`, as ADK tools are written; list them (or
`CONTENT_TOOLS`) in an agent's `tools`. `edit_ops` and `edit_metadata` take the
`base_version` the model read; a plan for any other version is rejected as stale, so two
edits never overwrite each other. Nothing rewrites a section wholesale: small edits go
through the deterministic patcher, and an ambiguous anchor comes back as a question.

Settings: agents.yaml `content_editor` (`output_dir` for the file mirror, `score_cutoff`,
`max_changed_lines`, `max_changed_fraction`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from typing import Any

from google.adk.tools.tool_context import ToolContext
from pydantic import ValidationError

from draftguard.edits import EditPlan, EditStatus, apply_plan
from draftguard.edits._diff import split_lines
from draftguard.edits._frontmatter import edit_frontmatter, read_frontmatter
from draftguard.edits._line_diff import line_opcodes
from draftguard.edits._patcher import line_budget
from draftguard.edits._plan import describe_validation_error
from draftguard.edits._result import RejectReason
from draftguard.edits._scope import ScopeError, resolve_scope
from draftguard.errors import DraftguardError, InputError, StaleVersionError
from draftguard.markdown import BlockKind, MarkdownMap
from draftguard.settings import load_settings
from draftguard.textio._message_text import visible_text
from draftguard_adk.edits._post_store import DEFAULT_NAME, PostStore, PostVersion, post_store

__all__ = [
    "CONTENT_TOOLS",
    "SETTINGS_SECTION",
    "content_write",
    "edit_metadata",
    "edit_ops",
    "list_versions",
    "read_content",
    "read_section",
    "revert_to_version",
]

SETTINGS_SECTION = "content_editor"
_ASK = (
    "Do not guess and do not call edit_ops again for this request: ask the author this "
    "question, word for word, and wait for the answer."
)


def _plan_fingerprint(plan: EditPlan) -> str:
    body = plan.model_dump(mode="json", exclude={"base_version"})
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _failure(err: Exception) -> dict[str, Any]:
    return {"status": "error", "error": str(err)}


def _dropped_lines(old: str, new: str) -> tuple[int, int]:
    """Non-blank lines of `old` that `new` does not keep, and `old`'s non-blank lines."""
    a, b = split_lines(old), split_lines(new)
    dropped = sum(1 for tag, i1, i2, _, _ in line_opcodes(a, b) if tag in ("delete", "replace")
                  for line in a[i1:i2] if line.strip())
    return dropped, sum(1 for line in a if line.strip())


def post_title(text: str) -> str | None:
    """The post's title as its author wrote it: the frontmatter `title`, else the first
    top-level heading; None when it has neither."""
    try:
        title = read_frontmatter(text).get("title")
    except DraftguardError:
        title = None
    if isinstance(title, str) and title.strip():
        return title.strip()
    heading = next((b for b in MarkdownMap(text).body_blocks()
                    if b.kind is BlockKind.HEADING and b.level == 1 and b.title), None)
    return heading.title.strip() if heading is not None else None


def _missing(name: str) -> dict[str, Any]:
    return {"status": "error", "error": f"there is no {name} yet: write it first"}


async def content_write(
    markdown: str, tool_context: ToolContext, name: str = DEFAULT_NAME,
    replace_post: bool = False,
) -> dict[str, Any]:
    """Save a NEW draft (or a complete new text) as the next version of the post.

    Use only for new content; for changes to an existing draft use edit_ops.

    Args:
        markdown: the whole post in markdown.
        name: file name of the post, e.g. "draft.md".
        replace_post: true only when the author asked for a new post or a complete rewrite;
            otherwise a text that drops more of the post than an edit may is refused.
    """
    store = post_store()
    try:
        store.check_name(name)
        if not visible_text(markdown):
            raise InputError("the draft is empty")  # invisible characters are no post
        async with store.lock(tool_context, name):
            prev = await store.current(tool_context, name)
            if prev is not None and prev.text.strip() == markdown.strip():
                return {"status": "refused", "error": "not saved: it is the same text as "
                        f"version {prev.version}", "version": prev.version}
            if prev is not None and not replace_post:
                limits = load_settings().agents.content_editor
                dropped, total = _dropped_lines(prev.text, markdown)
                budget = line_budget(total, max_changed_lines=limits.max_changed_lines,
                                     fraction=limits.max_changed_fraction)
                if dropped > budget:
                    return {"status": "refused", "error":
                            f"not saved: it would drop {dropped} of the post's {total} lines "
                            f"(an edit may change {budget}); change the post with edit_ops, "
                            "or ask for a new post or a full rewrite"}
            saved = await store.save(tool_context, markdown, base=prev, kind="content_write",
                                     name=name)
    except DraftguardError as err:
        return _failure(err)
    return {"status": "saved", "name": name, "version": saved.version,
            "title": post_title(markdown), **saved.stats}


async def read_content(
    tool_context: ToolContext, name: str = DEFAULT_NAME, version: int | None = None
) -> dict[str, Any]:
    """Read the post (the latest version unless `version` is given).

    Args:
        name: file name of the post.
        version: a version number from list_versions; leave empty for the latest.
    """
    store = post_store()
    try:
        store.check_name(name)
        post = await store.current(tool_context, name)
        if post is None:
            return _missing(name)
        text = post.text if version is None else await store.read(tool_context, version, name)
    except DraftguardError as err:
        return _failure(err)
    return {"status": "ok", "name": name, "version": post.version if version is None else version,
            "latest_version": post.version, "content": text}


async def read_section(
    section: str, tool_context: ToolContext, name: str = DEFAULT_NAME
) -> dict[str, Any]:
    """Read one section of the latest version.

    Args:
        section: a heading ("Conclusion"), a heading path ("Intro > Background") or one of
            conclusion, intro, first paragraph, last paragraph.
        name: file name of the post.
    """
    store = post_store()
    try:
        store.check_name(name)
        post = await store.current(tool_context, name)
        if post is None:
            return _missing(name)
        doc = MarkdownMap(post.text)
        region = resolve_scope(doc, section)
    except ScopeError as err:
        return {"status": "error", "error": str(err),
                "did_you_mean": [title for _, title in err.candidates]}
    except DraftguardError as err:
        return _failure(err)
    return {"status": "ok", "version": post.version, "section": region.label,
            "first_line": doc.line_of(region.start) + 1,
            "content": post.text[region.start : region.end]}


async def list_versions(tool_context: ToolContext, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """List every saved version of the post with what made it and its diff stats.

    Args:
        name: file name of the post.
    """
    store = post_store()
    try:
        store.check_name(name)
        rows = await store.versions(tool_context, name)
    except DraftguardError as err:
        return _failure(err)
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
    store = post_store()
    try:
        store.check_name(name)
        plan = EditPlan.model_validate({
            "base_version": base_version, "scope": scope, "ops": ops,
            "constraints": {"allow_heading_changes": allow_heading_changes,
                            "max_changed_lines": max_changed_lines},
        })
    except ValidationError as err:
        return {"status": "rejected", "reason": RejectReason.INVALID_PLAN.value,
                "message": f"invalid plan: {describe_validation_error(err)}"}
    except DraftguardError as err:
        return _failure(err)
    try:
        return await _apply_to_post(store, tool_context, name, plan, dry_run=dry_run)
    except DraftguardError as err:
        return _failure(err)


async def _apply_to_post(
    store: PostStore, tool_context: ToolContext, name: str, plan: EditPlan, *, dry_run: bool
) -> dict[str, Any]:
    """`plan` applied to the latest version of the post (saved unless `dry_run`)."""
    limits = load_settings().agents.content_editor
    async with store.lock(tool_context, name):
        post = await store.current(tool_context, name)
        if post is None:
            return _missing(name)
        fingerprint = _plan_fingerprint(plan)
        if plan.base_version == post.version - 1 and post.metadata.get(
                "plan_sha256") == fingerprint:
            return {"status": EditStatus.ALREADY_APPLIED.value, "version": post.version,
                    "message": f"this plan was already applied as version {post.version}"}
        # Anchor search and the diff are CPU work: off the event loop, so one long post
        # does not stall every other session (and a worker's heartbeats).
        result = await asyncio.to_thread(
            apply_plan, post.text, plan, settings=limits.patch_settings(),
            current_version=post.version, dry_run=dry_run, filename=name,
        )
        payload = result.model_dump(mode="json")
        payload["version"] = post.version
        if result.status is EditStatus.APPLIED and not dry_run:
            saved = await store.save(
                tool_context, result.text, base=post, kind="edit_ops", name=name,
                stats=result.stats.model_dump(), plan_sha256=fingerprint,
                changes=_changes(plan),
            )
            payload["version"] = saved.version
        elif result.question:
            payload["next_step"] = _ASK
        elif result.reason is RejectReason.STALE_VERSION:
            payload["next_step"] = "Call read_content, then plan the edit again."
    return payload


def _changes(plan: EditPlan) -> list[str]:
    """What kinds of change a plan makes ("delete", "insert", "replace", and "heading" when
    it may change headings), recorded with its version so one can be found by them."""
    kinds: set[str] = {op.type for op in plan.ops}
    if plan.constraints.allow_heading_changes:
        kinds.add("heading")
    return sorted(kinds)


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
    store = post_store()
    try:
        store.check_name(name)
        async with store.lock(tool_context, name):
            post = await store.current(tool_context, name)
            if post is None:
                return _missing(name)
            store.check_base(post, base_version)
            new = await asyncio.to_thread(edit_frontmatter, post.text,
                                          set_keys=set_fields or {}, remove=remove_fields or [])
            if new == post.text:
                return {"status": EditStatus.ALREADY_APPLIED.value, "version": post.version,
                        "metadata": read_frontmatter(post.text)}
            keys = sorted({*(set_fields or {}), *(remove_fields or [])})
            saved = await store.save(tool_context, new, base=post, kind="edit_metadata",
                                     name=name, keys=keys)
    except StaleVersionError as err:
        return {"status": "rejected", "reason": RejectReason.STALE_VERSION.value,
                "message": str(err), "version": err.latest_version}
    except DraftguardError as err:
        return _failure(err)
    return {"status": EditStatus.APPLIED.value, "version": saved.version,
            "metadata": read_frontmatter(new)}


async def revert_to_version(
    version: int, tool_context: ToolContext, name: str = DEFAULT_NAME
) -> dict[str, Any]:
    """Bring back an earlier version. It is saved as a new version; nothing is lost. When
    the post already reads as that version nothing is saved (status "already_applied").

    Args:
        version: the version number to bring back (from list_versions).
        name: file name of the post.
    """
    store = post_store()
    try:
        store.check_name(name)
        before = await store.current(tool_context, name)
        saved: PostVersion = await store.revert(tool_context, version, name)
    except DraftguardError as err:
        return _failure(err)
    if before is not None and saved.version == before.version:
        # the post already reads as that version: nothing to bring back, nothing saved
        return {"status": EditStatus.ALREADY_APPLIED.value, "version": saved.version,
                "reverted_to": version}
    return {"status": "reverted", "version": saved.version, "reverted_to": version,
            **saved.stats}


#: The seven content tools, in the order the blogger lists them.
CONTENT_TOOLS: tuple[Callable[..., Any], ...] = (
    content_write, edit_ops, edit_metadata, read_content, read_section, list_versions,
    revert_to_version,
)

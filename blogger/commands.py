"""The blogger's chat commands and clear intents, answered by code (`CommandRouter`).

Each handler turns a command into one tool call of the coordinator's own tools (ADK runs it
as if the model had called it), a hand-over to the split loop, or a reply. Each formatter
writes the reply from the tool's result, so what the author reads is what the tool did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from google.adk.agents.callback_context import CallbackContext

from draftguard.artifacts import MAX_ITEMS
from draftguard.commands import Command, CommandSpec, recognise_intent
from draftguard.edits import parse_edit_request
from draftguard.errors import CommandError, InputError
from draftguard.settings import load_settings
from draftguard.textio import read_workspace_text
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.chat import Action, Call, CommandRouter, Formatter, Handler, Reply, Transfer
from draftguard_adk.edits import DEFAULT_NAME, post_store
from draftguard_adk.split import parse_split_request
from draftguard_adk.split import state_keys as keys

__all__ = [
    "BLOGGER_COMMANDS",
    "blogger_intents",
    "build_blogger_router",
    "diff_summary",
    "split_the_post",
]

SPLITTER = "content_splitter"

BLOGGER_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(name="split", usage='/split [draft=NAME] [outline="A; B; C"]',
                summary="split the post (or a file, or OUTLINE:/DRAFT: lines) by the outline",
                options=("draft", "outline")),
    CommandSpec(name="quiz", usage="/quiz [N]", summary="a quiz on the post", max_args=1),
    CommandSpec(name="flashcards", usage="/flashcards [N]", summary="flashcards from the post",
                max_args=1),
    CommandSpec(name="mindmap", usage="/mindmap", summary="a mindmap of the post"),
    CommandSpec(name="edit", usage='/edit replace "X" with "Y" [in SECTION]',
                summary='also delete "X", insert "Y" after "X"', free_text=True),
    CommandSpec(name="undo", usage="/undo", summary="go back to the version before"),
    CommandSpec(name="versions", usage="/versions", summary="list the post's versions"),
    CommandSpec(name="check", usage="/check [goal]",
                summary="judge the post and study material before delivery",
                free_text=True, text_optional=True),
    CommandSpec(name="help", usage="/help", summary="this list"),
)

_INTRO = "Commands (anything else, just ask):"
_NO_POST = ('There is no post yet: paste one after "save my post:" (or ask me to write one), '
            "or use /split with OUTLINE:/DRAFT: lines or draft=FILE.")
_UNITS = {"quiz": "questions", "flashcards": "cards"}


async def _post_text(ctx: CallbackContext) -> tuple[int, str] | None:
    post = await post_store().current(ctx)
    return (post.version, post.text) if post is not None else None


# --- /split -------------------------------------------------------------------------------

async def _load_named(value: str, ctx: CallbackContext, *, what: str, max_bytes: int) -> str:
    """The text of artifact `value` of this session, else of file `value`."""
    store = post_store()
    try:
        named = await store.current(ctx, store.check_name(value))
    except InputError:  # not a plain artifact name: a path
        named = None
    if named is not None:
        return named.text
    # Only a document inside the folder the app runs in: never a dotfile, config, key or
    # database, and a control character in the name is refused (draftguard.textio's rules).
    return read_workspace_text(value, root=Path.cwd(), what=f"{what} {value}",
                               max_bytes=max_bytes)


async def _outline(value: str, ctx: CallbackContext, max_bytes: int) -> str:
    """`outline="A; B; C"` as one item a line; a value naming a file or artifact is read."""
    if ";" not in value and "\n" not in value:
        try:
            return await _load_named(value, ctx, what="outline", max_bytes=max_bytes)
        except InputError:
            pass  # not a file: the words are the outline
    return "\n".join(item.strip() for item in re.split(r"[;\n]", value) if item.strip())


async def split(cmd: Command, ctx: CallbackContext) -> Action:
    """Draft and outline from the message's sections, the options, or the current post."""
    max_bytes = load_settings().agents.content_splitter.max_draft_bytes
    sections = parse_split_request(cmd.text)
    outline = sections.get(keys.OUTLINE) or ""
    if not outline.strip() and "outline" in cmd.options:
        outline = await _outline(cmd.options["outline"], ctx, max_bytes)
    if not outline.strip():
        return Reply('/split needs an outline: outline="A; B; C", or OUTLINE: and DRAFT: '
                     "lines.")
    draft = sections.get(keys.RAW_DRAFT) or ""
    if not draft.strip() and "draft" in cmd.options:
        draft = await _load_named(cmd.options["draft"], ctx, what="draft", max_bytes=max_bytes)
    store = post_store()
    post = await store.current(ctx)
    if not draft.strip():
        if post is None:
            return Reply(_NO_POST)
        draft = post.text
    elif post is None or post.text != draft:
        # The draft being split becomes the post, so /quiz, /edit and /check see it too.
        async with store.lock(ctx):
            await store.save(ctx, draft, base=await store.current(ctx), kind="split_input")
    return Transfer(SPLITTER, state={keys.RAW_DRAFT: draft, keys.OUTLINE: outline})


async def split_the_post(callback_context: CallbackContext) -> None:
    """`before_agent_callback` of the split loop: it splits the current post.

    `/split` makes its draft the post before handing over; a hand-over the model makes
    itself must not split a draft left in state by an earlier split.
    """
    post = await post_store().current(callback_context)
    if post is not None:
        callback_context.state[keys.RAW_DRAFT] = post.text


# --- /quiz, /flashcards, /mindmap -----------------------------------------------------------

def _artifact_handler(kind: str) -> Handler:
    async def handler(cmd: Command, ctx: CallbackContext) -> Action:
        count = cmd.args[0] if cmd.args else None
        if count is not None and (not count.isdigit() or not 1 <= int(count) <= MAX_ITEMS):
            return Reply(f"/{kind} takes a number from 1 to {MAX_ITEMS}, not {count!r}.")
        if await _post_text(ctx) is None:
            return Reply(_NO_POST)
        unit = _UNITS.get(kind)
        request = (f"{count} {unit} on the main ideas of the post" if count and unit
                   else f"a {kind} of the main ideas of the post")
        return Call("make_artifact", {"artifact_type": kind, "request": request})

    return handler


def _render_artifact(kind: str, artifact: Mapping[str, Any]) -> str:
    lines: list[str] = []
    if kind == "quiz":
        for i, q in enumerate(artifact.get("questions") or [], 1):
            lines.append(f"{i}. {q.get('question')}")
            lines += [f"   - {o}" for o in q.get("options") or []]
            lines.append(f"   Answer: {q.get('correct_answer')}")
        return "\n".join(lines)
    if kind == "flashcards":
        return "\n".join(f"- {c.get('front')}: {c.get('back')}"
                         for c in artifact.get("flashcards") or [])
    if kind == "mindmap":
        nodes = {n.get("id"): n for n in artifact.get("nodes") or []}
        children = {c for n in nodes.values() for c in n.get("children") or []}

        def walk(node_id: str, depth: int) -> None:
            node = nodes.get(node_id)
            if node is None or depth > len(nodes):
                return
            lines.append(f"{'  ' * depth}- {node.get('label')}")
            for child in node.get("children") or []:
                walk(child, depth + 1)

        for root in (i for i in nodes if i not in children):
            walk(str(root), 0)
        return "\n".join(lines)
    return ""


def format_artifact(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    kind = str(result.get("artifact_type") or ctx.state.get(STATE_RESULT, {}).get(
        "artifact_type") or "artifact")
    if not result.get("ok"):
        attempts = result.get("repair_attempts")
        after = f" (after {attempts} repair attempts)" if attempts else ""
        return f"No valid {kind}{after}: {result.get('error')}"
    artifact = result.get("artifact") or {}
    count = sum(len(v) for v in artifact.values() if isinstance(v, list))
    head = (f"Here is your {kind} ({count} items, validated; {result.get('llm_calls')} model "
            "calls):")
    return f"{head}\n{_render_artifact(kind, artifact)}"


# --- /edit ----------------------------------------------------------------------------------

async def edit(cmd: Command, ctx: CallbackContext) -> Action | None:
    try:
        request = parse_edit_request(cmd.text)
    except CommandError:
        return None  # not in the three plain forms: the model plans it (the patcher checks)
    post = await _post_text(ctx)
    if post is None:
        return Reply(_NO_POST)
    ops = [op.model_dump(mode="json", exclude_none=True) for op in request.ops]
    return Call("edit_ops", {"ops": ops, "base_version": post[0], "scope": request.scope})


_MAX_WORDS = 12


def _clip(words: list[str], start: int, end: int, *, context: int = 3) -> str:
    """Words `start:end` with a little context, as one quoted fragment."""
    lo, hi = max(0, start - context), min(len(words), end + context, start + _MAX_WORDS)
    text = " ".join(words[lo:hi])
    return f'"{"…" if lo > 0 else ""}{text}{"…" if hi < len(words) else ""}"'


def diff_summary(diff: str) -> str:
    """The first change of a unified diff in one line: `"…old words…" -> "…new words…"`."""
    removed = [ln[1:] for ln in diff.splitlines() if ln.startswith("-")
               and not ln.startswith("---") and ln[1:].strip()]
    added = [ln[1:] for ln in diff.splitlines() if ln.startswith("+")
             and not ln.startswith("+++") and ln[1:].strip()]
    if removed and added:
        old, new = removed[0].split(), added[0].split()
        changes = [op for op in SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
                   if op[0] != "equal"]
        if not changes:
            return "whitespace only"
        i1, j1 = changes[0][1], changes[0][3]
        i2, j2 = changes[-1][2], changes[-1][4]
        return f"{_clip(old, i1, i2)} -> {_clip(new, j1, j2)}"
    if removed:
        words = removed[0].split()
        return f"removed {_clip(words, 0, len(words), context=0)}"
    if added:
        words = added[0].split()
        return f"added {_clip(words, 0, len(words), context=0)}"
    return "whitespace only"


def format_edit(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    status = result.get("status")
    if status == "applied":
        stats = result.get("stats") or {}
        return (f"Applied as version {result.get('version')} (+{stats.get('lines_added', 0)} "
                f"-{stats.get('lines_removed', 0)} lines): "
                f"{diff_summary(str(result.get('diff') or ''))}; /undo reverts it.")
    if status == "already_applied":
        return f"Nothing to do: {result.get('message')}."
    if status == "rejected":
        text = f"Not applied ({result.get('reason')}): {result.get('message')}"
        if result.get("question"):
            text += f"\n{result['question']}"
        return text
    return f"Not applied: {result.get('error') or result.get('message')}"


# --- /undo, /versions -----------------------------------------------------------------------

async def undo(cmd: Command, ctx: CallbackContext) -> Action:
    store = post_store()
    post = await store.current(ctx)
    if post is None:
        return Reply(_NO_POST)
    # A revert stands for the version it restored, so a second /undo goes further back
    # instead of redoing the edit the first one undid.
    effective = post.version
    if post.metadata.get("kind") == "revert":
        effective = int(post.metadata.get("reverted_to", post.version))
    if effective < 1:
        return Reply("Nothing to undo: this is the first version.")
    return Call("revert_to_version", {"version": effective - 1})


def format_revert(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "reverted":
        return f"Could not undo: {result.get('error')}"
    return (f"Undone: version {result.get('version')} restores version "
            f"{result.get('reverted_to')} (+{result.get('lines_added', 0)} "
            f"-{result.get('lines_removed', 0)} lines).")


async def versions(cmd: Command, ctx: CallbackContext) -> Action:
    return Call("list_versions", {})


def format_versions(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"Could not list versions: {result.get('error')}"
    rows = result.get("versions") or []
    if not rows:
        return _NO_POST
    lines = [f"Versions of {result.get('name') or DEFAULT_NAME}:"]
    for row in rows:
        stats = row.get("stats") or {}
        kind = str(row.get("kind") or "saved")
        if kind == "revert":
            kind = f"revert to v{row.get('reverted_to')}"
        mark = "  (current)" if row.get("version") == result.get("latest_version") else ""
        lines.append(f"v{row.get('version')}  {kind}  +{stats.get('lines_added', 0)} "
                     f"-{stats.get('lines_removed', 0)} lines{mark}")
    return "\n".join(lines)


# --- /check ---------------------------------------------------------------------------------

async def check(cmd: Command, ctx: CallbackContext) -> Action:
    if await _post_text(ctx) is None:
        return Reply(_NO_POST)
    criteria = ["the post is a complete, readable blog post"]
    outcome = ctx.state.get(STATE_RESULT)
    if isinstance(outcome, Mapping) and outcome.get("ok"):
        criteria.append(f"the {outcome.get('artifact_type')} matches the post")
    goal = cmd.text.strip() or "Deliver the blog post and any study material made for it"
    return Call("check_delivery", {"primary_goal": goal, "success_criteria": criteria,
                                   "expected_formats": ["md", "json"]})


def format_check(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "error":
        return f"Could not check: {result.get('error')}"
    score = result.get("quality_score")
    head = (f"Delivery check {'passed' if result.get('passed') else 'did not pass'} "
            f"({result.get('document_count')} documents, quality {score}).")
    if result.get("passed"):
        return head
    gaps = str(result.get("gap_analysis") or "").strip()
    steps = [f"- {s}" for s in result.get("improvement_suggestions") or []]
    return "\n".join([head, *([gaps] if gaps else []), *steps])


# --- a pasted post ---------------------------------------------------------------------------

_SAVE_INTENT = re.compile(
    r"\A\s*(?:please\s+)?(?:(?:save|store|keep|use)\s+(?:this|my|the(?:\s+following)?)|"
    r"here\s+is\s+my)\s+(?:blog\s+)?(?:post|draft|article)\b[^\n:]*(?::|\n)(?P<body>.*\S.*)\Z",
    re.I | re.S,
)


def blogger_intents(message: str) -> Command | None:
    """"save my post:" followed by the post (on the next lines, or after the colon on one
    line, as `adk run` needs), then the shared intents.

    The pasted post comes first: its own words ("make a quiz", a "Draft:" line) are the
    post's, not a request.
    """
    match = _SAVE_INTENT.match(message)
    if match is not None:
        return Command(name="save", text=match.group("body").strip() + "\n")
    return recognise_intent(message)


async def save(cmd: Command, ctx: CallbackContext) -> Action:
    return Call("content_write", {"markdown": cmd.text})


def format_save(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "saved":
        lines = result.get("lines_after")
        return (f"Saved as version {result.get('version')} of {result.get('name')} "
                f"({lines} line{'' if lines == 1 else 's'}). "
                "Next: /quiz 3, /edit, /split or /check.")
    reason = str(result.get("error") or "unknown error").removeprefix("not saved: ")
    return f"Not saved: {reason}."


HANDLERS: dict[str, Handler] = {
    "save": save,
    "split": split,
    "quiz": _artifact_handler("quiz"),
    "flashcards": _artifact_handler("flashcards"),
    "mindmap": _artifact_handler("mindmap"),
    "edit": edit,
    "undo": undo,
    "versions": versions,
    "check": check,
}

FORMATTERS: dict[str, Formatter] = {
    "content_write": format_save,
    "make_artifact": format_artifact,
    "edit_ops": format_edit,
    "revert_to_version": format_revert,
    "list_versions": format_versions,
    "check_delivery": format_check,
}


def build_blogger_router() -> CommandRouter:
    """The router the blogger's coordinator runs as its `before_model_callback`."""
    return CommandRouter(BLOGGER_COMMANDS, HANDLERS, formatters=FORMATTERS,
                         intents=blogger_intents, intro=_INTRO)


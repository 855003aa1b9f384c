"""The blogger's replies written by code from a tool's result: what the author reads is what
the tool did (saved, applied, undone, listed, checked, made), never a model's rewording.
"""

from __future__ import annotations

from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

from google.adk.agents.callback_context import CallbackContext

from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.chat import Formatter
from draftguard_adk.edits import DEFAULT_NAME

__all__ = ["FORMATTERS", "NO_POST", "diff_summary"]

NO_POST = ('There is no post yet: paste one after "save my post:" (or ask me to write one), '
           "or use /split with OUTLINE:/DRAFT: lines or draft=FILE.")


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
    if result.get("shortfall") and result.get("requested"):
        head = (f"Here is your {kind}: {result.get('delivered')} of the {result['requested']} "
                f"items you asked for, because {result['shortfall']} (validated; "
                f"{result.get('llm_calls')} model calls):")
    return f"{head}\n{_render_artifact(kind, artifact)}"

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

def format_revert(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "reverted":
        return f"Could not undo: {result.get('error')}"
    return (f"Undone: version {result.get('version')} restores version "
            f"{result.get('reverted_to')} (+{result.get('lines_added', 0)} "
            f"-{result.get('lines_removed', 0)} lines).")

def format_versions(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"Could not list versions: {result.get('error')}"
    rows = result.get("versions") or []
    if not rows:
        return NO_POST
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

def format_save(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "saved":
        lines = result.get("lines_after")
        return (f"Saved as version {result.get('version')} of {result.get('name')} "
                f"({lines} line{'' if lines == 1 else 's'}). "
                "Next: /quiz 3, /edit, /split or /check.")
    reason = str(result.get("error") or "unknown error").removeprefix("not saved: ")
    return f"Not saved: {reason}."

def _passages(count: Any) -> str:
    return f"{count} passage{'' if count == 1 else 's'}"


def format_ingest(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ingested":
        return f"Couldn't add that source: {result.get('error') or 'unknown error'}."
    return (f"Kept as source '{result.get('source_id')}' (version {result.get('version')}, "
            f"{_passages(result.get('chunks'))}, {result.get('words')} words). Quizzes, "
            "flashcards and mindmaps now draw on it too; /sources lists your sources.")


def format_sources(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"Couldn't read your sources: {result.get('error') or 'unknown error'}."
    rows = list(result.get("sources") or [])
    if not rows:
        return ('No sources yet: paste notes or a transcript after "here are my notes:", '
                'or name a file ("add notes/interview.md as a source").')
    return "\n".join(["Your sources:", *(f"- {r.get('source_id')} (version {r.get('version')}, "
                                           f"{_passages(r.get('chunks'))})" for r in rows)])


FORMATTERS: dict[str, Formatter] = {
    "source_ingest": format_ingest,
    "read_source": format_sources,
    "content_write": format_save,
    "make_artifact": format_artifact,
    "edit_ops": format_edit,
    "revert_to_version": format_revert,
    "list_versions": format_versions,
    "check_delivery": format_check,
}

"""The blogger's replies written by code from a tool's result: what the author reads is what
the tool did (saved, applied, undone, listed, checked, made), never a model's rewording.

They speak the author's language: the post is named by its title, versions as "the first
version" or "version 3", and next steps in words a person would type; no tool names, reason
codes, "op 0" or "anchor". The slash commands still work for those who use them (/help).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

from google.adk.agents.callback_context import CallbackContext

from draftguard.understanding._courtesy import Courtesy
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.chat import Formatter

__all__ = [
    "COURTESIES",
    "FORMATTERS",
    "NOT_CHANGED",
    "NO_POST",
    "PROSE_FALLBACK",
    "diff_summary",
    "version_words",
]

log = logging.getLogger("blogger.replies")

NO_POST = ('There is no post yet: paste it after a line like "here is my post:", or ask me '
           "to write one.")
#: What the author can ask for next, in their words.
NEXT_STEPS = ('You can ask me to change a word or a sentence, make a quiz or flashcards, '
              'split it by an outline, or check it against a brief.')
#: What the author reads when nothing the small model wrote for a message that asked for
#: nothing was true enough to show (`draftguard.prose_guard`): true after any such message.
PROSE_FALLBACK = "Right. " + NEXT_STEPS
#: Code's answers to a thanks, a hello, a goodbye or an "ok" (on a small model).
COURTESIES = {Courtesy.THANKS: "You're welcome.",
              Courtesy.GREETING: ('Hello! Paste a post after a line like "here is my post:", '
                                  'or tell me what to do with the one you have. ' + NEXT_STEPS),
              Courtesy.FAREWELL: "Bye for now.",
              Courtesy.ACKNOWLEDGEMENT: PROSE_FALLBACK}


def version_words(version: Any) -> str:
    """A version number as a person says it: version 0 is the first version."""
    return "the first version" if version in (0, "0") else f"version {version}"


def _post_name(result: Mapping[str, Any]) -> str:
    title = str(result.get("title") or "").strip()
    return f"“{title}”" if title else "your post"


def _render_artifact(kind: str, artifact: Mapping[str, Any]) -> str:
    lines: list[str] = []
    if kind == "quiz":
        for i, q in enumerate(artifact.get("questions") or [], 1):
            lines.append(f"{i}. {q.get('question')}")
            lines += [f"   - {o}" for o in q.get("options") or []]
            # a blank line first: in Markdown, a line right after a list item joins it (the
            # dev UI showed "strop Answer: strop" on the last option's line)
            lines += ["", f"   Answer: {q.get('correct_answer')}"]
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


#: An artifact type as a person names it, with the verb that agrees with it.
_ARTIFACT_NAMES = {"quiz": ("quiz", "is"), "flashcards": ("flashcards", "are"),
                   "mindmap": ("mind map", "is")}


def format_artifact(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    kind = str(result.get("artifact_type") or ctx.state.get(STATE_RESULT, {}).get(
        "artifact_type") or "artifact")
    name, verb = _ARTIFACT_NAMES.get(kind, (kind, "is"))
    unit = {"quiz": "question", "flashcards": "card", "mindmap": "node"}.get(kind, "item")
    if not result.get("ok"):
        if "repair_attempts" not in result:  # no post, no such source: said plainly
            return f"I could not make the {name}: {result.get('error')}."
        # The checks' own words (a validation report) are for the logs, not the person.
        tries = 1 + int(result.get("repair_attempts") or 0)
        return (f"I could not make a {name} that passes its checks ({tries} tries), so none "
                f"is shown and nothing was saved. Try again, or ask for fewer {unit}s.")
    artifact = result.get("artifact") or {}
    count = sum(len(v) for v in artifact.values() if isinstance(v, list))
    head = f"Here {verb} your {name} ({count} {unit}{'' if count == 1 else 's'}, checked):"
    if result.get("shortfall") and result.get("requested"):
        head = (f"Here {verb} your {name}: {result.get('delivered')} of the "
                f"{result['requested']} {unit}s you asked for, because {result['shortfall']} "
                "(checked):")
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


#: Why an edit was not made, as the author reads it (the patcher's own message is for models).
NOT_CHANGED = {
    "not_found": "I could not find those words in the post.",
    "ambiguous": "Those words are in the post more than once.",
    "constraint": "That is a bigger change than a small edit.",
    "stale_version": "The post changed in the meantime; ask again and I will redo it.",
    "invalid_plan": "I could not make that change.",
}


def format_edit(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    status = result.get("status")
    if status == "applied":
        if tool == "edit_metadata":
            return (f"Done: the post's details are updated (now "
                    f"{version_words(result.get('version'))}). Say “undo” to take it back.")
        return (f"Done: {diff_summary(str(result.get('diff') or ''))} (now "
                f"{version_words(result.get('version'))}). Say “undo” to take it back.")
    if status == "already_applied":
        return "Nothing to change: the post already reads that way."
    if status == "rejected":
        why = NOT_CHANGED.get(str(result.get("reason")), "I could not make that change.")
        question = str(result.get("question") or "").strip()
        return f"Nothing was changed. {why}" + (f" {question}" if question else "")
    return f"Nothing was changed: {result.get('error') or 'the edit failed'}."

def format_revert(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "already_applied":
        return (f"The post already reads as {version_words(result.get('reverted_to'))}, so "
                "there was nothing to undo and nothing was saved.")
    if result.get("status") != "reverted":
        return f"Nothing was undone: {result.get('error')}"
    return (f"Undone: the post is back to {version_words(result.get('reverted_to'))} "
            f"(saved again as version {result.get('version')}, so nothing is lost).")

def format_versions(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"Could not list versions: {result.get('error')}"
    rows = result.get("versions") or []
    if not rows:
        return NO_POST
    lines = ["The post's versions, oldest first:"]
    for row in rows:
        stats = row.get("stats") or {}
        kind = _VERSION_KINDS.get(str(row.get("kind") or ""), "saved")
        if row.get("kind") == "revert":
            kind = f"back to {version_words(row.get('reverted_to'))}"
        mark = " (the current one)" if row.get("version") == result.get(
            "latest_version") else ""
        lines.append(f"- version {row.get('version')}: {kind}, "
                     f"{stats.get('lines_added', 0)} lines added, "
                     f"{stats.get('lines_removed', 0)} removed{mark}")
    lines.append('Say "go back to version N" to bring one back.')
    return "\n".join(lines)


_VERSION_KINDS = {"content_write": "saved", "edit_ops": "edited", "edit_metadata":
                  "details changed", "split_input": "saved for a split"}

_CHECK_JUDGE = ("The model that judges the post gave no answer I could read. Ask again to "
                "try once more.")
_CHECK_INPUT = ("I could not read the brief. Say what the post should do, like: check it "
                "against this brief: a beginner's guide to sourdough.")


def format_check(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "error":
        # The reason is for the log: it may quote the judge's raw answer or a schema error.
        reason = str(result.get("error") or result.get("gap_analysis") or "").strip()
        log.info("the check could not be completed: %s", reason or "no reason given")
        cause = (_CHECK_INPUT if reason.startswith(("bad arguments", "invalid input")) else
                 _CHECK_JUDGE)
        return f"I could not finish the check, so nothing was judged. {cause}"
    count = result.get("document_count")
    one = count == 1
    what = "the post" if one else f"the post and what was made for it ({count} files)"
    head = (f"The check passed: {what} {'meets' if one else 'meet'} the brief."
            if result.get("passed") else
            f"The check did not pass: {what} {'does' if one else 'do'} not meet the brief yet.")
    if result.get("passed"):
        return head
    gaps = str(result.get("gap_analysis") or "").strip()
    steps = [f"- {s}" for s in result.get("improvement_suggestions") or []]
    return "\n".join([head, *([gaps] if gaps else []), *steps])

def format_save(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") == "saved":
        lines = result.get("lines_after")
        return (f"Saved {_post_name(result)} as {version_words(result.get('version'))} "
                f"({lines} line{'' if lines == 1 else 's'}). {NEXT_STEPS}")
    reason = str(result.get("error") or "unknown error").removeprefix("not saved: ")
    return f"Not saved: {reason}."

def _passages(count: Any) -> str:
    return f"{count} passage{'' if count == 1 else 's'}"


def format_ingest(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ingested":
        return f"Couldn't add that source: {result.get('error') or 'unknown error'}."
    return (f"Kept as the source “{result.get('source_id')}” ({result.get('words')} words, "
            f"{_passages(result.get('chunks'))}). Quizzes, flashcards and mindmaps now draw "
            "on it too; ask “what sources do I have?” to list them.")


def format_sources(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    if result.get("status") != "ok":
        return f"Couldn't read your sources: {result.get('error') or 'unknown error'}."
    rows = list(result.get("sources") or [])
    if not rows:
        return ('No sources yet: paste notes or a transcript after "here are my notes:", '
                'or name a file ("add notes/interview.md as a source").')
    return "\n".join(["Your sources:", *(f"- “{r.get('source_id')}” "
                                           f"({_passages(r.get('chunks'))})" for r in rows)])


FORMATTERS: dict[str, Formatter] = {
    "source_ingest": format_ingest,
    "read_source": format_sources,
    "content_write": format_save,
    "make_artifact": format_artifact,
    "edit_ops": format_edit,
    "edit_metadata": format_edit,
    "revert_to_version": format_revert,
    "list_versions": format_versions,
    "check_delivery": format_check,
}

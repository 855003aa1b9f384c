"""The blogger's understanding: a message about one post, read as typed requests by code.

`BloggerConversation(post)` reads what an author types (commands, plain words, several
requests in one message, follow-ups to its own questions) into `Interpretation`s whose slots
are the blogger's tool arguments. Edits are located in the post (`PostView`), so what it
returns is an edit plan the patcher can apply; a place it cannot pin down becomes one
clarifying question listing the candidates, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from draftguard.commands import CommandSpec, parse_command
from draftguard.edits import EditPlan, EditStatus, apply_plan
from draftguard.edits._frontmatter import edit_frontmatter
from draftguard.errors import CommandError, DraftguardError
from draftguard.text import number_value
from draftguard.understanding._blogger_clauses import ClauseReader, closest_reply, unclear
from draftguard.understanding._blogger_locate import ask
from draftguard.understanding._blogger_phrases import (
    ANTECEDENT,
    ARTIFACT_FOLLOW,
    CHECK,
    COUNT_ONLY,
    GOAL,
    LEAD_NOUN,
    LEAD_VERB,
    MARKERS,
    MY_POST,
    ORDINAL,
    PICK,
    PRONOUN_EDIT,
    SAVE_LEAD,
    SPLIT_WORDS,
)
from draftguard.understanding._blogger_sources import read_sources_request
from draftguard.understanding._locate import (
    DEFAULT_MARGIN,
    DEFAULT_MIN_COVERAGE,
    PostView,
)
from draftguard.understanding._slots import (
    VERBS,
    Masked,
    clauses,
    mask_quotes,
    strip_polite,
)
from draftguard.understanding._types import Intent, Interpretation, Reading

__all__ = ["BLOGGER_COMMANDS", "BloggerConversation", "closest_reply"]

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
    CommandSpec(name="sources", usage="/sources",
                summary='list your notes and transcripts ("here are my notes:" adds one)'),
    CommandSpec(name="help", usage="/help", summary="this list"),
)

class BloggerConversation(ClauseReader):
    """The blogger's `Conversation`: reads each message against the current post."""

    def __init__(
        self,
        post: str | None = None,
        *,
        last: Mapping[str, Any] | None = None,
        min_coverage: float = DEFAULT_MIN_COVERAGE,
        margin: float = DEFAULT_MARGIN,
    ) -> None:
        self._history: list[str] = []
        self._post = post
        self._view: PostView | None = None
        self.min_coverage = min_coverage
        self.margin = margin
        last = last or {}
        self._last_intent: str | None = last.get("intent")
        self._last_candidates: list[dict[str, Any]] = list(last.get("candidates") or [])

    # -- state -------------------------------------------------------------------------------
    @property
    def post(self) -> str | None:
        return self._post

    def memory(self) -> dict[str, Any]:
        """What the next message is read in the light of (JSON, for session state)."""
        return {"intent": self._last_intent, "candidates": self._last_candidates}

    @property
    def view(self) -> PostView | None:
        if self._post is None:
            return None
        if self._view is None or self._view.text != self._post:
            self._view = _view_of(self._post)
        return self._view

    def commit(self, reading: Reading) -> None:
        """Remember what was acted on; edits, saves and undos update the post read next."""
        self._last_candidates = []
        for request in reading.requests:
            self._last_intent = request.intent.value
            if request.question is not None:
                self._last_candidates = [c.model_dump(mode="json") for c in request.candidates]
                continue
            self._apply(request)

    def _apply(self, request: Interpretation) -> None:
        slots = request.slots
        if request.intent is Intent.SAVE_POST:
            self._push(str(slots["text"]))
        elif request.intent is Intent.UNDO and self._history:
            self._post = self._history.pop()
        elif request.intent is Intent.EDIT and self._post is not None:
            try:
                if "ops" in slots:
                    plan = EditPlan.model_validate({
                        "ops": slots["ops"], "scope": slots.get("scope"),
                        "constraints": {"allow_heading_changes":
                                        bool(slots.get("allow_heading_changes"))}})
                    result = apply_plan(self._post, plan)
                    if result.status is EditStatus.APPLIED and result.text is not None:
                        self._push(result.text)
                else:
                    self._push(edit_frontmatter(self._post, set_keys=slots.get("set_fields") or {},
                                                remove=slots.get("remove_fields") or []))
            except (DraftguardError, ValueError):
                pass  # the app reports it; the post stays as it was

    def _push(self, text: str) -> None:
        if self._post is not None:
            self._history.append(self._post)
        self._post = text

    # -- reading -----------------------------------------------------------------------------
    def read(self, message: str) -> Reading:
        """The requests in `message`, in order; none when it is not a request."""
        text = message.strip()
        if not text:
            return Reading()
        if text.startswith("/"):
            command = self._slash(text)
            if command is not None:
                return Reading(requests=(command,))
        source = read_sources_request(text)
        if source is not None:
            return Reading(requests=(source,))
        whole = self._whole_message(text)
        if whole is not None:
            return Reading(requests=(whole,))
        masked = mask_quotes(text)
        follow = self._follow_up(masked)
        if follow is not None:
            return Reading(requests=(follow,))
        # An outline or a brief runs to the end of the message, full stops and all.
        said = strip_polite(masked.text)
        split = SPLIT_WORDS.match(said)
        if split is not None and ":" in split.group("rest"):
            return Reading(requests=(self._split(split.group("rest"), masked),))
        if CHECK.match(said) and GOAL.search(said):
            return Reading(requests=(self._check(said, masked),))
        requests: list[Interpretation] = []
        scope_words = previous = ""
        for clause in clauses(_request_part(masked.text)):
            if re.match(r"^(?:in|within|inside|under)\s+[^«»]+$", clause, re.I) and \
                    not re.search(rf"\b(?:{VERBS})\b", clause, re.I):
                scope_words = clause + ", "  # "In the tyres paragraph, replace ..."
                continue
            clause, scope_words = scope_words + clause, ""
            pronoun = PRONOUN_EDIT.match(strip_polite(clause))
            antecedent = ANTECEDENT.search(previous) if pronoun else None
            if pronoun is not None and antecedent is not None:
                clause = f"{pronoun.group('verb')} {antecedent.group('d')}"
            previous = clause
            count = COUNT_ONLY.match(strip_polite(clause))
            last = requests[-1] if requests else None
            if count is not None and last is not None and not last.slots and \
                    last.intent in (Intent.QUIZ, Intent.FLASHCARDS) and \
                    number_value(count.group("n")) is not None:
                # "make me a quiz? like 6 questions": the count said after the request.
                requests[-1] = Interpretation(intent=last.intent,
                                              slots={"count": number_value(count.group("n"))})
                continue
            requests += self._clause(clause, masked)
        # An unclear clause next to readable ones is the readable ones' context, not a request.
        readable = [r for r in requests if r.intent is not Intent.UNCLEAR]
        if readable:
            requests = readable
        elif len(requests) > 1:
            merged = sorted({c for r in requests for c in r.slots["closest"]})
            requests = [unclear([Intent(c) for c in merged])]
        return Reading(requests=tuple(requests))

    def _slash(self, text: str) -> Interpretation | None:
        specs = {s.name: s for s in BLOGGER_COMMANDS}
        try:
            cmd = parse_command(text, specs)
        except CommandError as err:
            return ask(f"{err}. Type /help for the commands.", intent=Intent.UNCLEAR,
                        slots={"closest": []})
        if cmd is None:
            return None  # "/" and the like: not a command at all
        if cmd.name in ("quiz", "flashcards"):
            slots: dict[str, Any] = {}
            if cmd.args:
                n = number_value(cmd.args[0])
                if n is None:
                    return ask(f"/{cmd.name} takes a number, not {cmd.args[0]!r}.",
                                intent=Intent.UNCLEAR, slots={"closest": [cmd.name]})
                slots["count"] = n
            return Interpretation(intent=Intent(cmd.name), slots=slots)
        if cmd.name == "split":
            below = text.partition("\n")[2]
            slots = {"text": text} if below.strip() else {}
            slots.update(cmd.options)
            return Interpretation(intent=Intent.SPLIT, slots=slots)
        if cmd.name == "edit":
            masked = mask_quotes(cmd.text)
            found = self._edit_clause(strip_polite(masked.text), masked, strict_text=cmd.text)
            return found if found is not None else unclear([Intent.EDIT])
        if cmd.name == "check":
            return Interpretation(intent=Intent.CHECK,
                                  slots={"goal": cmd.text.strip()} if cmd.text.strip() else {})
        return Interpretation(intent=Intent(cmd.name))

    def _whole_message(self, text: str) -> Interpretation | None:
        """A pasted post, or a draft with its outline: the rest of the message is content."""
        head, sep, body = text.partition("\n")
        colon = head.find(":")
        if colon >= 0 and colon < 200 and not body.strip() and len(head) - colon > 1:
            head, body, sep = head[:colon + 1], head[colon + 1:], ":"
        lead = head.strip()
        # A lead-in ("hang on to this post for me:") ends in a colon or stands on its own
        # line above the post.
        if (sep and body.strip() and len(lead) <= 200
                and (LEAD_VERB.search(lead) or MY_POST.match(lead))
                and (body.startswith("\n") or SAVE_LEAD.match(lead) or lead.endswith(
                    (":", "-", "…", ".")))
                and LEAD_NOUN.search(lead) and not MARKERS.match(lead)):
            return Interpretation(intent=Intent.SAVE_POST, slots={"text": body.strip() + "\n"})
        markers = {m.group(1).lower() for m in MARKERS.finditer(text)}
        if markers == {"outline", "draft"}:
            return Interpretation(intent=Intent.SPLIT, slots={"text": text})
        paras = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
        if text.startswith("# ") and len(paras) >= 2:
            return Interpretation(intent=Intent.SAVE_POST, slots={"text": text.rstrip() + "\n"})
        return None

    def _follow_up(self, masked: Masked) -> Interpretation | None:
        """An answer to the question asked last, or a change to the artifact just made."""
        said = strip_polite(masked.text)
        if self._last_candidates:
            m = PICK.match(said)
            if m is not None:
                if m.group("o"):
                    i = ORDINAL[m.group("o").lower()]
                else:
                    i = int(m.group("n") or m.group("d")) - 1
                if -len(self._last_candidates) <= i < len(self._last_candidates):
                    try:
                        return Interpretation.model_validate(self._last_candidates[i])
                    except ValidationError:
                        return None  # a memory that no longer reads: start afresh
        if self._last_intent in ("quiz", "flashcards"):
            m = ARTIFACT_FOLLOW.match(said)
            if m is not None:
                n = number_value(m.group("n"))
                if n is not None:
                    return Interpretation(intent=Intent(self._last_intent), slots={"count": n})
        return None


@lru_cache(maxsize=16)
def _view_of(post: str) -> PostView:
    """One parse per post text: the app builds a conversation per message of the same post."""
    return PostView(post)


def _request_part(text: str) -> str:
    """The words of a message that may hold requests: a pasted text below them (a blank line,
    then several lines, or frontmatter) is content, not requests."""
    parts = re.split(r"\n[ \t]*\n", text, maxsplit=1)
    head, rest = parts[0], parts[1] if len(parts) > 1 else ""
    lines = head.split("\n")
    fence = next((i for i, line in enumerate(lines) if i and line.strip() == "---"), None)
    if fence is not None:
        return "\n".join(lines[:fence])
    if rest.count("\n") >= 2 or (len(lines) > 3 and lines[0].rstrip().endswith(":")):
        return lines[0] if lines[0].rstrip().endswith(":") else head
    return text

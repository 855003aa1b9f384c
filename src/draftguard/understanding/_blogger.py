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
from rapidfuzz import process
from rapidfuzz.distance import OSA

from draftguard.commands import CommandSpec, parse_command
from draftguard.edits import (
    EditPlan,
    EditStatus,
    apply_plan,
    edit_frontmatter,
)
from draftguard.errors import CommandError, DraftguardError
from draftguard.text import number_value
from draftguard.understanding._blogger_edits import EditReader
from draftguard.understanding._blogger_locate import ask, clean_words
from draftguard.understanding._blogger_phrases import (
    AND_THE_ONE,
    ANTECEDENT,
    ARTIFACT,
    ARTIFACT_FOLLOW,
    ARTIFACT_VERB,
    CHANGE_ARTIFACT,
    CHECK,
    COUNT_ONLY,
    GOAL,
    HELP,
    INSTEAD,
    LEAD_NOUN,
    LEAD_VERB,
    LIST_VERB,
    MARKERS,
    MY_POST,
    NEW_POST,
    ORDINAL,
    PAIR,
    PAIRS_ONLY,
    PICK,
    PLACE_SHOULD,
    POST_TARGET,
    PRONOUN_EDIT,
    QUESTION,
    RATHER,
    REVERT,
    REWRITE,
    SAVE_LEAD,
    SHOULD,
    SPLIT_WORDS,
    TWO_PAIRS,
    UNCLEAR_ARTIFACT,
    UNCLEAR_EDIT,
    UNCLEAR_VERSION,
    UNDO,
    UNDO_WORDS,
    VERSIONS,
    WANT_BETTER,
    WORD_PREFIX,
)
from draftguard.understanding._locate import (
    DEFAULT_MARGIN,
    DEFAULT_MIN_COVERAGE,
    PostView,
)
from draftguard.understanding._slots import (
    VERBS,
    Masked,
    clauses,
    count_in,
    mask_quotes,
    quote_of,
    strip_polite,
    unmask,
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
    CommandSpec(name="help", usage="/help", summary="this list"),
)

_CAPABILITIES = {
    Intent.EDIT: 'change the post: replace "X" with "Y", delete "X", insert "Y" after "X", '
                 "rename the post",
    Intent.QUIZ: "make a quiz, flashcards or a mindmap (/quiz 5)",
    Intent.UNDO: "undo the last change, or list and restore versions",
    Intent.SPLIT: "split the post by an outline",
    Intent.CHECK: "check the post against a brief",
    Intent.SAVE_POST: 'save a post you paste after "save my post:"',
}

def closest_reply(closest: list[str]) -> str:
    """The deterministic answer to a request code cannot read: the nearest things it can do."""
    lines = ["I could not read that as something I can do. Closest:"]
    for value in closest:
        intent = Intent(value)
        if intent in _CAPABILITIES:
            lines.append(f"- {_CAPABILITIES[intent]}")
    lines.append("Type /help for every command.")
    return "\n".join(lines)


def _unclear(closest: list[Intent]) -> Interpretation:
    values = [c.value for c in closest]
    return Interpretation(intent=Intent.UNCLEAR, slots={"closest": values}, confidence=0.0,
                          question=closest_reply(values))


class BloggerConversation(EditReader):
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
            requests = [_unclear([Intent(c) for c in merged])]
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
            return found if found is not None else _unclear([Intent.EDIT])
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

    def _clause(self, raw: str, masked: Masked) -> list[Interpretation]:
        clause = _fix_verb(strip_polite(raw))
        if not clause:
            return []
        two = TWO_PAIRS.match(clause)
        if two is not None:
            verb = two.group("verb")
            first = f"{verb} {two.group('a')} {two.group('c1')} {two.group('b')}"
            return [*self._clause(first, masked), *self._clause(f"{verb} {two.group('rest')}",
                                                                masked)]
        one = AND_THE_ONE.match(clause)
        if one is not None:
            verb, unit = one.group("verb"), one.group("unit")
            return [*self._clause(f"{verb} {one.group('first')}", masked),
                    *self._clause(f"{verb} the {unit} {one.group('rest')}", masked)]
        pairs = PAIR.findall(clause)
        if len(pairs) > 1 and PAIRS_ONLY.match(clause):
            # "replace 'a' with 'b' and 'c' with 'd'": one edit per pair.
            return [r for x, y in pairs for r in self._clause(f"replace {x} with {y}", masked)]
        rather = RATHER.match(clause)
        if rather is not None:
            clause = f"replace {rather.group('x')} with {rather.group('y')}"
        clause = WORD_PREFIX.sub("", clause)
        should = SHOULD.search(clause)
        if should is not None:
            clause = f"replace {should.group('x')} with {should.group('y')}"
        place = PLACE_SHOULD.match(clause)
        if place is not None:
            where = place.group("place").strip()
            scope = "" if re.fullmatch(r"(?:it|the\s+post|this|my\s+post)", where, re.I) \
                else f"in {where}, "
            clause = f"{scope}replace {place.group('x')} with {place.group('y')}"
        instead = INSTEAD.match(clause)
        if instead is not None:
            clause = f"replace {instead.group('x')} with {instead.group('y')}"
        listed = LIST_VERB.match(clause)
        if listed is not None:
            verb = listed.group("verb")
            return [r for token in re.findall(r"«\d+»", listed.group("items"))
                    for r in self._clause(f"{verb} {token}", masked)]
        if self._last_intent == "edit":
            pair = re.match(r"^(?P<x>«\d+»)\s+(?:to|with|for|->|→|=>)\s+(?P<y>«\d+»)$", clause)
            if pair is not None:
                clause = f"replace {clause}"
        artifact = self._artifact(clause)
        if artifact is not None:
            return artifact
        found = self._clause_one(raw, clause, masked)
        return [found] if found is not None else []

    def _clause_one(self, raw: str, clause: str, masked: Masked) -> Interpretation | None:
        words = _squash_spaces(clause)
        if HELP.match(clause):
            return Interpretation(intent=Intent.HELP)
        m = REVERT.match(clause)
        if m is not None:
            if m.group("orig"):
                return Interpretation(intent=Intent.REVERT, slots={"version": 0})
            n = number_value(m.group("n"))
            if n is not None:
                return Interpretation(intent=Intent.REVERT, slots={"version": n})
        if UNDO.match(words) or UNDO_WORDS.match(words):
            return Interpretation(intent=Intent.UNDO)
        if VERSIONS.match(clause):
            return Interpretation(intent=Intent.VERSIONS)
        if CHECK.match(clause):
            return self._check(clause, masked)
        split = SPLIT_WORDS.match(clause)
        if split is not None:
            return self._split(split.group("rest"), masked)
        if QUESTION.match(clause):
            return None
        if REWRITE.match(clause):
            return Interpretation(intent=Intent.NEW_POST, slots={"rewrite": True})
        m = NEW_POST.match(clause)
        if m is not None:
            topic = clean_words(unmask(m.group("t") or "", masked).strip('"'))
            return Interpretation(intent=Intent.NEW_POST, slots={"topic": topic} if topic else {})
        found = self._edit_clause(clause, masked)
        if found is not None:
            return found
        if UNCLEAR_ARTIFACT.search(clause) and ARTIFACT_VERB.search(clause):
            return _unclear([Intent.QUIZ])
        if WANT_BETTER.search(clause):
            return _unclear([Intent.EDIT])
        if UNCLEAR_VERSION.search(clause):
            return _unclear([Intent.UNDO])
        if UNCLEAR_EDIT.search(clause) and not clause.endswith("?"):
            return _unclear([Intent.EDIT])
        if re.match(r"^(?:can|could|would|will)\s+(?:you|u)\b", raw.strip(), re.I) and \
                POST_TARGET.search(clause):
            return _unclear([Intent.EDIT])
        return None

    # -- simple intents ----------------------------------------------------------------------
    def _check(self, clause: str, masked: Masked) -> Interpretation:
        m = GOAL.search(clause)
        goal = ""
        if m is not None:
            goal = unmask(m.group("g") or m.group("g2") or "", masked)
            quoted = quote_of(m.group("g") or m.group("g2") or "", masked)
            goal = quoted if quoted is not None else clean_words(goal)
        return Interpretation(intent=Intent.CHECK, slots={"goal": goal} if goal else {})

    def _split(self, rest: str, masked: Masked) -> Interpretation:
        _, colon, items = rest.partition(":")
        if not colon:
            m = re.search(r"\b(?:outline|sections|parts)\s+(?P<o>«\d+».*|[A-Z].*)$", rest)
            items = m.group("o") if m else ""
        items = unmask(items, masked).replace('"', "")
        parts = [clean_words(p) for p in re.split(r"[;\n]|,\s*(?:and\s+)?|\s+and\s+", items)]
        outline = "\n".join(p for p in parts if p)
        return Interpretation(intent=Intent.SPLIT, slots={"outline": outline} if outline else {})

    def _artifact(self, clause: str) -> list[Interpretation] | None:
        kinds = list(ARTIFACT.finditer(clause))
        if not kinds or not ARTIFACT_VERB.search(clause):
            return None
        if QUESTION.match(clause) and not re.search(r"\b(?:can|could|would)\s+you\b", clause,
                                                      re.I):
            return None
        if CHANGE_ARTIFACT.search(clause):
            return [_unclear([Intent.QUIZ])]
        out: list[Interpretation] = []
        # "a quiz with 2 questions and a mindmap": each kind owns the words up to the next.
        starts = [0, *(m.start() for m in kinds[1:]), len(clause)]
        for i, m in enumerate(kinds):
            kind = m.group("kind").lower()
            if kind.startswith("test") and not re.search(
                    r"\btest\s+(?:me|on|with|of)\b|\b\d+[- ]question", clause, re.I):
                continue
            intent = (Intent.FLASHCARDS if kind.startswith(("flash", "card")) else
                      Intent.MINDMAP if kind.startswith(("mind", "concept")) else Intent.QUIZ)
            if any(o.intent is intent for o in out):
                continue
            if intent is Intent.MINDMAP:
                out.append(Interpretation(intent=intent))
                continue
            n = count_in(clause[starts[i]:starts[i + 1]])
            out.append(Interpretation(intent=intent, slots={"count": n} if n else {}))
        return out or None

_VERB_LEXICON = ("replace", "change", "swap", "switch", "substitute", "delete", "remove",
                 "insert", "append", "rename", "retitle", "create", "generate", "revert",
                 "restore", "undo", "split", "check", "make", "write")


def _fix_verb(clause: str) -> str:
    """The clause with a mistyped first verb ("chnage", "delte") spelt right: one edit away
    (a swap of two letters counts as one), and only for words of five letters or more, as
    shorter ones are too often other words ("take" is not "make")."""
    clause = re.sub(r"^(\w+)\s*:\s+", r"\1 ", clause)  # "Delete: 'x'"
    head, sep, rest = clause.partition(" ")
    word = head.lower()
    if word.endswith("ing") and len(word) > 5:  # "would you mind replacing ..."
        for base in (word[:-3], word[:-3] + "e", word[:-4]):
            if base in _VERB_LEXICON or base in ("cut", "add", "swap", "drop", "put"):
                return base + sep + rest
    if len(word) < 5 or word in _VERB_LEXICON or not word.isalpha():
        return clause
    best = process.extractOne(word, _VERB_LEXICON, scorer=OSA.distance, score_cutoff=1)
    if best is None:
        return clause
    return best[0] + sep + rest


def _squash_spaces(clause: str) -> str:
    return re.sub(r"\s+", " ", clause).strip()


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

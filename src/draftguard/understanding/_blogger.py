"""The blogger's understanding: a message about one post, read as typed requests by code.

`BloggerConversation(post)` reads what an author types (commands, plain words, several
requests in one message, follow-ups to its own questions) into `Interpretation`s whose slots
are the blogger's tool arguments. Edits are located in the post (`PostView`), so what it
returns is an edit plan the patcher can apply; a place it cannot pin down becomes one
clarifying question listing the candidates, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from pydantic import ValidationError
from rapidfuzz import process
from rapidfuzz.distance import OSA

from draftguard.commands import CommandSpec, parse_command
from draftguard.edits import (
    DeleteOp,
    EditPlan,
    EditStatus,
    InsertOp,
    ReplaceOp,
    apply_plan,
    describe_validation_error,
    edit_frontmatter,
    read_frontmatter,
)
from draftguard.errors import CommandError, DraftguardError
from draftguard.text import number_value, straighten_quotes
from draftguard.understanding._edit_words import parse_edit_request
from draftguard.understanding._locate import (
    DEFAULT_MARGIN,
    DEFAULT_MIN_COVERAGE,
    Located,
    PostView,
    Span,
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

_I = re.I
_POST_NOUN = r"(?:blog\s+)?(?:post|draft|article|piece|essay|text|write-?up|blog)"
_LEAD_VERB = re.compile(
    r"\b(?:save|keep|store|hang on to|hold on to|hold onto|remember|use|here is|here's|heres|"
    r"here it is|here you go|here goes|"
    r"this is|below is|paste|pasted|take|work (?:with|on)|hang onto|stash|file)\b", _I)
_SAVE_LEAD = re.compile(r"^(?:please\s+)?(?:save|keep|store|hang\s+on\s+to|hold\s+on\s+to|remember)"
                        r"\s+(?:this|my|the)\s+(?:new\s+)?(?:blog\s+)?(?:post|draft|article)"
                        r"(?:\s+(?:for\s+me|please))*[.!:]?$", _I)
_MY_POST = re.compile(r"^(?:(?:here'?s|this\s+is)\s+)?(?:my|the)\s+(?:new\s+|latest\s+)?"
                      r"(?:blog\s+)?(?:post|draft|article)\s*:$", _I)
_LEAD_NOUN = re.compile(r"\b(?:post|draft|article|piece|essay|blog|wrote|written|text|it|this)\b",
                        _I)
_MARKERS = re.compile(r"^[ \t]*(?:#+[ \t]*)?(outline|draft)[ \t]*:", _I | re.M)
_ARTIFACT = re.compile(
    r"(?P<kind>quizz?(?:es|zes)?|tests?|flash[- ]?cards?|cards|mind[- ]?maps?|concept[- ]?maps?)\b",
    _I)
_CHANGE_ARTIFACT = re.compile(
    r"\b(?:the|that|this|my)\s+(?:quiz|flash\s*cards?|cards|mind\s*map)\s+"
    r"(?!(?:for|from|of|on|about|please|now|again|too)\b)\w", _I)
_ARTIFACT_VERB = re.compile(
    r"\b(?:make|makes|create|generate|build|give|write|produce|turn|do|get|have|want|need|"
    r"like|prepare|whip up|put together|set up|quiz me|spin up|come up with|could use)\b"
    r"|^(?:a\s+|an\s+|some\s+)?(?:\S+[- ])?(?:quiz|flash|mind|cards)", _I)
_QUESTION = re.compile(
    r"^(?:how|why|what(?:'s| is| are| do| does| makes| would| could| should| can)|when|who|"
    r"is it (?:ok|okay|good|bad)|"
    r"do you think|what do you think|any (?:tips|advice|ideas)|should i|is there|"
    r"tell me about|explain)\b", _I)
_HELP = re.compile(
    r"^(?:/?help|\?+|what can you do|what (?:can|do) you (?:do|offer|help with)|"
    r"what (?:are )?(?:the |your )?commands|show (?:me )?(?:the )?commands|commands|"
    r"what can i (?:ask|say|do)(?: here)?|how do i use (?:this|you|the app)|"
    r"what do you (?:understand|support)|what are your (?:features|options)|"
    r"what (?:can|does) (?:this|the) (?:app|tool|bot|thing|assistant)(?: do)?)"
    r"(?:\s+(?:are\s+there|do\s+you\s+(?:have|know|understand|support)|can\s+i\s+use|"
    r"you|do\s+you\s+take))?\b[?!. ]*$", _I)
_UNDO_OBJECT = (r"(?:\s+(?:it|that|this|the\s+(?:last|previous|latest)\s+(?:edit|change|one)|"
                r"the\s+(?:edit|change)|my\s+last\s+(?:edit|change)|what\s+you\s+(?:just\s+)?"
                r"did|(?:one|a)\s+(?:step|version)|the\s+last\s+step))?")
_UNDO = re.compile(
    r"^(?:(?:undo|revert|reverse|roll\s*back)" + _UNDO_OBJECT + r"(?:\s+back)?|"
    r"(?:take|put|change|set|go|switch|bring|roll|turn)(?:\s+(?:it|that|this|everything))?"
    r"\s+back" + _UNDO_OBJECT + r")$", _I)
_UNDO_WORDS = re.compile(r"^(?:undo(?:\s+.*)?|never\s*mind,?\s+undo.*|i\s+(?:preferred|liked)\s+"
                         r"it\s+(?:better\s+)?before|that'?s\s+worse,?\s+undo.*)$", _I)
_REVERT = re.compile(
    r"^(?:revert|go\s+back|roll\s*back|restore|return|switch\s+back|bring\s+back|reset)"
    r"(?:\s+(?:it|the\s+post|my\s+post))?(?:\s+(?:to|back\s+to))?\s+(?:the\s+)?"
    r"(?:(?P<orig>original|(?:very\s+)?first\s+(?:version|draft|one)|original\s+(?:version|draft)|"
    r"one\s+i\s+pasted)|(?:version|revision|rev\b|v(?=\s*\.?\s*\d))\s*\.?\s*(?P<n>\w+))\b", _I)
_VERSIONS = re.compile(
    r"^(?:(?:list|show|see|view|display|give)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+)?"
    r"(?:post'?s\s+)?(?:versions|version\s+history|history|revisions|edit\s+history|"
    r"previous\s+versions|saved\s+versions|old\s+versions)|"
    r"(?:what|which|how\s+many)\s+versions|version\s+history|versions)\b", _I)
_CHECK = re.compile(
    r"^(?:(?:does|do|is|will|would)\s+(?:this|the|my|it)(?:\s+" + _POST_NOUN + r")?\s+"
    r"(?:meet|match|satisfy|fulfil+|fit|cover|hit|answer|do)\b|"
    r"(?:check|verify|validate|review)\s+(?:if\s+|whether\s+|that\s+)?(?:the\s+|my\s+|this\s+)?"
    r"(?:post|it|this|delivery|draft|deliverables?)\b|run\s+(?:the\s+)?(?:delivery\s+)?check|"
    r"(?:is|are)\s+(?:it|this|the\s+post|my\s+post|we)\s+(?:ready|done|good\s+to\s+go|"
    r"good\s+enough|ok(?:ay)?|fine)\b|"
    r"delivery\s+check)", _I)
_GOAL = re.compile(r"(?:brief|goal|requirements?|criteria|spec)\s*(?:is|was)?\s*[:\-—]\s*"
                   r"(?P<g>.+)$|(?:against|for)\s+(?:the\s+|my\s+|this\s+)?(?:brief|goal)?\s*:?"
                   r"\s*(?P<g2>.+)$", _I)
_SPLIT_WORDS = re.compile(
    r"^(?:split|sort|divide|break\s+up|separate)\s+(?:up\s+)?(?:the\s+|my\s+|this\s+)?"
    r"(?:" + _POST_NOUN + r"|it)\b(?P<rest>.*)$", _I)
_NEW_POST = re.compile(
    r"^(?:(?:write|draft|compose|create|start|make|do)\s+(?:me\s+)?(?:up\s+)?"
    r"(?:a\s+|an\s+)?(?:new\s+|fresh\s+|brand\s+new\s+|short\s+|quick\s+)*"
    r"(?:blog\s+)?(?:post|article|piece|blog|draft)|"
    r"i\s+(?:need|want)\s+(?:a\s+)?(?:new\s+)?(?:blog\s+)?(?:post|article))"
    r"(?:\s+(?:about|on|covering|for)\s+(?P<t>.+))?$", _I)
_REWRITE = re.compile(
    r"^(?:rewrite|redo|re-?write)\s+(?:the\s+|my\s+|this\s+)?(?:whole\s+|entire\s+)?"
    r"(?:" + _POST_NOUN + r"|thing|it)(?:\s+(?:from\s+scratch|completely|entirely))?$|"
    r"^start\s+(?:over|again|from\s+scratch)\b", _I)
_TITLE = re.compile(
    r"^(?:(?:rename|retitle|re-title)\s+(?:(?:the\s+|my\s+|this\s+)?(?:" + _POST_NOUN +
    r"|it|this)\s*(?::\s*|\s))?(?:to\s+|as\s+)?|"
    r"(?:change|set|update|make|switch)\s+(?:the\s+|its\s+|my\s+)?(?:post'?s?\s+)?title\s+"
    r"(?:(?:to|into|as|be)\s*:?\s*|:\s*|(?=«\d+»$))|"
    r"(?:call|title|name)\s+(?:it|the\s+post|this|my\s+post|the\s+piece)\s+|"
    r"(?:new\s+)?title\s*(?::|should\s+be|to)\s*|the\s+title\s+should\s+be\s+|"
    r"give\s+it\s+the\s+title\s+)(?P<t>.+)$", _I)
_HEADING = re.compile(
    r"^(?:rename|retitle|change|call)\s+(?:the\s+)?(?:(?:heading|section|header|subheading|"
    r"section\s+heading)\s+(?P<x>.+?)|(?P<x2>.+?)\s+(?:heading|section|header))\s+"
    r"(?:to|as|into)\s+(?P<y>.+)$", _I)
_META_KEYS = r"description|summary|author|date|slug|category|excerpt|subtitle"
_META_SET = re.compile(
    r"^(?:set|change|update|make|switch)\s+(?:the\s+|its\s+)?(?:post'?s?\s+)?"
    r"(?P<k>" + _META_KEYS + r")\s+(?:to|as|into)\s+(?P<v>.+)$", _I)
_TAGS = re.compile(
    r"^(?:(?P<verb>add|set|use|change)\s+(?:the\s+)?(?:tags?|categories)\s+(?:to\s+)?"
    r"|tag\s+(?:it|the\s+post|this)\s+(?:with|as)\s+|"
    r"(?P<verb3>give)\s+(?:it|the\s+post|this|my\s+post)\s+(?:the\s+)?tags?\s+|(?P<verb2>add)\s+(?P<v0>.+?)\s+as\s+"
    r"(?:a\s+)?tags?$)(?P<v>.*)$", _I)
_META_REMOVE = re.compile(
    r"^(?:remove|delete|drop|clear|get\s+rid\s+of)\s+(?:the\s+|its\s+|all\s+)?(?:post'?s?\s+)?"
    r"(?P<k>tags|" + _META_KEYS + r")$", _I)
_REPLACE = re.compile(
    r"^(?:replace|change|swap(?:\s+out)?|switch(?:\s+out)?|trade(?:\s+out)?|substitute|turn|"
    r"correct|fix|update|make|alter)\s+(?:(?:every|each|all(?:\s+the)?)\s+(?=«))?(?P<x>.+?)"
    r"\s+(?:to|with|for|into|by|->|→|=>)\s+(?P<y>.+)$", _I)
_DELETE = re.compile(
    r"^(?:delete|remove|cut(?:\s+out)?|drop|strike(?:\s+out)?|erase|ditch|scrap|lose|trim|"
    r"get\s+rid\s+of|take\s+out|kill|nuke|axe)\s+(?P<x>.+)$", _I)
_INSERT = re.compile(
    r"^(?:add|insert|append|put|include|stick|prepend)\s+(?:(?:a|an|the|this|one\s+more)\s+)?"
    r"(?:(?P<unit>sentence|line|paragraph|bit|note|phrase|word)s?\s*(?:saying|that\s+says|"
    r"reading|:)?\s*)?(?P<y>«\d+»)(?:\s*,)?(?:\s+(?P<pos>right\s+after|right\s+before|after|"
    r"before|at\s+the\s+end\s+of|at\s+the\s+start\s+of|at\s+the\s+beginning\s+of|"
    r"to\s+the\s+end\s+of|to\s+the\s+start\s+of|to|in|into|at\s+the\s+end|at\s+the\s+start)"
    r"(?:\s+(?P<x>.+))?)?$", _I)
_SCOPE_ANY = re.compile(
    r"(?:^|[\s,])(?:in|within|inside|from|under)\s+(?:the\s+|my\s+)?(?P<s>"
    r"(?:(?:very\s+)?(?:last|first|final|opening|closing|second|third|fourth|2nd|3rd|4th|"
    r"penultimate|second[- ]to[- ]last)\s+(?:paragraph|section|para))|"
    r"(?:conclusion|intro(?:duction)?|ending|outro|lead)|"
    r"(?:(?:paragraph|section|part|bit|para)\s+(?:about|on|with|where|that\s+mentions|"
    r"mentioning|talking\s+about)\s+[^,;]+?)|"
    r"(?:[\w'’-]+(?:\s+[\w'’-]+){0,3}\s+(?:paragraph|section|part|para|bit)))"
    r"(?=\s*(?:[,;.!?]|$)|\s+(?:replace|change|swap|switch|substitute|delete|remove|cut|"
    r"drop|add|insert|append|put|make|fix|get\s+rid|take\s+out)\b)", _I)
_SCOPE_LEAD = re.compile(r"^(?:in|within|under)\s+(?:the\s+)?(?P<s>[^,«»]+?)\s*,\s*", _I)
_SCOPE_TAIL = re.compile(r"^(?P<y>«\d+»)\s+(?:in|within|under)\s+(?:the\s+)?(?P<s>[^«»,;]+?)"
                         r"(?:\s+section)?$", _I)
_UNIT = re.compile(
    r"^(?:the\s+|that\s+|this\s+)?(?P<pos>(?:very\s+)?(?:last|first|final|opening|closing|second|"
    r"third|2nd|3rd|penultimate|second[- ]to[- ]last)\s+)?(?P<unit>sentence|line|bit|part|"
    r"paragraph|para|section|passage|sentence\s+or\s+two|stuff|thing|mention|reference|"
    r"remark|line\s+or\s+two)s?"
    r"(?:\s+(?:about|on|with|where\s+i\s+(?:talk\s+about|mention|say)|that\s+(?:mentions|says|"
    r"talks\s+about|is\s+about)|mentioning|talking\s+about|where|regarding|re|of)\s+"
    r"(?P<d>.+))?$", _I)
_UNIT_AFTER = re.compile(
    r"^(?:the\s+|that\s+)?(?P<d>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)\s+(?P<unit>sentence|paragraph|"
    r"line|bit|part|para)$(?P<pos>)", _I)
_UNCLEAR_EDIT = re.compile(
    r"\b(?:improve|rewrite|re-?word|rephrase|fix|shorten|tighten|polish|punch|expand|edit|"
    r"rework|redo|revise|reorgani[sz]e|refine|smooth|lengthen|condense|tidy|"
    r"tweak|proofread|clean\s+up|simplify|trim|reorder|restructure|move|change|swap|replace|"
    r"delete|remove|cut|make)\b.*\b(?:post|paragraph|intro|conclusion|sentence|title|it|this|"
    r"section|heading|ending|opening|bit|part|typos?|grammar|tone|wording|words?|line)\b", _I)
_POST_TARGET = re.compile(r"\b(?:post|paragraph|intro|conclusion|sentence|title|section|heading|"
                          r"ending|opening|draft|article|wording|words|typos?|grammar|tone|"
                          r"style|flow|spelling)\b", _I)
_UNCLEAR_ARTIFACT = re.compile(r"\b(?:quiz|flash|mind ?map|cards|questions)\b", _I)
_UNCLEAR_VERSION = re.compile(r"\b(?:versions?|undo|revert|restore|go back)\b", _I)
_ORDINAL_INDEX = {"second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
                  "fifth": 4, "5th": 4}
_ORDINAL = {"first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2,
            "3rd": 2, "three": 2, "last": -1, "final": -1, "other": 1}
_PICK = re.compile(r"^(?:the\s+)?(?:(?P<o>first|second|third|1st|2nd|3rd|last|other|one|two|"
                   r"three)(?:\s+one)?|(?:number|no\.?|#|option)\s*(?P<n>\d)|(?P<d>\d))"
                   r"(?:\s+(?:one|please|thanks))?$", _I)
_ARTIFACT_FOLLOW = re.compile(
    r"^(?:(?:make|do)\s+(?:(?:it|that|them)\s+)?|(?:actually|no|instead)[,\s]+|can\s+i\s+have\s+|"
    r"how\s+about\s+)?(?:just\s+|only\s+)?(?P<n>\d{1,3}|[a-z]+(?:[- ][a-z]+)?)"
    r"(?:\s+(?:questions|cards|items|flashcards|of\s+them|instead|please))*$", _I)
_INSTEAD = re.compile(r"^(?:say|use|put|write|make\s+it|go\s+with|have)?\s*(?P<y>«\d+»|[^«»]+?)"
                      r"\s+instead\s+of\s+(?P<x>«\d+»|[^«»]+?)$", _I)
_PAIR = re.compile(r"(«\d+»)\s+(?:with|to|for|->|→|=>)\s+(«\d+»)", _I)
_PAIRS_ONLY = re.compile(
    r"^(?:replace|change|swap|switch|substitute)\s+«\d+»\s+(?:with|to|for|->|→|=>)\s+«\d+»"
    r"(?:\s*(?:,|and|,\s*and|&|;)\s*«\d+»\s+(?:with|to|for|->|→|=>)\s+«\d+»)+$", _I)
_RATHER = re.compile(r"^(?:i'?d\s+)?(?:rather|prefer|like)\b.*?(?P<y>«\d+»)\s+(?:than|over|"
                     r"instead\s+of|rather\s+than|to)\s+(?P<x>«\d+»)$", _I)
_SHOULD = re.compile(r"^(?:the\s+(?:word|words|phrase|bit|line|sentence)\s+)?(?P<x>«\d+»)\s+"
                     r"(?:should|must|needs\s+to|has\s+to)\s+(?:be|say|read)\s+(?P<y>«\d+»)$", _I)
_LIST_VERB = re.compile(r"^(?P<verb>delete|remove|cut|drop)\s+(?P<items>«\d+»(?:\s*(?:,|,?\s*and|&)"
                        r"\s*«\d+»)+)$", _I)
_COUNT_ONLY = re.compile(r"^(?:like|maybe|say|about|around|with|just|only)?\s*"
                         r"(?P<n>\S+(?:[- ]\S+)?)\s+(?:questions|cards|flashcards|items)$", _I)
_DETERMINER = re.compile(r"^(?:the|a|an|my|this|that|these|those|our|his|her|its)\s+", _I)
_NOISE_TAIL = re.compile(r"\s*,\s*(?!«).*$")


def _op(op: ReplaceOp | InsertOp | DeleteOp) -> dict[str, Any]:
    return op.model_dump(mode="json", exclude_none=True)


def _edit(ops: list[dict[str, Any]], *, scope: str | None = None, headings: bool = False,
          confidence: float = 1.0) -> Interpretation:
    slots: dict[str, Any] = {"ops": ops}
    if scope:
        slots["scope"] = scope
    if headings:
        slots["allow_heading_changes"] = True
    return Interpretation(intent=Intent.EDIT, slots=slots, confidence=confidence)


def _ask(question: str, candidates: tuple[Interpretation, ...] = (), *,
         intent: Intent = Intent.EDIT, slots: dict[str, Any] | None = None) -> Interpretation:
    return Interpretation(intent=intent, slots=slots or {}, confidence=0.0,
                          candidates=candidates, question=question)


def _snippet(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


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


def _clean(text: str) -> str:
    """Unquoted words from a message: trimmed of punctuation and politeness at the ends."""
    return strip_polite(text).strip(" \t.!?:;,")


class BloggerConversation:
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
        split = _SPLIT_WORDS.match(said)
        if split is not None and ":" in split.group("rest"):
            return Reading(requests=(self._split(split.group("rest"), masked),))
        if _CHECK.match(said) and _GOAL.search(said):
            return Reading(requests=(self._check(said, masked),))
        requests: list[Interpretation] = []
        scope_words = ""
        for clause in clauses(_request_part(masked.text)):
            if re.match(r"^(?:in|within|inside|under)\s+[^«»]+$", clause, _I) and \
                    not re.search(rf"\b(?:{VERBS})\b", clause, _I):
                scope_words = clause + ", "  # "In the tyres paragraph, replace ..."
                continue
            clause, scope_words = scope_words + clause, ""
            count = _COUNT_ONLY.match(strip_polite(clause))
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
            return _ask(f"{err}. Type /help for the commands.", intent=Intent.UNCLEAR,
                        slots={"closest": []})
        if cmd is None:
            return None  # "/" and the like: not a command at all
        if cmd.name in ("quiz", "flashcards"):
            slots: dict[str, Any] = {}
            if cmd.args:
                n = number_value(cmd.args[0])
                if n is None:
                    return _ask(f"/{cmd.name} takes a number, not {cmd.args[0]!r}.",
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
                and (_LEAD_VERB.search(lead) or _MY_POST.match(lead))
                and (body.startswith("\n") or _SAVE_LEAD.match(lead) or lead.endswith(
                    (":", "-", "…", ".")))
                and _LEAD_NOUN.search(lead) and not _MARKERS.match(lead)):
            return Interpretation(intent=Intent.SAVE_POST, slots={"text": body.strip() + "\n"})
        markers = {m.group(1).lower() for m in _MARKERS.finditer(text)}
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
            m = _PICK.match(said)
            if m is not None:
                if m.group("o"):
                    i = _ORDINAL[m.group("o").lower()]
                else:
                    i = int(m.group("n") or m.group("d")) - 1
                if -len(self._last_candidates) <= i < len(self._last_candidates):
                    return Interpretation.model_validate(self._last_candidates[i])
        if self._last_intent in ("quiz", "flashcards"):
            m = _ARTIFACT_FOLLOW.match(said)
            if m is not None:
                n = number_value(m.group("n"))
                if n is not None:
                    return Interpretation(intent=Intent(self._last_intent), slots={"count": n})
        return None

    def _clause(self, raw: str, masked: Masked) -> list[Interpretation]:
        clause = _fix_verb(strip_polite(raw))
        if not clause:
            return []
        pairs = _PAIR.findall(clause)
        if len(pairs) > 1 and _PAIRS_ONLY.match(clause):
            # "replace 'a' with 'b' and 'c' with 'd'": one edit per pair.
            return [r for x, y in pairs for r in self._clause(f"replace {x} with {y}", masked)]
        rather = _RATHER.match(clause)
        if rather is not None:
            clause = f"replace {rather.group('x')} with {rather.group('y')}"
        should = _SHOULD.match(clause)
        if should is not None:
            clause = f"replace {should.group('x')} with {should.group('y')}"
        instead = _INSTEAD.match(clause)
        if instead is not None:
            clause = f"replace {instead.group('x')} with {instead.group('y')}"
        listed = _LIST_VERB.match(clause)
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
        words = _TOKEN_FREE(clause)
        if _HELP.match(clause):
            return Interpretation(intent=Intent.HELP)
        m = _REVERT.match(clause)
        if m is not None:
            if m.group("orig"):
                return Interpretation(intent=Intent.REVERT, slots={"version": 0})
            n = number_value(m.group("n"))
            if n is not None:
                return Interpretation(intent=Intent.REVERT, slots={"version": n})
        if _UNDO.match(words) or _UNDO_WORDS.match(words):
            return Interpretation(intent=Intent.UNDO)
        if _VERSIONS.match(clause):
            return Interpretation(intent=Intent.VERSIONS)
        if _CHECK.match(clause):
            return self._check(clause, masked)
        split = _SPLIT_WORDS.match(clause)
        if split is not None:
            return self._split(split.group("rest"), masked)
        if _QUESTION.match(clause):
            return None
        if _REWRITE.match(clause):
            return Interpretation(intent=Intent.NEW_POST, slots={"rewrite": True})
        m = _NEW_POST.match(clause)
        if m is not None:
            topic = _clean(unmask(m.group("t") or "", masked).strip('"'))
            return Interpretation(intent=Intent.NEW_POST, slots={"topic": topic} if topic else {})
        found = self._edit_clause(clause, masked)
        if found is not None:
            return found
        if _UNCLEAR_ARTIFACT.search(clause) and _ARTIFACT_VERB.search(clause):
            return _unclear([Intent.QUIZ])
        if _UNCLEAR_VERSION.search(clause):
            return _unclear([Intent.UNDO])
        if _UNCLEAR_EDIT.search(clause) and not clause.endswith("?"):
            return _unclear([Intent.EDIT])
        if re.match(r"^(?:can|could|would|will)\s+(?:you|u)\b", raw.strip(), _I) and \
                _POST_TARGET.search(clause):
            return _unclear([Intent.EDIT])
        return None

    # -- simple intents ----------------------------------------------------------------------
    def _check(self, clause: str, masked: Masked) -> Interpretation:
        m = _GOAL.search(clause)
        goal = ""
        if m is not None:
            goal = unmask(m.group("g") or m.group("g2") or "", masked)
            quoted = quote_of(m.group("g") or m.group("g2") or "", masked)
            goal = quoted if quoted is not None else _clean(goal)
        return Interpretation(intent=Intent.CHECK, slots={"goal": goal} if goal else {})

    def _split(self, rest: str, masked: Masked) -> Interpretation:
        _, colon, items = rest.partition(":")
        if not colon:
            m = re.search(r"\b(?:outline|sections|parts)\s+(?P<o>«\d+».*|[A-Z].*)$", rest)
            items = m.group("o") if m else ""
        items = unmask(items, masked).replace('"', "")
        parts = [_clean(p) for p in re.split(r"[;\n]|,\s*(?:and\s+)?|\s+and\s+", items)]
        outline = "\n".join(p for p in parts if p)
        return Interpretation(intent=Intent.SPLIT, slots={"outline": outline} if outline else {})

    def _artifact(self, clause: str) -> list[Interpretation] | None:
        kinds = list(_ARTIFACT.finditer(clause))
        if not kinds or not _ARTIFACT_VERB.search(clause):
            return None
        if _QUESTION.match(clause) and not re.search(r"\b(?:can|could|would)\s+you\b", clause,
                                                      _I):
            return None
        if _CHANGE_ARTIFACT.search(clause):
            return [_unclear([Intent.QUIZ])]
        out: list[Interpretation] = []
        # "a quiz with 2 questions and a mindmap": each kind owns the words up to the next.
        starts = [0, *(m.start() for m in kinds[1:]), len(clause)]
        for i, m in enumerate(kinds):
            kind = m.group("kind").lower()
            if kind.startswith("test") and not re.search(
                    r"\btest\s+(?:me|on|with|of)\b|\b\d+[- ]question", clause, _I):
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

    # -- edits -------------------------------------------------------------------------------
    def _edit_clause(self, clause: str, masked: Masked,
                     strict_text: str | None = None) -> Interpretation | None:
        strict = strict_text if strict_text is not None else unmask(clause, masked)
        # The strict grammar unescapes backslashes; a quote holding one is carried verbatim.
        if masked.quotes and '"' in strict and not any("'" in q or "\\" in q
                                                       for q in masked.quotes):
            try:
                request = parse_edit_request(strict)
            except (CommandError, ValueError):
                request = None
            if request is not None:
                found = self._strict(request)
                if found is not None:
                    return found
        for rule in (self._heading, self._title, self._metadata, self._insert, self._replace,
                     self._delete):
            try:
                found = rule(clause, masked)
            except ValidationError as err:  # a quoted text no plan may hold (a control char)
                return _ask(f"I cannot use that text: {describe_validation_error(err)}.")
            if found is not None:
                return found
        return None

    def _strict(self, request: Any) -> Interpretation | None:
        ops = [_op(op) for op in request.ops]
        view = self.view
        scope = request.scope
        if view is not None and scope is not None and view.region(scope) is None:
            # Not a section the patcher knows: locate each anchor inside it instead.
            return None
        if view is not None and scope is not None and view.heading(scope) is not None:
            scope = view.heading(scope).text  # type: ignore[union-attr]
        if view is not None and scope is None and any(
                len(view.occurrences(op["anchor"])) > 1 for op in ops):
            return None  # an anchor standing twice: the located rules ask which
        return _edit(ops, scope=scope)

    def _scope(self, clause: str, masked: Masked) -> tuple[str, str | None, Span | None, bool]:
        """The clause without its scope phrase, the patcher scope, the region, and whether a
        scope was named but not found."""
        view = self.view
        m = _SCOPE_ANY.search(clause)
        tail = None
        lead = _SCOPE_LEAD.match(clause)
        if m is None and lead is not None and view is not None \
                and view.heading(lead.group("s")) is not None:
            m = lead
        if m is None:
            tail = re.search(r"\s+(?:in|within|under)\s+(?:the\s+)?(?P<s>[^«»,;]+?)"
                             r"(?:\s+section)?[.!]?$", clause, _I)
            if tail is None or not re.search(r"«\d+»\s*$", clause[:tail.start()]):
                return clause, None, None, False
            name = tail.group("s").strip()
            rest = clause[:tail.start()]
        else:
            name = m.group("s").strip()
            rest = (clause[:m.start()] + clause[m.end():]).strip(" ,")
        name = re.sub(r"^(?:the|my)\s+", "", name, flags=_I)
        if view is None:
            return rest, None, None, False
        natural = _natural_scope(name)
        if natural is not None:
            region = view.region(natural)
            return rest, natural if region is not None else None, region, region is None
        ordinal = re.match(r"^(second|third|fourth|fifth|2nd|3rd|4th|5th|penultimate|"
                           r"second[- ]to[- ]last)\s+(?:paragraph|para)$", name, _I)
        if ordinal is not None:
            word = ordinal.group(1).lower()
            index = -2 if "last" in word or word == "penultimate" else _ORDINAL_INDEX[word]
            paras = view.paragraphs
            if -len(paras) <= index < len(paras):
                return rest, None, paras[index], False
            return rest, None, None, True
        bare = re.sub(r"\s+(?:section|part|bit)$", "", name, flags=_I)
        heading = view.heading(bare)
        if heading is not None:
            title = heading.text
            region = view.region(title)
            if region is not None:
                return rest, title, region, False
        para = re.match(r"^(?:paragraph|section|part|bit|para)\s+(?:about|on|with|where|that\s+"
                        r"mentions|mentioning|talking\s+about)\s+(?P<d>.+)$|^(?P<d2>.+?)\s+"
                        r"(?:paragraph|para|part|bit)$", name, _I)
        if para is not None:
            found = view.describe(para.group("d") or para.group("d2"), "paragraph",
                                  min_coverage=self.min_coverage, margin=self.margin)
            if found.span is not None:
                return rest, None, found.span, False
        return rest, None, None, True

    def _find(self, phrase: str, region: Span | None,
              prefer_bare: bool = False) -> tuple[str, list[Span]]:
        """Where an unquoted phrase stands (trying it without a leading "the"/"my" too)."""
        view = self.view
        assert view is not None
        bare = _DETERMINER.sub("", phrase)
        first, second = (bare, phrase) if prefer_bare else (phrase, bare)
        hits = view.occurrences(first, region)
        if hits or first == second:
            return first, hits
        return second, view.occurrences(second, region)

    def _locate_phrase(self, phrase: str, region: Span | None,
                       make: Callable[[str], list[dict[str, Any]]],
                       scope: str | None) -> Interpretation:
        view = self.view
        assert view is not None
        _, hits = self._find(phrase, region)
        if len(hits) == 1:
            anchor = hits[0] if scope is not None else view.unique_anchor(hits[0])
            return _edit(make(anchor.text), scope=scope)
        if not hits:
            return _ask(f"I could not find “{phrase}” in the post. Which words do you mean? "
                        "Quote them exactly.")
        cands = tuple(_edit(make(view.unique_anchor(h).text)) for h in hits[:5])
        listed = "; ".join(f"{i}. “{_snippet(_sentence_of(view, h))}”"
                           for i, h in enumerate(hits[:5], 1))
        return _ask(f"“{phrase}” is in the post {len(hits)} times. Which one: {listed}? "
                    "(Or name the paragraph.)", cands)

    def _locate_unit(self, phrase: str, region: Span | None,
                     make: Callable[[str], list[dict[str, Any]]]) -> Interpretation | None:
        """A described sentence or paragraph ("the bit about the flask", "the last line")."""
        view = self.view
        m = _UNIT.match(phrase) or _UNIT_AFTER.match(phrase)
        if m is None:
            return None
        if view is None:
            return _ask("There is no post yet: paste one first.")
        unit = m.group("unit").lower()
        kind = "paragraph" if unit in ("paragraph", "para", "section", "passage") else "sentence"
        desc = m.group("d")
        if m.group("pos") and desc:
            # "the second sentence of the tyres section": the place named, then the position.
            _, _, named, missing = self._scope(f"in {_clean(desc)}", Masked(desc, ()))
            if named is None or missing:
                return _ask(f"Which part of the post do you mean by “{_clean(desc)}”?")
            region, desc = named, None
        if m.group("pos") and not desc:
            units = view.units(kind, region)
            pos = m.group("pos").strip().lower().replace("very ", "")
            index = {"first": 0, "opening": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2,
                     "penultimate": -2}.get(pos, -1)
            if pos.startswith("second") and "last" in pos:
                index = -2
            if not units or not -len(units) <= index < len(units):
                return _ask(f"The post has no {pos} {kind} there.")
            return _edit(make(view.unique_anchor(units[index]).text))
        if not desc:
            return None
        desc = _NOISE_TAIL.sub("", desc)
        found: Located = view.describe(desc, kind, region, min_coverage=self.min_coverage,
                                       margin=self.margin)
        if found.span is not None:
            return _edit(make(view.unique_anchor(found.span).text), confidence=0.9)
        if not found.candidates:
            return _ask(f"I could not find a {kind} about “{desc}” in the post. Quote its "
                        "words and I will do it.")
        cands = tuple(_edit(make(view.unique_anchor(c).text)) for c in found.candidates)
        listed = "; ".join(f"{i}. “{_snippet(c.text)}”"
                           for i, c in enumerate(found.candidates, 1))
        return _ask(f"Which {kind} do you mean: {listed}?", cands)

    def _replace(self, clause: str, masked: Masked) -> Interpretation | None:
        rest, scope, region, missing = self._scope(clause, masked)
        m = _REPLACE.match(rest)
        if m is None:
            return None
        x_raw, y_raw = m.group("x").strip(), m.group("y").strip()
        # "change X to Y" read left to right: the first "to/with/for" splits unless X is quoted.
        y_quote = quote_of(_NOISE_TAIL.sub("", y_raw), masked)
        if y_quote is None:
            if "«" in y_raw:
                return None
            y_text = _clean(_NOISE_TAIL.sub("", unmask(y_raw, masked)))
        else:
            y_text = y_quote
        if missing:
            return _ask("I could not find that part of the post. Which section do you mean?")
        x_quote = quote_of(x_raw, masked)
        if x_quote is not None:
            def make_q(anchor: str) -> list[dict[str, Any]]:
                return [_op(ReplaceOp(anchor=anchor, text=_carry(anchor, x_quote, y_text)))]
            if self.view is None or (scope is None and region is None):
                if self.view is not None:
                    hits = self.view.occurrences(x_quote)
                    if len(hits) > 1:
                        return self._locate_phrase(x_quote, None, make_q, None)
                return _edit(make_q(x_quote))
            hits = self.view.occurrences(x_quote, region)
            if len(hits) == 1 and scope is None:
                return _edit(make_q(self.view.unique_anchor(hits[0]).text))
            if not hits:
                return _edit(make_q(x_quote), scope=scope)
            return self._locate_phrase(x_quote, region, make_q, scope)
        if "«" in x_raw or not y_text:
            return None
        x_text = _clean(unmask(x_raw, masked))
        unit = self._locate_unit(x_text, region,
                                 lambda a: [_op(ReplaceOp(anchor=a, text=y_text))])
        if unit is not None:
            return unit
        if self.view is None:
            return _edit([_op(ReplaceOp(anchor=x_text, text=y_text))])
        # "swap the tea for cocoa" means the word: without a determiner on the new side,
        # the old side's is left in place.
        found, hits = self._find(x_text, region, prefer_bare=not _DETERMINER.match(y_text))
        if found != x_text and _DETERMINER.match(y_text):
            y_text = _DETERMINER.sub("", y_text)

        def make(anchor: str) -> list[dict[str, Any]]:
            new = y_text
            if y_quote is None and anchor[:1].isupper() and new[:1].islower() \
                    and anchor.split()[0].lower() == found.split()[0].lower():
                new = new[0].upper() + new[1:]
            return [_op(ReplaceOp(anchor=anchor, text=_carry(anchor, found, new)))]

        if not hits:
            return None if len(x_text.split()) > 8 else self._locate_phrase(
                found, region, make, scope)
        return self._locate_phrase(found, region, make, scope)

    def _delete(self, clause: str, masked: Masked) -> Interpretation | None:
        rest, scope, region, missing = self._scope(clause, masked)
        m = _DELETE.match(rest)
        if m is None:
            return None
        x_raw = _NOISE_TAIL.sub("", m.group("x").strip())
        if missing:
            return _ask("I could not find that part of the post. Which section do you mean?")

        def make(anchor: str) -> list[dict[str, Any]]:
            return [_op(DeleteOp(anchor=anchor))]

        x_quote = quote_of(x_raw, masked)
        if x_quote is not None:
            if self.view is None:
                return _edit(make(x_quote))
            hits = self.view.occurrences(x_quote, region)
            if not hits:
                return _edit(make(x_quote), scope=scope)
            return self._locate_phrase(x_quote, region, make, scope)
        if "«" in x_raw:
            return None
        x_text = _clean(x_raw)
        unit = self._locate_unit(x_text, region, make)
        if unit is not None:
            return unit
        if self.view is None or len(x_text.split()) > 8:
            return None
        word = re.sub(r"^(?:the\s+)?(?:word|phrase|words)\s+", "", x_text, flags=_I)
        found, hits = self._find(word, region)
        if not hits:
            return None
        return self._locate_phrase(found, region, make, scope)

    def _insert(self, clause: str, masked: Masked) -> Interpretation | None:
        m = _INSERT.match(clause)
        if m is None:
            return None
        text = quote_of(m.group("y"), masked)
        assert text is not None
        pos = (m.group("pos") or "").lower()
        x = (m.group("x") or "").strip()
        unit = (m.group("unit") or "").lower()
        position = "before" if ("before" in pos or "start" in pos or "beginning" in pos) \
            else "after"
        if pos in ("after", "before", "right after", "right before"):
            anchor = quote_of(x, masked)
            if anchor is not None:
                if self.view is not None:
                    hits = self.view.occurrences(anchor)
                    if len(hits) > 1:
                        return self._locate_phrase(
                            anchor, None,
                            lambda a: [_op(InsertOp(anchor=a, text=text,
                                                    position=position))], None)
                return _edit([_op(InsertOp(anchor=anchor, text=text, position=position))])
        view = self.view
        if view is None:
            return None
        region: Span | None = None
        target = x.lower()
        if target and not re.match(r"^(?:the\s+|my\s+|this\s+)?(?:post|article|piece|draft|"
                                   r"it|end|bottom|top|start)$", target):
            _, _, region, missing = self._scope(f"in {x}", masked)
            if missing or region is None:
                if pos in ("after", "before", "right after", "right before"):
                    found = self._locate_unit(_clean(unmask(x, masked)), None,
                                              lambda a: [_op(InsertOp(anchor=a, text=text,
                                                                      position=position))])
                    return found
                return None
        kind = "paragraph" if unit == "paragraph" else "sentence"
        units = view.units(kind, region)
        if not units:
            return None
        at = units[0] if position == "before" else units[-1]
        return _edit([_op(InsertOp(anchor=view.unique_anchor(at).text, text=text,
                                   position=position))])

    def _title(self, clause: str, masked: Masked) -> Interpretation | None:
        m = _TITLE.match(clause)
        if m is None:
            return None
        raw = m.group("t").strip()
        title = quote_of(raw, masked)
        if title is None:
            if "«" in raw:
                return None
            title = _clean(raw).strip('"')
        if not title:
            return None
        view = self.view
        if view is None or "title" in read_frontmatter(view.text):
            return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"title": title}})
        top = [(t, s) for t, s in view.headings
               if view.text.startswith("# ", view.text.rfind("\n", 0, s.start) + 1)]
        if top:
            return _edit([_op(ReplaceOp(anchor=top[0][1].text, text=title))], headings=True)
        first = view.paragraphs[0] if view.paragraphs else None
        if first is None:
            return None
        return _edit([_op(InsertOp(anchor=view.unique_anchor(first).text, text=f"# {title}",
                                   position="before"))], headings=True)

    def _heading(self, clause: str, masked: Masked) -> Interpretation | None:
        m = _HEADING.match(clause)
        if m is None or self.view is None:
            return None
        x = m.group("x") or m.group("x2")
        name = quote_of(x, masked) or _clean(x)
        new = quote_of(m.group("y"), masked) or _clean(unmask(m.group("y"), masked))
        heading = self.view.heading(name)
        if heading is None or not new:
            return None
        return _edit([_op(ReplaceOp(anchor=heading.text, text=new))], headings=True)

    def _metadata(self, clause: str, masked: Masked) -> Interpretation | None:
        m = _META_SET.match(clause)
        if m is not None:
            value = quote_of(m.group("v"), masked) or _clean(unmask(m.group("v"), masked))
            key = m.group("k").lower()
            return Interpretation(intent=Intent.EDIT,
                                  slots={"set_fields": {key: value.strip('"')}})
        m = _META_REMOVE.match(clause)
        if m is not None:
            return Interpretation(intent=Intent.EDIT,
                                  slots={"remove_fields": [m.group("k").lower()]})
        m = _TAGS.match(clause)
        if m is not None:
            raw = m.group("v0") or m.group("v")
            tags = [_clean(t).strip('"').lower() for t in
                    re.split(r",\s*(?:and\s+)?|\s+and\s+", unmask(raw, masked))]
            tags = [t for t in tags if t]
            if not tags:
                return None
            verb = (m.group("verb") or m.group("verb2") or m.group("verb3") or "add").lower()
            adding = verb == "add" or clause.lower().startswith("tag")
            if adding and self.view is not None:
                old = read_frontmatter(self.view.text).get("tags")
                if isinstance(old, list):
                    tags = [*map(str, old), *(t for t in tags if t not in old)]
            return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": tags}})
        return None


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


def _TOKEN_FREE(clause: str) -> str:
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


def _carry(anchor: str, found: str, new: str) -> str:
    """The new text for an anchor grown to be unique: the extra words stay around it."""
    at = straighten_quotes(anchor).casefold().find(straighten_quotes(found).casefold())
    if at < 0 or len(anchor) == len(found):
        return new
    return anchor[:at] + new + anchor[at + len(found):]


def _natural_scope(name: str) -> str | None:
    key = " ".join(name.lower().replace("’", "'").split())
    key = re.sub(r"^very\s+", "", key)
    if key in ("conclusion", "ending", "outro", "end"):
        return "conclusion"
    if key in ("intro", "introduction", "opening", "lead"):
        return "intro"
    m = re.match(r"^(first|last|final|opening|closing)\s+(?:paragraph|para)$", key)
    if m:
        return "first paragraph" if m.group(1) in ("first", "opening") else "last paragraph"
    return None


def _sentence_of(view: PostView, span: Span) -> str:
    for s in view.sentences:
        if s.start <= span.start and span.end <= s.end:
            return s.text
    return span.text

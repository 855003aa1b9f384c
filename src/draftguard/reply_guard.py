"""`RawOutputFilter`: nothing raw reaches a person (JSON, tool results, state keys, tracebacks,
a template's placeholders, the app's own identity and identifiers).

A streaming text filter (the `feed`/`flush` shape of `draftguard_adk.agents.TextFilter`):
text is released line by line; a line that shows internals is cut where they start (the
words before stay) or dropped, a fenced block is dropped whole (a chat reply is words to a
person; code's own replies quote the post without this filter), and terminal escapes (C0
and C1) are removed. When everything a reply said was raw, `fallback` is said instead.

Lines are compared as they look (`draftguard.lookalikes`): zero-width characters, soft
hyphens, fullwidth letters, homoglyphs and curly quotes cannot hide a marker.

A model also repeats what it was told about itself: the identity ADK puts first in every
instruction ('You are an agent. Your internal name is "event_planning". The description
about you is ...') and the names of its agents and tools. The identity's wording is a marker
like a tool result's; the names are given by the app (`internal_names`) and are cut when they
look like identifiers ("search_venues", "Lisbon2018", "contentSplitter"): a name that is a
plain word ("blogger") is also a word a reply may use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from draftguard.lookalikes import fold_with_offsets
from draftguard.text import QUOTE_MAP

__all__ = ["DEFAULT_FALLBACK", "RawOutputFilter", "identifier_names", "is_raw", "strip_raw"]

DEFAULT_FALLBACK = "I could not put that into words. Type /help to see what I can do."

# C0 and C1 controls (but tab and line breaks), with the sequences they start: ESC [ ... and
# its one-character C1 form CSI (U+009B); and bidi embeddings, overrides and isolates, which
# make text show other than it is.
_ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]|"
                      r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_MARKERS = re.compile(
    r"Result of tool\b|(?i:\bfunction_?(?:call|response)s?\b)|\btool_(?:code|outputs?)\b|"
    r"Traceback \(most recent call last\)|^\s*File \"[^\"]+\", line \d+|"
    r"\b(?:[A-Z][A-Za-z]*(?:Error|Exception)|KeyError|StopIteration):\s|"
    r"Context variable not found|\bstate key\b|\b(?:temp|app|user|draftguard):[a-z_]+\b|"
    r"\bchat_(?:pending_call|queue)\b|\bblogger_understanding\b|"
    # A JSON object or array: `{"key":` or `[{"`, however it is spaced.
    r"[{\[]\s*\{?\s*\"[^\"\n]{1,80}\"\s*:|^\s*\"[a-z_]{1,40}\"\s*:\s*\S|"
    # The same as Python prints it: `{'status': 'ok'}`.
    r"[{\[]\s*\{?\s*'[^'\n]{1,80}'\s*:|^\s*'[a-z_]{1,40}'\s*:\s*\S|"
    r"\bcall:\s*[a-z_]+\s*\(|<\|?(?:tool|im_start|im_end)[^>]*>|"
    # The identity ADK gives every agent, repeated ("You're an agent. Your internal name is").
    r"(?i:(?:\b(?:you are|you're|i am|i'm) an agent\W{0,3}\s*)?\b(?:your|my) internal name\b|"
    r"\bthe description about (?:you|me)\b)|"
    # What is left of a JSON block printed over several lines: brackets alone.
    r"^\s*[\[\]{}]+,?\s*$|"
    # A template's placeholder ("[Your Name]", "[Insert date]"), not a link ("[text](url)").
    r"\[[A-Z][a-z']*(?: [A-Za-z][a-z']*){0,4}\](?![(\[:])",
)
_FENCE = re.compile(r"^\s*(```|~~~)\s*(\S*)")


_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Za-z]+[0-9][A-Za-z0-9]*|"
                         r"[a-z]+(?:[A-Z][a-z0-9]+)+")


def identifier_names(names: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for those `names` that look like identifiers (snake_case, a digit inside a
    word, camelCase), each as a whole word; None when none does."""
    kept = sorted({n for n in names if _IDENTIFIER.fullmatch(n)}, key=len, reverse=True)
    if not kept:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, kept)) + r")(?![\w-])",
                      re.IGNORECASE)


def _search(pattern: re.Pattern[str], clean: str) -> int | None:
    if clean.isascii():
        m = pattern.search(clean)
        return None if m is None else m.start()
    folded, offsets = fold_with_offsets(clean)
    m = pattern.search(folded.translate(QUOTE_MAP))
    if m is None:
        return None
    return offsets[m.start()] if m.start() < len(offsets) else len(clean)


def _marker(clean: str, names: re.Pattern[str] | None = None) -> int | None:
    """Where internals start in `clean` (escapes removed), compared as it looks; else None."""
    found = [at for at in (_search(_MARKERS, clean),
                           None if names is None else _search(names, clean)) if at is not None]
    return min(found) if found else None


def is_raw(line: str, *, names: re.Pattern[str] | None = None) -> bool:
    """That `line` shows internals a person must not see (`names`: the app's identifiers,
    from `identifier_names`)."""
    return _marker(_ESCAPES.sub("", line), names) is not None


def strip_raw(line: str, *, names: re.Pattern[str] | None = None) -> str:
    """`line` cut where internals start; empty when nothing worth saying is left."""
    clean = _ESCAPES.sub("", line)
    start = _marker(clean, names)
    if start is None:
        return clean
    head = clean[:start].rstrip()
    # The words before stay when they stand on their own ("Saved.", "Here it is:"), not
    # when they are the start of a sentence about internals ("the state key ...").
    if head.endswith((".", "!", "?", "…", ":")) or len(head.split()) >= 4:
        return head.rstrip(" \t;,-({[")
    return ""


class RawOutputFilter:
    """A `TextFilter` that cuts JSON, tool results, state keys, tracebacks and the app's own
    identity and identifiers (`internal_names`: its agents' and tools' names) out of a reply."""

    def __init__(self, *, fallback: str = DEFAULT_FALLBACK,
                 internal_names: Iterable[str] = ()) -> None:
        self.fallback = fallback
        self._names = identifier_names(internal_names)
        self._pending = ""
        self._fence: str | None = None
        self._shown = False
        self._dropped = False

    def feed(self, chunk: str) -> str:
        self._pending += chunk
        lines = self._pending.split("\n")
        self._pending = lines.pop()
        return "".join(self._line(line, "\n") for line in lines)

    def flush(self) -> str:
        rest, self._pending = self._pending, ""
        out = self._line(rest, "") if rest else ""
        if not self._shown and self._dropped:
            self._shown = True
            return out + self.fallback
        return out

    def _line(self, line: str, end: str) -> str:
        fence = _FENCE.match(line)
        if self._fence is not None:
            self._dropped = True
            if fence is not None and fence.group(1) == self._fence and not fence.group(2):
                self._fence = None
            return ""
        if fence is not None:
            self._fence, self._dropped = fence.group(1), True
            return ""
        kept = strip_raw(line, names=self._names)
        if kept != _ESCAPES.sub("", line):
            self._dropped = True
            if not kept:
                return ""
        if kept.strip():
            self._shown = True
        return kept + end

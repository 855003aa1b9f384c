"""Edit requests in plain words, parsed into edit ops by code.

    replace "old words" with "new words" [in <section>]
    delete "words" [in <section>]
    insert "new words" after|before "words" [in <section>]

Several requests may be joined with `;` or "and". Quotes are straight or curly double quotes
(a backslash escapes a quote inside). Anything else does not parse: the caller may then ask a
model for a plan, and that plan still goes through the patcher's checks.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ValidationError

from draftguard.edits._plan import DeleteOp, EditOp, InsertOp, ReplaceOp, describe_validation_error
from draftguard.errors import CommandError

__all__ = ["EDIT_USAGE", "EditRequest", "parse_edit_request"]

EDIT_USAGE = ('replace "X" with "Y" [in <section>], delete "X" [in <section>] or '
              'insert "Y" after "X" [in <section>]')

_TOKEN = re.compile(
    r'\s*(?:"(?P<q>(?:[^"\\]|\\.)*)"|“(?P<c>[^”]*)”|(?P<semi>;)|(?P<w>[^\s";“]+))', re.S
)
_SCOPE_WORDS = re.compile(r"^(?:the\s+)?(?P<s>.+?)(?:\s+section)?[.!]?\Z", re.I | re.S)


class EditRequest(BaseModel):
    """The ops a request names, and the section they are confined to (None: anywhere)."""

    ops: list[EditOp]
    scope: str | None = None


def _tokens(text: str) -> list[tuple[str, str]]:
    """(kind, value) pairs: kind is 'q' for a quoted string, ';' or 'w' for a word."""
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip():
                raise CommandError(f"unclosed quote in the edit request; use {EDIT_USAGE}")
            break
        if m.group("q") is not None:
            out.append(("q", re.sub(r"\\(.)", r"\1", m.group("q"))))
        elif m.group("c") is not None:
            out.append(("q", m.group("c")))
        elif m.group("semi"):
            out.append((";", ";"))
        elif m.group("w"):
            out.append(("w", m.group("w")))
        pos = m.end()
    return out


def _word(tokens: list[tuple[str, str]], i: int, *words: str) -> bool:
    return i < len(tokens) and tokens[i][0] == "w" and tokens[i][1].lower() in words


def _quoted(tokens: list[tuple[str, str]], i: int, what: str, *, blank: bool = False) -> str:
    if i >= len(tokens) or tokens[i][0] != "q":
        raise CommandError(f"expected {what} in double quotes; use {EDIT_USAGE}")
    if not blank and not tokens[i][1].strip():
        raise CommandError(f"{what} is empty")
    return tokens[i][1]


def _scope(tokens: list[tuple[str, str]], i: int) -> tuple[str, int]:
    """The words after 'in' up to the next ';' or 'and <verb>'."""
    j = i
    parts: list[str] = []
    while j < len(tokens) and tokens[j][0] != ";" and not (
        _word(tokens, j, "and", "then") and _word(tokens, j + 1, "replace", "delete", "remove",
                                                  "insert", "add")
    ):
        parts.append(tokens[j][1])
        j += 1
    m = _SCOPE_WORDS.match(" ".join(parts).strip())
    if not parts or m is None:
        raise CommandError(f"'in' must name a section; use {EDIT_USAGE}")
    return m.group("s"), j


def parse_edit_request(text: str) -> EditRequest:
    """The ops of a plain-words edit request; raises `CommandError` when it does not parse."""
    try:
        return _parse(text)
    except ValidationError as err:  # a quoted text the plan refuses (a control character)
        raise CommandError(f"cannot use that edit: {describe_validation_error(err)}") from None


def _parse(text: str) -> EditRequest:
    tokens = _tokens(text.strip())
    if not tokens:
        raise CommandError(f"empty edit request; use {EDIT_USAGE}")
    ops: list[EditOp] = []
    scopes: set[str] = set()
    i = 0
    while i < len(tokens):
        if tokens[i][0] == ";" or _word(tokens, i, "and", "then"):
            i += 1
            continue
        op: EditOp
        if _word(tokens, i, "replace", "change"):
            anchor = _quoted(tokens, i + 1, "the text to replace")
            if not _word(tokens, i + 2, "with", "by", "to"):
                raise CommandError(f"expected 'with' after the text to replace; use {EDIT_USAGE}")
            op = ReplaceOp(anchor=anchor, text=_quoted(tokens, i + 3, "the new text", blank=True))
            i += 4
        elif _word(tokens, i, "delete", "remove"):
            op = DeleteOp(anchor=_quoted(tokens, i + 1, "the text to delete"))
            i += 2
        elif _word(tokens, i, "insert", "add"):
            new = _quoted(tokens, i + 1, "the text to insert")
            if not _word(tokens, i + 2, "after", "before"):
                raise CommandError(f"expected 'after' or 'before'; use {EDIT_USAGE}")
            position = tokens[i + 2][1].lower()
            anchor = _quoted(tokens, i + 3, f"the text to insert {position}")
            op = InsertOp(anchor=anchor, text=new,
                          position="after" if position == "after" else "before")
            i += 4
        else:
            raise CommandError(f"cannot read {tokens[i][1]!r} as an edit; use {EDIT_USAGE}")
        if _word(tokens, i, "in"):
            section, i = _scope(tokens, i + 1)
            op = op.model_copy(update={"section": section})
            scopes.add(section)
        ops.append(op)
    # One named section for every op becomes the plan's scope (the one-paragraph rule and
    # the line budget then apply inside it).
    scope = scopes.pop() if len(scopes) == 1 and all(o.section for o in ops) else None
    if scope is not None:
        ops = [o.model_copy(update={"section": None}) for o in ops]
    return EditRequest(ops=ops, scope=scope)

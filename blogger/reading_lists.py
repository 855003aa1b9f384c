"""Requests said as a numbered list in one line ("3 things: 1) X 2) Y 3) Z", "1. X 2. Y"):
each item is a request of its own, cut as a semicolon cuts them; an item that is only two
quotations joined by an arrow or "to" ("'a' -> 'b'") is a swap said tersely."""

from __future__ import annotations

from draftguard.understanding._quotes import PLACEHOLDER, mask_quotes

__all__ = ["unnumbered"]

#: What joins the old words to the new in a terse swap ("'a' -> 'b'", "'a' to 'b'").
_JOINS = ("->", "-->", "=>", "→", "➜", "to")


def _number(word: str) -> int | None:
    """The item number `word` is ("1)", "2."), else None."""
    digits = word[:-1]
    return int(digits) if word[-1:] in (")", ".") and digits.isdigit() and len(
        digits) <= 2 else None


def _item(text: str) -> str:
    """One item, given the verb a sentence of its own would have when it is a terse swap."""
    masked = mask_quotes(text.strip().rstrip(";."))
    words = masked.text.split()
    if len(words) == 3 and words[1] in _JOINS and all(
            w.startswith(PLACEHOLDER) for w in (words[0], words[2])):
        return "change " + masked.restore(f"{words[0]} to {words[2]}")
    return text


def unnumbered(text: str) -> str:
    """`text` with the numbers of a list said in one line put as semicolons between its
    items, when they count up from 1 (two or more); else `text` as it is ("version 2. ok")."""
    words = text.split(" ")
    marks = [i for i, w in enumerate(words) if _number(w) is not None]
    if len(marks) < 2 or [_number(words[i]) for i in marks] != list(range(1, len(marks) + 1)):
        return text
    items = [" ".join(words[a + 1:b]) for a, b in zip(marks, [*marks[1:], len(words)],
                                                      strict=True)]
    head = " ".join(words[:marks[0]]).strip()
    return " ".join(filter(None, [head, "; ".join(_item(i).strip().rstrip(";") for i in items)]))

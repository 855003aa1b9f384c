"""Quoted spans in a message: masked with placeholder words before parsing, carried verbatim.

A parser reads a quotation as words of the request ("replace 'go to bed' with ..." would
give it a verb "go" and a "to"). So each quoted span is replaced by one placeholder word
(`Xq0`, `Xq1` ...) that the parser tags as a noun, and the original text of the span is kept
apart: a reader asks `Masked.quote(token)` which span a token stands for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from draftguard.text import straighten_quotes

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["PLACEHOLDER", "Masked", "mask_quotes"]

#: Quote marks whose inner spaces are typography ("« a »"), not part of the span.
GUILLEMETS = "\u00ab\u00bb"

#: The word that stands for quoted span i is f"{PLACEHOLDER}{i}".
PLACEHOLDER = "Xq"

# A double-quoted span, or a single-quoted one whose quotes stand outside words (so the
# apostrophes of "don't" or "Geno's" neither open nor close one).
_QUOTED = re.compile(
    r'"(?P<d>[^"\n]*)"'
    r"|(?<![\w'])'(?P<s>(?:[^'\n]|'(?=\w))*?)'(?![\w'])"
)


@dataclass(frozen=True)
class Masked:
    """A message with its quoted spans replaced by placeholder words, and the spans."""

    text: str
    quotes: tuple[str, ...]
    #: Where each placeholder starts in `text`.
    starts: tuple[int, ...]

    def quote(self, token: Token) -> str | None:
        """The quoted span `token` stands for, else None."""
        if not token.text.startswith(PLACEHOLDER):
            return None
        try:
            return self.quotes[self.starts.index(token.idx)]
        except ValueError:
            return None

    def unmask(self, text: str, offset: int) -> str:
        """`text`, a slice of the masked message starting at `offset`, with each placeholder
        in it put back as its quotation (quote marks and all)."""
        out, pos = [], 0
        for i, start in enumerate(self.starts):
            at = start - offset
            word = f"{PLACEHOLDER}{i}"
            if at >= 0 and text.startswith(word, at):
                out.append(text[pos:at])
                out.append(f'"{self.quotes[i]}"')
                pos = at + len(word)
        out.append(text[pos:])
        return "".join(out)


    def restore(self, text: str) -> str:
        """`text` (the masked message, perhaps with words respelt) with every placeholder
        put back as its quotation, quote marks and all."""
        for i in reversed(range(len(self.quotes))):
            text = text.replace(f"{PLACEHOLDER}{i}", f'"{self.quotes[i]}"')
        return text


def mask_quotes(message: str) -> Masked:
    """`message` with each quoted span (straight or curly quotes) masked."""
    straight = straighten_quotes(message)
    quotes: list[str] = []
    starts: list[int] = []
    out: list[str] = []
    pos = length = 0
    for m in _QUOTED.finditer(straight):
        group = "d" if m.group("d") is not None else "s"
        if not m.group(group).strip():
            continue
        before = message[pos:m.start()]
        out.append(before)
        length += len(before)
        word = f"{PLACEHOLDER}{len(quotes)}"
        starts.append(length)
        out.append(word)
        length += len(word)
        # Offsets in the straightened text are offsets in the original (one char for one).
        span = message[m.start(group):m.end(group)]
        if message[m.start()] in GUILLEMETS:
            # French and Swiss typing sets a space inside guillemets (« comme ça »): it is
            # typography, not part of the words quoted.
            span = span.strip()
        quotes.append(span)
        pos = m.end()
    out.append(message[pos:])
    return Masked("".join(out), tuple(quotes), tuple(starts))

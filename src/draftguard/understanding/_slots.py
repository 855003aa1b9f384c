"""Slots read from a message: quoted spans, clauses, counts and scopes.

Quoted spans are masked (`«0»`, `«1»` ...) before any rule reads a message, so the words of a
quotation are never read as requests, and each span is carried verbatim from the original.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftguard.text import count_pattern, number_value, straighten_quotes

__all__ = ["VERBS", "Masked", "clauses", "count_in", "mask_quotes", "strip_polite", "unmask"]

# A double-quoted span, or a single-quoted one whose quotes stand outside words (so the
# apostrophes of "don't" or "Geno's" neither open nor close one).
_QUOTED = re.compile(
    r'"(?P<d>[^"\n]*)"'
    r"|(?<![\w'])'(?P<s>(?:[^'\n]|'(?=\w))*?)'(?![\w'])"
)
_TOKEN = re.compile(r"«(\d+)»")
VERBS = (
    r"replace|change|swap|switch|substitute|delete|remove|cut|drop|add|insert|append|put|"
    r"rename|retitle|set|make|create|generate|build|give|write|undo|revert|list|show|check|"
    r"split|quiz|tag|fix|correct|update|strike|erase|ditch|scrap|lose|get rid of|take out|"
    r"restore|roll back|go back|turn|call|title|run"
)
_SPLIT = re.compile(
    r"(?<=[.!?;])\s+|\n+|,?\s+(?:and\s+)?then\s+(?=\S)|,\s+(?=(?:please\s+)?(?:" + VERBS
    + r")\b)|"
    r"(?:,\s*|\s+)(?:and|also|plus)\s+(?:(?:can|could|would)\s+you\s+|please\s+|also\s+)?"
    r"(?=(?:" + VERBS + r")\b)",
    re.I,
)
_POLITE = re.compile(
    r"^(?:(?:ok(?:ay)?|so|hey|hi|hmm+|um+|right|now|also|and|then|great|cool|thanks|perfect|"
    r"nice|good|awesome|lovely|excellent|fine|sure|wait|oh\s+wait|hm+|ah+|first|next|finally|"
    r"lastly|brilliant|nah|after\s+that|"
    r"actually|oh|well|alright|yes|yeah|sorry|please|pls|plz|kindly|just|oops)\b[,!.]?\s*|"
    r"(?:can|could|would|will)\s+(?:you|u|ya)(?:\s+(?:please|pls|plz|mind))?\s+|"
    r"(?:would|do)\s+you\s+mind\s+|help\s+me\s+(?=write|draft|start|make|create)|"
    r"(?:i'?d|i\s+would)\s+like\s+(?:you\s+)?to\s+|i\s+want\s+(?:you\s+)?to\s+|"
    r"(?:i\s+need\s+you\s+to|let'?s|go\s+ahead\s+and|do\s+me\s+a\s+favou?r\s+and)\s+)+",
    re.I,
)
_TRAIL = re.compile(r"(?:[\s,]+(?:please|pls|thanks|thank you|thx|for me|if you can|"
                    r"if possible|now|again|instead|too|as well|then|and)\b)*[\s.!?]*\Z", re.I)
# Emoji and pictographs at the end of a message ("... 🙂", "pls 🙏") say nothing to code.
_SYMBOLS = re.compile("[\\s\u2600-\u27bf\ufe0f\u200d\U0001f000-\U0001faff]+$")
_COUNT = re.compile(r"(?<![\w])" + count_pattern() + r"(?!\w)", re.I)


@dataclass(frozen=True)
class Masked:
    """A message with its quoted spans replaced by `«i»`, and the spans (verbatim)."""

    text: str
    quotes: tuple[str, ...]


def mask_quotes(message: str) -> Masked:
    """`message` with each quoted span (straight or curly quotes) masked."""
    straight = straighten_quotes(message)
    quotes: list[str] = []
    out: list[str] = []
    pos = 0
    for m in _QUOTED.finditer(straight):
        group = "d" if m.group("d") is not None else "s"
        out.append(message[pos:m.start()])
        out.append(f"«{len(quotes)}»")
        # Offsets in the straightened text are offsets in the original (one char for one).
        quotes.append(message[m.start(group):m.end(group)])
        pos = m.end()
    out.append(message[pos:])
    return Masked("".join(out), tuple(quotes))


def unmask(text: str, masked: Masked) -> str:
    """`text` (a slice of the masked message) with its quotes put back, quote marks and all."""
    return _TOKEN.sub(lambda m: f'"{masked.quotes[int(m.group(1))]}"', text)


def quote_of(token: str, masked: Masked) -> str | None:
    """The quoted span `token` stands for when it is exactly one token, else None."""
    m = _TOKEN.fullmatch(token.strip())
    return masked.quotes[int(m.group(1))] if m else None


def clauses(text: str) -> list[str]:
    """A masked message cut where one request ends and the next begins."""
    return [c for c in (part.strip(" ,") for part in _SPLIT.split(text)) if c]


def strip_polite(clause: str) -> str:
    """A clause without the politeness around the request ("could you please ... thanks")."""
    clause = _SYMBOLS.sub("", clause.strip())
    return _TRAIL.sub("", _POLITE.sub("", clause)).strip(" ,")


def count_in(text: str) -> int | None:
    """The first count in `text`, in digits or words."""
    m = _COUNT.search(text)
    return number_value(m.group("count")) if m else None

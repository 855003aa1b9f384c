"""Punctuation said aloud: a dictated "full stop", "question mark", "comma" or "new line"
is the mark it names, not words of the request ("change eleven minutes to fifteen minutes
full stop" writes "fifteen minutes"). The marks are a closed set, the lexicon's
`dictation` words; one after a determiner or a relation word is the thing itself ("add a
full stop after X", "change the semicolon to comma")."""

from __future__ import annotations

from draftguard.language import Lexicon
from draftguard.understanding._quotes import mask_quotes

__all__ = ["undictated"]

#: The mark each dictation concept stands for ("new line" ends a sentence).
MARKS = {"dictation.stop": ".", "dictation.question": "?", "dictation.exclaim": "!",
         "dictation.comma": ",", "dictation.line": "."}
#: Words after which a mark's name is the mark itself, not dictation.
_NAMING = ("the", "a", "an", "my", "this", "that", "every", "each", "no", "any", "one")
_TRAILING = ".,!?;:"


def undictated(text: str, lexicon: Lexicon) -> str:
    """`text` with each dictated mark outside its quotations put as the mark itself."""
    masked = mask_quotes(text)
    lines = [_line(line, lexicon) for line in masked.text.split("\n")]
    said = "\n".join(lines)
    return text if said == masked.text else masked.restore(said)


def _line(line: str, lexicon: Lexicon) -> str:
    words = line.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        found = _mark_at(words, i, lexicon)
        before = out[-1].lower().rstrip(_TRAILING) if out else ""
        if found is None or not before or before in _NAMING or \
                (lexicon.concept(before) or "").startswith("relation.") or \
                out[-1][-1:] in _TRAILING:
            out.append(words[i])
            i += 1
            continue
        mark, length = found
        out[-1] += mark
        i += length
    return " ".join(out)


def _mark_at(words: list[str], i: int, lexicon: Lexicon) -> tuple[str, int] | None:
    """The mark dictated by the words starting at `i` (and how many words), else None."""
    for length in (2, 1):
        phrase = " ".join(words[i:i + length]).lower().rstrip(_TRAILING)
        if len(words[i:i + length]) == length:
            concept = lexicon.concept(phrase) or ""
            if concept in MARKS:
                return MARKS[concept], length
    return None

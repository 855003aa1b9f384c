"""Text as it looks, for filters that compare: look-alike characters folded to one form.

A model (or a person) can make two sentences look the same while their code points differ:
a zero-width space or a soft hyphen inside a word, fullwidth letters, or Cyrillic and Greek
letters that look Latin (`Rеsult` with a Cyrillic `е`). The raw-output filter and the
duplicate filter compare what a reader sees, so they fold first:

- NFKC (fullwidth and mathematical letters, ligatures, compatibility forms);
- format characters removed (Unicode category Cf: zero-width spaces and joiners, the soft
  hyphen, the byte-order mark, bidi controls);
- homoglyphs folded to the ASCII character they are confusable with, from Unicode's
  confusables table as packaged by `confusable-homoglyphs` (loaded lazily, once).

The folded text is for comparing only; nothing folded is shown to anyone.
"""

from __future__ import annotations

import unicodedata
from functools import cache

__all__ = ["fold_lookalikes", "fold_with_offsets", "is_invisible"]


def is_invisible(char: str) -> bool:
    """A format character (Cf): zero-width space, joiners, soft hyphen, BOM, bidi controls."""
    return unicodedata.category(char) == "Cf"


@cache
def _ascii_twins() -> dict[str, str]:
    """Each non-ASCII character confusable with one ASCII character, mapped to it (a letter
    or digit when there is one, of the same case when there is one)."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    twins: dict[str, str] = {}
    for char, glyphs in confusables_data.items():
        if len(char) != 1 or char.isascii():
            continue
        options = [g["c"] for g in glyphs if len(g["c"]) == 1 and g["c"].isascii()]
        if not options:
            continue
        upper = char.isupper()
        options.sort(key=lambda c: (not c.isalnum(), c.isupper() != upper, c))
        twins[char] = options[0]
    return twins


@cache
def _fold_char(char: str) -> str:
    if char.isascii():
        return char
    if is_invisible(char):
        return ""
    twins = _ascii_twins()
    out = []
    for c in unicodedata.normalize("NFKC", char):
        if not c.isascii() and not is_invisible(c):
            c = twins.get(c, c)
        if not is_invisible(c):
            out.append(c)
    return "".join(out)


def fold_with_offsets(text: str) -> tuple[str, list[int]]:
    """`text` folded character by character, and for each folded character the offset of the
    original character it came from (so a match in the folded text can be cut in `text`)."""
    parts: list[str] = []
    offsets: list[int] = []
    for i, char in enumerate(text):
        folded = _fold_char(char)
        if folded:
            parts.append(folded)
            offsets.extend([i] * len(folded))
    return "".join(parts), offsets


def fold_lookalikes(text: str) -> str:
    """`text` with look-alikes folded (see the module): NFKC over the whole text first, so
    combining sequences compose, then each character folded."""
    if text.isascii():
        return text
    return "".join(map(_fold_char, unicodedata.normalize("NFKC", text)))

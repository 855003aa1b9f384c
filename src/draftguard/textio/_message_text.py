"""Text hygiene where a message enters: what a person typed, checked before anything reads it.

Three shapes of text cannot be acted on safely, and each gets a clear reply instead of an
exception or a silent save:

- a lone surrogate (half of a UTF-16 pair, e.g. `\\ud800`): no UTF-8 holds it, so storing or
  sending the message would fail further in;
- a message that is only invisible characters (zero-width spaces, joiners, the BOM, soft
  hyphens) and spaces: there is nothing to read;
- bidi embedding, override and isolate controls (U+202A..U+202E, U+2066..U+2069): they make
  text display other than it is (an anchor or a title that reads backwards), so they are
  refused rather than stored and echoed. The plain direction marks (U+200E, U+200F, U+061C)
  that right-to-left writing uses stay allowed.

`visible_text` is the rule for "is there anything here": a post that is empty once the
invisible characters are removed is not a post.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["BIDI_CONTROLS", "message_problem", "visible_text"]

#: Embeddings, overrides and isolates: they reorder how text shows.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Character classes only (no repetition to backtrack over).
_SURROGATE = re.compile("[\ud800-\udfff]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def visible_text(text: str) -> str:
    """`text` without format characters (Cf: zero-width, joiners, soft hyphen, BOM, bidi
    controls) and without surrounding whitespace: what a reader would see."""
    if text.isascii():
        return text.strip()
    return "".join(c for c in text if unicodedata.category(c) != "Cf").strip()


def _name(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, '').lower()}".rstrip()


def message_problem(text: str) -> str | None:
    """The reply for a message that cannot be read safely (see the module), or None."""
    if m := _SURROGATE.search(text):
        char = m.group()
        return (f"That message holds a broken character (U+{ord(char):04X}, half of a "
                "surrogate pair), so I cannot read it. Paste the text again from its "
                "source.")
    if text.strip() and not visible_text(text):
        return ("That message holds only invisible characters (such as zero-width spaces), "
                "so there is nothing to read. Type or paste the text again.")
    if m := _BIDI.search(text):
        return (f"That message holds a text-direction control ({_name(m.group())}), which "
                "makes text show other than it is. Remove it and send the message again.")
    return None

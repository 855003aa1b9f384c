"""Text that is safe to show: in a terminal, in a chat reply, inside a JSON document.

Content people send (a post, a flashcard, a file name) must not move the cursor, ring the
bell, repaint a verdict or forge a line: "\\x1b[2K\\rVALID" is shown as those characters.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["dump_json", "escape_controls"]

# C0 controls but newline and tab, DEL, C1 controls, bidi embeddings, overrides and isolates
# (they make text show other than it is: U+202A..U+202E, U+2066..U+2069), and lone surrogates
# (unprintable as UTF-8).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# The same plus every line break and tab: for one value that must stay on one line.
_UNSAFE_ONE_LINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# What `json.dumps(ensure_ascii=False)` leaves raw but a terminal or a strict reader trips
# on: DEL, C1 controls, the two JS line separators, lone surrogates. JSON syntax is ASCII, so
# these only ever occur inside strings, where a \\uXXXX escape says the same thing.
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def escape_controls(text: str, *, json_style: bool = False, single_line: bool = False) -> str:
    """`text` with terminal controls and lone surrogates written as escapes.

    Newline and tab are kept unless `single_line`, which also escapes them (and U+2028,
    U+2029): for a file name or a worker name that must not start a line of its own.
    `json_style` gives \\u00XX escapes, which inside a JSON string keep the document valid.
    """
    def one(m: re.Match[str]) -> str:
        code = ord(m[0])
        return f"\\x{code:02x}" if code < 0x100 and not json_style else f"\\u{code:04x}"

    return (_UNSAFE_ONE_LINE if single_line else _UNSAFE).sub(one, text)


def dump_json(payload: Any, *, indent: int | None = None) -> str:
    """`payload` as JSON text that holds no raw control character anywhere.

    Non-ASCII text stays readable (not \\u-escaped) except DEL, C1 controls, U+2028/U+2029
    and lone surrogates, which `json.dumps` would write raw.
    """
    text = json.dumps(payload, indent=indent, ensure_ascii=False, default=str)
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m[0]):04x}", text)

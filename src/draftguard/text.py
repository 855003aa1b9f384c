"""Text normalisation shared by every reader of what people type: quotes, counts, sentences.

One home for the curly-quote map, number words and the sentence-end rule, so the chat
commands, the understanding layer, argument grounding and the split all read a message alike.
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import text2num  # type: ignore[import-untyped]

__all__ = [
    "DOUBLE_QUOTES",
    "NUMBER_WORDS",
    "NUMBER_WORDS_EXTRA",
    "QUOTE_MAP",
    "SENTENCE_END",
    "SENTENCE_END_MARKS",
    "SINGLE_QUOTES",
    "count_pattern",
    "number_names",
    "number_value",
    "split_sentences",
    "straighten_quotes",
]

#: Curly and typographic quotes typed on phones and Macs, by the straight quote they stand for.
DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb"
SINGLE_QUOTES = "\u2018\u2019\u201a\u201b"
#: Each of them mapped to its straight quote. One character for one, so offsets in the
#: straightened text are offsets in the original.
QUOTE_MAP = str.maketrans({**dict.fromkeys(DOUBLE_QUOTES, '"'),
                           **dict.fromkeys(SINGLE_QUOTES, "'")})

#: Number words up to twenty, index = value (grounding names them back to the user).
NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)
#: Words for a count that text2num does not parse.
NUMBER_WORDS_EXTRA = {"dozen": 12, "a dozen": 12, "half a dozen": 6, "couple": 2,
                      "a couple of": 2, "pair": 2, "a pair of": 2}

#: The characters that end a sentence of prose (the ellipsis too).
SENTENCE_END_MARKS = ".!?\u2026"
# The split's rule: a sentence ends at . ! or ? (optionally closed by a quote or bracket)
# followed by space. (The split checker's contract; its owners decide whether "…" joins.)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"')\]])\s+")
# Prose read for its content (chunks of a source, sentences to ask about): a sentence ends at
# . ! ? or …, perhaps closed by quotes or brackets, before a capital or digit.
SENTENCE_BREAK = re.compile(r"(?<=[.!?…])[\"')\]’”]*\s+(?=[\"'(\[‘“]*[A-Z0-9])")

_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def straighten_quotes(text: str) -> str:
    """`text` with curly quotes as straight ones (same length, same offsets)."""
    return text.translate(QUOTE_MAP)


@lru_cache(maxsize=1024)
def number_value(word: str) -> int | None:
    """The count `word` names: digits, English number words ("five", "twenty-one") or
    "a dozen"; None when it names none."""
    token = " ".join(word.strip().lower().replace("-", " ").split())
    if not token:
        return None
    if token.isdigit():
        return int(token) if len(token) <= 6 else None
    if token in NUMBER_WORDS_EXTRA:
        return NUMBER_WORDS_EXTRA[token]
    try:
        return int(text2num(token, "en"))
    except ValueError:
        return None


def number_names(n: int) -> list[str]:
    """The words people use for `n` (small counts only)."""
    names = [w for w, v in NUMBER_WORDS_EXTRA.items() if v == n and " " not in w]
    if 0 <= n < len(NUMBER_WORDS):
        names.append(NUMBER_WORDS[n])
    return names


def count_pattern(group: str = "count") -> str:
    """A regex fragment (named group `group`) for a count in digits or words, up to 99."""
    units = "|".join(NUMBER_WORDS[1:10])
    words = "|".join(
        [*(f"(?:{t})(?:[- ](?:{units}))?" for t in _TENS), *reversed(NUMBER_WORDS[1:]),
         "a dozen", "dozen", "a couple of", "a pair of"]
    )
    return rf"(?P<{group}>\d{{1,3}}|{words})"


def split_sentences(text: str) -> list[str]:
    """`text`'s sentences (the split's own rule), whitespace at the ends removed."""
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]

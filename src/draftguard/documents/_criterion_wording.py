"""How people word the counts and possessions in a criterion ("has at least three ..."),
as regex fragments the rules of several families share."""

from __future__ import annotations

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20,
                 "a": 1, "an": 1, "single": 1}
#: A count in digits or words.
NUM = r"(\d[\d,]*|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")"
AT_LEAST = r"(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min\.?|no\s+fewer\s+than|" \
           r"not\s+less\s+than|over|more\s+than)"
AT_MOST = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|under|fewer\s+than|less\s+than|" \
          r"a\s+maximum\s+of|maximum(?:\s+of)?|max\.?|up\s+to|below|within)"
#: An optional lead-in: "it has", "the post includes", "with"...
HAS = r"(?:(?:it\s+|the\s+\w+\s+|post\s+)?(?:has|have|having|with|contains?|includes?|" \
      r"including|is|are|uses?|gives?)\s+)?"


def number(text: str) -> int:
    """A count matched by `NUM` as an int."""
    text = text.lower().replace(",", "")
    return _NUMBER_WORDS[text] if text in _NUMBER_WORDS else int(text)

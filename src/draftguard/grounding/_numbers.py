"""Counts people say in digits or words ("8", "eight", "a dozen")."""

from __future__ import annotations

import re

from draftguard.grounding._dates import without_dates
from draftguard.grounding._phrases import has_phrase, normalise_words
from draftguard.text import NUMBER_WORDS, number_names, number_value

__all__ = ["NUMBER_WORDS", "counts_apart", "number_mentioned", "stated_count"]


def number_mentioned(value: int | str, user_text: str) -> bool:
    """That number in digits or words (up to twenty, "dozen"); digits inside dates and
    amounts ("$50", "1.5") do not count."""
    n = int(value)
    text = normalise_words(without_dates(user_text.lower()))
    if re.search(rf"(?<![\d$.,]){n}(?![\d])", text):
        return True
    return any(has_phrase(text, name) for name in number_names(n))


_SINGLE_WORDS = [*NUMBER_WORDS, "half a dozen", "dozen", "couple", "pair"]
#: A time's mark after its number ("eight o'clock", "8 pm").
_TIME_MARK = r"(?:o'?clock|[ap]\.?m\b)"
_NUMBER = r"(\d{1,3}|" + "|".join(sorted(_SINGLE_WORDS, key=len, reverse=True)) + r")"


def _value(word: str) -> int:
    value = number_value(word)
    assert value is not None  # the pattern only matches counts
    return value


def stated_count(
    user_text: str, *, nouns: tuple[str, ...], lead_ins: tuple[str, ...] = ()
) -> int | None:
    """The one count the text states for `nouns` ("8 people", "a dozen guests"), or after a
    lead-in ("party of 8", "table for eight"); None when there is none or several differ."""
    text = normalise_words(without_dates(user_text.lower()))
    noun = "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
    # "a dozen and a half of us": eighteen.
    half = r"(\s+and\s+a\s+half)?"
    patterns = [rf"(?<![\w$.,]){_NUMBER}{half}\s+(?:{noun})(?![a-z])"]
    if lead_ins:
        lead = "|".join(re.escape(w) for w in sorted(lead_ins, key=len, reverse=True))
        # "for 7:30", "for eight o'clock", "for 8 pm" are times, not people.
        # "make it three dollar signs" is a price level, not people.
        patterns.append(rf"(?<![a-z])(?:{lead})\s+(?:a\s+)?{_NUMBER}{half}(?![\w.,:])"
                        rf"(?!\s*{_TIME_MARK})(?!\s+(?:dollar|bucks))")
    found = {_value(m.group(1)) * (3 if m.group(2) else 2) // 2
             for p in patterns for m in re.finditer(p, text)}
    return found.pop() if len(found) == 1 else None


#: A number of up to three digits with letters glued to either side ("7ppl", "of7", "x7").
_GLUED = re.compile(r"\b([a-z]*)(\d{1,3})([a-z]*)\b")
#: The times mark: "x7" and "7x" are seven (of us).
_TIMES = "x"


def counts_apart(text: str, *, nouns: tuple[str, ...], lead_ins: tuple[str, ...]) -> str:
    """Lower-case `text` with each count set apart from the word it is glued to, when that
    word is one of `nouns` ("7ppl", "7pax"), the last word of a lead-in ("party of7",
    "for7") or the times mark ("x7"): "7 ppl", "party of 7", "x 7". Anything else glued to
    a number ("7pm", "5th", "dec5") is left as typed."""
    after = {n for n in nouns if " " not in n} | {_TIMES}
    before = {lead.split()[-1] for lead in lead_ins} | {_TIMES}

    def apart(m: re.Match[str]) -> str:
        lead, number, tail = m.groups()
        if not (lead or tail) or (lead and lead not in before) or (tail and tail not in after):
            return m.group(0)
        return " ".join(w for w in (lead, number, tail) if w)

    return _GLUED.sub(apart, text)

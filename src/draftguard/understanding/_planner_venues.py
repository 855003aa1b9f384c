"""Which venue a planner request means when it does not spell its name: a position in the
results ("the second one", "#3", "the last", "the first two"), or one word of a name the
conversation has shown ("remove the Siam one")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from draftguard.language import word_frequency
from draftguard.understanding._planner_words import WordTable, removes, words_of

__all__ = ["ORDINALS", "first_n", "partly_named", "reference", "references", "removes_listed",
           "venues_pointed"]

ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3,
            "4th": 3, "fifth": 4, "5th": 4, "top": 0}
_ORD_WORDS = "first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|top|last"
_ORD_NOUNS = "one|option|place|venue|restaurant|spot|choice|pick|result|on the list"
_ORDINAL = re.compile(
    rf"\b(?:the|that|this)\s+(?:very\s+)?({_ORD_WORDS})\b"
    rf"|\b({_ORD_WORDS})\s+(?:{_ORD_NOUNS})\b"
    r"|(?:\bnumber|\bno\.|\boption|\bchoice|#)\s*([1-5])\b")
_FIRST_N = re.compile(r"\b(?:first|top)\s+(two|three|2|3)\b")
#: A word of a venue's name this common in English (Zipf) does not name it alone ("the",
#: "bar", "kitchen", "room").
MAX_NAME_WORD_ZIPF = 4.0


def reference(text: str) -> int | None:
    """The result a message points at by position ("the second one", "#3", "the last")."""
    found = references(text)
    return found[0] if len(found) == 1 else None


def references(text: str) -> list[int]:
    found: list[int] = []
    for m in _ORDINAL.finditer(text):
        word = m.group(1) or m.group(2)
        index = int(m.group(3)) - 1 if word is None else -1 if word == "last" else ORDINALS[word]
        if index not in found:
            found.append(index)
    return found


def first_n(text: str) -> int | None:
    """"the first two", "top 3": how many results from the top, or None."""
    found = _FIRST_N.search(text)
    if found is None:
        return None
    return {"two": 2, "three": 3}.get(found.group(1)) or int(found.group(1))


def partly_named(words: Sequence[str], shown: Sequence[str]) -> str | None:
    """The one venue of `shown` (the shortlist, the results) that `words` (the message's,
    lower case) name by a word of its name that is no everyday word ("the Siam one"), or
    None."""
    said = {w for w in words if word_frequency(w) < MAX_NAME_WORD_ZIPF}
    hits = {venue for venue in shown
            if said & {w.strip(".,'&") for w in venue.lower().split()}}
    return hits.pop() if len(hits) == 1 else None


def removes_listed(words: WordTable, rest: str, venues: Sequence[str], shortlist: Sequence[str],
                   picked: str | None, *, parse: bool = True) -> bool:
    """A removal from the shortlist: "take X off my list", "remove it"; a venue on the
    shortlist named with a removing verb ("drop X", "remove the Siam one"), or meant by "it"
    ("take it off again", "ditch that one": one thing, not "them"; read on the parse when
    `parse`)."""
    named = [*venues, *filter(None, [partly_named(words_of(rest), shortlist)])]
    if removes(words, rest) and (words.says("listed", rest) or named or (
            parse and picked in shortlist and _one_thing(words, rest))):
        return True
    return words.says("take_away", rest) and (any(v in shortlist for v in named) or (
        parse and not named and picked in shortlist and _one_thing(words, rest)))


def _one_thing(words: WordTable, rest: str) -> bool:
    """`rest` says "it", "that" or "this" of one thing (the parse's singular), not "them"
    ("take them out for a meal" is about people)."""
    if not words.says("it", rest):
        return False
    from draftguard.language import parse

    return any(words.says("it", t.lower_) and t.morph.get("Number", []) == ["Sing"]
               for t in parse(rest, entities=False))


def venues_pointed(words: WordTable, named: int, text: str) -> int:
    """How many venues `text` points at: the `named` ones, those meant by position ("the
    second") and one meant by "it" or "that one" (not "that second one")."""
    said = words_of(text)
    it = any(i + 1 >= len(said) or said[i + 1] not in (*ORDINALS, "last", "very")
             for i in words.said_at("it", text))
    return named + len(references(text)) + int(it)

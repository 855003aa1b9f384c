"""The word-level pre-screen's helpers (`ClaimGuard._may_claim`): on a sentence's words
alone, before any parse, whether a name may open it or an act may be told as done."""

from __future__ import annotations

import calendar
from functools import cache

from draftguard.claims._facts import NAME_LINKS
from draftguard.claims._verb_forms import irregular_verbs

__all__ = ["CALENDAR", "name_runs", "named_in", "stop_words", "told_done"]

#: Words that continue a name ("Bar of Gold"); the reader's own (`_facts.NAME_LINKS`).
_LINKS = NAME_LINKS
#: Words without which no act is told as done (`told_done`): who (the person too: "You
#: spotted puffins" retells their past), or the auxiliary.
_DONE_BY = frozenset({"i", "we", "you", "has", "have", "had", "was", "were", "been"})
#: Names of months and weekdays: a date, not a name.
CALENDAR = frozenset(n.lower() for n in (*calendar.month_name, *calendar.day_name) if n)


def named_in(word: str, text: str) -> bool:
    """`word` stands capitalised inside a sentence of `text` (a name: "neighbour Dev lent")."""
    at = text.find(" " + word)
    while at != -1:
        end = at + 1 + len(word)
        if at > 0 and text[at - 1] not in ".!?:\n" and not text[end:end + 1].isalpha():
            return True
        at = text.find(" " + word, at + 1)
    return False


@cache
def stop_words() -> frozenset[str]:
    """The parser's English stop words ("the", "your", "it")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def name_runs(words: list[str]) -> list[list[str]]:
    """The runs of capitalised words a sentence holds, joined by name links ("Bar of Gold"),
    as the reader's `names` takes them from the parse, or wider: "I" is no name, and a lone
    first word only starts the sentence."""
    runs: list[list[str]] = []
    run: list[str] = []
    for word in [*words, ""]:
        if (word[:1].isupper() and word != "I") or (run and word.lower() in _LINKS):
            run.append(word)
        else:
            while run and run[-1].lower() in _LINKS:
                run.pop()
            if run:
                runs.append(run)
            run = []
    if runs and words and runs[0][0] is words[0] and len(runs[0]) == 1:
        runs.pop(0)
    return runs


def told_done(words: list[str]) -> bool:
    """Whether the words may tell an act as done whatever its verb (`_unlisted`): a first
    person or a past or perfect auxiliary, and a word that may be a past form."""
    low = [w.lower() for w in words]
    return any(w in _DONE_BY for w in low) and any(
        w.endswith(("ed", "en", "wn", "'d")) or w in irregular_verbs() for w in low)

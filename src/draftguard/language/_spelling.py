"""The English spellings nearest a misspelt word, by edit distance against wordfreq's small
English list (about 29,000 words), the most common first.

A transposition counts as one edit ("recieve" is one from "receive"), so the distance is the
optimal-string-alignment one. Only words within `max_distance` are ranked, and only words
whose length is that close are measured at all.
"""

from __future__ import annotations

import threading

__all__ = ["DEFAULT_MAX_SPELLING_DISTANCE", "edit_distance", "nearest_spellings"]

#: Edits (insert, delete, substitute, swap two letters) a misspelling may be from a word.
DEFAULT_MAX_SPELLING_DISTANCE = 2

_lock = threading.Lock()
_words: list[tuple[str, ...]] = []


def _english() -> tuple[str, ...]:
    if not _words:
        with _lock:
            if not _words:
                from wordfreq import iter_wordlist

                _words.append(tuple(w for w in iter_wordlist("en", wordlist="small")
                                    if w.isalpha()))
    return _words[0]


def edit_distance(a: str, b: str) -> int:
    """Edits from `a` to `b`: inserts, deletes, substitutions and swaps of neighbours."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
    return row[len(b)]


def nearest_spellings(word: str, *, max_distance: int = DEFAULT_MAX_SPELLING_DISTANCE
                      ) -> list[str]:
    """The English words nearest `word` (lower case), all at the smallest distance found
    (at most `max_distance`), the most common first; [] when none is that near or `word`
    is itself a word of the list."""
    low = word.casefold()
    words = _english()
    if low in words:
        return []
    best, found = max_distance + 1, []
    for candidate in words:  # wordfreq lists the most common first
        if abs(len(candidate) - len(low)) >= best:
            continue
        distance = edit_distance(low, candidate)
        if distance < best:
            best, found = distance, [candidate]
        elif distance == best:
            found.append(candidate)
    return found

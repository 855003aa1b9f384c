"""Dishes for the reader by meaning: the ones the catalogue's descriptions name ("Known for X
and Y, with ..."), and which unknown words are only a common word mistyped ("lookng")."""

from __future__ import annotations

import itertools
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

__all__ = ["known_for", "typo_of_a_common_word"]

#: How the catalogue's descriptions name a venue's dishes: "Known for X and Y, with ...".
_DISH_LEAD, _DISH_END = "Known for ", ", with "
#: The most common English words (about Zipf 3.5 and up): the ones an unknown word may be a
#: typo of.
_COMMON_WORDS = 15_000


def known_for(description: str) -> list[str]:
    """The dishes a catalogue description names ("Known for burrata with roasted peppers
    and Sunday gravy, with ..." -> the two), split at "and" before a lower-case word."""
    if not description.startswith(_DISH_LEAD) or _DISH_END not in description:
        return []
    named = description[len(_DISH_LEAD):description.index(_DISH_END)]
    dishes: list[str] = []
    for part in named.split(" and "):
        if dishes and not ("a" <= part[:1] <= "z"):
            dishes[-1] += " and " + part  # "Sunday gravy and Chianti" after a name
        else:
            dishes.append(part)
    return dishes



@cache
def _common_words() -> tuple[str, ...]:
    from wordfreq import iter_wordlist

    common = itertools.islice(iter_wordlist("en", wordlist="small"), _COMMON_WORDS)
    return tuple(w for w in common if w.isalpha())


@cache
def typo_of_a_common_word(word: str) -> bool:
    """"lookng" is "looking" mistyped, not a dish: one edit from a common English word."""
    return process.extractOne(word, _common_words(), scorer=OSA.distance,
                              score_cutoff=1) is not None

"""Dishes for the reader by meaning: the ones the catalogue's descriptions name ("Known for X
and Y, with ..."), which unknown words are only a common word mistyped ("lookng"), a kind
of dish settled by another dish of the message ("larb + panang curry"), and words joined by
hyphens that are part of a food's name ("dry-aged bone-in sirloin")."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from rapidfuzz import process
from rapidfuzz.distance import OSA

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from draftguard.language._exemplars import Ranked
    from draftguard.understanding import SlotHints

__all__ = ["dish_heads", "hyphened_words", "known_for", "settled", "typo_of_a_common_word"]

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


def settled(doc: Doc, terms: Sequence[Any], phrase: str, hints: SlotHints,
            rank: Callable[[str], Sequence[Ranked]]) -> None:
    """A kind of dish between two cuisines ("panang curry": Indian or Thai) is the one
    another dish of the message names ("larb + panang curry": Thai), when the kind is near
    it too (one of its two nearest cuisines by `rank`)."""
    inside = set(phrase.lower().split())
    named = {t.concept.partition(".")[2] for t in terms if t.concept.startswith("cuisine.")
             and not {w.lower_ for w in doc[t.start:t.end]} & inside}
    near = {r.label for r in rank(phrase)[:2]}
    agreed = named & set(hints.ambiguous.get("cuisine", [])) & near
    if len(agreed) == 1:
        hints.values["cuisine"] = agreed.pop()
        hints.ambiguous.pop("cuisine")
        hints.words.pop("cuisine", None)
        hints.replaces.add("cuisine")


def hyphened_words(text: str, *, food: Callable[[str], bool]) -> list[str]:
    """Words joined by hyphens ("no-frills"), hyphens as spaces, but not those before a word
    that is a `food` or the last word of a dish the catalogue knows (`dish_heads`), past
    other such words: they are the food's name ("dry-aged bone-in sirloin", "hand-pulled
    noodles")."""
    said = [w.strip(".,!?") for w in text.lower().split()]
    joined = [all(p.isalpha() for p in w.split("-")) and "-" in w for w in said]

    def names_a_dish(i: int) -> bool:
        word = next((v for v, j in zip(said[i:], joined[i:], strict=True) if not j), "")
        return food(word) or word in dish_heads()

    return [w.replace("-", " ") for i, w in enumerate(said) if joined[i] and not names_a_dish(i)]


@cache
def dish_heads() -> frozenset[str]:
    """The last word of each dish the catalogue's venues are known for ("noodles")."""
    from event_planning.catalog import CATALOG_PATH

    return frozenset(dish.split()[-1].lower() for venue in json.loads(
        CATALOG_PATH.read_text(encoding="utf-8")) for dish in known_for(
            str(venue.get("description", ""))) if dish.split())

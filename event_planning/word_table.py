"""The planner's words as one table (`lexicon.toml`): cuisines and dishes, price and occasion
words, neighbourhoods, the catalogue's features, and the words requests are made with. The
reader by meaning, the core's reader and the argument guard read the same table."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from draftguard.language import Lexicon

__all__ = ["LEXICON_PATH", "lexicon", "lexicon_words", "request_word_set", "request_words",
           "spellings"]

LEXICON_PATH = Path(__file__).with_name("lexicon.toml")
#: Words shorter than this are never read as a typo of a lexicon word: one edit in three
#: letters is too much ("kao", of "kao man gai", is not "bao").
TYPO_MIN_LENGTH = 4


@cache
def lexicon() -> Lexicon:
    """The planner's lexicon (loaded once; its `request` words are `request_words`, its
    `reply` words `venue_dishes.reply_lexicon`)."""
    return Lexicon.from_toml(LEXICON_PATH, skip=("request", "reply", "spelling"),
                             typo_min_length=TYPO_MIN_LENGTH)


@cache
def request_words() -> dict[str, tuple[str, ...]]:
    """The lexicon's `request` section: concept -> the words requests are made with, read
    word for word by the core's reader (`PlannerVocabulary.request_words`)."""
    table = tomllib.loads(LEXICON_PATH.read_text(encoding="utf-8"))["request"]
    return {concept: tuple(words) for concept, words in table.items()}


@cache
def spellings() -> dict[str, str]:
    """The lexicon's `spelling` section: a word as regional or informal English spells it ->
    as the tables do (`PlannerVocabulary.spellings`)."""
    table = tomllib.loads(LEXICON_PATH.read_text(encoding="utf-8"))["spelling"]
    return {variant: word for word, variants in table.items() for variant in variants}


def lexicon_words(section: str) -> dict[str, tuple[str, ...]]:
    """One section of the lexicon as concept -> words (`"cuisine"`: `"italian"` -> ...)."""
    table = lexicon()
    return {c.removeprefix(section + "."): tuple(table.words_for(c))
            for c in table.concepts(section + ".")}


@cache
def request_word_set() -> frozenset[str]:
    """Every word of every request phrase."""
    return frozenset(w for words in request_words().values() for p in words for w in p.split())

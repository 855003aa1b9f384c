"""The English words the parser's pipeline knows, for telling a typo from a rare word.

- `english_word(word)`: whether English has the word: the pipeline's lemmatizer holds
  WordNet's index of nouns, verbs, adjectives and adverbs (about 83,000 lemmas: "twee",
  "tor", "hubcap"), already loaded with the parser, so knowing it costs only a set of
  references to those strings;
- `function_words()`: the pipeline's English function words (its stop words: "that",
  "this", "back", "with"), which no app's lexicon lists but every request is built of, so a
  typo of one ("taht", "tkae") can be respelt before the parse misreads it.
"""

from __future__ import annotations

import threading

from draftguard.language._parser import pipeline

__all__ = ["english_word", "function_words"]

_lock = threading.Lock()
_words: list[frozenset[str]] = []
_function: list[frozenset[str]] = []


def _lemmas() -> frozenset[str]:
    if not _words:
        with _lock:
            if not _words:
                nlp = pipeline()
                lemmatizer = nlp.get_pipe("lemmatizer")
                found: set[str] = set()
                lookups = getattr(lemmatizer, "lookups", None)
                if lookups is not None and lookups.has_table("lemma_index"):
                    index = lookups.get_table("lemma_index")
                    for key in index:
                        found.update(str(w) for w in index[key])
                _words.append(frozenset(found))
    return _words[0]


def english_word(word: str) -> bool:
    """Whether `word` (any case) is an English word: a lemma of the pipeline's dictionary or
    one of its function words. An inflected form ("tweets") is known by its lemma, which the
    caller has from the parse."""
    low = word.lower()
    return low in _lemmas() or low in function_words()


def function_words() -> frozenset[str]:
    """The pipeline's English function words (alphabetic ones, lower case)."""
    if not _function:
        with _lock:
            if not _function:
                stop = pipeline().Defaults.stop_words
                _function.append(frozenset(w.lower() for w in stop if w.isalpha()))
    return _function[0]

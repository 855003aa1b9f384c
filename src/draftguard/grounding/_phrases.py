"""Whole-phrase matching on normalised text, and matchers over a vocabulary of phrases."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from draftguard.grounding._report import Matcher

__all__ = [
    "Vocabulary",
    "has_phrase",
    "mentioned_keys",
    "normalise_words",
    "vocabulary_matcher",
]


def normalise_words(text: str) -> str:
    """Lower case, `_`/`-` as spaces, single spaces: "South_Philly" and "south-philly" agree."""
    return " ".join(re.sub(r"[_\-]+", " ", text.lower()).split())


#: A possessive's apostrophe between a word and its "s" ("penn's"; straight or curly).
_POSSESSIVE = re.compile(r"(?<=[a-z0-9])['\u2019](?=s(?![a-z0-9]))")


def _pattern(phrase: str) -> str:
    return rf"(?<![a-z0-9]){re.escape(normalise_words(phrase))}(?![a-z0-9])"


def has_phrase(text: str, phrase: str) -> bool:
    """`phrase` occurs in `text` as whole words, after both are normalised."""
    return re.search(_pattern(phrase), normalise_words(text)) is not None


class Vocabulary:
    """Values and the phrases that name them, compiled once.

    A longer phrase of another value that contains one of a value's phrases does not name
    that value: "very expensive" is not "expensive".
    """

    def __init__(
        self,
        vocabulary: Mapping[str, Iterable[str]],
        *,
        key: Callable[[str], str] = normalise_words,
        include_key: bool = True,
        join_possessives: bool = False,
    ) -> None:
        #: "Penn's Landing" and "penns landing" alike: a possessive read without its
        #: apostrophe, in the phrases ("penns landing") and in the text.
        self.join_possessives = join_possessives
        self.key = key
        table = {key(k): tuple(self.prepared(p) for p in
                               (*([key(k)] if include_key else []), *names))
                 for k, names in vocabulary.items()}
        self._originals = {key(k): k for k in vocabulary}
        self._own: dict[str, re.Pattern[str] | None] = {}
        self._longer: dict[str, re.Pattern[str] | None] = {}
        for k, own in table.items():
            longer = sorted({q for other, qs in table.items() if other != k for q in qs
                             if any(q != p and re.search(_pattern(p), q) for p in own)},
                            key=len, reverse=True)
            self._own[k] = _alternation(own)
            self._longer[k] = _alternation(longer)

    def __contains__(self, value: object) -> bool:
        return self.key(str(value)) in self._own

    def names(self, value: object, text: str) -> bool:
        """`text` names `value` (a vocabulary key, after `key`)."""
        wanted = self.key(str(value))
        if wanted not in self._own:
            raise ValueError(f"{value!r} is not in the vocabulary")
        return self._names(wanted, self.prepared(text))

    def prepared(self, text: str) -> str:
        """`text` as this vocabulary matches it: its words normalised (`normalise_words`),
        possessives joined when the vocabulary says so."""
        plain = normalise_words(text)
        return _POSSESSIVE.sub("", plain) if self.join_possessives else plain

    def mentioned(self, text: str) -> list[str]:
        """Every value `text` names, in vocabulary order."""
        plain = self.prepared(text)
        return [self._originals[k] for k in self._own if self._names(k, plain)]

    def _names(self, wanted: str, plain: str) -> bool:
        own, longer = self._own[wanted], self._longer[wanted]
        if own is None:
            return False
        masked = longer.sub(" | ", plain) if longer is not None else plain
        return own.search(masked) is not None


def _alternation(phrases: Iterable[str]) -> re.Pattern[str] | None:
    patterns = [_pattern(p) for p in sorted(set(phrases), key=len, reverse=True)]
    return re.compile("|".join(patterns)) if patterns else None


def vocabulary_matcher(
    vocabulary: Mapping[str, Iterable[str]] | Vocabulary,
    *,
    key: Callable[[str], str] = normalise_words,
    include_key: bool = True,
) -> Matcher:
    """A matcher for values named by `vocabulary` (value -> its other names).

    `key` turns an argument into a vocabulary key; a value outside the vocabulary raises
    ValueError (so `ground_arguments` keeps it for the tool to reject). `include_key=False`
    when the key is a code, not a word people say.
    """
    compiled = (vocabulary if isinstance(vocabulary, Vocabulary)
                else Vocabulary(vocabulary, key=key, include_key=include_key))
    return compiled.names


def mentioned_keys(
    vocabulary: Mapping[str, Iterable[str]] | Vocabulary,
    text: str,
    *,
    key: Callable[[str], str] = normalise_words,
) -> list[str]:
    """Every vocabulary key named in `text`, in vocabulary order (compile a `Vocabulary`
    once when calling this often)."""
    compiled = (vocabulary if isinstance(vocabulary, Vocabulary)
                else Vocabulary(vocabulary, key=key))
    return compiled.mentioned(text)

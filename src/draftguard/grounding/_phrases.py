"""Whole-phrase matching on normalised text, and matchers over a vocabulary of phrases."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from draftguard.grounding._report import Matcher

__all__ = ["has_phrase", "mentioned_keys", "normalise_words", "vocabulary_matcher"]


def normalise_words(text: str) -> str:
    """Lower case, `_`/`-` as spaces, single spaces: "South_Philly" and "south-philly" agree."""
    return " ".join(re.sub(r"[_\-]+", " ", text.lower()).split())


def _pattern(phrase: str) -> str:
    return rf"(?<![a-z0-9]){re.escape(normalise_words(phrase))}(?![a-z0-9])"


def has_phrase(text: str, phrase: str) -> bool:
    """`phrase` occurs in `text` as whole words, after both are normalised."""
    return re.search(_pattern(phrase), normalise_words(text)) is not None


def _masked(text: str, longer: Iterable[str]) -> str:
    for phrase in sorted(longer, key=len, reverse=True):
        text = re.sub(_pattern(phrase), " | ", text)
    return text


def _phrases(
    vocabulary: Mapping[str, Iterable[str]], *, include_key: bool = True
) -> dict[str, tuple[str, ...]]:
    return {key: tuple(normalise_words(p) for p in (*([key] if include_key else []), *phrases))
            for key, phrases in vocabulary.items()}


def _spoken_by(key: str, table: Mapping[str, tuple[str, ...]], text: str) -> bool:
    """`key` is named in `text`; a longer phrase of another key that contains one of its
    phrases does not count ("very expensive" is not "expensive")."""
    own = table[key]
    longer = [q for other, qs in table.items() if other != key for q in qs
              if any(q != p and re.search(_pattern(p), q) for p in own)]
    masked = _masked(normalise_words(text), longer)
    return any(re.search(_pattern(p), masked) for p in own)


def vocabulary_matcher(
    vocabulary: Mapping[str, Iterable[str]],
    *,
    key: Callable[[str], str] = normalise_words,
    include_key: bool = True,
) -> Matcher:
    """A matcher for values named by `vocabulary` (value -> its other names).

    `key` turns an argument into a vocabulary key; a value outside the vocabulary raises
    ValueError (so `ground_arguments` keeps it for the tool to reject). `include_key=False`
    when the key is a code, not a word people say.
    """
    table = _phrases({key(k): v for k, v in vocabulary.items()}, include_key=include_key)

    def supported(value: object, user_text: str) -> bool:
        wanted = key(str(value))
        if wanted not in table:
            raise ValueError(f"{value!r} is not in the vocabulary")
        return _spoken_by(wanted, table, user_text)

    return supported


def mentioned_keys(
    vocabulary: Mapping[str, Iterable[str]],
    text: str,
    *,
    key: Callable[[str], str] = normalise_words,
) -> list[str]:
    """Every vocabulary key named in `text`, in vocabulary order."""
    table = _phrases({key(k): v for k, v in vocabulary.items()})
    originals = {key(k): k for k in vocabulary}
    return [originals[k] for k in table if _spoken_by(k, table, text)]

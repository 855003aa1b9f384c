"""A lexicon: the words and phrases that stand for each concept an app knows, as one table.

A table maps a concept (`"edit.delete"`, `"price.$$$$"`) to its words and phrases, written
in lemma form ("get rid of", "take out"). `Lexicon.terms(doc)` finds them in a parsed text
by lemma or surface form, longest phrase first; a single word a person mistyped ("replce",
"wiht") is matched to a lexicon word one edit away (a swap of two letters counts as one),
only when the typed word is rare English and the lexicon word is common, and never when the
parser's dictionary knows the typed word ("twee" is not "tweet"), so a real word is never
"corrected" into another. `correct(word, vocabulary=...)` also reads a typo as one of the
given words outside the table (the function words: "taht" is "that").
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import OSA

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = ["DEFAULT_MEANING_MARGIN", "DEFAULT_MEANING_SCORE", "DEFAULT_TYPO_GAP", "Lexicon", "Term",
           "word_frequency"]

#: How much more common (in Zipf units: 1 = ten times) the lexicon word must be than the
#: word typed, for the typed word to be read as a typo of it.
DEFAULT_TYPO_GAP = 2.0
#: The edits a typo may be away from its lexicon word.
DEFAULT_TYPO_DISTANCE = 1
#: Words shorter than this are never corrected ("cut" is not "cat").
DEFAULT_TYPO_MIN_LENGTH = 3
#: A typed word English does not know at all (Zipf 0), this long or longer, is read as the
#: one lexicon word one edit away however rare that word is ("mindmpa": "mindmap").
DEFAULT_UNKNOWN_MIN_LENGTH = 5
_MAX_PHRASE = 6
#: The cosine a word the table lacks must reach with one of a concept's words to be read as
#: that concept (`Lexicon.by_meaning`; "nix" with "delete" is about 0.42).
DEFAULT_MEANING_SCORE = 0.40
#: How far that concept must be ahead of the next one ("zap": delete 0.38, undo 0.36: asked).
DEFAULT_MEANING_MARGIN = 0.05


@dataclass(frozen=True, slots=True)
class Term:
    """A lexicon entry found in a text: its concept and the tokens `start:end` it covers."""

    concept: str
    start: int
    end: int
    text: str
    #: The typed word, when it was a typo of the entry.
    corrected_from: str | None = None


@cache
def word_frequency(word: str) -> float:
    """The word's Zipf frequency in English (0 for a word outside wordfreq's small English
    list, which holds words down to about one in a million; 'the' is about 7.7). The small
    list keeps the layer's memory down (15 MB resident instead of 47)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en", wordlist="small"))


class Lexicon:
    """Concepts and their words, looked up by lemma, surface form or near miss."""

    def __init__(
        self,
        table: Mapping[str, Iterable[str]],
        *,
        typo_gap: float = DEFAULT_TYPO_GAP,
        typo_distance: int = DEFAULT_TYPO_DISTANCE,
        typo_min_length: int = DEFAULT_TYPO_MIN_LENGTH,
        typo_max_zipf: float | None = None,
        unknown_min_length: int = DEFAULT_UNKNOWN_MIN_LENGTH,
        dictionary: bool = True,
    ) -> None:
        self.typo_gap = typo_gap
        self.typo_distance = typo_distance
        self.typo_min_length = typo_min_length
        #: A typed word this common (Zipf) or more is a word, never a typo ("bake" is not
        #: "make"); None: only the gap decides.
        self.typo_max_zipf = typo_max_zipf
        self.unknown_min_length = unknown_min_length
        #: Whether a word the parser's dictionary knows is never a typo ("twee").
        self.dictionary = dictionary
        self._phrases: dict[tuple[str, ...], str] = {}
        for concept, phrases in table.items():
            for phrase in phrases:
                key = _key(phrase)
                if not key or sum(w != "-" for w in key) > _MAX_PHRASE:
                    raise ValueError(f"lexicon entry {phrase!r} of {concept!r}: 1 to "
                                     f"{_MAX_PHRASE} words")
                if self._phrases.get(key, concept) != concept:
                    raise ValueError(f"lexicon entry {phrase!r} stands for both "
                                     f"{self._phrases[key]!r} and {concept!r}")
                self._phrases[key] = concept
        # Typo targets: one-word entries, a hyphenated one as typed ("highend": "high-end").
        self._words = sorted({"".join(k) for k in self._phrases
                              if len(k) == 1 or (len(k) == 3 and k[1] == "-")})
        #: The longest phrase starting with each word: no other start can match.
        self._longest: dict[str, int] = {}
        for key in self._phrases:
            self._longest[key[0]] = max(self._longest.get(key[0], 0), len(key))
        #: Every word of the table's entries ("rid" of "get rid of").
        self.vocabulary = frozenset(w for k in self._phrases for w in k if w.isalpha())

    @classmethod
    def from_toml(cls, *paths: Path, skip: tuple[str, ...] = (),
                  **settings: float) -> Lexicon:
        """One lexicon from TOML tables (`concept = ["word", "phrase"]`, dotted sections),
        leaving out the top-level sections named in `skip` (tables read another way)."""
        table: dict[str, list[str]] = {}
        for path in paths:
            loaded = tomllib.loads(path.read_text(encoding="utf-8"))
            _flatten({k: v for k, v in loaded.items() if k not in skip}, "", table)
        return cls(table, **settings)  # type: ignore[arg-type]

    def concepts(self, prefix: str = "") -> list[str]:
        """Every concept (under `prefix.`), sorted."""
        return sorted({c for c in self._phrases.values() if c.startswith(prefix)})

    def words_for(self, concept: str) -> list[str]:
        return [" ".join(k).replace(" - ", "-") for k, c in self._phrases.items()
                if c == concept]

    def concept(self, phrase: str) -> str | None:
        """The concept of exactly this word or phrase (lowercase, lemma form), else None."""
        return self._phrases.get(_key(phrase))

    def correct(self, word: str, *, vocabulary: frozenset[str] = frozenset()) -> str | None:
        """The lexicon word `word` is a typo of, else None (a known word is no typo). With
        `vocabulary`, a typo of none of the table's words may be of one of those words (it
        names no concept: a function word, "taht" for "that")."""
        low = word.lower()
        if len(low) < self.typo_min_length or not low.isalpha() or (low,) in self._phrases \
                or low in vocabulary:
            return None
        typed = word_frequency(low)
        if self.typo_max_zipf is not None and typed >= self.typo_max_zipf:
            return None
        found = self._nearest(low, typed, self._words, lexicon=True)
        others = self._nearest(low, typed, _targets(vocabulary, self.typo_min_length),
                               lexicon=False) if vocabulary else None
        found = found or others
        if not found or (self.dictionary and _known(low)):
            return None
        found.sort(key=lambda h: (h[1], -word_frequency(h[0])))
        # a word typed with two letters swapped wins ("tkae": "take", not the Scots "tae")
        transposed: set[str] = {w for w, d in [*found, *(others or ())]
                                if d == found[0][1] and sorted(w) == sorted(low)}
        if len(transposed) == 1:
            return transposed.pop()
        nearest = [w for w, d in found if d == found[0][1]]
        if len({self._meaning(w) for w in nearest}) > 1:
            # two words equally near: the one typed with the same letters, two of them
            # swapped ("adn": "and", not "add"; "waht": "what", not "want" or "wait"),
            # else not a typo anyone can read
            near = {*nearest, *(w for w, d in others or () if d == found[0][1])}
            swapped = [w for w in near if sorted(w) == sorted(low)]
            return swapped[0] if len(swapped) == 1 else None
        return found[0][0]

    def knows(self, word: str, *, lemma: str | None = None) -> bool:
        """Whether `word` is a word at all: the table's (or a typo of one), or English (the
        parser's dictionary, by the word or its `lemma`, or wordfreq's list, which holds
        slang and names: "gonna", "tbh", "trevor"). A word nobody knows ("blorf", "hadrer")
        is one a reader cannot say what it asks."""
        low = word.lower()
        if not low.isalpha() or (low,) in self._phrases or word_frequency(low) > 0:
            return True
        if lemma is not None and (lemma.lower(),) in self._phrases:
            return True
        if self.correct(low) is not None or _known(low) or (
                lemma is not None and _known(lemma.lower())):
            return True
        from draftguard.language._dictionary import function_words

        # one edit from a function word ("wth", "teh"): a slip of a word that asks nothing
        return process.extractOne(low, _targets(function_words(), self.typo_min_length),
                                  scorer=OSA.distance, score_cutoff=1) is not None

    def near(self, word: str, concept: str) -> str | None:
        """The one word of `concept` that `word` is one edit from, whatever either word's
        frequency, else None: for a place where the reader's frame expects that concept
        ("'paraffin' too 'diesel'": "to"), where a real word may be the typo."""
        low = word.lower()
        if not low.isalpha() or self._phrases.get((low,)) == concept:
            return None
        words = [w for w in self.words_for(concept) if " " not in w and w.isalpha()]
        hits = [w for w in words if OSA.distance(low, w) <= self.typo_distance]
        return hits[0] if len(hits) == 1 else None

    def by_meaning(self, word: str, prefix: str, *, score: float = DEFAULT_MEANING_SCORE,
                   margin: float = DEFAULT_MEANING_MARGIN) -> tuple[str | None, list[str]]:
        """The concept under `prefix` whose words `word` (one the table lacks: slang, "nix")
        is most like in meaning, when that likeness reaches `score` and is `margin` ahead of
        the next concept's, else None; and the concepts ranked best first (for a question)."""
        from draftguard.language._similarity import similarities

        ranked: list[tuple[float, str]] = []
        for concept in self.concepts(prefix):
            words = [w for w in self.words_for(concept) if w.replace("-", "").isalpha()]
            if words:
                ranked.append((float(max(similarities(word.lower(), words))), concept))
        ranked.sort(reverse=True)
        order = [c for _, c in ranked]
        if not ranked or ranked[0][0] < score or (
                len(ranked) > 1 and ranked[0][0] - ranked[1][0] < margin):
            return None, order
        return ranked[0][1], order

    def _nearest(self, low: str, typed: float, words: list[str], *,
                 lexicon: bool) -> list[tuple[str, int]] | None:
        """The words of `words` `low` may be a typo of, with their distances; None when
        there are none."""
        hits = process.extract(low, words, scorer=OSA.distance,
                               score_cutoff=self.typo_distance, limit=3)
        unknown = lexicon and typed == 0.0 and len(low) >= self.unknown_min_length
        found = [(w, d) for w, d, _ in hits if (word_frequency(w) - typed >= self.typo_gap
                 or (unknown and len(w) >= self.unknown_min_length)) and low[1:] != w]
        # a letter put before a whole word makes another word ("squiz" is Australian for a
        # look, "stag" no "tag"); a slip of the fingers seldom comes before the first letter
        return found or None

    def _meaning(self, word: str) -> str:
        return self._phrases.get(_key(word), word)

    def terms(self, doc: Doc | Span, *, typos: bool = True) -> list[Term]:
        """Every entry in `doc`, left to right, longest first, by lemma or surface form."""
        tokens = list(doc)
        lemmas = [t.lemma_.lower() for t in tokens]
        surface = [t.lower_ for t in tokens]
        out: list[Term] = []
        i = 0
        while i < len(tokens):
            found = None
            longest = max(self._longest.get(lemmas[i], 0), self._longest.get(surface[i], 0))
            for n in range(min(longest, len(tokens) - i), 0, -1):
                for words in (tuple(lemmas[i:i + n]), tuple(surface[i:i + n])):
                    concept = self._phrases.get(words)
                    if concept is not None:
                        found = Term(concept, tokens[i].i, tokens[i + n - 1].i + 1,
                                     " ".join(t.text for t in tokens[i:i + n]))
                        break
                if found is not None:
                    break
            if found is None and typos:
                fixed = self.correct(surface[i])
                if fixed is not None:
                    found = Term(self._phrases[_key(fixed)], tokens[i].i, tokens[i].i + 1,
                                 tokens[i].text, corrected_from=tokens[i].text)
            if found is not None:
                out.append(found)
                i += found.end - found.start
            else:
                i += 1
        return out


def _key(phrase: str) -> tuple[str, ...]:
    """An entry's words as the parser splits them: a hyphen inside a word is a token of its
    own ("step-free" is "step", "-", "free")."""
    return tuple(phrase.lower().replace("-", " - ").split()) if "-" in phrase.strip("-") \
        else tuple(phrase.lower().split())


@lru_cache(maxsize=8)
def _targets(vocabulary: frozenset[str], min_length: int) -> list[str]:
    return sorted(w for w in vocabulary if len(w) >= min_length)


def _known(word: str) -> bool:
    """Whether the parser's dictionary holds `word` (loads the parser when not loaded)."""
    from draftguard.language._dictionary import english_word

    return english_word(word)


def _flatten(node: Mapping[str, object], prefix: str, out: dict[str, list[str]]) -> None:
    for key, value in node.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            _flatten(value, name + ".", out)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            out.setdefault(name, []).extend(value)
        else:
            raise ValueError(f"lexicon entry {name!r}: expected a list of words")

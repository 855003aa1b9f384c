"""Names in a planner message read through typos: a neighbourhood name misspelt as a whole
("qeen vilage", "nolib"), and the words at either end of a venue name's stretch that are no
part of it ("put Bangkok Street Kitchen", "and Lemongrass Lane"); and a place named by what
it is near that no name reads ("near the art museum")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from draftguard.grounding._phrases import normalise_words
from draftguard.language import word_frequency
from draftguard.understanding._planner_words import WordTable, words_of

__all__ = [
    "COMMON_WORD_ZIPF",
    "EDGE_PART_SCORE",
    "EDGE_WORD_SCORE",
    "MAX_TYPO_ZIPF",
    "MIN_PLACE_TYPO_LENGTH",
    "MIN_TYPO_LENGTH",
    "edge_trimmed",
    "place_names",
    "place_unread",
    "places_corrected",
    "word_span",
    "words_corrected",
]

#: Shortest word typo correction looks at (and the shortest vocabulary word it corrects to).
MIN_TYPO_LENGTH = 6
#: A typed word this common in English (Zipf) is a word, not a typo of a vocabulary word:
#: "better" is not "butter" (of "butter chicken").
COMMON_WORD_ZIPF = 3.5

#: Shortest neighbourhood name (letters, spaces aside) read through a typo ("nolib").
MIN_PLACE_TYPO_LENGTH = 5
#: A typed word this common in English (Zipf) is a word, not a misspelt neighbourhood.
MAX_TYPO_ZIPF = 3.0
#: A word this common (Zipf; "the" 7.7, "city" 5.6) is a function word, which names no
#: place by itself.
FUNCTION_WORD_ZIPF = 7.0
#: rapidfuzz ratio a word at either end of a venue name's stretch needs with the name's
#: first (or last) word to be part of the stretch ...
EDGE_WORD_SCORE = 67.0
#: ... or this partial ratio with the whole name (a word run together with the next) ...
EDGE_PART_SCORE = 80.0
#: ... or be one slip (an edit or two letters swapped) from it, when this long at least.
EDGE_MIN_SLIP_LENGTH = 3


def place_names(neighbourhoods: Mapping[str, Sequence[str]]) -> dict[int, dict[str, str]]:
    """Neighbourhood names and their other names (long enough to be read through a typo),
    by how many words they have: name -> the neighbourhood it names."""
    names: dict[int, dict[str, str]] = {}
    for value, others in neighbourhoods.items():
        for name in sorted({normalise_words(value), *(normalise_words(o) for o in others)}):
            if len(name.replace(" ", "")) >= MIN_PLACE_TYPO_LENGTH:
                names.setdefault(len(name.split()), {})[name] = value
    return names


def places_corrected(text: str, names: Mapping[int, Mapping[str, str]]) -> str:
    """`text` with each neighbourhood name misspelt as a whole put right: words that together
    are one edit (two in names of 9 letters or more) from exactly one name, none of them an
    everyday English word, are read as that name."""
    words = _letter_runs(text)
    fixes: list[tuple[int, int, str]] = []
    i = 0
    while i < len(words):
        for n in sorted(names, reverse=True):
            if i + n > len(words):
                continue
            typed = " ".join(text[a:b] for a, b in words[i:i + n])
            name = _place_typo(typed, list(names[n])) or _abbreviated(typed, names[n])
            if name is not None:
                fixes.append((words[i][0], words[i + n - 1][1], name))
                i += n - 1
                break
        i += 1
    for start, end, name in reversed(fixes):
        text = text[:start] + name + text[end:]
    return text


def _letter_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of the letters a-z in `text`."""
    runs: list[tuple[int, int]] = []
    start = -1
    for i, c in enumerate(text + " "):
        letter = "a" <= c <= "z"
        if letter and start < 0:
            start = i
        elif not letter and start >= 0:
            runs.append((start, i))
            start = -1
    return runs


def _place_typo(typed: str, names: Sequence[str]) -> str | None:
    if len(typed) < MIN_PLACE_TYPO_LENGTH or typed in names:
        return None
    limit = 2 if len(typed) >= 9 else 1
    hits = process.extract(typed, names, scorer=OSA.distance, score_cutoff=limit, limit=2)
    if not hits or (len(hits) == 2 and hits[0][1] == hits[1][1]):
        return None
    name = str(hits[0][0])
    # A real word is no typo ("odd city" is not Old City): only unknown words are fixed.
    if any(t != w and word_frequency(t) >= MAX_TYPO_ZIPF
           for t, w in zip(typed.split(), name.split(), strict=True)):
        return None
    return name


def _abbreviated(typed: str, names: Mapping[str, str]) -> str | None:
    """A name of several words `typed` shortens ("u city", "s philly", "northern libs"),
    when all it may shorten name one place: each word the name's word, or its initial, or
    its first three letters or more (a plural "s" after them allowed), one word in full."""
    words = typed.split()
    found = sorted(name for name in names if _shortens(words, name.split()))
    return found[0] if found and len({names[n] for n in found}) == 1 else None


def _shortens(typed: Sequence[str], name: Sequence[str]) -> bool:
    if len(typed) < 2 or len(typed) != len(name) or list(typed) == list(name):
        return False
    for word, full in zip(typed, name, strict=True):
        stem = word[:-1] if len(word) > 3 and word.endswith("s") else word
        if word != full and not (full.startswith(stem) and len(stem) != 2 and stem != full):
            return False
    # The word typed in full is a word of the name, not an article ("the pals" is no
    # shortening of "the palestra").
    return any(word == full and word_frequency(word) < FUNCTION_WORD_ZIPF
               for word, full in zip(typed, name, strict=True))


def edge_trimmed(name: str, text: str, start: int, end: int) -> tuple[int, int]:
    """The stretch `text[start:end]` matched to the venue `name`, less a word at either end
    that is nothing like the name's word there nor any stretch of the name ("put" for
    "baan"; "lemongrasslane" is like "lemongrass lane")."""
    first, last = name.split()[0], name.split()[-1]
    while " " in text[start:end] and _unlike(text[start:text.find(" ", start)], first, name):
        start = text.find(" ", start) + 1
    while " " in text[start:end] and _unlike(text[text.rfind(" ", start, end) + 1:end], last,
                                             name):
        end = text.rfind(" ", start, end)
    return start, end


def _unlike(word: str, name_word: str, name: str) -> bool:
    # Two letters swapped in a short word are one slip ("bra" for "bar"), though half its
    # letters are out of place by ratio.
    if len(word) >= EDGE_MIN_SLIP_LENGTH and OSA.distance(word, name_word) <= 1:
        return False
    return (fuzz.ratio(word, name_word) < EDGE_WORD_SCORE
            and fuzz.partial_ratio(word, name) < EDGE_PART_SCORE)


def words_corrected(text: str, known: frozenset[str], targets: Sequence[str]) -> str:
    """`text` with each misspelt vocabulary word ("mexcian", "rittenhose") put right: one
    edit (two in long words) from exactly one of `targets`, or left as it is (a word of
    `known`, a short one, or a common English word)."""
    def fix(word: str) -> str:
        if len(word) < MIN_TYPO_LENGTH or word in known or \
                word_frequency(word) >= COMMON_WORD_ZIPF:
            return word
        if word.endswith("ys") and word[:-2] + "ies" in known:
            return word[:-2] + "ies"  # a plural as spoken: "libertys", not "liberty"
        limit = 2 if len(word) >= 9 else 1
        hits = process.extract(word, targets, scorer=OSA.distance, score_cutoff=limit, limit=2)
        if len(hits) == 1 or (len(hits) == 2 and hits[0][1] < hits[1][1]):
            return str(hits[0][0])
        return word
    out: list[str] = []
    start = 0
    for i in range(len(text) + 1):
        if i < len(text) and "a" <= text[i] <= "z":
            continue
        if i > start:
            out.append(fix(text[start:i]))
        if i < len(text):
            out.append(text[i])
        start = i + 1
    return "".join(out)


def place_unread(rest: str, words: WordTable) -> list[str]:
    """"near the art museum" when no neighbourhood is read: the place a search would drop,
    asked about (no guess past the lexicon's neighbourhoods and landmarks). The place is
    the words after "near" up to a word that ends it or a number; "near me" names none."""
    said = words_of(rest)
    found: list[str] = []
    for start, end in words.spans("near", rest):
        place: list[str] = []
        for word in said[end:end + 5]:
            if word.isdigit() or words.says("place_end", word):
                break
            place.append(word)
        if any(not words.says("place_none", w) for w in place):
            found.append(" ".join(said[start:end + len(place)]))
    return found


def word_span(name: str, text: str, *, score_cutoff: float) -> tuple[float, int, int] | None:
    """(score, start, end) of the whole words of `text` that spell the venue `name` (typos
    allowed at `score_cutoff`, none in a name under seven letters), or None."""
    if len(name) > len(text) + 2:
        return None
    hit = fuzz.partial_ratio_alignment(name, text, score_cutoff=score_cutoff)
    if hit is None:
        return None
    # Whole words only, and a short name must be spelt right: "kaze" is no typo of "kale".
    start = text.rfind(" ", 0, hit.dest_start + 1) + 1 if hit.dest_start else 0
    end = text.find(" ", max(hit.dest_end - 1, start))
    end = len(text) if end == -1 else end
    start, end = edge_trimmed(name, text, start, end)
    exact_only = len(name) < 7
    score = fuzz.ratio(name, text[start:end])
    if score < (100.0 if exact_only else score_cutoff):
        return None
    return score, start, end

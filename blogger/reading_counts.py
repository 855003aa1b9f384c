"""How many: the numbers of a clause, and a count said in a clause of its own that sizes
the artifact asked for just before ("Can you make me a quiz? Like 6 questions", "...a
little quiz? Four questions is plenty", "...some flashcards? Not too many, perhaps eight")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import Turn
from draftguard.text import number_value
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["count_only", "numbers"]

#: The longest stretch (between commas and stops) a count of its own is said in.
MAX_COUNT_WORDS = 6
#: Parts of speech that only qualify a count ("not too many, perhaps eight").
_QUALIFYING = ("ADV", "PART", "ADJ", "DET", "CCONJ")


def numbers(t: Turn, tokens: list[Token]) -> list[tuple[Token, int]]:
    """Each number said among `tokens` (digits, words, "twenty-one", "x6", "a dozen")."""
    out: list[tuple[Token, int]] = []
    skip: set[int] = set()
    for i, token in enumerate(tokens):
        if t.quote(token) or token.i in skip:
            continue
        if i + 2 < len(tokens) and tokens[i + 1].text == "-":
            joined = number_value(f"{token.lower_}-{tokens[i + 2].lower_}")
            if joined is not None and tokens[i + 2].pos_ == "NUM":  # "twenty-one"
                out.append((token, joined))
                skip.add(tokens[i + 2].i)
                continue
        n = number_value(token.lower_)
        if n is None and token.lower_[:1] in ("x", "×") and token.lower_[1:].isdigit():
            out.append((token, int(token.lower_[1:])))  # "flashcards x6"
            continue
        if n is None:  # "8q quiz", "10qs": the count with its unit run on
            n = _run_on(t, token.lower_)
            if n is not None:
                out.append((token, n))
                continue
        if n is None and token.lower_ in ("dozen", "couple"):
            n = number_value(f"a {token.lower_}")
        if n is not None and _halved(token):
            n = max(1, n // 2)  # "half a dozen q's"
        if n is not None and (token.like_num or token.pos_ == "NUM" or
                              token.lower_ in ("dozen", "couple")):
            out.append((token, n))
    return out


def _halved(token: Token) -> bool:
    """Whether a count is said as half of itself: "half a dozen", "half-a-dozen"."""
    before = [t for t in token.doc[max(0, token.i - 4):token.i] if t.text != "-"]
    return bool(before) and (before[-1].lower_ == "half" or (
        len(before) > 1 and before[-1].lower_ == "a" and before[-2].lower_ == "half"))


def _run_on(t: Turn, word: str) -> int | None:
    """The count of a number written with its unit run on ("8q", "12qs"), else None."""
    digits = len(word) - len(word.lstrip("0123456789"))
    if not 0 < digits < len(word) or t.lexicon.concept(word[digits:]) != "artifact.unit":
        return None
    return int(word[:digits])


def count_only(t: Turn, clause: Clause,
               out: list[Interpretation]) -> list[Interpretation] | None:
    """A clause that only sizes the quiz or flashcards just asked for (with no count): the
    request with that count (and nothing more), else None. The count is one number in a
    short stretch of its own, with the artifact's unit or only words that qualify it, and no
    other thing or action named ("Page 3 is wrong", "it's for 8 people" size nothing)."""
    if not out or out[-1].intent not in (Intent.QUIZ, Intent.FLASHCARDS) or out[-1].slots:
        return None
    counts = numbers(t, clause.tokens)
    if len(counts) != 1:
        return None
    token, n = counts[0]
    said = [w for w in _stretch(clause.tokens, token)
            if not w.is_punct and not t.is_(w, "discourse.")]
    if len(said) == 2 and t.is_(said[0], "relation.be"):
        said = said[1:]  # "... some flashcards too? say nine"
    if (clause.has("artifact.unit") or [w.i for w in said] == [token.i]) and \
            len(clause.tokens) <= MAX_COUNT_WORDS:  # "... like 6 questions", "quiz. 7."
        out[-1] = Interpretation(intent=out[-1].intent, slots={"count": n})
        return []
    if len(said) <= MAX_COUNT_WORDS and all(_sizing(t, w, token) for w in said):
        out[-1] = Interpretation(intent=out[-1].intent, slots={"count": n})
        return []
    return None


def _stretch(tokens: list[Token], token: Token) -> list[Token]:
    """The words of `tokens` between the punctuation on either side of `token`."""
    start = max((w.i + 1 for w in tokens if w.is_punct and w.i < token.i), default=tokens[0].i)
    end = min((w.i for w in tokens if w.is_punct and w.i > token.i), default=tokens[-1].i + 1)
    return [w for w in tokens if start <= w.i < end]


def _sizing(t: Turn, word: Token, number: Token) -> bool:
    """Whether `word` may stand in a stretch that only sizes an artifact: the number, its
    unit, a verb the counted thing is the subject of ("six questions will do"), or a word
    that only qualifies it and names no action, thing or part ("perhaps", "about right")."""
    if word.i == number.i or t.is_(word, "artifact.unit") or t.is_(word, "relation.be"):
        return True
    counted = number.head if t.is_(number.head, "artifact.unit") else number
    if counted.dep_ == "nsubj" and counted.head.i == word.i:
        return True
    concept = t.concept(word) or ""
    return not concept.startswith(("action.", "artifact.", "part.")) and \
        word.pos_ in _QUALIFYING

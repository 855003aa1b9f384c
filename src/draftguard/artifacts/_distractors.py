"""Answers and their distractors: what a quiz question can ask for, and three wrong options
of the answer's sort.

Distractors share the answer's kind and role, come from the same text, and are never the
answer's paraphrase (no shared head, no half of its words, not near it in meaning) nor words
the question itself shows. A count or a date gets its own phrase with the text's other values
(`_numbers`): a short text rarely states three other counts of the same unit.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from draftguard.artifacts._numbers import (
    clock_options,
    counts,
    number_value,
    numbers_in,
    with_values,
)
from draftguard.artifacts._people import names_a_time
from draftguard.artifacts._phrases import phrase
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import Term, TextView, kind_of, term_span
from draftguard.artifacts.schemas.quiz import MIN_OPTIONS

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["LIKENESS_STEP", "MAX_ANSWER_WORDS", "MAX_OPTION_CHARS", "PARAPHRASE_SIMILARITY",
           "PLACE_PREPS", "Answer", "answer_of", "answer_pool", "depth_of", "distractors",
           "shuffled"]

MAX_OPTION_CHARS = 80
MAX_ANSWER_WORDS = 8
#: Two options this alike in meaning (MiniLM cosine) are one answer said twice.
PARAPHRASE_SIMILARITY = 0.8
#: Options nearer the answer in meaning come first; this much nearer (MiniLM cosine) counts.
LIKENESS_STEP = 0.1
PLACE_PREPS = frozenset({
    "in", "at", "on", "near", "inside", "beside", "behind", "under", "into", "along",
    "across", "over", "from", "to", "toward", "towards", "outside", "above", "below",
    "around", "through",
})


@dataclass(frozen=True)
class Answer:
    """A phrase a question can ask for, or a distractor can stand in for."""

    text: str
    kind: str
    form: str  # who, what, where, when, how many, cloze
    head: str
    lemmas: frozenset[str]
    position: int
    depth: int = 0  # steps from the answer's head up to its sentence's main verb
    #: The kind the quality gate reads at the phrase's head (`kind_of`); "" when unknown.
    read: str = ""


def answer_of(tokens: Sequence[Token], form: str, position: int, text: str = "") -> Answer:
    head = max(tokens, key=lambda t: t.pos_ in {"NOUN", "PROPN", "NUM"})
    kind = kind_of(tokens)
    return Answer(text or phrase(tokens), kind, form, head.lemma_.lower(),
                  frozenset(t.lemma_.lower() for t in tokens if not t.is_stop
                            and not t.is_punct), position, depth_of(tokens), kind)


def depth_of(tokens: Sequence[Token]) -> int:
    """Steps from a phrase's head up to its sentence's main verb: 1 for the verb's subject
    or object, 2 for a phrase under one of its prepositions, more for side details."""
    if not tokens:
        return 0
    inside = {t.i for t in tokens}
    token = next((t for t in tokens if t.head.i not in inside or t.head.i == t.i), tokens[0])
    steps = 0
    while token.head.i != token.i and steps < 9:
        token = token.head
        steps += 1
    return steps


def answer_pool(view: TextView) -> list[Answer]:
    """Every term, count and place phrase of the text, as distractors to draw on."""
    return _term_answers(view) + _numbers(view) + _places(view)


def _term_answers(view: TextView) -> list[Answer]:
    out = []
    for n, term in enumerate(view.terms):
        if term.span is None or _beside_a_name(term):
            continue
        out.append(Answer(term.text, term.kind, "term", term.head,
                          frozenset(w.lower() for w in term.text.split()), 1000 + n,
                          read=term.kind))
    return out


def _beside_a_name(term: Term) -> bool:
    """Whether a person named by a common noun is named beside it too ("His neighbour, Mrs
    Haldane"): "neighbour" is Mrs Haldane, so it is no other person to offer beside her."""
    span = term_span(term)
    if term.kind != "person" or span is None or span.root.ent_type_:
        return False
    noun = span.root
    return any(c.dep_ == "appos" and c.ent_type_ == "PERSON" for c in noun.children) or (
        noun.dep_ == "appos" and noun.head.ent_type_ == "PERSON")


def _places(view: TextView) -> list[Answer]:
    """Every place phrase the text gives ("inside an empty barrel"), as a where-answer."""
    out = []
    for n, sentence in enumerate(view.sentences):
        for prep in sentence.span:
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if (prep.dep_ == "prep" and prep.lower_ in PLACE_PREPS and obj is not None
                    and obj.pos_ in {"NOUN", "PROPN"} and not any(
                        t.like_num for t in prep.subtree)
                    and (obj.pos_ == "PROPN" or not names_a_time(obj))):  # not "at dawn"
                tokens = list(prep.subtree)
                if len(tokens) <= MAX_ANSWER_WORDS:
                    answer = answer_of(tokens, "where", 3000 + n)
                    # a common noun's place ("in a lorry") is a setting, not a named place
                    out.append(answer if obj.ent_type_ else replace(answer, kind="setting"))
    return out


def _numbers(view: TextView) -> list[Answer]:
    """Every count the text gives ("ninety-two", "four"), as a how-many answer."""
    out = []
    for n, sentence in enumerate(view.sentences):
        for ent in sentence.span.ents:
            nums = [t for t in ent if t.like_num]
            if nums and ent.label_ in {"CARDINAL", "DATE", "TIME", "QUANTITY"}:
                text = sentence.span.doc[nums[0].i: nums[-1].i + 1].text
                out.append(Answer(text, "number", "how many", text.lower(),
                                  frozenset({text.lower()}), 2000 + n))
    return out


def _same_sort(answer: Answer, other: Answer) -> bool:
    if answer.form == "how many":
        return other.form == "how many" or other.kind == "number"
    if answer.form == "when" or answer.kind == "time":
        # a day for a day, a season for a season: "Thursday" beside "Tuesday", never "3pm"
        return (other.form == "when" or other.kind == "time") and _time_shape(
            answer.text) == _time_shape(other.text)
    if answer.form == "where":
        return other.form == answer.form or other.kind == "place"
    return other.kind == answer.kind


def _time_shape(text: str) -> str:
    """How a time is written: a time of day ("8:45 a.m."), with a number ("March 2019",
    "1904"), a name ("Thursday", "March") or a common word ("noon", "spring")."""
    if clock_options(text, (), 1) is not None:
        return "clock"
    if number_value(text) is not None:
        return "numbered"
    return "named" if text[:1].isupper() else "common"


def _paraphrase(answer: Answer, other: Answer) -> bool:
    a, b = normalize_key(answer.text), normalize_key(other.text)
    if a == b or a in b or b in a or answer.head == other.head:
        return True
    common = answer.lemmas & other.lemmas
    if common and 2 * len(common) >= min(len(answer.lemmas), len(other.lemmas)):
        return True
    if len(answer.text.split()) > 1 and len(other.text.split()) > 1:
        from draftguard.language import similarity

        return similarity(answer.text, other.text) >= PARAPHRASE_SIMILARITY
    return False


def distractors(answer: Answer, pool: Sequence[Answer], question: str) -> list[str] | None:
    """Three options of the answer's sort, same form first, nearest in the text first; a
    quantity or a date short of them gets its own phrase with the text's other values."""
    asked = normalize_key(question)
    counted = answer.kind in {"number", "time"} or answer.form in {"how many", "when"}
    clock = clock_options(answer.text, [a.text for a in pool], MIN_OPTIONS + 2) if (
        counted) else None
    if clock is not None:  # a time of day: other times written as it is ("8:15 a.m.")
        options = [o for o in clock if normalize_key(o) not in asked][: MIN_OPTIONS - 1]
        return options if len(options) == MIN_OPTIONS - 1 else None
    if counted and number_value(answer.text) is not None:
        values = numbers_in(a.text for a in pool if a.form == "how many")
        options = [o for o in with_values(answer.text, values, MIN_OPTIONS + 2)
                   if normalize_key(o) not in asked][: MIN_OPTIONS - 1]
        return options if len(options) == MIN_OPTIONS - 1 else None
    # Of the same kind first ("Madrid", "Porto" beside "Lisbon", before "in a canvas bag"),
    # then of the same form, then the nearest in meaning to the answer (a plausible wrong
    # answer: "battery" beside "lithium-ion cells", not "leaflet"), nearest in the text
    # breaking ties.
    sorts = [o for o in pool if _same_sort(answer, o)]
    near = _likeness(answer.text, [o.text for o in sorts])
    ranked = sorted(sorts, key=lambda o: (o.kind != answer.kind, o.form != answer.form,
                                          -near.get(o.text, 0.0),
                                          abs(o.position - answer.position)))
    out: list[Answer] = []
    for other in ranked:
        key = normalize_key(other.text)
        # An option the gate reads as another kind ("from his orchard", a thing, beside
        # the place "Harlow Square") would fail it: the next one is tried instead.
        if (key in asked or len(other.text) > MAX_OPTION_CHARS or _paraphrase(answer, other)
                or (answer.read and other.read and other.read != answer.read)
                or counts(other.text) != counts(answer.text)  # "about one millimetre"
                or any(_paraphrase(o, other) for o in out)):
            continue
        out.append(other)
        if len(out) == MIN_OPTIONS - 1:
            return [_matching_case(answer.text, o.text) for o in out]
    return None


def _likeness(answer: str, texts: Sequence[str]) -> dict[str, float]:
    """Each text's nearness in meaning to the answer (MiniLM cosine), in steps of
    `LIKENESS_STEP` so that options about as near keep their order in the text."""
    from draftguard.language import similarities

    unique = sorted(set(texts))
    if not unique:
        return {}
    return {t: round(float(v) / LIKENESS_STEP) * LIKENESS_STEP
            for t, v in zip(unique, similarities(answer, unique), strict=True)}


def _matching_case(answer: str, option: str) -> str:
    """An option capitalised like the answer, so case gives nothing away."""
    if answer[:1].isupper() and option[:1].islower():
        return option[:1].upper() + option[1:]
    return option


def shuffled(answer: str, others: Sequence[str], key: str) -> tuple[str, ...]:
    """The options with the answer at a place fixed by the question, not always first."""
    at = zlib.crc32(key.encode("utf-8")) % MIN_OPTIONS
    return (*others[:at], answer, *others[at:])

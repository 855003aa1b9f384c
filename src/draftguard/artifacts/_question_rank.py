"""Which quiz questions come first: ranked by the class of their answer, as teachers ask, and
never per passage.

What teachers asked about in the dev sets decides the order: counts and dates of what the
text is about, then people, places and names, then things; a phrase before a lone noun; a
detail before the text's topic; an answer near the whole text in meaning before one far from
it; a sentence near the text's centre, or one that explains, before one at its edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from draftguard.artifacts._numbers import number_value
from draftguard.artifacts._reasons import explains_something
from draftguard.artifacts._terms import TextView
from draftguard.language import parse

if TYPE_CHECKING:
    from draftguard.artifacts._questions import Question

__all__ = ["CENTRAL_COUNT", "MAX_COUNTED", "ranked_questions"]

#: How much sooner (lower) an answer of each kind ranks: teachers ask for counts and dates
#: most, then people, places and names, then things.
_KIND_RANK = {"number": -3.0, "time": -3.0, "person": -1.5, "place": -1.5, "name": -1.0,
              "action": 0.0}
_COUNTED_KINDS = frozenset({"number", "time"})
#: How much a sentence's likeness to the title counts beside its likeness to the whole text.
_TITLE_WEIGHT = 0.5
#: How much sooner a question on a sentence that explains (defines, gives a cause or a
#: result) ranks: teachers ask about the explanations.
_EXPLAINS = 0.5
#: How much later (higher) a cloze ranks by its answer's role: teachers ask for what the
#: verb acts on, less for the subject or the setting ("at the kitchen table").
_ROLE_RANK = {"object": -0.5, "subject": 0.0, "setting": 0.5}
#: How much sooner a question whose answer is the name the text gives a thing ranks ("These
#: colours are called _____"; "What are these colours called?"): teachers ask what a
#: passage names, though the name is often its topic.
_NAMED_TERM = 1.5
#: Counts and dates ranked ahead of the rest, at most: a learner needs the ideas too.
MAX_COUNTED = 2
#: A count or a date ranks ahead only when its phrase is at least this near the whole text
#: (MiniLM cosine): on the dev sets teachers asked for 20 of 22 such counts, and for 47 of
#: 103 others.
CENTRAL_COUNT = 0.25
#: How much an answer's likeness to the whole text (MiniLM cosine, 0-1) counts: teachers ask
#: about what the passage is about (thing clozes near it matched 35-41 %, far 21 %).
_CENTRE_WEIGHT = 1.0
#: The text's most salient terms are its topic: questions ask about the details around it.
_TOPIC_TERMS = 8


def ranked_questions(view: TextView, questions: Sequence[Question]) -> list[Question]:
    """The questions with `rank` set by what their answer is, as teachers ask (lower first):
    quantities and dates, then people, places and names, then things; a phrase before a
    lone noun; a detail before the text's topic (its most salient terms, the title's words);
    a wh-question before a cloze of the same; a sentence near the text's centre (MiniLM
    similarity to the whole text) before one at its edge."""
    from draftguard.language import similarities

    texts = sorted({q.sentence for q in questions})
    centre: list[float] = (list(similarities(" ".join(s.text for s in view.sentences), texts))
                           if texts else [])
    if view.title and texts:  # as extractive summarisers do: near the whole and the title
        centre = [c + _TITLE_WEIGHT * t for c, t in zip(centre, similarities(view.title, texts),
                                                          strict=True)]
    order = sorted(range(len(texts)), key=lambda i: -centre[i])
    explains = {s.text for s in view.sentences if explains_something(s.span)}
    edge = {texts[i]: r / max(1, len(texts) - 1) for r, i in enumerate(order)}
    topic = {t.head for t in view.ranked()[:_TOPIC_TERMS]}
    title = {t.lemma_.lower() for t in parse(view.title)} if view.title else set()
    answers = sorted({q.answer for q in questions})
    near = dict(zip(answers, similarities(" ".join(s.text for s in view.sentences), answers),
                    strict=True)) if answers else {}
    out = []
    for q in questions:
        named = q.form == "called" or q.role == "named"
        central = near.get(q.answer, 0.0)
        score = (_kind_rank(q, central) - _CENTRE_WEIGHT * central
                 + (1.0 if len(q.answer.split()) == 1 else 0.0)
                 - (0.5 if len(q.answer.split()) >= 3 else 0.0)
                 + (1.0 if q.head in topic and not named else 0.0)
                 + (3.0 if q.head in title else 0.0) - (_NAMED_TERM if named else 0.0)
                 + (0.5 if q.form == "cloze" else 0.0) + edge.get(q.sentence, 1.0)
                 - (_EXPLAINS if q.sentence in explains else 0.0) + _ROLE_RANK.get(q.role, 0.0))
        out.append(replace(q, rank=round(10 * score)))
    # A quiz is not a table of figures: beyond the best `MAX_COUNTED` counts and dates, the
    # rest rank as things do.
    counted = sorted((q for q in out if _counted(q)), key=lambda q: q.rank)
    later = {id(q) for q in counted[MAX_COUNTED:]}
    return [replace(q, rank=q.rank - round(10 * _kind_rank(q, near.get(q.answer, 0.0))))
            if id(q) in later else q for q in out]


def _counted(q: Question) -> bool:
    """A count or a date that states a value ("1666", "four days"); a time without one
    ("next morning") is a detail like a place."""
    return q.kind in _COUNTED_KINDS and number_value(q.answer) is not None


def _kind_rank(q: Question, central: float) -> float:
    """How much sooner the answer's kind ranks. A count or a date ranks ahead only when it
    is a figure of what the text is about (its phrase near the whole text in meaning: "two
    hundred kilometres" in a pigeon race); a count of a side detail ("twenty-six equal
    squares" of a chocolate bar) ranks as things do."""
    if q.kind == "time" and not _counted(q):
        return _KIND_RANK["place"]
    if _counted(q) and central < CENTRAL_COUNT:
        return 0.0
    return _KIND_RANK.get(q.kind, 0.0)

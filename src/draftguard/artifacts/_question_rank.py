"""Which quiz questions come first: a small learned ranker over what a teacher weighs, never
per passage.

Each question is read as features a teacher uses: how central its sentence is (MiniLM
similarity to the whole text and to the title, and where the sentence stands), how central
its answer is, the answer's kind (a count, a date, a person, a place, a name, a thing, an
action) and form (who, when, why, cloze, ...), its role in the sentence (what the verb acts
on, its subject, a setting) and how deep it sits below the main verb, whether it is the
text's topic, named in the title or repeated, and whether the sentence explains something;
since round 12 also what the parse says of the answer's term (the subject of several
sentences, a defined term, a named entity, its salience rank, the text's lead person) and
whether the sentence's subject is a topic term.
A logistic regression over these, fitted on the dev sets by `bench/fit_question_ranker.py`
(weights in `question_ranker.json`, cross-validated across passages and sets), scores each
question; higher first. A quiz is not a table of figures: beyond the best `MAX_COUNTED`
counts and dates, the rest lose their count bonus.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from draftguard.artifacts._numbers import number_value
from draftguard.artifacts._reasons import explains_something
from draftguard.artifacts._terms import TextView
from draftguard.language import parse

if TYPE_CHECKING:
    from spacy.tokens import Span

    from draftguard.artifacts._questions import Question

__all__ = ["MAX_COUNTED", "WEIGHTS", "Ranker", "question_features", "ranked_by", "ranked_questions",
           "ranker"]

#: Where the fitted weights live (written by `bench/fit_question_ranker.py`).
WEIGHTS = Path(__file__).with_name("question_ranker.json")
#: Counts and dates ranked ahead of the rest, at most: a learner needs the ideas too.
MAX_COUNTED = 2
#: The text's most salient terms are its topic.
_TOPIC_TERMS = 8
_KINDS = ("number", "time", "person", "place", "name", "thing", "action", "setting")
_FORMS = ("do", "who", "what", "where", "when", "how many", "cloze", "subject", "why",
          "define", "called")
#: Forms that ask for an explanation: a cause ("why") or a means ("how").
_EXPLAINING = frozenset({"why", "how"})
_ROLES = ("object", "subject", "setting", "named")
#: Ranks are integers: a score (log-odds) times this.
_SCALE = 1000


@dataclass(frozen=True)
class Ranker:
    """Weights per feature and a bias: the score is their weighted sum (log-odds that a
    teacher asks for this answer)."""

    weights: Mapping[str, float]
    bias: float = 0.0

    def score(self, features: Mapping[str, float]) -> float:
        return self.bias + sum(w * features.get(name, 0.0) for name, w in self.weights.items())


@cache
def ranker() -> Ranker:
    """The fitted ranker, read once."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    return Ranker({str(k): float(v) for k, v in data["weights"].items()}, float(data["bias"]))


def ranked_questions(view: TextView, questions: Sequence[Question]) -> list[Question]:
    """The questions with `rank` set by the fitted ranker (lower first)."""
    return ranked_by(questions, question_features(view, questions), ranker())


def ranked_by(questions: Sequence[Question], features: Sequence[Mapping[str, float]],
              model: Ranker) -> list[Question]:
    """The questions ranked by `model` over their `features`; beyond the best `MAX_COUNTED`
    counts and dates, a count scores as if it were a thing."""
    scores = [model.score(f) for f in features]
    counted = sorted((i for i, q in enumerate(questions) if _counted(q)), key=lambda i: -scores[i])
    for i in counted[MAX_COUNTED:]:
        scores[i] = model.score({**features[i], "kind number": 0.0, "kind time": 0.0,
                                 "counted": 0.0, "kind thing": 1.0})
    return [replace(q, rank=-round(_SCALE * s)) for q, s in zip(questions, scores, strict=True)]


def question_features(view: TextView, questions: Sequence[Question]) -> list[dict[str, float]]:
    """What a teacher weighs about each question, as numbers (see the module's doc)."""
    whole = " ".join(s.text for s in view.sentences)
    order = [s.text for s in view.sentences]
    texts = sorted({q.sentence for q in questions})
    answers = sorted({q.answer for q in questions})
    near = _near(whole, view.title, texts)
    answer_near = _near(whole, view.title, answers)
    explains = {s.text for s in view.sentences if explains_something(s.span)}
    topic = {t.head for t in view.ranked()[:_TOPIC_TERMS]}
    title = {t.lemma_.lower() for t in parse(view.title)} if view.title else set()
    mentions = Counter(t.lemma_.lower() for s in view.sentences for t in s.span
                       if t.pos_ in {"NOUN", "PROPN"})
    terms = {t.head: t for t in view.terms}
    ranked = [t.head for t in view.ranked()]
    people = [t.head for t in view.ranked() if t.kind == "person"]
    lead = people[0] if people else ""
    about = {s.text: _subject_heads(s.span) for s in view.sentences}
    central = _percentiles({q.sentence: near[q.sentence][0] for q in questions})
    answer_central = _percentiles({q.answer: answer_near[q.answer][0] for q in questions})
    out = []
    for q in questions:
        at = order.index(q.sentence) if q.sentence in order else len(order)
        words = len(q.answer.split())
        f = {"sentence~text": near[q.sentence][0], "sentence~title": near[q.sentence][1],
             "answer~text": answer_near[q.answer][0], "answer~title": answer_near[q.answer][1],
             "sentence centre rank": central[q.sentence],
             "answer centre rank": answer_central[q.answer],
             "position": at / max(1, len(order) - 1), "first sentence": float(at == 0),
             "one word": float(words == 1), "three words or more": float(words >= 3),
             "depth": min(q.depth, 5) / 5, "capitalised": float(q.answer[:1].isupper()),
             "digits": float(any(ch.isdigit() for ch in q.answer)),
             "counted": float(_counted(q)), "explains": float(q.sentence in explains),
             "mentions": math.log1p(mentions[q.head]), "topic": float(q.head in topic),
             "in title": float(q.head in title),
             "question length": min(len(q.question.split()), 30) / 30}
        term = terms.get(q.head)
        f.update({
            "subject of several": math.log1p(term.subject_count) if term else 0.0,
            "defined term": float(bool(term and term.definition)),
            "entity": float(bool(term and term.kind in {"person", "place", "name"})),
            "salience rank": 1.0 - ranked.index(q.head) / max(1, len(ranked) - 1)
            if q.head in ranked else 0.0,
            "lead person": float(bool(lead) and q.head == lead),
            "sentence on topic": float(bool(about.get(q.sentence, set()) & topic)),
        })
        f.update({f"kind {k}": float(q.kind == k) for k in _KINDS})
        f.update({f"form {k}": float(q.form == k) for k in _FORMS})
        # a how-question asks for a means as a why-question asks for a cause: no dev set
        # held one when the weights were fitted, so it is read as the explanation it is
        f["form why"] = float(q.form in _EXPLAINING)
        f.update({f"role {k}": float(q.role == k) for k in _ROLES})
        out.append(f)
    return out


def _subject_heads(span: Span) -> set[str]:
    """The lemmas of a sentence's subjects (what the sentence is about)."""
    return {t.lemma_.lower() for t in span if t.dep_ in {"nsubj", "nsubjpass"}}


def _near(whole: str, title: str, texts: Sequence[str]) -> dict[str, tuple[float, float]]:
    """(similarity to the whole text, to the title) of each text (MiniLM cosine)."""
    from draftguard.language import similarities

    if not texts:
        return {}
    to_whole = [float(x) for x in similarities(whole, texts)]
    to_title = [float(x) for x in similarities(title, texts)] if title else [0.0] * len(texts)
    return {t: (a, b) for t, a, b in zip(texts, to_whole, to_title, strict=True)}


def _percentiles(values: Mapping[str, float]) -> dict[str, float]:
    """Each key's place among the passage's values, 0 (least) to 1 (most)."""
    ordered = sorted(values.values())
    top = max(1, len(ordered) - 1)
    return {k: ordered.index(v) / top for k, v in values.items()}


def _counted(q: Question) -> bool:
    """A count or a date that states a value ("1666", "four days"); a time without one
    ("next morning") is a detail like a place."""
    return q.kind in {"number", "time"} and number_value(q.answer) is not None

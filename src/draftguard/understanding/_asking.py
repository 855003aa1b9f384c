"""Confidence and questions: a reader acts on a reading only when it is sure, else it asks.

A reading carries a confidence (1.0 when the parse and the lexicon leave no doubt, the
exemplar score when similarity decided). Below `DEFAULT_MIN_CONFIDENCE` the reader does not
act: it asks one question naming its two best readings in the author's own words, and keeps
both as candidates, so the answer ("the first", "2") or a capable model picks one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date as Date
from typing import Any

from draftguard.understanding._types import Intent, Interpretation

__all__ = ["DEFAULT_MIN_CONFIDENCE", "ask", "choose_between", "pick_index", "snippet",
           "which_day", "which_value"]

#: The confidence a reading must reach to be acted on without asking.
DEFAULT_MIN_CONFIDENCE = 0.75

_ORDINALS = {"first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2,
             "3rd": 2, "three": 2, "fourth": 3, "4th": 3, "four": 3, "fifth": 4, "5th": 4,
             "five": 4, "last": -1, "final": -1, "latter": -1, "other": 1, "former": 0}


_YES = ("yes", "yeah", "yep", "ok", "okay", "sure", "please")


def ask(question: str, candidates: tuple[Interpretation, ...] = (), *,
        intent: Intent = Intent.EDIT, slots: dict[str, Any] | None = None) -> Interpretation:
    """A reading that is a question: nothing is done until the author answers."""
    return Interpretation(intent=intent, slots=slots or {}, confidence=0.0,
                          candidates=candidates, question=question)


def choose_between(first: tuple[str, Interpretation], second: tuple[str, Interpretation],
                   *, confidence: float) -> Interpretation:
    """One question naming two readings (each as words the author would say): "Do you want
    me to X, or Y?", with both as candidates."""
    question = f"Do you want me to {first[0]}, or {second[0]}? Say which (the first or the " \
               "second)."
    return Interpretation(intent=first[1].intent, slots={}, confidence=confidence,
                          candidates=(first[1], second[1]), question=question)


def pick_index(words: list[str], count: int) -> int | None:
    """Which of `count` offered readings an answer of `words` picks ("the second one", "2",
    "number 3", "the last"), else None. A reply with other words in it is not an answer."""
    picked: int | None = None
    for word in (w.lower().strip(".!,#") for w in words):
        if word in ("the", "one", "please", "thanks", "number", "no", "option", "that",
                    "ok", "okay", "yes", "", "pls", "go", "with", "it's", "its", "one."):
            continue
        if word.isdigit():
            index = int(word) - 1
        elif word in _ORDINALS:
            index = _ORDINALS[word]
        else:
            return None
        if picked is not None and picked != index:
            return None
        picked = index
    if picked is None and count == 1 and any(w.lower().strip(".!,") in _YES for w in words):
        return 0  # "yes" to a question offering one reading
    if picked is None or not -count <= picked < count:
        return None
    return picked


def snippet(text: str, limit: int = 80) -> str:
    """`text` on one line, cut to `limit` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def which_value(name: str, values: Sequence[str], words: str | None = None, *,
                labels: Sequence[str]) -> Interpretation:
    """One question naming the values a preference `name` may take (`labels`, in the
    person's words), each a candidate: "Which cuisine is "pozole": Mexican or Spanish?"."""
    # "pozole": the question names what it asks about when the values do not.
    kind = "cuisine" if name == "cuisine" else "one"
    question = (f'Which {kind} is "{words}": {" or ".join(labels)}?' if words
                else f"Which one: {' or '.join(labels)}?")
    if words and len(labels) > 2:  # no two near enough to name: all it can search
        question = f'Which {kind} is "{words}"? I can search {", ".join(labels)}.'
    candidates = tuple(Interpretation(intent=Intent.PREFERENCES, slots={name: v},
                                      confidence=1.0 / len(values)) for v in values)
    return Interpretation(intent=Intent.PREFERENCES, question=question, confidence=0.5,
                          candidates=candidates)


def day_label(day: Date, *, today: Date) -> str:
    """A day as a person says it: "Sunday 27 December" (its year too when not this one)."""
    label = f"{day:%A} {day.day} {day:%B}"
    return label if day.year == today.year else f"{label} {day.year}"


def which_day(values: Sequence[str], *, today: Date) -> Interpretation:
    """One question about a day the words leave in doubt (`values`: ISO dates, best first):
    the weekday and the date disagree ("Which day: Sunday 27 December or Monday 28
    December?"), or the day has gone ("That day has passed: do you mean ...?")."""
    days = [Date.fromisoformat(v) for v in values]
    labels = [day_label(d, today=today) for d in days]
    question = (f"Which day: {' or '.join(labels)}?" if len(labels) > 1
                else f"That day has passed. Do you mean {labels[0]}?")
    candidates = tuple(Interpretation(intent=Intent.PREFERENCES, slots={"date": v},
                                      confidence=1.0 / len(values)) for v in values)
    return Interpretation(intent=Intent.PREFERENCES, question=question, confidence=0.5,
                          candidates=candidates)

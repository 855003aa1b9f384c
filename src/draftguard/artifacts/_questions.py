"""Quiz questions from the parse: who, what, where, when and how many (`_wh_questions`),
plus cloze and "What is X?".

A cloze blanks a content-bearing phrase. Distractors share the answer's kind and role, come
from the same text, and are never the answer's paraphrase (no shared head, no half of its
words, not near it in meaning) nor words the question itself shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from draftguard.artifacts._distractors import (
    MAX_OPTION_CHARS,
    Answer,
    answer_pool,
    depth_of,
    distractors,
    shuffled,
)
from draftguard.artifacts._named import called, person_after, who_is
from draftguard.artifacts._numbers import number_value
from draftguard.artifacts._phrases import phrase
from draftguard.artifacts._question_rank import MAX_COUNTED, ranked_questions
from draftguard.artifacts._reasons import explanations
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import Sentence, Term, TextView, role_in, term_span, with_of
from draftguard.artifacts._wh_questions import (
    COUNTED,
    MAX_QUESTION_CHARS,
    kept,
    wh_questions,
)
from draftguard.artifacts._whole import cuts_a_whole, misread
from draftguard.artifacts.schemas.quiz import MIN_OPTIONS
from draftguard.language import parse

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["CLOZE_PREFIX", "MAX_COUNTED", "Question", "build_questions"]

CLOZE_PREFIX = "Which words complete the sentence: "
#: Answers of these kinds are what teachers ask about most: names, places, times, counts.
_NAMED = frozenset({"person", "place", "name", "time", "number"})
#: Form order when code ranks questions: the wh-forms teachers ask first.
_FORM_RANK = {"who": 0, "where": 0, "when": 0, "how many": 0, "how long": 0, "define": 0,
              "called": 0,
              "what": 1,
              "subject": 2, "cloze": 2}


@dataclass(frozen=True)
class Question:
    question: str
    answer: str
    options: tuple[str, ...]
    form: str
    sentence: str
    chunk_id: str
    rank: int
    kind: str = "thing"
    depth: int = 0
    head: str = ""
    role: str = ""  # a cloze's answer: "object", "subject", "setting" (`_role_in`)


def build_questions(view: TextView) -> list[Question]:
    """Every question the text allows, in reading order."""
    made: list[tuple[str, Answer, Sentence]] = []
    person = ""
    for position, sentence in enumerate(view.sentences):
        made += [(q, a, sentence) for q, a in wh_questions(sentence.span, position, person)]
        made += [(q, a, sentence) for asked in (who_is, called)
                 for question, answer, tokens in asked(sentence.span, position)
                 for q, a in kept(question, answer, tokens)]
        person = person_after(sentence.span, person)
    pool = [a for _, a, _ in made] + answer_pool(view)
    salient = {t.head for t in view.ranked()[:8]}
    title = {t.lemma_.lower() for t in parse(view.title)} if view.title else set()
    out: list[Question] = []
    for question, answer, sentence in made:
        options = distractors(answer, pool, question)
        if options is not None:
            # An answer the title gives away asks nothing: it goes last.
            rank = (_FORM_RANK[answer.form] + 2 * (answer.kind not in _NAMED)
                    + (answer.head not in salient) + 6 * (answer.head in title))
            out.append(Question(question, answer.text, shuffled(answer.text, options, question),
                                answer.form, sentence.text, sentence.chunk_id, rank,
                                answer.kind, answer.depth, answer.head))
    out += _clozes(view, pool)
    out += _definitions(view)
    out += [Question(a.question, a.answer, shuffled(a.answer, options, a.question), a.form,
                     sentence.text, sentence.chunk_id, 0, "action", 1, a.lemma)
            for a, sentence, options in explanations(view)]
    spans = {s.text: s.span for s in view.sentences}
    return ranked_questions(view, [q for q in out if not _cut(spans.get(q.sentence), q.answer)])


def _cut(sentence: Span | None, answer: str) -> bool:
    """Whether an answer, where its sentence says it, cuts a name or a number in two (or
    a word: it does not fall on the parse's word boundaries)."""
    if sentence is None:
        return False
    at = " ".join(sentence.text.split()).find(answer)
    if at < 0 or sentence.text.count(answer) != 1:
        return False  # not said verbatim there (a "What does X do?" in the verb's form)
    start = sentence.start_char + sentence.text.find(answer)
    span = sentence.doc.char_span(start, start + len(answer))
    return span is None or cuts_a_whole(list(span))


# -- cloze and definitions -------------------------------------------------------------------

def _clozes(view: TextView, pool: Sequence[Answer]) -> list[Question]:
    out: list[Question] = []
    for n, term in enumerate(view.ranked()):
        if term.kind in {"number", "time"} or term.span is None:
            continue
        sentence = term.sentence
        if _asks(sentence):
            continue
        term = replace(term, text=with_of(term))
        at = normalize_key(sentence).find(normalize_key(term.text))
        if at < 0 or normalize_key(sentence).count(normalize_key(term.text)) > 1:
            continue
        lower = sentence.casefold()
        start = lower.find(term.text.casefold())
        if start < 0:
            continue
        blanked = sentence[:start] + "_____" + sentence[start + len(term.text):]
        question = f'{CLOZE_PREFIX}"{blanked}"'
        if len(question) > MAX_QUESTION_CHARS:
            continue
        answer = Answer(term.text, term.kind, "cloze", term.head,
                        frozenset(w.lower() for w in term.text.split()), n, read=term.kind)
        penalty = 6 * (term.head in {t.lemma_.lower() for t in parse(view.title)})
        options = distractors(answer, [a for a in pool if a.form == "term"], question)
        if options is not None:
            out.append(Question(question, term.text, shuffled(term.text, options, question),
                                "cloze", sentence, term.chunk_id,
                                _FORM_RANK["cloze"] + 2 * (term.kind not in _NAMED)
                                + (n >= 8) + penalty, term.kind, _depth_in(term),
                                term.head, role_in(term)))
    return out + _number_clozes(view, pool)


def _asks(sentence: str) -> bool:
    """Whether a sentence is a question ("Who took the apples?"): the text asks it and
    tells nothing, so a cloze of it asks a learner to guess the text's own question."""
    return sentence.rstrip(" \"'\u201d\u2019").endswith("?")


def _depth_in(term: Term) -> int:
    span = term_span(term)
    return depth_of(list(span)) if span is not None else 0


def _with_unit(tokens: list[Token]) -> list[Token]:
    """A count with the noun it counts ("ninety-two" -> "ninety-two steps"), as a teacher
    gives the answer; a date or a count on its own stays as it is."""
    last = tokens[-1]
    noun = last.head
    if last.dep_ != "nummod" or noun.pos_ != "NOUN" or noun.i <= last.i or not noun.is_alpha:
        return tokens
    between = last.doc[last.i + 1: noun.i]
    if any(t.dep_ not in {"compound", "amod"} for t in between) or noun.i - last.i > 3 or (
            misread([noun])):  # "90 pedal" of "90 pedal turns": the count is of what follows
        return tokens
    return [*tokens, *between, noun]


def _number_clozes(view: TextView, pool: Sequence[Answer]) -> list[Question]:
    """A cloze on each quantity and date the text states ("Mara Quill was _____ when ...")."""
    out: list[Question] = []
    for n, sentence in enumerate(view.sentences):
        if _asks(sentence.text):
            continue
        for ent in sentence.span.ents:
            tokens = list(ent)
            before = ent.doc[ent.start - 1] if ent.start > sentence.span.start else None
            if before is not None and before.lower_ in {"a", "an"} and before.head.i == ent.start:
                tokens = [before, *tokens]  # "a dozen loaves": the article is its numeral
            if ent.label_ not in COUNTED or number_value(phrase(tokens)) is None:
                continue
            while len(tokens) > 1 and (tokens[0].dep_ in {"det", "poss"} or tokens[0].is_punct
                                       or tokens[0].pos_ in {"VERB", "AUX"}):
                tokens = tokens[1:]  # "the 1930s" asks for "1930s"; "6 hours" keeps its 6
            tokens = _with_unit(tokens)
            text = phrase(tokens)
            if not text or sentence.text.count(text) != 1:
                continue
            start = sentence.text.find(text)
            question = (f'{CLOZE_PREFIX}"{sentence.text[:start]}_____'
                        f'{sentence.text[start + len(text):]}"')
            if len(question) > MAX_QUESTION_CHARS:
                continue
            kind = "time" if ent.label_ in {"DATE", "TIME"} else "number"
            answer = Answer(text, kind, "cloze", text.lower(), frozenset({text.lower()}),
                            2000 + n, depth_of(tokens))
            options = distractors(answer, pool, question)
            if options is not None:
                out.append(Question(question, text, shuffled(text, options, question),
                                    "cloze", sentence.text, sentence.chunk_id,
                                    _FORM_RANK["cloze"], kind, answer.depth, answer.head))
    return out


def _definitions(view: TextView) -> list[Question]:
    defined = [t for t in view.terms if t.definition and len(t.definition) <= MAX_OPTION_CHARS]
    out: list[Question] = []
    for term in defined:
        mine = normalize_key(term.definition)
        others = [t.definition for t in defined if t is not term
                  and normalize_key(term.text) not in normalize_key(t.definition)
                  and normalize_key(t.definition) not in mine  # never a part of the answer
                  and mine not in normalize_key(t.definition)][:3]
        question = f"What is {term.text}?"
        if len(others) == MIN_OPTIONS - 1 and normalize_key(term.text) not in normalize_key(
                term.definition):
            out.append(Question(question, term.definition,
                                shuffled(term.definition, others, question), "define",
                                term.sentence, term.chunk_id, 0))
    return out


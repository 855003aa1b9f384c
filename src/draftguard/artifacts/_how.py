"""How-questions: the means a sentence gives of what its subject does, asked about.

A **means** is a "by" phrase on a verb that is not passive (a passive's "by" names who did
it): "by" with a gerund and what it governs ("Maya opened the padlock by bending a hairpin
into a hook" -> "How did Maya open the padlock?" -> "by bending a hairpin into a hook"), or
"by" with a bare noun, a manner with no article of its own ("The letters came by post" ->
"How did the letters come?" -> "by post"; "by the door" has one: it is a place). Read from
the parse: the preposition's object is a gerund (`pcomp`, tag VBG) or a noun without a
determiner or an owner.

The question is the clause turned around as a why-question is (`_reasons._ask`); the answer
is copied from the text, cut at a comma. Distractors are the text's other means, then its
other gerund phrases put as means ("carrying a lantern" -> "by carrying a lantern"), from
another sentence and not sharing half their words; a text with too few asks no how-question.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from draftguard.artifacts._named import person_after
from draftguard.artifacts._phrases import phrase
from draftguard.artifacts._predicates import (
    MAX_SPAN_WORDS,
    Asked,
    _clauses,
    _content,
    _fits,
    _own_subject,
    _passive,
    _predicate_tokens,
    _tag,
    subject_words,
)
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import Sentence, TextView

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["how_questions"]

#: Where a gerund heads a phrase of its own that can stand as a means ("by ...").
_GERUND_ROLES = frozenset({"pcomp", "xcomp", "advcl", "acl", "csubj", "conj"})
_OPTIONS = 3


def how_questions(view: TextView) -> list[tuple[Asked, Sentence, list[str]]]:
    """"How ...?" for every means the text gives, with three distractors; a question the
    text has too few distractors for is left out."""
    from draftguard.artifacts._reasons import ask_turned

    asked: list[tuple[Asked, Sentence]] = []
    person = ""
    for position, sentence in enumerate(view.sentences):
        for verb, means in _means(sentence.span):
            subject = _own_subject(verb)
            said = subject_words(subject, person) if subject is not None else None
            answer = _cut(list(means.subtree))
            if said is None or not answer or len(answer) > MAX_SPAN_WORDS:
                continue
            drop = {t.i for t in means.subtree} | {t.i for t in subject.subtree} \
                if subject is not None else set()
            question = ask_turned("How", verb, said, drop)
            if question is not None and normalize_key(phrase(answer)) not in normalize_key(
                    question):
                asked.append((Asked(question, phrase(answer), "how", _tag(verb), frozenset(),
                                    verb.lemma_.lower(), position), sentence))
        person = person_after(sentence.span, person)
    pool = _pool(view)
    out = []
    for a, sentence in asked:
        options = _options(a, pool)
        if options is not None:
            out.append((a, sentence, options))
    return out


def _means(sent: Span) -> Iterable[tuple[Token, Token]]:
    """(verb, its "by") for each means a clause of the sentence gives."""
    if sent[-1].text == "?":
        return
    for verb in _clauses(sent):
        if _passive(verb):
            continue  # "was built by the Romans": who built it, not how
        for prep in verb.children:
            if prep.dep_ == "prep" and prep.lower_ == "by" and prep.i > verb.i and _a_means(prep):
                yield verb, prep


def _a_means(prep: Token) -> bool:
    """Whether a "by" phrase says how: a gerund, or a bare noun ("by post", "by hand")."""
    obj = next((c for c in prep.children if c.dep_ in {"pcomp", "pobj"}), None)
    if obj is None:
        return False
    if obj.tag_ == "VBG":
        return True
    return obj.pos_ == "NOUN" and not obj.ent_type_ and not any(
        c.dep_ in {"det", "poss", "nummod"} for c in obj.children)


def _cut(tokens: list[Token]) -> list[Token]:
    """A means up to its first comma or dash, without closing punctuation."""
    out: list[Token] = []
    for t in tokens:
        if t.is_punct and t.text in {",", ";", "—", "–", "(", ":"}:
            break
        out.append(t)
    while out and (out[-1].is_punct or out[-1].pos_ in {"CCONJ", "ADP", "DET"}):
        out = out[:-1]
    return out if len(out) >= 2 else []


def _pool(view: TextView) -> list[tuple[str, int]]:
    """(means, sentence index): the text's "by" phrases, then its gerund phrases put as
    means ("by carrying a lantern")."""
    means: list[tuple[str, int]] = []
    gerunds: list[tuple[str, int]] = []
    for position, sentence in enumerate(view.sentences):
        for _, prep in _means(sentence.span):
            tokens = _cut(list(prep.subtree))
            if tokens and len(tokens) <= MAX_SPAN_WORDS:
                means.append((phrase(tokens), position))
        for t in sentence.span:
            if t.tag_ == "VBG" and t.dep_ in _GERUND_ROLES and t.head.lower_ != "by":
                tokens = _predicate_tokens(t)
                if len(tokens) >= 2 and _fits(tokens):
                    gerunds.append(("by " + phrase(tokens), position))
    return means + gerunds


def _options(asked: Asked, pool: list[tuple[str, int]]) -> list[str] | None:
    mine = _content(asked.answer)
    shown = normalize_key(asked.question)
    out: list[str] = []
    for text, position in sorted(pool, key=lambda p: abs(p[1] - asked.position)):
        theirs = _content(text) - {"by"}
        if (position == asked.position or not theirs or normalize_key(text) in shown
                or 2 * len(mine & theirs) >= min(len(mine), len(theirs))
                or any(2 * len(_content(o) & theirs) >= len(theirs) for o in out)):
            continue
        out.append(text)
        if len(out) == _OPTIONS:
            return out
    return None

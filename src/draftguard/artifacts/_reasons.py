"""Why-questions: a clause a sentence gives as a cause, asked about.

A **reason** is a "because" clause, a purpose ("so that", "in order to") with a noun in it,
or the clause before "so" ("X, so Y": X is why Y). The question is the other clause turned
around ("Magma is lighter than the solid rock around it, so it rises" -> "Why does magma
rise?"; the pronoun is named by the cause's subject when they agree in number); the answer
is the cause's words copied from the text: the whole clause when its subject is a noun of
its own, else its predicate. Distractors are other predicates of the text (`_predicates`).

`explanations` gathers these with the "What does X do?" questions, each with its options;
`explains_something` says which sentences define, give a cause or a result, the discourse
roles a quiz ranks first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from draftguard.artifacts._how import how_questions
from draftguard.artifacts._named import person_after
from draftguard.artifacts._phrases import phrase
from draftguard.artifacts._predicates import (
    _DO,
    _SUBJECTS,
    Asked,
    _clauses,
    _fits,
    _negated,
    _own_subject,
    _predicate_tokens,
    _subject,
    _tag,
    predicate_options,
    predicate_pool,
    subject_words,
    what_do_questions,
)
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import Sentence, TextView

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["ask_turned", "explains_something", "explanations"]


def explanations(view: TextView) -> list[tuple[Asked, Sentence, list[str]]]:
    """"What does X do?" and "Why ...?" questions of every sentence, with their three
    distractors; a question the text has too few distractors for is left out."""
    pool = predicate_pool(view)
    out = []
    person = ""
    for position, sentence in enumerate(view.sentences):
        asked = [*what_do_questions(sentence.span, position, person),
                 *reason_questions(sentence.span, position, person)]
        person = person_after(sentence.span, person)
        for a in asked:
            options = predicate_options(a, pool, a.question)
            if options is not None and normalize_key(a.answer) not in normalize_key(
                    a.question):
                out.append((a, sentence, options))
    return out + how_questions(view)


def ask_turned(wh: str, verb: Token, subject: str, drop: set[int]) -> str | None:
    """`wh` + the clause of `verb` turned around, without the words of `drop` (the answer
    and the subject): "How did Maya open the padlock?"."""
    return _ask(wh, verb, subject, _rest(verb, drop))


def _ask(wh: str, verb: Token, subject: str, rest: Sequence[Token]) -> str | None:
    """`wh` + the clause turned around: "Why does magma rise?"."""
    # "is chosen" asks "Why is the refrigerant chosen?": a passive's "is" inverts too
    aux = [c for c in verb.children if c.dep_ in {"aux", "auxpass"} and c.i < verb.i]
    tail = phrase(rest)
    if aux:
        words = [wh, aux[0].lower_, subject, verb.text]
    elif verb.lemma_ == "be":
        words = [wh, verb.lower_, subject]
    elif verb.tag_ in _DO:
        words = [wh, _DO[verb.tag_], subject, verb.lemma_.lower()]
    else:
        return None
    text = " ".join([*words, tail]).strip(" ,;:")
    text = " ".join(text.replace(" ,", ",").split())
    return text[:1].upper() + text[1:] + "?" if len(text) <= 160 else None


def _rest(verb: Token, drop: set[int]) -> list[Token]:
    """The clause's words after its verb that stay in the question."""
    out = []
    for child in sorted(verb.children, key=lambda c: c.i):
        if child.i < verb.i or child.dep_ in {"conj", "cc", "advcl", "punct", "parataxis",
                                              "mark", "aux", "neg"}:
            continue
        ids = {t.i for t in child.subtree}
        if ids & drop:
            continue
        out += [t for t in child.subtree]
    return sorted(out, key=lambda t: t.i)


def reason_questions(sent: Span, position: int, person: str) -> Iterable[Asked]:
    """"Why ...?" for a clause the sentence gives a cause or a purpose of."""
    for verb in _clauses(sent):
        for child in verb.children:
            cause = _cause(child)
            if cause is not None:
                yield from _why(verb, cause, {t.i for t in child.subtree}, position, person)
    yield from _so(sent, position, person)
    yield from _which_is_why(sent, position, person)


def _which_is_why(sent: Span, position: int, person: str) -> Iterable[Asked]:
    """"X, which is why Y": X is why Y ("Each waking uses up a lot of energy, which is why
    disturbing a hedgehog can be dangerous" -> "Why can disturbing ... be dangerous?";
    "A single bat can catch hundreds of insects in one night, which is why farmers are glad
    to have them nearby" -> "Why are farmers glad to have them nearby?")."""
    for why in sent:
        result = why.head
        be = result.head
        if (why.lower_ != "why" or why.dep_ != "advmod" or result.i == be.i
                or be.lemma_ != "be" or be.i > why.i
                or not any(c.lower_ == "which" and c.dep_ in _SUBJECTS for c in be.children)):
            continue
        cause = be.head  # the clause "which" points back to (the parse may hang it on the
        while cause.pos_ not in {"VERB", "AUX"} and cause.head.i != cause.i:  # last noun)
            cause = cause.head
        subject = _subject(result) or next(
            (c for c in result.children if c.dep_ == "csubj"), None)
        if cause.i == be.i or cause.i > be.i or subject is None or _negated(cause):
            continue
        said = _said(subject, person)
        inside = {t.i for t in be.subtree}
        own = _subject(cause)
        if own is not None and own.pos_ in {"NOUN", "PROPN"}:
            answer = [t for t in sent if own.left_edge.i <= t.i < min(inside)]
            while answer and answer[-1].is_punct:
                answer = answer[:-1]
            whole = True
        elif own is not None and own.lemma_ == subject.lemma_:
            answer, whole = _predicate_tokens(cause, skip=frozenset(inside)), False
        else:
            continue  # "traps the bubbles" of another subject than the result's: a fragment
        if said is None or not answer or not _fits(answer, cause if whole else None):
            continue
        question = _ask("Why", result, said, _rest(result, {t.i for t in subject.subtree}))
        if question is not None:
            yield Asked(question, phrase(answer), "why", _tag(cause), frozenset(),
                        cause.lemma_.lower(), position, whole)


def _said(subject: Token, person: str) -> str | None:
    """A subject as a question says it; a gerund's clause ("disturbing a hibernating
    hedgehog") as the text words it."""
    if subject.dep_ == "csubj" and subject.tag_ == "VBG":
        tokens = list(subject.subtree)
        return phrase(tokens) if len(tokens) <= 6 else None
    return subject_words(subject, person)


def _cause(child: Token) -> Token | None:
    """The verb of a "because" clause or of a purpose ("so that", "in order to") with a noun
    in it, or None."""
    if child.dep_ != "advcl":
        return None
    marks = {m.lower_ for m in child.children if m.dep_ in {"mark", "aux"}}
    if "because" in marks or "so" in marks:
        return child
    # a purpose after its verb ("... to keep the rabbits away"), or opening the sentence
    # ("To save heat, the males huddle together")
    if "to" in marks and child.tag_ == "VB" and (
            child.i > child.head.i or child.left_edge.i == child.sent.start):
        return child
    return None


def _why(verb: Token, cause: Token, drop: set[int], position: int,
         person: str) -> Iterable[Asked]:
    subject = _own_subject(verb) or next(
        (c for c in verb.children if c.dep_ == "nsubjpass"), None)  # "the refrigerant is chosen"
    if subject is None or _negated(verb):
        return
    said = subject_words(subject, person)
    if said is None:
        return
    found = _reason_answer(cause, subject)
    if found is None:
        return
    answer, whole = found
    question = _ask("Why", verb, said, _rest(verb, drop | {t.i for t in subject.subtree}))
    if question is not None:
        yield Asked(question, phrase(answer), "why", _tag(cause), frozenset(), cause.lemma_.lower(),
                    position, whole)


def _reason_answer(cause: Token, subject: Token | None) -> tuple[list[Token], bool] | None:
    """The cause's words: the whole clause when its subject is a noun of its own, else its
    predicate ("because they grow roots" -> "grow roots")."""
    own = _subject(cause)
    whole = own is not None and own.pos_ in {"NOUN", "PROPN"} and (
        subject is None or own.lemma_ != subject.lemma_)
    if own is not None and whole:
        tokens = [t for t in cause.subtree if t.dep_ != "mark" or t.head.i != cause.i]
        tokens = [t for t in tokens if t.i >= own.left_edge.i]
        tokens = [t for t in cause.doc[tokens[0].i: tokens[-1].i + 1]] if tokens else []
        while tokens and tokens[-1].is_punct:
            tokens = tokens[:-1]
    else:
        tokens = _predicate_tokens(cause)
    return (tokens, whole) if tokens and _fits(tokens, cause if whole else None) else None


def _so(sent: Span, position: int, person: str) -> Iterable[Asked]:
    """"X, so Y": X is why Y. The question asks about Y with its pronoun named by X's
    subject ("Magma is lighter ..., so it rises" -> "Why does magma rise?")."""
    for token in sent:
        if token.lower_ != "so" or token.dep_ not in {"advmod", "cc", "mark"} or (
                token.i + 1 < sent.end and token.nbor().lower_ == "that"):
            continue
        # "so" leans on the result's verb, or (as "cc") on the cause's, whose next
        # coordinated verb is then the result.
        result = token.head if token.head.i > token.i else next(
            (c for c in token.head.children if c.dep_ == "conj" and c.i > token.i), None)
        if result is None or result.pos_ not in {"VERB", "AUX"}:
            continue
        before = [t for t in sent if t.i < token.i and not (t.is_punct and t.i == token.i - 1)]
        cause = next((t for t in before if t.dep_ in _SUBJECTS and t.head.i < token.i
                      and t.pos_ in {"NOUN", "PROPN"}), None)
        subject = _subject(result)
        if cause is None or subject is None or subject.i < token.i:
            continue
        said: str | None = None
        if subject.pos_ == "PRON" and (subject.lower_, cause.tag_) in {
                ("it", "NN"), ("it", "NNP"), ("they", "NNS"), ("they", "NNPS")}:
            said = subject_words(cause, person)
        elif subject.pos_ != "PRON":
            said = subject_words(subject, person)
        if said is None:
            continue
        answer = _predicate_tokens(cause.head) if cause.head.i < token.i else None
        if answer is None or not _fits(answer) or max(t.i for t in answer) >= token.i:
            continue
        drop = {t.i for t in sent if t.i <= token.i} | {t.i for t in subject.subtree}
        question = _ask("Why", result, said, _rest(result, drop))
        if question is not None:
            yield Asked(question, phrase(answer), "why", _tag(cause.head), frozenset(),
                        cause.head.lemma_.lower(), position)



def explains_something(sent: Span) -> bool:
    """Whether a sentence defines ("X is a ...", "called X"), gives a cause ("because",
    "so that", "in order to") or a result ("X, so Y"; "X causes Y"): the discourse roles
    teachers ask about."""
    root = sent.root
    if root.lemma_ == "be" and any(c.dep_ == "attr" for c in root.children):
        return True
    for token in sent:
        if token.dep_ == "advcl" and _cause(token) is not None:
            return True
        if token.lower_ == "so" and token.dep_ in {"advmod", "cc", "mark"}:
            return True
        if token.lemma_ in {"cause", "call", "mean", "produce", "allow", "prevent"} and (
                token.pos_ == "VERB"):
            return True
    return False


"""What a clause says its subject does: "What does X do?" and the predicates its options are.

Teachers ask about the spans that explain ("What does invertase do?" -> "splits sucrose
into simpler sugars"; "Why does magma rise?" -> "is lighter than the solid rock around
it"), not only about nouns. Both are read from the parse:

- a **predicate** is a clause's verb with its own complements (objects, particles,
  prepositional phrases), without side clauses: what the clause says its subject does;
- a **reason** is a clause a sentence gives as a cause: a "because" clause, the clause before
  "so" ("X, so Y": X is why Y), or an "in order to"/"so that" purpose with a noun in it.

Each question is the clause turned around (the answer's words come out, "do" or the
auxiliary goes in front), so it rests on its sentence. The answer is copied from the text.
Distractors are other predicates of the same text: same verb form ("splits" beside
"spreads", never beside "spread"), from another sentence, said of another subject (a
story's other deeds of the same person would be true), so they are wrong by construction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from draftguard.artifacts._named import person_after
from draftguard.artifacts._phrases import phrase, said_lower
from draftguard.artifacts._terms import TextView, junk_reason

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["MAX_SPAN_WORDS", "Asked", "Predicate", "predicate_options", "predicate_pool",
           "subject_words", "what_do_questions"]

#: An explanation answer holds at most this many words (a noun answer: 8).
MAX_SPAN_WORDS = 10
_MAX_CHARS = 80
#: Words a whole clause's subject may add to a predicate's limit ("a branch heavy with snow").
_CLAUSE_SUBJECT_WORDS = 2
#: Two explanations this alike in meaning (MiniLM cosine) are one said twice.
PARAPHRASE = 0.8
_SUBJECTS = frozenset({"nsubj"})
#: The verb's own complements: what it does to what, where and how.
_COMPLEMENTS = frozenset({"dobj", "dative", "prt", "prep", "acomp", "attr", "oprd", "xcomp",
                          "agent", "ccomp", "advmod", "npadvmod"})
_CORE = frozenset({"dobj", "dative", "prt", "acomp", "attr", "oprd", "xcomp"})
_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}
#: Conjunctions that open a clause saying when, kept as the question's setting.
_SETTING = frozenset({"when", "after", "before", "while", "once", "as"})
#: The verb forms a predicate answer can take (after a modal, the bare form).
_FORMS = frozenset({"VBD", "VBZ", "VBP", "VB"})
_OPENERS = frozenset({"ADV", "PRON", "SCONJ", "CCONJ", "INTJ", "ADP", "PART", "PUNCT"})


@dataclass(frozen=True)
class Predicate:
    """One clause's predicate: the answer to "What does X do?" and a distractor for others."""

    text: str
    clause: str  # the subject and the predicate, when they stand together in the text
    tag: str  # the verb's form: VBD, VBZ, VBP or VB (after a modal)
    agent: frozenset[str]  # the subject's nouns
    lemma: str  # the verb's lemma
    position: int  # the sentence's index
    rest: str = ""  # the words after the verb

    def said_as(self, tag: str) -> str:
        """The predicate with its verb in the answer's present form ("holds gases" as
        "hold gases" beside "do"): the same words, in agreement."""
        if _present(tag) == _present(self.tag) or {tag, self.tag} & {"VBD"}:
            return self.text
        verb = self.lemma if _present(tag) == "VBP" else _third_person(self.lemma)
        return f"{verb} {self.rest}".strip()


def _subject(verb: Token) -> Token | None:
    subjects = [c for c in verb.children if c.dep_ in _SUBJECTS]
    return subjects[0] if len(subjects) == 1 else None


def _clauses(sent: Span) -> Iterable[Token]:
    """The main verb, and the verbs coordinated with it that have a subject of their own
    or share the main one."""
    root = sent.root
    yield root
    for child in root.children:
        if child.dep_ == "conj" and child.pos_ in {"VERB", "AUX"}:
            yield child


def _own_subject(verb: Token) -> Token | None:
    subject = _subject(verb)
    if subject is None and verb.dep_ == "conj":
        subject = _subject(verb.head)
    return subject


def _predicate_tokens(verb: Token, *, skip: frozenset[int] = frozenset()) -> list[Token]:
    """The verb and its own complements, contiguous, at most `MAX_SPAN_WORDS` words: core
    complements always, prepositional phrases and adverbs while the span stays short."""
    keep = {verb.i}
    end = verb.i
    for child in sorted(verb.children, key=lambda c: c.i):
        if child.i < verb.i:
            continue
        if child.i in skip or child.dep_ not in _COMPLEMENTS:
            break  # a side clause, a conjunction or a comma ends the predicate
        ids = set()
        for t in child.subtree:  # a comma inside ends it: ", which kills the roots"
            if t.is_punct and t.text in {",", ";", "(", "—", ":"}:
                break
            ids.add(t.i)
        if ids & skip or not ids:
            break
        if child.dep_ not in _CORE and len(keep | ids) > MAX_SPAN_WORDS:
            break
        if child.left_edge.i != end + 1:
            break  # only a contiguous stretch of the text
        keep |= ids
        end = max(ids)
    tokens = [t for t in verb.doc[verb.i: end + 1]]
    while tokens and (tokens[-1].is_punct or tokens[-1].pos_ in {"CCONJ", "ADP", "DET"}):
        tokens = tokens[:-1]
    return tokens


def _fits(tokens: Sequence[Token], verb: Token | None = None) -> bool:
    """Whether a predicate (or, given its `verb`, a whole clause: "a branch had fallen
    across the power line") reads as one short answer."""
    words = [t for t in tokens if not t.is_punct]
    text = phrase(tokens)
    own = set() if verb is None else {verb.i} | {
        c.i for c in verb.children if c.dep_ in {"aux", "auxpass", "neg"}}
    # A second finite verb outside a relative or reported clause is a misparse ("points to
    # moves forward"); a whole clause's own verb is no second one.
    finite = [t for t in words[1:] if t.tag_ in {"VBZ", "VBD", "VBP"} and t.i not in own
              and t.dep_ not in {"relcl", "ccomp", "conj"}]
    limit = MAX_SPAN_WORDS + (_CLAUSE_SUBJECT_WORDS if verb is not None else 0)
    return (0 < len(words) <= limit and not finite and len(text) <= _MAX_CHARS
            and words[0].pos_ not in _OPENERS and junk_reason(tokens) is None
            and any(t.pos_ in {"NOUN", "PROPN", "NUM"} for t in words)
            and text.count('"') % 2 == 0)


def _tag(verb: Token) -> str:
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children)
    return "VB" if modal else verb.tag_


def _present(tag: str) -> str:
    return "VBP" if tag == "VB" else tag


def _third_person(lemma: str) -> str:
    """A verb's third-person present form from its dictionary form ("carry" -> "carries")."""
    if lemma in {"be", "have", "do", "go"}:
        return {"be": "is", "have": "has", "do": "does", "go": "goes"}[lemma]
    if lemma.endswith(("s", "sh", "ch", "x", "z")):
        return lemma + "es"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ies"
    return lemma + "s"


def predicate_pool(view: TextView) -> list[Predicate]:
    """Every predicate of the text with a noun subject, as distractors to draw on."""
    out = []
    person = ""
    for position, sentence in enumerate(view.sentences):
        for verb in (t for t in sentence.span if t.pos_ in {"VERB", "AUX"}):
            subject = _own_subject(verb)
            if (subject is None or not _names_agent(subject, person)
                    or _tag(verb) not in _FORMS or _negated(verb) or _passive(verb)):
                continue
            tokens = _predicate_tokens(verb)
            if _fits(tokens) and verb.lemma_ != "be":
                whole = list(verb.doc[subject.left_edge.i: tokens[-1].i + 1])
                clause = phrase(whole) if subject.i < verb.i and _fits(whole, verb) and not any(
                    t.dep_ in {"advcl", "conj", "cc"} for t in whole) else ""
                out.append(Predicate(phrase(tokens), clause, _tag(verb),
                                     _agent(subject, person), verb.lemma_.lower(), position,
                                     phrase(tokens[1:])))
        person = person_after(sentence.span, person)
    return out


def _names_agent(subject: Token, person: str) -> bool:
    """Whether the subject says who acts: a noun, "he" or "she" after a full name, or "it"
    (a thing, not a person)."""
    if subject.pos_ == "PRON":
        return (subject.lower_ in {"he", "she"} and bool(person)) or subject.lower_ == "it"
    return subject.pos_ in {"NOUN", "PROPN"}


def _negated(verb: Token) -> bool:
    """A verb with "not", or whose subject is denied ("No bat drinks blood"): what it says
    of the subject is not so."""
    from draftguard.artifacts._subject_clauses import negative_det

    return any(c.dep_ == "neg" or (c.dep_ in {"nsubj", "nsubjpass"} and any(
        negative_det(d) for d in c.children)) for c in verb.children)


def _passive(verb: Token) -> bool:
    return any(c.dep_ in {"auxpass", "nsubjpass"} for c in verb.children)


def subject_words(subject: Token, person: str) -> str | None:
    """The subject as the question says it: a pronoun for a person becomes the last full
    name; another pronoun asks nothing. An apposition, a date or a comma inside it stays
    out ("the skipper, Tom Abbott" -> "Tom Abbott")."""
    if subject.pos_ == "PRON":
        return person if subject.lower_ in {"he", "she"} and person else None
    named = next((c for c in subject.children if c.dep_ == "appos"
                  and c.ent_type_ == "PERSON"), None)
    if named is not None:
        subject = named
    drop = {t.i for c in subject.children if c.dep_ in {"appos", "punct", "relcl", "acl"}
            for t in c.subtree}
    tokens = [t for t in subject.subtree if t.i not in drop and not t.is_punct and (
        t.ent_type_ not in {"DATE", "TIME"} or subject.ent_type_ in {"DATE", "TIME"})]
    while tokens and tokens[0].pos_ in {"ADV", "ADP", "CCONJ", "SCONJ"}:
        tokens = tokens[1:]
    if (not tokens or subject.pos_ not in {"NOUN", "PROPN"} or len(tokens) > 6
            or any(t.like_num or t.is_quote for t in tokens)):
        return None
    text = phrase(tokens)
    first = tokens[0]
    if first.ent_type_ or (first.tag_ == "NNP" and first.i != first.sent.start) or (
            first.tag_ == "NNP" and len(tokens) == 1 and not said_lower(first)):
        # a name keeps its capital; "Milestones" opening a sentence does not, nor "Magma"
        # where the text also writes "magma"
        return text
    return text[:1].lower() + text[1:]


def _agent(subject: Token, person: str) -> frozenset[str]:
    """The words that name who does it, to keep a story's other deeds of the same person
    out of the options."""
    if subject.pos_ == "PRON":
        return frozenset(person.casefold().split() if subject.lower_ != "it" else ["it"])
    return frozenset(t.lemma_.casefold() for t in subject.subtree
                     if t.pos_ in {"NOUN", "PROPN"})


def _setting(verb: Token) -> list[Token]:
    """A "when ..." clause of the verb (or of the verb it is coordinated with)."""
    for head in (verb, verb.head if verb.dep_ == "conj" else verb):
        for child in head.children:
            if child.dep_ == "advcl" and any(
                    m.dep_ == "mark" and m.lower_ in _SETTING for m in child.children):
                tokens = list(child.subtree)
                if len(tokens) <= 10 and not any(t.text in {'"', "“", "”"} for t in tokens):
                    return tokens
    return []


@dataclass(frozen=True)
class Asked:
    """A question on a predicate or a reason, and what its distractors must match."""

    question: str
    answer: str
    form: str  # "do" or "why"
    tag: str
    agent: frozenset[str]
    lemma: str
    position: int
    whole: bool = False  # the answer is a clause with its own subject, not a predicate


def what_do_questions(sent: Span, position: int, person: str) -> Iterable[Asked]:
    """"What does X do?" for each clause whose subject the question can name."""
    for verb in _clauses(sent):
        subject = _own_subject(verb)
        if (subject is None or verb.lemma_ in {"be", "have", "do"} or _negated(verb)
                or _passive(verb) or _tag(verb) not in _FORMS or sent[-1].text == "?"):
            continue
        said = subject_words(subject, person)
        answer = _predicate_tokens(verb)
        if said is None or not _fits(answer) or len(answer) < 2:
            continue
        when = _setting(verb)
        setting = phrase(when)
        if when and when[0].pos_ != "PROPN" and not when[0].ent_type_:
            setting = setting[:1].lower() + setting[1:]  # "What do the gases do as it rises?"
        aux = [c for c in verb.children if c.dep_ == "aux" and c.i < verb.i]
        if aux:
            head = f"What {aux[0].lower_} {said} do"
        elif verb.tag_ in _DO:
            head = f"What {_DO[verb.tag_]} {said} do"
        else:
            continue
        question = f"{head} {setting}".strip() + "?"
        yield Asked(question, phrase(answer), "do", _tag(verb), _agent(subject, person),
                    verb.lemma_.lower(),
                    position)


def predicate_options(asked: Asked, pool: Sequence[Predicate], question: str) -> list[str] | None:
    """Three other predicates (or clauses, for a clause answer) of the text: the answer's
    verb form, another sentence, another subject and verb, nearest in the text first; never
    the answer's paraphrase nor words the question shows. None when the text has too few."""
    from draftguard.artifacts._spec import normalize_key
    from draftguard.language import similarity

    def bare(tag: str) -> str:
        return "VBP" if tag == "VB" else tag

    asked_key = normalize_key(question)
    mine = _content(asked.answer)
    ranked = sorted((p for p in pool if p.position != asked.position
                     and p.lemma != asked.lemma and not p.agent & asked.agent
                     and (asked.whole or bare(p.tag) == bare(asked.tag)
                          or {p.tag, asked.tag}.isdisjoint({"VBD"}))
                     and (p.clause or not asked.whole)),
                    key=lambda p: abs(p.position - asked.position))
    out: list[str] = []
    for p in ranked:
        text = p.clause if asked.whole else p.said_as(asked.tag)
        theirs = _content(text)
        if (normalize_key(text) in asked_key or not theirs
                or 2 * len(mine & theirs) >= min(len(mine), len(theirs))
                or any(2 * len(_content(o) & theirs) >= len(theirs) for o in out)
                or similarity(asked.answer, text) >= PARAPHRASE):
            continue
        out.append(text)
        if len(out) == 3:
            return out
    return None


def _content(text: str) -> set[str]:
    from draftguard.split._coverage import stems

    return set(stems(text))

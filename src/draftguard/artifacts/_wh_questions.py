"""Wh-questions turned out of a sentence: who, what, where, when and how many.

A wh-question is the sentence turned around its answer: the answer's words (and the
preposition that introduces a place or a time) come out, the wh-word goes in front, and the
verb inverts ("Oskar set a trap" -> "What did Oskar set?"). Nothing is added but the
wh-word and "do", so every question rests on its sentence. `kept` is the check every
question turned out of a sentence passes (`_named`'s "who is" and "called" ones too).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from draftguard.artifacts._distractors import (
    MAX_ANSWER_WORDS,
    MAX_OPTION_CHARS,
    PLACE_PREPS,
    Answer,
    answer_of,
)
from draftguard.artifacts._labels import label_ids
from draftguard.artifacts._named import named_person, naming
from draftguard.artifacts._numbers import is_year, number_value
from draftguard.artifacts._people import names_a_time
from draftguard.artifacts._phrases import clean_span, cut_quotation, phrase, said_lower
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._subject_clauses import negative_det
from draftguard.artifacts._terms import junk_reason
from draftguard.artifacts._whole import misread, whole_entity

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["COUNTED", "MAX_QUESTION_CHARS", "kept", "wh_questions"]

MAX_QUESTION_CHARS = 160
_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}
#: Entity labels of the quantities and dates a cloze can blank.
COUNTED = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT", "DATE", "TIME"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_TIME_PREPS = frozenset({"in", "on", "at", "during", "after", "before", "by", "until", "since"})
_SIDE_CLAUSES = frozenset({"relcl", "advcl", "acl", "conj", "ccomp", "xcomp", "parataxis",
                           "pcomp"})
#: Words that open a sentence without telling anything ("So", "Then"): left out of questions.
_DISCOURSE = frozenset({"so", "then", "once", "still", "also", "now", "later", "soon"})
_DROP_CLAUSES = frozenset({"conj", "advcl", "parataxis", "cc", "ccomp", "npadvmod"})


def wh_questions(sent: Span, position: int, person: str) -> Iterable[tuple[str, Answer]]:
    root = sent.root
    subjects = [c for c in root.children if c.dep_ in _SUBJECTS]
    if root.pos_ not in {"VERB", "AUX"} or len(subjects) != 1 or sent[-1].text == "?":
        return
    if any(t.dep_ == "prep" and not any(True for _ in t.children) for t in sent):
        return  # "On Saturdays Grandpa Elias drove ...": the parse took "On"'s object away
    subject = subjects[0]
    if any(negative_det(d) for d in subject.children):
        return  # "No bat drinks blood": "What does no bat drink?" has no true answer
    subject_tokens = list(subject.subtree)
    if subject_tokens[0].pos_ == "ADP":
        return  # "Behind the flour sacks Tomasz noticed ...": the parse took the place in

    # "The Millbrook Allotment Association, a registered charity, will keep ...": the
    # apposition says who the subject is; turned around, "What will the Millbrook Allotment
    # Association keep?" leaves it out (it stays in a question on the subject itself)
    aside = {t.i for c in subject.children if c.dep_ == "appos" for t in c.subtree}
    said_tokens = [t for t in subject_tokens if t.i not in aside]
    while aside and said_tokens and said_tokens[-1].is_punct:
        said_tokens = said_tokens[:-1]
    said = _subject_words(said_tokens or subject_tokens, person)
    if said is None:
        return
    aux = [c for c in root.children if c.dep_ in {"aux", "auxpass"} and c.i < root.i]
    clean = named_person(subject) or clean_span(_without_relative(subject, subject_tokens))
    # "Oliver and his cousin Maren were eleven and nine" says what each is: no one answer
    each = root.lemma_ == "be" and any(c.dep_ == "conj" for c in subject.children)
    if subject.pos_ != "PRON" and junk_reason(clean) is None and not each and (
            aux or root.tag_ == "VBD" or root.tag_ == "VBZ") and not naming(root):
        answer = answer_of(clean, "who", position)
        # A name ("Tomasz"), not a thing a name qualifies ("the night train to Inverness")
        named = clean[-1].pos_ == "PROPN" and subject.pos_ == "PROPN" and answer.kind in {
            "person", "thing"}
        wh = "Who" if answer.kind == "person" or named else "What"
        answer = Answer(answer.text, "person" if wh == "Who" else answer.kind,
                        "who" if wh == "Who" else "subject",
                        answer.head, answer.lemmas, position, answer.depth, answer.read)
        question = _say(sent, [wh], {t.i for t in subject_tokens}, root, None, subject_tokens,
                        shared=True)
        yield from kept(question, answer, clean)
    for wh, removed, tokens, text in _targets(sent, root, subject_tokens):
        answer = answer_of(tokens, _form(wh), position, text)
        if wh == "Where" and text:  # a common noun's place ("in a lorry"): a setting
            answer = replace(answer, kind="setting")
        if wh == "When":
            answer = replace(answer, kind="time", read="")
        question = _invert(sent, root, aux, said, subject_tokens, wh, removed)
        yield from kept(question, answer, tokens)


def _without_relative(subject: Token, tokens: Sequence[Token]) -> list[Token]:
    """The subject as a teacher gives it: "the farmer", not "the farmer who owned the lower
    fields" (the relative clause tells which farmer; the question keeps nothing of it). A
    subject whose words then no longer run together keeps them all."""
    told = {t.i for c in subject.children if c.dep_ == "relcl" for t in c.subtree}
    kept = [t for t in tokens if t.i not in told]
    while kept and kept[-1].is_punct:
        kept = kept[:-1]
    if not kept or kept[-1].i - kept[0].i + 1 != len(kept):
        return list(tokens)
    return kept


def kept(question: str | None, answer: Answer,
          tokens: Sequence[Token]) -> Iterable[tuple[str, Answer]]:
    if (question and len(question) <= MAX_QUESTION_CHARS and answer.text
            and not cut_quotation(question)  # a quotation cut in half reads as garble
            and not cut_quotation(answer.text) and not misread(list(tokens))
            and len(answer.text.split()) <= MAX_ANSWER_WORDS
            and len(answer.text) <= MAX_OPTION_CHARS
            and (answer.form in {"where", "when", "how many", "how long"}
                 or junk_reason(tokens) is None)
            and normalize_key(answer.text) not in normalize_key(question)):
        yield question, answer


def _form(wh: str) -> str:
    return wh.lower() if not wh.startswith("How many") else "how many"


def _subject_words(tokens: Sequence[Token], person: str) -> str | None:
    if len(tokens) == 1 and tokens[0].pos_ == "PRON":
        return person if tokens[0].lower_ in {"he", "she"} and person else None
    text = phrase(tokens)
    first = tokens[0]
    # A name ("Tomasz", capitalised inside another sentence too), not its article ("the
    # United States")
    if (first.ent_type_ and first.pos_ != "DET") or (first.pos_ == "PROPN" and (
            first.i != first.sent.start or any(t.text == first.text and t.i != t.sent.start
                                               for t in first.doc)
            or (all(t.pos_ == "PROPN" for t in tokens) and not said_lower(first)))):
        return text  # "Maya", opening a sentence, is still a name
    return text[:1].lower() + text[1:]


def _targets(sent: Span, root: Token,
             subject: Sequence[Token]) -> Iterable[tuple[str, set[int], list[Token], str]]:
    """(wh-phrase, token ids to remove, answer tokens, answer text) per askable phrase."""
    taken = {t.i for t in subject}
    for ent in sent.ents:
        if ({t.i for t in ent} & taken or not _in_main_clause(ent.root, root)
                or not whole_entity(ent)):
            continue
        tokens = clean_span(ent)
        prep = ent.root.head if ent.root.dep_ == "pobj" else _time_prep(ent.root, root)
        removed = {t.i for t in ent} | ({prep.i} if prep is not None else set())
        removed |= {c.i for t in ent for c in t.children if c.dep_ == "det"}
        dated = prep is not None or ent.root.dep_ in {"npadvmod", "tmod"}
        if ent.label_ in {"DATE", "TIME"} and dated and not (
                len(ent) == 1 and ent.root.like_num and not is_year(ent.text)) and (
                prep is None or prep.lower_ in _TIME_PREPS):
            # "One rainy Tuesday": the date's own modifiers go out with it, and so does the
            # rest of its phrase ("at 6 p.m. sharp": "When does the boat sail sharp?")
            removed |= {t.i for c in ent.root.lefts for t in c.subtree}
            removed |= {t.i for t in prep.subtree} if prep is not None else set()
            yield "When", removed, tokens, ""
        elif ent.label_ in {"DATE", "TIME"} and prep is not None and prep.lower_ == "for" and (
                prep.head.i == root.i and number_value(ent.text) is not None):
            # "It burned for four days": how long, a span with its value
            yield "How long", removed | {t.i for t in prep.subtree}, tokens, ""
        elif ent.label_ in {"GPE", "LOC", "FAC"} and prep is not None and (
                prep.lower_ in PLACE_PREPS):
            yield "Where", removed | {t.i for t in ent.root.subtree}, list(ent.root.subtree), ""
        elif ent.label_ in {"CARDINAL", "QUANTITY"} and ent.root.dep_ == "nummod":
            noun = ent.root.head
            # a count under a preposition of the verb ("on the roof for six hours"), not of
            # another noun ("the nectar of two million flowers": "How many flowers does a jar
            # need the nectar?" leaves the nectar behind)
            held = noun.dep_ != "pobj" or noun.head.head.i == root.i
            # "about 13,200 houses and 87 parish churches": the count is of the first only
            held = held and not any(c.dep_ == "conj" for c in noun.children)
            if (noun.dep_ in {"dobj", "pobj", "attr"} and noun.pos_ == "NOUN" and noun.is_alpha
                    and held):
                rest = [t for t in noun.subtree if t.i not in {x.i for x in ent}
                        and t.dep_ not in {"det", "poss", "amod"}]
                yield (f"How many {phrase(rest)}", {t.i for t in noun.subtree} | (
                    {noun.head.i} if noun.dep_ == "pobj" else set()), tokens, "")
    ents = {t.i for e in sent.ents for t in e}
    passive = any(c.dep_ == "auxpass" for c in root.children)  # "is decomposed matter"
    for child in root.children:
        if child.dep_ == "dobj" and child.pos_ == "NOUN" and child.i not in ents and not passive:
            tokens = list(child.subtree)
            yield "What", {t.i for t in tokens}, clean_span(sent.doc[tokens[0].i:
                                                                  tokens[-1].i + 1]), ""
        if child.dep_ == "prep" and child.lower_ in PLACE_PREPS - {"from", "to", "over"}:
            obj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if (obj is not None and obj.pos_ == "NOUN" and obj.i not in ents
                    and not any(t.like_num for t in child.subtree)
                    and not any(c.dep_ == "prep" and c.lower_ == "of" for c in obj.children)):
                tokens = list(child.subtree)
                if names_a_time(obj):  # "at dawn", "in spring": when, not where
                    if child.lower_ in _TIME_PREPS:
                        yield "When", {t.i for t in tokens}, clean_span(tokens[1:]), ""
                    continue
                yield "Where", {t.i for t in tokens}, tokens, phrase(tokens)


def _time_prep(token: Token, root: Token) -> Token | None:
    """The preposition of the verb that a time hangs under when the parse put a word
    between them ("at 3pm sharp": "pm" hangs on "sharp", which hangs on "at"), or None."""
    for above in token.ancestors:
        if above.pos_ == "ADP":
            return above if above.head.i == root.i and above.lower_ in _TIME_PREPS else None
        if above.pos_ in {"VERB", "AUX"}:
            return None
    return None


def _in_main_clause(token: Token, root: Token) -> bool:
    """Whether `token` belongs to the main clause (not a relative, adverbial or coordinated
    one): only there does turning the sentence around it keep its meaning."""
    while token.i != root.i and token.head.i != token.i:
        if token.dep_ in _SIDE_CLAUSES:
            return False
        token = token.head
    return True


def _keep_tokens(sent: Span, root: Token, removed: set[int], *,
                 shared: bool = False) -> set[int]:
    """Token ids dropped from the question: the answer, the final punctuation, and side
    clauses that do not hold the answer. With `shared` (a question on the subject, whose
    verb is not inverted), a verb that shares the subject stays with its "and" or "but":
    "What may look the same?" asks nothing a learner can answer; "What may look the same
    but keep pushing current into a full battery?" does."""
    # what hangs on a word that went out goes with it ("sharp" of "at 6 p.m. sharp")
    skip = set(removed) | {t.i for t in sent if any(a.i in removed for a in t.ancestors)}
    skip |= label_ids(sent.doc)  # "Tom: The soil is ...": the speaker is no part of it
    # a preposition whose object went out goes too ("at 21:15 every evening": no "close at?")
    skip |= {t.i for t in sent if t.dep_ == "prep" and t.i not in skip and any(
        True for _ in t.children) and all(c.i in skip for c in t.children)}
    end = sent.end - 1
    while end > sent.start and sent.doc[end].is_punct:  # '."' closes a quoted sentence
        skip.add(end)
        end -= 1
    for child in root.children:
        ids = {t.i for t in child.subtree}
        if child.dep_ in _DROP_CLAUSES and not ids & removed and child.ent_type_ not in {
                "DATE", "TIME"} and not (shared and _shares_subject(child)):
            skip |= ids
    if shared:
        kept = {t.i for c in root.children if _shares_subject(c) for t in c.subtree}
        skip -= {c.i for c in root.children if c.dep_ == "cc" and kept
                 and c.i < min(kept) and c.i > root.i}
    return skip


def _shares_subject(child: Token) -> bool:
    """Whether `child` is a verb coordinated with its head's that says more of the same
    subject ("... look the same but keep pushing current ...": no subject of its own)."""
    return child.dep_ == "conj" and child.pos_ in {"VERB", "AUX"} and not any(
        c.dep_ in _SUBJECTS or c.dep_ == "expl" for c in child.children)


def _say(sent: Span, lead: list[str], removed: set[int], root: Token,
         verb: str | None, subject: Sequence[Token], *, shared: bool = False) -> str | None:
    skip = _keep_tokens(sent, root, removed, shared=shared)
    start = subject[0].i if subject else sent.start
    after = [t for t in sent if t.i not in skip and t.i >= start]
    before = [t for t in sent if t.i not in skip and t.i < start
              and not (t.i == sent.start and t.lower_ in _DISCOURSE)]
    words = [verb if verb is not None and t.i == root.i else t.text for t in after]
    if before:
        moved = [t.text for t in before]
        if before[0].pos_ != "PROPN" and before[0].ent_type_ in {"", *COUNTED}:
            moved[0] = moved[0].lower()
        words += moved
    text = " ".join([*lead, *words])
    text = text.replace(" ,", ",").replace(" 's", "'s").replace(" - ", "-").replace(" n't",
                                                                                   "n't")
    text = " ".join(text.split()).strip(" ,;:")
    while ",," in text:
        text = text.replace(",,", ",")
    content = sum(t.pos_ in {"NOUN", "PROPN", "VERB", "NUM", "ADJ"} for t in after + before)
    return text[:1].upper() + text[1:] + "?" if content and len(text.split()) >= 4 else None


def _invert(sent: Span, root: Token, aux: Sequence[Token], subject: str,
            subject_tokens: Sequence[Token], wh: str, removed: set[int]) -> str | None:
    gone = removed | {t.i for t in subject_tokens}
    if aux:
        return _say(sent, [wh, aux[0].lower_, subject], gone | {aux[0].i}, root, None,
                    subject_tokens)
    if root.lemma_ == "be":
        return _say(sent, [wh, root.lower_, subject], gone | {root.i}, root, None,
                    subject_tokens)
    do = _DO.get(root.tag_)
    if do is None:
        return None
    return _say(sent, [wh, do, subject], gone, root, root.lemma_, subject_tokens)

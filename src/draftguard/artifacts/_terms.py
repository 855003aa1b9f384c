"""Key terms of a source, read from the parse (`draftguard.language.parse`).

Candidates are noun chunks, named entities, sentence subjects and the terms a sentence
defines ("X is a ...", "X, a ..., ...", "a ... called X"). Salience puts first the terms
that are the subject of several sentences, defined terms, names and the title's words. A
term is never an interjection, a pronoun, a function word, a bare adjective or verb, or a
fragment that opens a sentence ("And the old man", "So intent"): `junk_reason` says which,
and the quality gate (`_quality`) asks the same question of whatever a model wrote.

Every term keeps the sentence it came from and its coarse kind (person, place, time,
number, name or thing), which questions and distractors are built on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from draftguard.artifacts._furniture import prose_sentences
from draftguard.artifacts._labels import label_chars, label_ids
from draftguard.artifacts._people import acts, names_a_time, people_in, person_by_words
from draftguard.artifacts._phrases import (
    clean_span,
    compound,
    core,
    cut_quotation,
    phrase,
    sentence_case,
    subtree,
)
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._whole import cuts_a_whole, misread, verb_read_as_noun, whole_entity
from draftguard.sources._chunks import SourceChunk

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "Sentence",
    "Term",
    "TextView",
    "bare_number",
    "chunk_heading",
    "junk_reason",
    "kind_of",
    "points_back",
    "role_in",
    "term_span",
    "with_of",
]

#: Named-entity labels by the kind a distractor must share with its answer.
_KINDS = {
    "PERSON": "person", "GPE": "place", "LOC": "place", "FAC": "place", "DATE": "time",
    "TIME": "time", "CARDINAL": "number", "QUANTITY": "number", "PERCENT": "number",
    "MONEY": "number", "ORG": "name", "NORP": "name", "EVENT": "name", "PRODUCT": "name",
    "WORK_OF_ART": "name", "LAW": "name", "LANGUAGE": "name",
}
_NOUNS = frozenset({"NOUN", "PROPN"})
_CONTENT = frozenset({"NOUN", "PROPN", "NUM"})
_FUNCTION = frozenset({"DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART", "PUNCT", "SYM"})
_OPENERS = frozenset({"CCONJ", "SCONJ", "INTJ"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_PLACE_PREPS = frozenset({
    "in", "at", "on", "near", "inside", "beside", "behind", "under", "into", "along",
    "across", "outside", "above", "below", "around", "through",
})
#: Entity labels whose leading number is their value ("seven o'clock", "two metres").
_MAX_TERM_WORDS = 4
_MAX_LABEL_CHARS = 80
_MIN_SENTENCE_WORDS = 4
#: Words in an answer that takes its "of" phrase along ("bag of cinnamon doughnuts").
_MAX_OF_WORDS = 6


def junk_reason(tokens: Sequence[Token]) -> str | None:
    """Why these tokens are no term a learner would study, or None when they are one."""
    words = [t for t in tokens if not t.is_punct and t.text.strip()]
    if not words:
        return "no words"
    if len(words) == 1:
        t = words[0]
        if t.pos_ == "INTJ":
            return "an interjection"
        if t.pos_ == "PRON":
            return "a pronoun"
        if t.pos_ in _FUNCTION or (t.is_stop and t.pos_ not in _CONTENT) or (
                t.is_stop and t.pos_ == "NOUN" and not any(
                    c.dep_ in {"det", "poss", "amod", "compound"} for c in t.children)):
            # "None" of "None of us has ..." is tagged a noun, but the parser lists it
            # among its function words; a noun it lists takes a determiner ("each side")
            return "a function word"
        if t.pos_ == "ADJ":
            return "a bare adjective"
        if t.pos_ == "VERB":
            return "a bare verb"
        if t.pos_ == "ADV":
            return "an adverb"
        return None
    first = words[0]
    if first.pos_ in _OPENERS or (first.pos_ == "PRON" and first.dep_ != "poss") or (
            first.pos_ == "ADV" and first.i == first.sent.start):
        return "a fragment that opens a sentence"
    if not any(t.pos_ in _CONTENT for t in words):
        return "no noun"
    return None


def bare_number(text: str) -> str | None:
    """"a bare number" for a card front or a label that is only a number ("3", "1958"): a
    learner cannot study it without what it counts (a quiz answer may be one)."""
    words = [w.strip(".,;:()") for w in text.split()]
    return "a bare number" if words and all(
        w.replace(",", "").replace(".", "").isdigit() for w in words) else None


def kind_of(tokens: Sequence[Token]) -> str:
    """The coarse kind of a phrase, read at its head: its entity's kind, a number, a place
    for a place preposition's object ("inside an empty barrel"), else a thing."""
    if not tokens:
        return "thing"
    inside = {t.i for t in tokens}
    head = next((t for t in tokens if t.head.i not in inside or t.head.i == t.i), tokens[0])
    place = False
    while head.pos_ == "ADP":
        place = place or head.lower_ in _PLACE_PREPS
        nxt = next((c for c in head.children if c.dep_ == "pobj"), None)
        if nxt is None:
            break
        head = nxt
    if head.ent_type_ in _KINDS:
        return _KINDS[head.ent_type_]
    if head.pos_ == "PROPN" and not head.ent_type_ and head.text[:1].isupper() and acts(head):
        return "person"  # a name the tagger gave no kind, that does things: someone's
    if head.like_num:
        return "number"
    if head.pos_ == "NOUN" and head.dep_ == "pobj" and names_a_time(head):
        return "time"  # "at dawn", "in spring": a time, though the tagger names none
    if not place and head.pos_ == "NOUN" and (head.lemma_.lower() in people_in(head.doc)
                                              or person_by_words(head)):
        return "person"  # "the farmer who ...", or by its words: "the skipper", "her father"
    return "place" if place else "thing"


def chunk_heading(chunk: SourceChunk) -> tuple[str, str]:
    """(heading, paragraph) of a chunk; `chunk_text` puts the heading on the first line."""
    head, sep, rest = chunk.text.partition("\n")
    if sep and rest.strip() and len(head) <= _MAX_LABEL_CHARS and not head.rstrip().endswith(
        (".", "!", "?", ":")
    ):
        return head.strip().lstrip("#").strip(), rest.strip()
    return "", chunk.text.strip()


@dataclass(frozen=True)
class Sentence:
    """One sentence of a chunk, parsed; its text without a speaker's label ("KEEPER: ")."""

    span: Span
    chunk_id: str
    label: int = 0  # characters of a speaker's label that open the span

    @property
    def text(self) -> str:
        return " ".join(self.span.text[self.label:].split())


@dataclass
class Term:
    """A key term: its words as written, its kind, and the sentence that says most about it
    (a defining one first, then one where it is the subject)."""

    text: str
    kind: str  # person, place, time, number, name or thing
    sentence: str
    chunk_id: str
    head: str  # lemma of the head word, one term per head
    definition: str = ""
    role: str = "other"  # "subject" when `sentence` has it as its subject
    salience: float = 0.0
    subject_count: int = 0
    mentions: int = 0
    span: Span | None = field(default=None, repr=False, compare=False)


class TextView:
    """The chunks parsed once: sentences, terms by salience, the title."""

    def __init__(self, chunks: Sequence[SourceChunk]) -> None:
        from draftguard.language import parse

        self.chunks = list(chunks)
        self.headings: dict[str, str] = {}
        self.docs: dict[str, Doc] = {}
        self.labels: dict[str, frozenset[int]] = {}
        self.sentences: list[Sentence] = []
        for chunk in self.chunks:
            heading, body = chunk_heading(chunk)
            self.headings[chunk.id] = heading
            doc = parse(" ".join(body.split()))
            self.docs[chunk.id] = doc
            self.labels[chunk.id] = label_ids(doc)  # "KEEPER:" names a speaker, no term
            self.sentences += [Sentence(s, chunk.id, label_chars(s, self.labels[chunk.id]))
                               for s in prose_sentences(doc, self.labels[chunk.id])
                               if sum(not t.is_punct for t in s) >= _MIN_SENTENCE_WORDS]
        self.title = next((h for h in self.headings.values() if h), "")
        self.terms = self._terms()

    def _terms(self) -> list[Term]:
        lemmas = Counter(t.lemma_.lower() for s in self.sentences for t in s.span
                         if t.pos_ in _NOUNS and t.dep_ != "compound")
        subjects = Counter(t.lemma_.lower() for s in self.sentences for t in s.span
                           if t.dep_ in _SUBJECTS and t.pos_ in _NOUNS)
        title = {t.lemma_.lower() for t in _parse(self.title) if t.pos_ in _NOUNS}
        by_head: dict[str, Term] = {}
        for sentence in self.sentences:
            for tokens, definition in _spans(sentence.span):
                text = phrase(tokens)
                head = _head(tokens)
                if (head is None or junk_reason(tokens) is not None or not text
                        or any(t.i in self.labels[sentence.chunk_id] for t in tokens)
                        or len(text.split()) > _MAX_TERM_WORDS or len(text) < 2
                        or cut_quotation(text)):  # "sharp 'yip" of "a sharp 'yip'"
                    continue
                key = head.lemma_.lower() if head.ent_type_ not in _KINDS else normalize_key(
                    text)
                role = ("subject" if head.dep_ in _SUBJECTS and head.head == sentence.span.root
                        else "other")
                term = by_head.get(key)
                better = term is None or (definition and not term.definition) or (
                    role == "subject" and term.role != "subject" and not term.definition)
                if not better:
                    continue
                kind = kind_of(tokens)
                by_head[key] = Term(
                    text=text, kind=kind, sentence=sentence.text, chunk_id=sentence.chunk_id,
                    head=key, definition=definition, role=role,
                    subject_count=subjects[head.lemma_.lower()],
                    mentions=lemmas[head.lemma_.lower()],
                    span=sentence.span, salience=0.0)
        terms = _merge_names(list(by_head.values()))
        for t in terms:
            t.salience = (2.0 * t.subject_count + t.mentions + (3.0 if t.definition else 0.0)
                          + (1.5 if t.kind in {"person", "place", "name"} else 0.0)
                          + (2.0 if t.head in title else 0.0)
                          - (2.0 if t.kind in {"number", "time"} else 0.0))
        return terms

    def ranked(self) -> list[Term]:
        """Terms, most salient first (reading order breaks ties)."""
        order = {id(t): i for i, t in enumerate(self.terms)}
        return sorted(self.terms, key=lambda t: (-t.salience, order[id(t)]))


def _merge_names(terms: list[Term]) -> list[Term]:
    """"Mara" beside "Mara Quill" is one person: the shorter name's mentions go to the
    longer one."""
    names = [t for t in terms if t.kind in {"person", "place", "name"}]
    out: list[Term] = []
    for t in terms:
        longer = next((n for n in names if n is not t and len(n.text) > len(t.text)
                       and f" {t.text.casefold()} " in f" {n.text.casefold()} "), None)
        if longer is not None and t.kind in {"person", "place", "name", "thing"} and (
                t.text[:1].isupper()):
            longer.mentions += t.mentions
            longer.subject_count += t.subject_count
            continue
        out.append(t)
    return out


def _parse(text: str) -> Doc | list[Token]:
    if not text.strip():
        return []
    from draftguard.language import parse

    return parse(text)


def _head(tokens: Sequence[Token]) -> Token | None:
    inside = {t.i for t in tokens}
    heads = [t for t in tokens if t.head.i not in inside or t.head.i == t.i]
    head = heads[-1] if heads else None
    return head if head is not None and head.pos_ in _CONTENT else None


def _spans(sent: Span) -> Iterable[tuple[list[Token], str]]:
    """(term tokens, definition) for every candidate term of one sentence."""
    yield from _definitions(sent)
    # "Near Perth", "Afterwards Mrs Okafor": an entity opening with a preposition or an
    # adverb is misread; its noun chunk is the term
    whole = [e for e in sent.ents if whole_entity(e) and e[0].pos_ not in {"ADP", "ADV"}]
    ents = {t.i for e in whole for t in e}
    for ent in whole:
        if ent.label_ in _KINDS and ent.label_ != "CARDINAL":
            # "Mr Okafor" where the tagger took only "Okafor": the name's own compound too
            left = min(ent.start, compound(ent.root).start)
            yield clean_span(sent.doc[left: ent.end]), ""
    for chunk in sent.noun_chunks:
        if chunk.root.pos_ in _NOUNS and not {t.i for t in chunk} & ents and not verb_read_as_noun(
                chunk.root) and not cuts_a_whole(clean_span(chunk)) and not misread(list(chunk)):
            yield clean_span(chunk), ""


def _definitions(sent: Span) -> Iterable[tuple[list[Token], str]]:
    root = sent.root
    subject = next((c for c in root.children if c.dep_ in _SUBJECTS), None)
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    if (root.lemma_ == "be" and subject is not None and attr is not None
            and attr.pos_ in _NOUNS and subject.pos_ in _NOUNS and not points_back(subject)
            and not any(c.tag_ == "MD" for c in root.children)):
        # "A licence would be an advantage": what it might be is not what it is
        rest = sent.doc[root.i + 1: sent.end]
        yield clean_span(core(subject)), sentence_case(rest.text)
    for t in sent:
        if (t.dep_ == "appos" and t.head.pos_ in _NOUNS and t.pos_ in _NOUNS
                and _says_what(t)):
            name, what = (t, t.head) if t.ent_type_ == "PERSON" else (t.head, t)
            # the name and what hangs on it ("Rosa Ide, nine weeks") is no part of what
            # describes it (tokens are compared by place: spaCy makes a new one per access)
            described = subtree(what, skip=subtree(name) if what.i != t.i else ())
            # "The driver, Mr Grant": a name is no definition of "driver"
            if (name.pos_ == "PROPN" or what is t) and not (
                    what.pos_ == "PROPN" and name.pos_ == "NOUN"):
                yield clean_span(compound(name)), sentence_case(phrase(described))
        if t.lemma_ in {"call", "name", "know"} and t.dep_ == "acl" and t.head.pos_ in _NOUNS:
            named = next((c for c in t.children if c.dep_ in {"oprd", "attr", "dobj"}), None)
            if named is not None:
                # what hangs on "called" other than the name ("called the Linnet toward the
                # rocks") says where the thing went, not what it is
                skip = [*subtree(t), *(x for c in t.head.children if c.dep_ == "prep"
                                       for x in c.subtree)]
                yield clean_span(subtree(named)), sentence_case(
                    phrase(subtree(t.head, skip=skip)))


#: Entity kinds that say how long, how much or when, never what a person or a thing is.
_MEASURES = frozenset({"DATE", "TIME", "QUANTITY", "CARDINAL", "MONEY", "PERCENT", "ORDINAL"})


def _says_what(appos: Token) -> bool:
    """Whether an apposition says what its noun is ("His wife, Joan, died"): set off by a
    comma, a dash or a bracket right after the noun itself, and neither a measure ("his
    apprentice, Sunita Rai, eleven months": how long the work took), a contrast ("the
    footbridge, not the ford") nor an item of a list ("the same size of square, the same
    amount of water and the same times"). A noun further back ("a quieter book than her
    debut, the prize-winning thriller ...") or none at all ("a hundred pesos a ride") is
    not the one it describes; a name straight after its role needs no comma ("the
    naturalist Charles Darwin")."""
    doc, head = appos.doc, appos.head
    start = appos.left_edge.i
    if start >= 1 and doc[start - 1].i == head.i and appos.ent_type_ == "PERSON":
        return True  # "the naturalist Charles Darwin": a name right after its role
    if start < 2 or not doc[start - 1].is_punct or doc[start - 1].text in {".", "!", "?"}:
        return False
    between = doc[head.i + 1: start - 1]
    if doc[start - 2].i != head.i and not (
            head.i < start - 2 and all(t.i in {x.i for x in head.subtree} for t in between)
            and not any(t.pos_ in {"NOUN", "PROPN", "NUM"} for t in between)):
        # "gases dissolved in it, mostly oxygen ...": words that hang on the noun and name
        # nothing else may stand between; a noun or a number there ("ACT 1984, SECTION
        # 14") may be the one described
        return False
    # a list's items each have their own determiner or owner ("the same amount of water
    # and the same times", "a soldier or a ship's officer"); "an Italian priest and
    # scientist" is one description. A contrast says what the noun is not: "biscuits:
    # Never cookies." took the place of "Anzac biscuits: They are named after ..." (round
    # 12 tried it and set it back)
    counted = any(c.dep_ == "nummod" for c in appos.children)
    return appos.ent_type_ not in _MEASURES and not any(
        # "one queen, a few hundred drones and tens of thousands of workers": counts in a list
        (counted and c.dep_ == "conj") or
        c.dep_ == "neg" or (c.dep_ == "conj" and any(d.dep_ in {"det", "poss"}
                                                     for d in c.children))
        for c in appos.children)


def points_back(subject: Token) -> bool:
    """Whether a subject refers back to what came before ("These changes are a signal ..."):
    it names no term; the sentence does not define one."""
    return any(c.dep_ == "det" and "Dem" in c.morph.get("PronType", []) for c in subject.children)


# -- a term in its sentence ------------------------------------------------------------------

def term_span(term: Term) -> Span | None:
    """The term's tokens in its sentence."""
    if term.span is None:
        return None
    at = term.span.text.casefold().find(term.text.casefold())
    return term.span.doc.char_span(term.span.start_char + at,
                                   term.span.start_char + at + len(term.text),
                                   alignment_mode="expand") if at >= 0 else None


def with_of(term: Term) -> str:
    """A measure or a container with what it holds ("paper bag" -> "paper bag of cinnamon
    doughnuts"): the "of" phrase is what a teacher asks about."""
    span = term_span(term)
    if span is None:
        return term.text
    of = next((c for c in span.root.children if c.dep_ == "prep" and c.lower_ == "of"
               and c.i == span.end), None)
    obj = next((c for c in of.children if c.dep_ == "pobj"), None) if of else None
    if of is None or obj is None:
        return term.text
    held = [t for t in obj.subtree if t.i <= obj.i]
    if any(c.dep_ == "conj" for c in obj.children):
        return term.text  # "a mix of flour and water" is not "a mix of flour"
    tokens = [*span, of, *held]
    if len(tokens) > _MAX_OF_WORDS or any(t.is_punct or t.pos_ in {"CCONJ", "PRON"}
                                          for t in held):
        return term.text
    return phrase(tokens)


def role_in(term: Term) -> str:
    """What the term is to its clause: "named" (the name a sentence gives: "a method called
    echolocation"), "object" (what the verb acts on, what a measure or
    a tool holds: "of", "with"), "subject", "setting" (under another preposition: where,
    beside what), or ""."""
    span = term_span(term)
    if span is None:
        return ""
    head = span.root
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    if head.dep_ == "oprd" and head.head.lemma_ in {"call", "name"}:
        # past a comma it is an aside the parse hung on the verb ("called the method
        # vaccination, from vacca, the Latin word for cow"), not the name given
        between = span.doc[min(head.head.i, span.start): max(head.head.i, span.start)]
        return "" if any(t.text == "," for t in between) else "named"
    if head.dep_ in {"dobj", "dative", "attr", "oprd"} or (
            head.dep_ == "pobj" and head.head.lower_ in {"of", "with"}):
        return "object"
    if head.dep_ in {"nsubj", "nsubjpass"}:
        return "subject"
    return "setting" if head.dep_ == "pobj" else ""

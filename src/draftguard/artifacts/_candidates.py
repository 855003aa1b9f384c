"""Candidate items built from the source chunks, for models that pick rather than write.

A small model cannot write a quiz (measured: 0 of 9 artifacts on SmolLM2, with duplicate
questions, leftover JSON in options and invented facts), but it can pick ids from an enum.
So code writes every candidate from the source itself and the model only chooses among
them:

- key terms with their defining sentences ("ATP is the primary energy molecule ..."): a
  flashcard each (front = the term, back = what the source says it is);
- quiz questions: a cloze of a sentence that holds a key term, and "What is X?" for a
  defined term; the distractors are other source terms of the same kind (numbers for a
  number, names for a name), so a wrong option is never invented and never obviously absurd;
- mindmap branches: a section's heading (or a paragraph's first key term) with the key
  terms under it as leaves; the root is the post's title.

Every candidate's text is taken from a chunk, so it is grounded by construction; the
grounding check still runs on what is delivered.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts.schemas.flashcards import MAX_BACK_CHARS, MIN_FRONT_CHARS
from draftguard.artifacts.schemas.quiz import MIN_OPTIONS
from draftguard.sources._chunks import SourceChunk
from draftguard.split._coverage import stems
from draftguard.text import SENTENCE_BREAK

__all__ = ["Candidate", "Term", "assemble", "build_candidates", "key_terms"]

_DEFINING = re.compile(
    r"^(?:(?:the|a|an)\s+)?(?P<term>[\w][\w'’\-]*(?:\s+[\w'’\-]+){0,3}?)\s*(?:\([^)]{1,60}\)\s*)?"
    r"\s+(?:is|are|was|were|means|refers to|stands for|describes|consists of|includes|"
    r"include)\s+"
    r"(?P<rest>.{8,})$",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?<![\w.])([A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’\-]*){0,3})")
_UNITS = (
    "°C|°F|%|percent|km|kilometres|kilometers|miles|metres|meters|m|cm|mm|kg|grams|g|mg|"
    "litres|liters|ml|bars|bar|seconds|minutes|hours|days|weeks|months|years|BC|AD|BCE|CE"
)
_NUMBER = re.compile(
    r"(?<![\w.])(\d[\d.,]*\d|\d)(?:\s?(" + _UNITS + r"))?(?![\w°%])"
)
_NOUN_CONTEXT = (
    r"(?:the|a|an|this|that|these|those|its|their|your|our|his|her|each|every|of|no|with|"
    r"in|on|for|from|by)\s+"
    r"(?:[\w'’\-]+\s+)?"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]{3,}")
_NOT_TERMS = frozenset({
    "during", "in", "on", "at", "after", "before", "when", "while", "if", "for", "with", "by",
    "from", "to", "as", "first", "last", "next", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "half", "rich", "built", "whole", "same", "own", "different",
    "more", "less", "most", "much", "then", "now", "only", "also", "just", "very", "bc", "ad",
    "bce", "ce", "near", "above", "below", "behind", "beside", "between", "beyond", "inside",
    "outside", "under", "over", "around", "through", "across", "along", "among", "toward",
    "towards", "within", "without", "since", "until", "into", "onto", "upon",
})
_PRONOUNS = frozenset({
    "it", "this", "that", "these", "those", "they", "he", "she", "we", "you", "i", "there",
    "here", "which", "what", "who", "its", "their", "our", "your", "my", "one", "some", "many",
    "most", "all", "each", "every", "such", "another", "other",
})
_MAX_TERM_WORDS = 4
_CLOZE_PREFIX = "Which term completes the sentence: "
_MAX_LABEL_CHARS = 80
_MAX_OPTION_CHARS = 80
_MAX_QUESTION_CHARS = 160
_MAX_LEAVES = 4


@dataclass(frozen=True)
class Term:
    """A key term of the source: its words as written, its kind and the sentence about it."""

    text: str
    kind: str  # "number", "name" or "word"
    sentence: str
    chunk_id: str
    definition: str = ""  # what a defining sentence says the term is, if one does


@dataclass(frozen=True)
class Candidate:
    """One item code wrote from the source; `item` is in the type's canonical item shape
    (a mindmap candidate is a branch: `{"label", "children": [labels]}`)."""

    id: str
    item: dict[str, Any]
    chunk_id: str
    summary: str  # how the candidate reads in the pick prompt
    rank: int = 0  # code's own preference when it fills a pick (lower first)
    keys: frozenset[str] = field(default_factory=frozenset)  # what must not repeat across picks


def _body(chunk: SourceChunk) -> tuple[str, str]:
    """(heading, paragraph) of a chunk; `chunk_text` puts the heading on the first line."""
    head, sep, rest = chunk.text.partition("\n")
    if sep and rest.strip() and len(head) <= _MAX_LABEL_CHARS and not head.rstrip().endswith(
        (".", "!", "?", ":")
    ):
        return head.strip(), rest.strip()
    return "", chunk.text.strip()


def _sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [s.strip() for s in SENTENCE_BREAK.split(flat) if len(s.split()) >= 4]


def _kind(term: str) -> str:
    if any(ch.isdigit() for ch in term):
        return "number"
    if term[:1].isupper():
        return "name"
    return "word"


def _clean_term(raw: str) -> str:
    return raw.strip(" ,;:'\"“”‘’()").strip()


def _nounish(word: str, text: str) -> bool:
    """Whether `word` follows a determiner somewhere ("the pointer", "a small file"): a
    cheap sign of a noun, which keeps verbs and adverbs ("moves", "forward") out."""
    pattern = r"(?<!\w)" + _NOUN_CONTEXT + re.escape(word) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def key_terms(chunks: Sequence[SourceChunk], *, min_terms: int = 8) -> list[Term]:
    """The source's key terms in reading order, each once (compared case-insensitively).

    Defined terms come from defining sentences ("X is ..."); names are capitalised phrases
    that do not open a sentence; numbers keep their unit; other words count when their stem
    recurs in the source.
    """
    all_stems = Counter(s for c in chunks for s in stems(c.text))
    source_text = "\n".join(c.text for c in chunks)
    terms: list[Term] = []
    seen: set[str] = set()
    seen_stems: list[frozenset[str]] = []

    def add(text: str, sentence: str, chunk: SourceChunk, definition: str = "") -> None:
        text = _clean_term(text)
        key = normalize_key(text)
        words = text.split()
        if (not text or key in seen or len(text) < MIN_FRONT_CHARS
                or len(words) > _MAX_TERM_WORDS or words[0].lower() in _PRONOUNS
                or words[0].lower() in _NOT_TERMS
                or len(text) > _MAX_OPTION_CHARS):
            return
        own = frozenset(stems(text))
        if _kind(text) != "number" and not own:
            return  # only function words
        if text.replace(".", "").replace(",", "").isdigit():
            return  # a bare number ("16 to 20 weeks") means nothing on its own
        if _kind(text) != "number" and any(own <= other for other in seen_stems):
            return  # "starter" beside "sourdough starter", "hours" beside "6 hours"
        seen.add(key)
        seen_stems.append(own)
        terms.append(Term(text=text, kind=_kind(text), sentence=sentence, chunk_id=chunk.id,
                          definition=definition))

    # A word whose stem recurs is a topic; in a short post few words recur, so when that
    # leaves too few terms to build questions from, any noun-like word counts.
    for min_count in (2, 1):
        for chunk in chunks:
            _, body = _body(chunk)
            for sentence in _sentences(body):
                if min_count == 2:
                    _special_terms(sentence, chunk, add)
                for w in _WORD.finditer(sentence):
                    word_stems = stems(w.group(0))
                    if (word_stems and all_stems[word_stems[0]] >= min_count and w.start() > 0
                            and _nounish(w.group(0), source_text)):
                        add(w.group(0), sentence, chunk)
        if len(terms) >= min_terms:
            break
    return terms


def _special_terms(sentence: str, chunk: SourceChunk,
                   add: Callable[[str, str, SourceChunk, str], None]) -> None:
    """Defined terms, names and numbers in one sentence."""
    m = _DEFINING.match(sentence)
    if m is not None:
        rest = m.group("rest").rstrip(".!? ")
        add(m.group("term"), sentence, chunk, rest[:1].upper() + rest[1:])
    for n in _NAME.finditer(sentence):
        if n.start() > 0:  # a capital that opens a sentence says nothing
            add(n.group(1), sentence, chunk, "")
    for n in _NUMBER.finditer(sentence):
        add(n.group(0), sentence, chunk, "")


def _distractors(term: Term, terms: Sequence[Term], avoid: str) -> list[str]:
    """Three other source terms of `term`'s kind first, nearest in the source first; none
    that the question's own sentence holds (it would give itself away)."""
    index = terms.index(term)
    avoid_key = normalize_key(avoid)
    ranked = sorted(
        (t for t in terms if t is not term),
        key=lambda t: (t.kind != term.kind, abs(terms.index(t) - index)),
    )
    out: list[str] = []
    keys = {normalize_key(term.text)}
    for t in ranked:
        key = normalize_key(t.text)
        if key in keys or key in avoid_key or normalize_key(term.text) in key:
            continue
        keys.add(key)
        out.append(t.text)
        if len(out) == MIN_OPTIONS - 1:
            break
    return out


def _shuffled(answer: str, others: list[str], key: str) -> list[str]:
    """The options with the answer at a place fixed by the question, not always first."""
    at = zlib.crc32(key.encode("utf-8")) % MIN_OPTIONS
    return [*others[:at], answer, *others[at:]]


def _blank(sentence: str, term: str) -> str | None:
    m = re.search(r"(?<!\w)" + re.escape(term) + r"(?!\w)", sentence, re.IGNORECASE)
    if m is None:
        return None
    return sentence[: m.start()] + "_____" + sentence[m.end():]


def _quiz(terms: Sequence[Term]) -> Iterable[tuple[dict[str, Any], str, str]]:
    for term in terms:
        if term.definition and len(term.definition) <= _MAX_OPTION_CHARS:
            defined = [t for t in terms if t.definition and t is not term
                       and len(t.definition) <= _MAX_OPTION_CHARS]
            others = [t.definition for t in defined[:MIN_OPTIONS - 1]]
            if len(others) == MIN_OPTIONS - 1:
                question = f"What is {term.text}?"
                yield ({"question": question,
                        "options": _shuffled(term.definition, others, question),
                        "correct_answer": term.definition, "explanation": term.sentence},
                       term.chunk_id, term.text)
        blanked = _blank(term.sentence, term.text)
        if blanked is None:
            continue
        question = f'{_CLOZE_PREFIX}"{blanked}"'
        if len(question) > _MAX_QUESTION_CHARS:
            continue
        others = _distractors(term, terms, term.sentence)
        if len(others) < MIN_OPTIONS - 1:
            continue
        yield ({"question": question, "options": _shuffled(term.text, others, question),
                "correct_answer": term.text, "explanation": term.sentence},
               term.chunk_id, term.text)


def _flashcards(terms: Sequence[Term]) -> Iterable[tuple[dict[str, Any], str, str]]:
    for term in terms:
        back = term.definition or term.sentence
        if len(back) > MAX_BACK_CHARS or normalize_key(back) == normalize_key(term.text):
            continue
        yield {"front": term.text, "back": back}, term.chunk_id, term.text


def _title(chunks: Sequence[SourceChunk], terms: Sequence[Term]) -> str:
    for chunk in chunks:
        heading, _ = _body(chunk)
        if heading:
            return heading
    return terms[0].text if terms else "Main topic"


def _branches(
    chunks: Sequence[SourceChunk], terms: Sequence[Term], root: str
) -> Iterable[tuple[dict[str, Any], str, str]]:
    by_chunk: dict[str, list[Term]] = {}
    for t in terms:
        by_chunk.setdefault(t.chunk_id, []).append(t)
    used = {normalize_key(root)}
    sections: dict[str, tuple[SourceChunk, list[Term]]] = {}
    for chunk in chunks:
        heading, _ = _body(chunk)
        label = heading if heading and normalize_key(heading) != normalize_key(root) else ""
        own = by_chunk.get(chunk.id, [])
        if not label:
            if not own:
                continue
            # A branch is named by a term, not a quantity ("90 minutes" names nothing).
            first = next((t for t in own if t.kind != "number"), own[0])
            label = first.text
            own = [t for t in own if t is not first]
        key = normalize_key(label)
        if key in sections:
            sections[key][1].extend(own)
        else:
            sections[key] = (chunk, list(own))
    for key, (chunk, own) in sections.items():
        if key in used:
            continue
        used.add(key)
        label = next(
            (h for h in (_body(chunk)[0],) if normalize_key(h) == key), None
        ) or next(t.text for t in terms if normalize_key(t.text) == key)
        leaves: list[str] = []
        for t in own:
            k = normalize_key(t.text)
            if k in used or k in key or len(leaves) == _MAX_LEAVES:
                continue
            used.add(k)
            leaves.append(t.text)
        yield {"label": label, "children": leaves}, chunk.id, label


def _sentence_branches(
    terms: Sequence[Term], root: str
) -> Iterable[tuple[dict[str, Any], str, str]]:
    """A branch per source sentence: its first term names it, its other terms are leaves."""
    by_sentence: dict[str, list[Term]] = {}
    for t in terms:
        by_sentence.setdefault(t.sentence, []).append(t)
    used = {normalize_key(root)}
    for own in by_sentence.values():
        named = [t for t in own if t.kind != "number" and normalize_key(t.text) not in used]
        if not named:
            continue
        label = named[0].text
        used.add(normalize_key(label))
        leaves: list[str] = []
        for t in own:
            k = normalize_key(t.text)
            if k in used or len(leaves) == _MAX_LEAVES:
                continue
            used.add(k)
            leaves.append(t.text)
        yield {"label": label, "children": leaves}, named[0].chunk_id, label


def build_candidates(artifact_type: str, chunks: Sequence[SourceChunk]) -> list[Candidate]:
    """Every candidate item the chunks allow, in reading order, ids `c1`, `c2`, ..."""
    terms = key_terms(chunks)
    if artifact_type == "quiz":
        made = list(_quiz(terms))
    elif artifact_type == "flashcards":
        made = list(_flashcards(terms))
    elif artifact_type == "mindmap":
        root = _title(chunks, terms)
        made = list(_branches(chunks, terms, root))
        if len(made) < 2:  # one paragraph: its sentences are the branches
            made = list(_sentence_branches(terms, root))
    else:
        return []
    out: list[Candidate] = []
    kinds = {normalize_key(t.text): t for t in terms}
    for item, chunk_id, key in made:
        summary = _summary(artifact_type, item)
        term = kinds.get(normalize_key(key))
        keys = {normalize_key(key)}
        if term is not None and artifact_type != "mindmap":
            # One item per source sentence: two cards with the same back teach one fact.
            keys.add("sentence:" + normalize_key(term.sentence))
        out.append(Candidate(id=f"c{len(out) + 1}", item=item, chunk_id=chunk_id,
                             summary=summary, keys=frozenset(keys), rank=_rank(term)))
    return out


def _rank(term: Term | None) -> int:
    """Defined terms make the best items, then names and phrases, then single words, then
    bare numbers (a card whose front is "20 minutes" teaches little)."""
    if term is None:
        return 0
    if term.definition:
        return 0
    if term.kind == "name" or (len(term.text.split()) > 1 and term.kind != "number"):
        return 1
    return 2 if term.kind == "word" else 3


def _summary(artifact_type: str, item: dict[str, Any]) -> str:
    if artifact_type == "quiz":
        question = str(item["question"]).removeprefix(_CLOZE_PREFIX).strip('"')
        return f"{item['correct_answer']} = {question}"
    if artifact_type == "flashcards":
        return f"{item['front']}: {item['back']}"
    leaves = ", ".join(item["children"])
    return f"{item['label']}" + (f" ({leaves})" if leaves else "")


def assemble(
    artifact_type: str, picked: Sequence[Candidate], chunks: Sequence[SourceChunk]
) -> dict[str, Any]:
    """The artifact (the shape the structural rules read) made of the picked candidates."""
    if artifact_type == "quiz":
        return {"questions": [dict(c.item) for c in picked]}
    if artifact_type == "flashcards":
        return {"flashcards": [dict(c.item) for c in picked]}
    root = _title(chunks, key_terms(chunks))
    return {"root": {"label": root, "children": [
        {"label": c.item["label"], "children": [{"label": leaf} for leaf in c.item["children"]]}
        for c in picked
    ]}}

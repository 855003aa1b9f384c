"""Candidate items built from the source chunks, for models that pick rather than write.

A small model cannot write a quiz (measured: 0 of 9 artifacts on SmolLM2, with duplicate
questions, leftover JSON in options and invented facts), but it can pick ids from an enum.
So code writes every candidate from the parse of the source (`_terms`, `_questions`) and
the model only chooses among them:

- quiz: who/what/where/when/how-many questions turned out of the source's sentences, "What
  does X do?" (the verb phrase) and "Why ...?" (a cause the sentence gives), a cloze on a
  content-bearing phrase, "What is X?" for a defined term; distractors of the answer's kind
  and role from the same text;
- flashcards: a salient term on the front; on the back what the text says it is (a defining
  sentence, an apposition, "a ... called X") or does (the rest of a sentence it is the
  subject of), with the term itself taken out; a term the text says nothing about is no card;
- mindmap branches: the sections (or, without headings, runs of paragraphs alike in meaning),
  each with its salient terms as children and short facts in the text's own words as leaves;
  the root is the title.

Every candidate's text is taken from a chunk and is checked, before it is offered, by the
same grounding check and quality gate that judge the delivered artifact, so a pick passes
both by construction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from draftguard.artifacts._first_person import what_the_writer_did
from draftguard.artifacts._generic import generic_terms
from draftguard.artifacts._grounding import supporting_chunk
from draftguard.artifacts._more_cards import other_subjects
from draftguard.artifacts._quality import quality_issues, stem_key
from draftguard.artifacts._questions import CLOZE_PREFIX, build_questions
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._subject_clauses import as_clause, predicate_of
from draftguard.artifacts._terms import Term, TextView, term_span, with_of
from draftguard.artifacts.schemas.flashcards import MAX_BACK_CHARS
from draftguard.sources._chunks import SourceChunk

if TYPE_CHECKING:
    from spacy.tokens import Span

__all__ = ["Candidate", "assemble", "build_candidates", "mindmap_title"]

_MAX_LEAVES = 3
#: A map with fewer branches than this from its sections or paragraphs also gets branches
#: for the text's salient terms (a short post of one or two paragraphs).
_MIN_BRANCHES = 3
_MAX_FACT_CHARS = 70
_MIN_BACK_WORDS = 3
#: A card front's weight for its MiniLM similarity to the whole text, beside its salience
#: (subjects count twice, mentions once, ...).
CARD_TEXT_WEIGHT = 5.0
#: ... and to the title.
CARD_TITLE_WEIGHT = 3.0
#: Paragraphs at least this alike (MiniLM cosine) are one branch of a mindmap without headings.
CLUSTER_SIMILARITY = 0.5


@dataclass(frozen=True)
class Candidate:
    """One item code wrote from the source; `item` is in the type's canonical item shape
    (a mindmap candidate is a branch: `{"label", "children": [{"label", "children"}]}`)."""

    id: str
    item: dict[str, Any]
    chunk_id: str
    summary: str  # how the candidate reads in the pick prompt
    rank: int = 0  # code's own preference when it fills a pick (lower first)
    keys: frozenset[str] = field(default_factory=frozenset)  # what must not repeat across picks
    #: What should not repeat while other candidates remain (a quiz's sentence: teachers ask
    #: one question of a sentence, so a second waits until the others run out).
    spread: str = ""


# -- flashcards ------------------------------------------------------------------------------

def _without(back: str, front: str) -> str:
    """`back` with `front` taken out (a card must not give its own answer)."""
    import re

    return re.sub(r"(?<!\w)" + re.escape(front) + r"(?!\w)", "___", back, flags=re.IGNORECASE)


def _cards(view: TextView) -> Iterable[tuple[dict[str, Any], str, str, int]]:
    """Defined terms first, then by salience and by how near the front is in meaning to
    the whole text and to its title (`_card_order`)."""
    terms = [t for t in view.ranked() if t.kind not in {"number", "time"}]
    order = _card_order(view, terms)
    generic = generic_terms(view, terms)  # "Association: ...", said once, of nothing here
    spans = [s.span for s in view.sentences]
    fronts: set[str] = set()
    carded = {t.head for t in terms if id(t) in generic}  # no card on "Practice" after all
    for term in terms:
        if id(term) in generic or (term.definition and _someones(term)):
            continue  # "brother: A surgeon." of "her brother, a surgeon": whose brother?
        card = _card(spans, term)
        if card is not None:
            fronts.add(normalize_key(card["front"]))
            carded.add(term.head)
            rank = 0 if term.definition else 1 + order[id(term)]
            yield card, term.chunk_id, term.head, rank
    # what other sentences say of the same things under other words ("female otter"),
    # after every first card: they fill a count the first cards cannot
    for n, term in enumerate(other_subjects(view, fronts, carded)):
        card = _card(spans, term)
        if card is not None and normalize_key(card["front"]) not in fronts:
            fronts.add(normalize_key(card["front"]))
            yield card, term.chunk_id, f"{term.head}:{normalize_key(card['front'])}", (
                1 + len(terms) + n)


def _card(spans: Sequence[Span], term: Term) -> dict[str, str] | None:
    """The card on `term`: what the text says it is or does, the term taken out; None when
    the text says nothing of it a learner could study."""
    back = term.definition or as_clause(spans, term, predicate_of(term)) or (
        what_the_writer_did(spans, term))  # "white vinegar: What I used for the rust."
    # "side" of "Each side of a zip is a strip of tape ...": the card is on what the
    # "of" phrase names, so the subject's front keeps it ("side of a zip"); an
    # apposition's noun is named as it stands
    front = with_of(term) if term.role == "subject" else term.text
    back = _without(_without(back, front), term.text).strip(" ,;:")
    # "His best friend, ___." says "His best friend.": the blank of an apposition goes
    back = back.removesuffix("___").removeprefix("___").strip(" ,;:")
    words = [w for w in back.replace("___", " ").split() if any(c.isalnum() for c in w)]
    # "degassing: A process." names a kind and says nothing of it; "The skipper." says
    # who a person is
    defined = 2 if term.kind == "person" else _MIN_BACK_WORDS
    if len(words) < (defined if term.definition else 1 + _MIN_BACK_WORDS) or (
            len(back) > MAX_BACK_CHARS) or back.count('"') % 2:  # a quotation cut in half
        return None
    return {"front": front, "back": back.rstrip(".") + "."}


def _someones(term: Term) -> bool:
    """Whether the term is a noun the text gives as someone's ("her brother", "its owner"):
    alone on a card's front it names no one."""
    span = term_span(term)
    if span is None or span.root.pos_ != "NOUN":
        return False
    return any(c.dep_ == "poss" and c.pos_ == "PRON" for c in span.root.children)


def _card_order(view: TextView, terms: Sequence[Term]) -> dict[int, int]:
    """Each term's place among `terms` (by `id`), most central first: salience plus how near
    its words are in meaning to the whole text (x `CARD_TEXT_WEIGHT`) and to the title
    (x `CARD_TITLE_WEIGHT`), so "sea anemones" comes before "side" and "story"."""
    if not terms:
        return {}
    from draftguard.language import similarities

    fronts = [t.text for t in terms]
    whole = " ".join(s.text for s in view.sentences)
    to_text = similarities(whole, fronts)
    to_title = similarities(view.title, fronts) if view.title else [0.0] * len(fronts)
    score = {id(t): t.salience + CARD_TEXT_WEIGHT * float(a) + CARD_TITLE_WEIGHT * float(b)
             for t, a, b in zip(terms, to_text, to_title, strict=True)}
    ranked = sorted(terms, key=lambda t: -score[id(t)])  # stable: salience order breaks ties
    return {id(t): n for n, t in enumerate(ranked)}


# -- mindmap ---------------------------------------------------------------------------------

def mindmap_title(chunks: Sequence[SourceChunk], view: TextView | None = None) -> str:
    view = view or TextView(chunks)
    if view.title:
        return view.title
    ranked = [t for t in view.ranked() if t.kind not in {"number", "time"}]
    return ranked[0].text if ranked else "Main topic"


def _segments(view: TextView) -> list[tuple[str, list[str]]]:
    """(heading or "", chunk ids) per branch: the sections, else runs of alike paragraphs,
    else (one paragraph) one branch per sentence pair."""
    ids = [c.id for c in view.chunks]
    headed = [i for i in ids if view.headings[i] and view.headings[i] != view.title]
    if len(headed) >= 2:
        out: list[tuple[str, list[str]]] = []
        for i in ids:
            heading = view.headings[i] if view.headings[i] != view.title else ""
            if heading or not out:
                out.append((heading, [i]))
            else:
                out[-1][1].append(i)
        return out
    if len(ids) >= 2:
        from draftguard.language import similarity

        runs: list[tuple[str, list[str]]] = [("", [ids[0]])]
        text = {c.id: c.text for c in view.chunks}
        for prev, this in pairwise(ids):
            if similarity(text[prev], text[this]) >= CLUSTER_SIMILARITY:
                runs[-1][1].append(this)
            else:
                runs.append(("", [this]))
        return runs
    return [("", ids)]


def _fact(term: Term) -> str:
    fact = predicate_of(term)
    if fact and len(fact) <= _MAX_FACT_CHARS and len(fact.split()) >= _MIN_BACK_WORDS:
        return f"{term.text} {fact[:1].lower()}{fact[1:]}" if len(
            term.text) + len(fact) < _MAX_FACT_CHARS else fact
    return ""


def _branches(view: TextView, root: str) -> Iterable[tuple[dict[str, Any], str, str, int]]:
    used = {normalize_key(root)}
    ranked = [t for t in view.ranked() if t.kind not in {"number", "time"}]
    segments = _segments(view)
    if len(segments) == 1 and len(view.sentences) >= 4:
        # One paragraph: its most salient subjects are the branches.
        segments = [("", [])]
    made = 0
    for heading, chunk_ids in segments:
        own = [t for t in ranked if not chunk_ids or t.chunk_id in chunk_ids]
        label = heading
        if not label:
            top = next((t for t in own if normalize_key(t.text) not in used), None)
            if top is None:
                continue
            label = top.text
        if normalize_key(label) in used:
            continue
        used.add(normalize_key(label))
        branch_terms = own if chunk_ids else [t for t in own if t.sentence in {
            x.sentence for x in own if x.text == label}]
        found = _children(branch_terms, used, label)
        children = _said_of(top, found) if not heading else found
        if children is None:
            continue
        if not chunk_ids:
            chunk_ids = [next(t.chunk_id for t in own if t.text == label)]
        made += 1
        yield ({"label": label, "children": children}, chunk_ids[0], label,
               0 if heading else 1)
        if not heading and len(segments) == 1:
            for term in own:
                if term.role == "subject" and normalize_key(term.text) not in used:
                    used.add(normalize_key(term.text))
                    kids = _said_of(term, _children(
                        [t for t in own if t.sentence == term.sentence], used, term.text))
                    if kids is None:
                        continue
                    made += 1
                    yield {"label": term.text, "children": kids}, term.chunk_id, term.text, 1
    if made >= _MIN_BRANCHES or any(heading for heading, _ in segments):
        return
    # Few paragraphs: the subjects of its sentences, then its other salient terms, branch too.
    for term in sorted(ranked, key=lambda t: t.role != "subject"):
        if made >= _MIN_BRANCHES:
            break
        if normalize_key(term.text) in used or not _names_a_topic(term):
            continue
        used.add(normalize_key(term.text))
        kids = _said_of(term, _children([t for t in ranked if t.sentence == term.sentence],
                                        used, term.text))
        if kids is None:
            continue
        made += 1
        yield {"label": term.text, "children": kids}, term.chunk_id, term.text, 1


def _said_of(term: Term | None, children: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """A branch's children; with none, what the text says of its term as its one leaf; None
    for a lone common word with nothing under it (no idea on a map)."""
    if children or term is None:
        return children
    fact = _fact(term)
    if fact:
        return [{"label": fact, "children": []}]
    return [] if _says_alone(term) else None


def _names_a_topic(term: Term) -> bool:
    """A term that can head a branch of its own: a phrase ("hot chocolate"), a name, or a
    word that is the subject of several sentences; not a lone common word ("sea")."""
    return len(term.text.split()) >= 2 or term.kind in {"person", "place", "name"} or \
        term.subject_count >= 2


def _says_alone(term: Term) -> bool:
    """Whether a term can stand as a node with nothing under it: a phrase ("galvanised
    steel") or a name. A lone common word ("arm", "level", "water") says no idea alone."""
    return len(term.text.split()) >= 2 or term.kind in {"person", "place", "name", "time"}


def _children(terms: Sequence[Term], used: set[str], label: str) -> list[dict[str, Any]]:
    children: list[dict[str, Any]] = []
    for term in terms:
        key = normalize_key(term.text)
        if key in used or key in normalize_key(label) or len(children) == _MAX_LEAVES:
            continue
        fact = _fact(term)
        if not fact and not _says_alone(term):
            continue  # a lone common word with nothing said of it is no idea
        used.add(key)
        leaves = []
        if fact and normalize_key(fact) not in used:
            used.add(normalize_key(fact))
            leaves.append({"label": fact})
        children.append({"label": term.text, "children": leaves})
    return children


# -- candidates ------------------------------------------------------------------------------

def build_candidates(artifact_type: str, chunks: Sequence[SourceChunk]) -> list[Candidate]:
    """Every candidate item the chunks allow, ids `c1`, `c2`, ..., each grounded and clean
    by the quality gate on its own."""
    view = TextView(chunks)
    made: list[tuple[dict[str, Any], str, frozenset[str], int]] = []
    spread: dict[int, str] = {}
    if artifact_type == "quiz":
        for q in build_questions(view):
            item = {"question": q.question, "options": list(q.options),
                    "correct_answer": q.answer, "explanation": q.sentence}
            keys = frozenset({"answer:" + normalize_key(q.answer),
                              "stem:" + stem_key(q.question),
                              "sentence:" + normalize_key(q.sentence) + ":" + q.form,
                              *_person_keys(view, q.answer, q.kind)})
            spread[len(made)] = normalize_key(q.sentence)
            made.append((item, q.chunk_id, keys, q.rank))
    elif artifact_type == "flashcards":
        made = [(item, chunk_id, frozenset({"term:" + head, "front:" + normalize_key(
            item["front"]), "back:" + normalize_key(item["back"])}), rank)
            for item, chunk_id, head, rank in _cards(view)]
    elif artifact_type == "mindmap":
        root = mindmap_title(chunks, view)
        made = [(item, chunk_id, frozenset({"branch:" + normalize_key(key)}), rank)
                for item, chunk_id, key, rank in _branches(view, root)]
    out: list[Candidate] = []
    for n, (item, chunk_id, keys, rank) in enumerate(made):
        if not _acceptable(artifact_type, item, chunks):
            continue
        out.append(Candidate(id=f"c{len(out) + 1}", item=item, chunk_id=chunk_id,
                             summary=_summary(artifact_type, item), rank=rank, keys=keys,
                             spread=spread.get(n, "")))
    return out


def _person_keys(view: TextView, answer: str, kind: str) -> list[str]:
    """The person an answer names, by the fullest name the text gives them ("Kofi" and
    "Kofi Asante" are one person): a quiz asks who they are once."""
    if kind != "person":
        return []
    words = answer.split()
    names = [e.text.split() for doc in view.docs.values() for e in doc.ents
             if e.label_ == "PERSON"]
    # A name inside the answer counts too: "Mr Jory Penrose" is the "Jory Penrose" the
    # parser found (a title is not part of the name it tags).
    full = max((n for n in names if _run_in(words, n) or _run_in(n, words)),
               key=len, default=words)
    return ["person:" + normalize_key(" ".join(full))]


def _run_in(part: list[str], whole: list[str]) -> bool:
    """Whether the words `part` stand together, in order, in `whole`."""
    return any(whole[i:i + len(part)] == part for i in range(len(whole) - len(part) + 1))


def _texts(artifact_type: str, item: dict[str, Any]) -> list[str]:
    if artifact_type == "quiz":
        return [item["question"], item["correct_answer"]]
    if artifact_type == "flashcards":
        return [item["front"], item["back"]]
    labels = [item["label"]]
    for child in item["children"]:
        labels += [child["label"], *(leaf["label"] for leaf in child["children"])]
    return labels


def _acceptable(artifact_type: str, item: dict[str, Any], chunks: Sequence[SourceChunk]) -> bool:
    if any(supporting_chunk(text, chunks) is None for text in _texts(artifact_type, item)):
        return False
    single = assemble(artifact_type, [Candidate("c", item, "", "")], chunks, root="Topic")
    return not quality_issues(artifact_type, single, chunks)


def _summary(artifact_type: str, item: dict[str, Any]) -> str:
    if artifact_type == "quiz":
        question = str(item["question"]).removeprefix(CLOZE_PREFIX).strip('"')
        return f"{item['correct_answer']} = {question}"
    if artifact_type == "flashcards":
        return f"{item['front']}: {item['back']}"
    kids = ", ".join(c["label"] for c in item["children"])
    return f"{item['label']}" + (f" ({kids})" if kids else "")


def assemble(
    artifact_type: str, picked: Sequence[Candidate], chunks: Sequence[SourceChunk],
    *, root: str | None = None,
) -> dict[str, Any]:
    """The artifact (the shape the structural rules read) made of the picked candidates."""
    if artifact_type == "quiz":
        return {"questions": [dict(c.item) for c in picked]}
    if artifact_type == "flashcards":
        return {"flashcards": [dict(c.item) for c in picked]}
    label = root if root is not None else mindmap_title(chunks)
    return {"root": {"label": label, "children": [dict(c.item) for c in picked]}}

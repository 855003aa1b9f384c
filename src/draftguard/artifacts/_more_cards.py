"""More cards on the same things: the subjects of sentences whose head word an earlier term
already holds.

A term is one per head word ("otter"), kept with the sentence that says most about it, so
a text that says five things of its otters or its chains gave one card on them, and a
request for six cards on a six-paragraph post came back with four. Each other sentence
whose subject names the thing in more words ("A female otter raises two or three cubs
...", "A clean chain lasts around 3,000 kilometres ..."; not the head alone where a card is
on it, "otter" beside "Otters"; not a count, which is the fact: "Four parents are needed")
says a fact of its own about a front of its own: it is a card too, ranked after every
first card, so it only fills a count the first cards cannot. The same rules judge it (a
whole clause for its back, no hedge, no pronoun where the text gives none); a definition
("A mudflat is a habitat.") is judged as one, by the first cards' rules, not here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from draftguard.artifacts._phrases import clean_span, phrase
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import Term, junk_reason, kind_of

if TYPE_CHECKING:
    from draftguard.artifacts._terms import TextView

__all__ = ["other_subjects"]

_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_MAX_FRONT_WORDS = 4


def other_subjects(view: TextView, fronts: set[str], carded: set[str]) -> Iterable[Term]:
    """Terms for the subjects of the main clauses of `view`'s sentences whose head word is
    some term's and whose words are no front in `fronts` yet, in reading order. The head
    alone is one only where no card is on that head (`carded`) yet: "spraints", whose
    first sentence only named them ("droppings called spraints")."""
    heads = {t.head for t in view.terms}
    for sentence in view.sentences:
        root = sentence.span.root
        subject = next((c for c in root.children if c.dep_ in _SUBJECTS
                        and c.pos_ in {"NOUN", "PROPN"}), None)
        chunk = next((c for c in sentence.span.noun_chunks
                      if subject is not None and c.root.i == subject.i), None)
        if (subject is None or chunk is None or subject.lemma_.lower() not in heads
                or (root.lemma_ == "be" and any(c.dep_ == "attr" for c in root.children))):
            continue  # "A mudflat is a habitat.": a definition is judged as one, not here
        tokens = clean_span(chunk)
        text = phrase(tokens)
        if (not text or normalize_key(text) in fronts or junk_reason(tokens) is not None
                or len(text.split()) > _MAX_FRONT_WORDS
                or (len(text.split()) == 1 and subject.lemma_.lower() in carded)  # "otter"
                or any(t.like_num for t in chunk)  # "Four parents": the count is the fact
                or any(t.i in view.labels[sentence.chunk_id] for t in tokens)):
            continue
        yield Term(text=text, kind=kind_of(tokens), sentence=sentence.text,
                   chunk_id=sentence.chunk_id, head=subject.lemma_.lower(), role="subject",
                   span=sentence.span)

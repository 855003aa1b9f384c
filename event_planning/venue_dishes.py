"""The dishes a reply sentence says a venue is known for or serves, held against the
catalogue. No ADK here.

A model asked about venues invents specialities ("Le Mercier is known for duck confit"). The
words that say a venue is known for a dish are the planner lexicon's `reply.dish` ("known
for", "famous for", "serves", "specialises in"), found on the parse; the nouns of what they
name must be in the catalogue's line for the venue (its description names its dishes).
Words for a place or a meal rather than a dish ("food", "dinner": the lexicon's `generic`)
and cuisine names ("French food": the grounding filter checks those) are not dishes. A negated,
hedged or conditional sentence states no dish. A dish in other words ("Taverna Levant is the
one for octopus", "the place for omakase", "go to Tsubame for ramen": `reply.dish_place`)
counts only with a word the catalogue or the lexicon knows as a dish (`dish_words`), so
"the place for a birthday" states none; so does one made in a light verb ("Zaytoon does the
charcoal-grilled octopus": `reply.dish_doing`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from draftguard.language import Lexicon
from event_planning.catalog import Cuisine, Venue, load_catalog
from event_planning.word_table import LEXICON_PATH, lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["StatedDishes", "dish_words", "reply_lexicon", "stated", "stated_dishes",
           "unserved"]

#: A subject that speaks of every venue it stands for ("Both serve ...").
_EVERY = frozenset({"both", "they", "all", "each", "these", "those"})
_NOT_DISH_SECTIONS = ("generic.", "price.", "neighborhood.", "feature.")
#: Cuisine names ("French food"; the lexicon's other cuisine words are dishes, "lasagna").
_CUISINES = frozenset({c.value for c in Cuisine} | {"barbecue", "barbeque", "chophouse"})


@cache
def reply_lexicon() -> Lexicon:
    """The planner lexicon's `reply` section: what a reply says of a venue (loaded once)."""
    import tomllib

    table = tomllib.loads(LEXICON_PATH.read_text(encoding="utf-8"))["reply"]
    return Lexicon({f"reply.{k}": v for k, v in table.items()})


@cache
def dish_words() -> frozenset[str]:
    """The words of dishes: those of the catalogue's "Known for ..." and the cuisine words
    of the planner lexicon that are no cuisine name ("omakase", "lasagna"), lower case."""
    words: set[str] = set()
    for venue in load_catalog():
        known = venue.description.removeprefix("Known for ").split(", with", 1)[0]
        words.update(w for w in known.lower().replace("-", " ").split() if w.isalpha())
    table = lexicon()
    for concept in table.concepts("cuisine."):
        words.update(w for t in table.words_for(concept) for w in t.lower().split()
                     if w not in _CUISINES)
    return frozenset(words - {"and", "a", "an", "the", "of", "with", "for", "two"})


def _went_for(word: Token) -> list[Token]:
    """The objects of a "for" that says where to go for them ("the one for X", "go to Y
    for X"), when the sentence asserts it."""
    head = word.head
    # A hyphenated word is parsed in pieces ("go-to": "to", with "go" its compound).
    whole = "".join(t.text for t in head.lefts if t.dep_ in ("compound", "punct")
                    and t.i >= head.i - 2) + head.text
    if word.lower_ != "for" or word.dep_ != "prep" or not stated(head) or all(
            reply_lexicon().concept(w.lower()) != "reply.dish_place"
            for w in (head.lemma_, whole)):
        return []
    return [k for k in word.children if k.dep_ == "pobj"]


def _made(word: Token) -> list[Token]:
    """The objects of a light verb of making ("does the octopus", "makes a mean brisket"),
    when the sentence asserts it."""
    if word.pos_ != "VERB" or reply_lexicon().concept(word.lemma_.lower()) != \
            "reply.dish_doing" or not stated(word):
        return []
    objects = [k for k in word.children if k.dep_ == "dobj"]
    return [*objects, *(c for k in objects for c in k.conjuncts)]


@dataclass(frozen=True)
class StatedDishes:
    #: The nouns of each dish named, lemma form ({"duck", "confit"}).
    dishes: tuple[frozenset[str], ...]
    #: The subject speaks of every venue it stands for ("Both serve ...").
    every: bool


def stated(token: Token) -> bool:
    """Asserted: not negated, and no modal or condition governs it."""
    current: Token | None = token
    for _ in range(6):
        if current is None:
            return True
        if any(k.dep_ == "neg" or k.tag_ == "MD" or (k.dep_ == "mark" and k.lower_ in (
                "if", "unless", "whether")) for k in current.children):
            return False
        if current.head is current:
            return True
        current = current.head
    return True


def _not_dish(word: str) -> bool:
    if word in _CUISINES:
        return True
    concept = lexicon().concept(word)
    return concept is not None and concept.startswith(_NOT_DISH_SECTIONS)


def stated_dishes(doc: Doc) -> StatedDishes:
    """The dishes the parsed sentence says a venue is known for or serves."""
    found: list[frozenset[str]] = []
    for term in reply_lexicon().terms(doc, typos=False):
        if term.concept != "reply.dish":
            continue
        word = doc[term.end - 1]
        if not stated(word):
            continue
        heads = [k for k in word.children if k.dep_ in ("pobj", "dobj", "attr")]
        if word.pos_ == "ADP":
            heads = [k for k in word.children if k.dep_ == "pobj"]
        elif not heads:  # "known for X": the preposition hangs from "known"
            heads = [g for k in word.children if k.dep_ == "prep" and k.i >= term.start
                     for g in k.children if g.dep_ == "pobj"][:1]
        for head in heads:
            nouns = frozenset(
                t.lemma_.lower() for t in head.subtree
                if t.pos_ in ("NOUN", "PROPN") and t.is_alpha and not t.is_stop
                and not _not_dish(t.lemma_.lower()) and not _not_dish(t.lower_))
            if nouns:
                found.append(nouns)
    dishes = dish_words()
    for word in doc:
        for head in [*_went_for(word), *_made(word)]:
            nouns = frozenset(
                t.lemma_.lower() for t in head.subtree
                if t.pos_ in ("NOUN", "PROPN") and t.is_alpha and t.lower_ in dishes
                and not _not_dish(t.lemma_.lower()))
            if nouns:
                found.append(nouns)
    every = any(t.dep_ in ("nsubj", "nsubjpass", "appos", "preconj") and t.lower_ in _EVERY
                for t in doc)
    return StatedDishes(tuple(found), every)


def unserved(stated: StatedDishes, venues: list[Venue],
             plain: Callable[[str], str]) -> list[str]:
    """The dishes none of `venues` (each of them, when the sentence says "both") has in its
    catalogue line; `plain` folds a text as the grounding filter does."""
    if not stated.dishes or not venues:
        return []
    lines = [set(plain(v.line()).split()) for v in venues]

    def has(words: set[str], dish: frozenset[str]) -> bool:
        return all(plain(n) in words or plain(n) + "s" in words or plain(n) + "es" in words
                   or (n.endswith("y") and plain(n[:-1]) + "ies" in words)  # fry: fries
                   for n in dish)

    holds = all if stated.every else any
    return ["dish " + " ".join(sorted(d)) for d in stated.dishes
            if not holds(has(words, d) for words in lines)]

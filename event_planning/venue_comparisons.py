"""Comparisons between venues in a reply sentence (price and size), held against the
catalogue's price levels and seats. No ADK here.

"Brasserie Clément is the cheaper of the two" is a claim about levels: the venue said to be
cheaper must cost less than the venues it is compared with ("costs less than" says so too);
one said to be bigger must seat more. A comparison is a comparative or superlative of the
planner lexicon's `reply.cheaper`, `reply.dearer`, `reply.bigger` and `reply.smaller` words,
found on the parse ("cheaper", "the least expensive", "more affordable", "pricier", "bigger",
"the smallest"), or `reply.costs` with "more" or "less" ("costs more than"). The venues
compared with are those named after "than"; without one, the other venues of the session's
results. A comparative ("cheaper") needs one of them to be above it; a superlative
("cheapest") needs none below it; after "than", each one named must be above it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from event_planning.catalog import Venue
from event_planning.venue_dishes import reply_lexicon, stated

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Comparison", "comparisons", "unbacked_comparisons"]

_MORE = frozenset({"more", "most"})
_LESS = frozenset({"less", "least"})


#: What each comparison word compares, and whether it says less of it.
_MEASURES = {"reply.cheaper": ("price_level", True), "reply.dearer": ("price_level", False),
             "reply.costs": ("price_level", False),
             "reply.smaller": ("seats", True), "reply.bigger": ("seats", False)}
_NAMES = {("price_level", True): "cheaper", ("price_level", False): "dearer",
          ("seats", True): "smaller", ("seats", False): "bigger",
          ("private_room_seats", True): "smaller room",
          ("private_room_seats", False): "bigger room"}


@dataclass(frozen=True)
class Comparison:
    #: The venue field compared ("price_level", "seats").
    measure: str
    #: True: said to have less of it ("cheaper", "smaller"); False: more ("pricier").
    less: bool
    #: "cheapest" rather than "cheaper".
    superlative: bool
    #: The text after "than" ("Le Mercier"), "" when there is none.
    than: str
    #: The words that compare ("cheaper", "least expensive"): no price level of their own.
    words: str = ""
    #: Above every other, none level with it ("tops the three on price").
    alone: bool = False


def _rooms(doc: Doc) -> set[int]:
    """The tokens of the sentence's private rooms (the planner lexicon's words for one)."""
    from event_planning.word_table import lexicon

    return {i for term in lexicon().terms(doc, typos=False)
            if term.concept == "feature.private_room" for i in range(term.start, term.end)}


def _nominal(doc: Doc, taken: set[int]) -> list[tuple[str, Token]]:
    """Comparatives and superlatives the parser read as nouns, by their base ("the pricier
    of the two": pricy)."""
    out: list[tuple[str, Token]] = []
    for token in doc:
        if token.pos_ != "NOUN" or token.i in taken:
            continue
        low = token.lower_
        for end, bases in (("iest", ("y",)), ("ier", ("y",)), ("est", ("", "e")),
                           ("er", ("", "e"))):
            if low.endswith(end) and len(low) > len(end) + 2:
                concept = next((c for b in bases if (c := reply_lexicon().concept(
                    low[: -len(end)] + b)) is not None), None)
                if concept is not None:
                    out.append((concept, token))
                break
    return out


def comparisons(doc: Doc) -> list[Comparison]:
    """The comparisons the parsed sentence asserts (module docstring); a size said of a
    private room ("the biggest private room") compares the rooms' seats."""
    out: list[Comparison] = []
    rooms: set[int] | None = None
    found = [(term.concept, doc[term.start]) for term in reply_lexicon().terms(doc, typos=False)]
    found += _nominal(doc, {t.i for _, t in found})
    for concept, word in found:
        if concept not in _MEASURES:
            continue
        measure, less = _MEASURES[concept]
        if measure == "seats":
            rooms = _rooms(doc) if rooms is None else rooms
            measure = "private_room_seats" if word.head.i in rooms else measure
        # A verb of price compares by its object ("costs more than", "costs less"); an
        # adjective by its adverb ("more expensive").
        degree = {k.lower_ for k in word.children if k.dep_ == "advmod" or (
            concept == "reply.costs" and k.dep_ in ("dobj", "npadvmod", "acomp"))}
        if concept == "reply.costs" and not degree & (_MORE | _LESS):
            continue
        # (one read as a noun keeps its ending: "the pricier of the two")
        noun = word.pos_ == "NOUN"
        comparative = word.tag_ in ("JJR", "RBR") or bool(degree & {"more", "less"}) or (
            noun and word.lower_.endswith("er"))
        superlative = word.tag_ in ("JJS", "RBS") or bool(degree & {"most", "least"}) or (
            noun and word.lower_.endswith("est"))
        if not (comparative or superlative) or not stated(word):
            continue
        less = less != bool(degree & _LESS)
        # "than" hangs from the word as a preposition, or marks a clause ("than Bar Nonna
        # Rosa" read as one): what follows it up to the sentence's end is compared with.
        than = next((t for t in doc[word.i + 1:] if t.lower_ == "than"), None)
        said = doc[than.i + 1:].text if than is not None else ""
        ends = [word.i, *(k.i for k in word.children if k.lower_ in _MORE | _LESS)]
        out.append(Comparison(measure, less, superlative and not comparative, said,
                              doc[min(ends): max(ends) + 1].text))
    return out + _tops(doc)


#: What a verb of `reply.tops` puts a venue above the others on, by the noun after "on".
_TOPPED = {"price_noun.price_noun": "price_level", "size": "seats", "capacity": "seats"}


def _tops(doc: Doc) -> list[Comparison]:
    """"X tops the three on price": X alone at the top of the price levels (or seats)."""
    from event_planning.word_table import lexicon

    out: list[Comparison] = []
    for term in reply_lexicon().terms(doc, typos=False):
        word = doc[term.start]
        if term.concept != "reply.tops" or word.pos_ != "VERB" or not stated(word):
            continue
        on = [g for k in word.children if k.dep_ == "prep" and k.lower_ in ("on", "for")
              for g in k.children if g.dep_ == "pobj"]
        on += [g for k in word.children if k.dep_ == "dobj" for p in k.children
               if p.dep_ == "prep" and p.lower_ in ("on", "for")
               for g in p.children if g.dep_ == "pobj"]  # the parser's other reading
        for noun in on:
            lemma = noun.lemma_.lower()
            measure = _TOPPED.get(lexicon().concept(lemma) or lemma)
            if measure is not None:
                out.append(Comparison(measure, False, True, "", word.text, alone=True))
    return out


def unbacked_comparisons(
    said: Sequence[Comparison], subjects: Sequence[Venue],
    others: Sequence[Venue], named_in: Callable[[str], list[Venue]],
) -> list[str]:
    """The comparisons the catalogue does not back: `subjects` are the venues
    the sentence is about, `others` the session's venues, `named_in(text)` the venues a
    text names."""
    wrong: list[str] = []
    for comparison in said:
        compared = named_in(comparison.than) if comparison.than else []
        about = [v for v in subjects if v.id not in {c.id for c in compared}]
        pool = compared or [v for v in others if v.id not in {s.id for s in about}]
        if not about or not pool:
            continue
        sign = 1 if comparison.less else -1  # less of it: the others have more
        measure = comparison.measure

        def above(a: Venue, b: Venue, sign: int = sign, measure: str = measure) -> bool:
            return sign * (int(getattr(b, measure)) - int(getattr(a, measure))) > 0

        if comparison.than or comparison.alone:
            ok = all(above(s, c) for s in about for c in pool)
        elif comparison.superlative:
            ok = all(not above(c, s) for s in about for c in pool)
        else:
            ok = all(any(above(s, c) for c in pool) for s in about)
        if not ok:
            wrong.append(_NAMES[(measure, comparison.less)])
    return wrong
